//! `schachwerk pgn`: a game written as PGN; and `--pgn FILE`, a game read from one.

use super::{new_game, play_rest, GameArgs};
use schachwerk::game::Game;
use std::io::Read;

/// `pgn`: plays the actions on the game the arguments describe and writes it as PGN, with the
/// `--tag Name=Value` tags.
pub(super) fn write(args: GameArgs) -> Result<String, String> {
    let mut game = new_game(&args)?;
    play_rest(&mut game, &args)?;
    let mut tags = Vec::new();
    for tag in &args.tags {
        let (name, value) = tag
            .split_once('=')
            .ok_or_else(|| format!("--tag '{tag}' is not Name=Value"))?;
        tags.push((name, value));
    }
    game.pgn(&tags).map_err(|e| e.to_string())
}

/// The first game of the PGN file at `path` (`-`: standard input).
pub(super) fn read(path: &str) -> Result<Game, String> {
    let mut text = String::new();
    let read = if path == "-" {
        std::io::stdin().read_to_string(&mut text)
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text))
    };
    read.map_err(|e| format!("cannot read the PGN file '{path}': {e}"))?;
    Game::from_pgn(&text).map_err(|e| format!("{path}: {e}"))
}
