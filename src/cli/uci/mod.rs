//! `schachwerk uci`: the Universal Chess Interface for every variant, with a `UCI_Variant`
//! option as Fairy-Stockfish has, so chess GUIs, cutechess-cli, fastchess, python-chess and
//! lichess-bot can run the engine. The search runs in a thread, so `stop` and `isready` are
//! answered while it thinks.
//!
//! A turn of several actions (Impulschach, Immortal Chess) is one word: its actions' machine
//! strings joined by commas (`c1b3,a2a4,end`), in `position ... moves` and in `bestmove`.
//! In Immortal Chess the engine is a player: without `Seed` the game is public and the GUI
//! (the referee) writes each entry with the piece it revealed (`f3f5,a5b5=n`); with `Seed` the
//! engine holds the deal and reveals the entries itself. Either way it searches the public
//! game only. The GUI is the arbiter: a draw it must declare (repetition, the move-count
//! rules) does not stop the engine from playing on.

mod go;
mod options;
mod show;

use go::{GoCommand, Search, Thinking};
use options::{OptionChange, Options};
use schachwerk::game::Game;
use schachwerk::movement::Color;
use schachwerk::perft::divide;
use schachwerk::search::Table;
use std::io::BufRead;

/// The deepest `go perft` (the count runs on the command loop, as Stockfish's does).
const MAX_PERFT_DEPTH: u64 = 20;

fn say(text: &str) {
    crate::cli::write_out(&format!("{text}\n"));
}

/// `info string ...`: what the engine tells a GUI that is not an answer (a refused command).
fn tell(text: &str) {
    say(&format!("info string {text}"));
}

/// A UCI session: the options, the position, the table kept through a game, the search.
struct Session {
    options: Options,
    game: Game,
    /// The transposition table, while no search holds it.
    table: Option<Table>,
    thinking: Option<Thinking>,
}

/// Reads UCI commands from standard input until `quit` or its end.
pub fn run(_args: &[String]) -> Result<String, String> {
    let mut session = Session::new()?;
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // Read as bytes: a line that is not UTF-8 is garbage to name, not the session's end.
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => return Err(e.to_string()),
        }
        let line = String::from_utf8_lossy(&bytes);
        if !session.command(line.trim()) {
            break;
        }
    }
    session.finish_thinking();
    Ok(String::new())
}

impl Session {
    fn new() -> Result<Session, String> {
        let options = Options::default();
        let game = options.new_game(None)?;
        Ok(Session {
            options,
            game,
            table: None,
            thinking: None,
        })
    }

    /// Carries out one command line; `false` for `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            None => {}
            Some("uci") => {
                say("id name schachwerk");
                say("id author the schachwerk team");
                for declaration in Options::declarations() {
                    say(&declaration);
                }
                say("uciok");
            }
            Some("isready") => say("readyok"),
            Some("ucinewgame") => {
                self.finish_thinking();
                if let Some(table) = self.table.as_mut() {
                    table.clear();
                }
            }
            Some("setoption") => self.set_option(&words),
            Some("position") => {
                self.finish_thinking();
                self.position(&words);
            }
            Some("go") => self.go(&words),
            Some("stop") => self.finish_thinking(),
            Some("ponderhit") => {
                if let Some(thinking) = self.thinking.as_mut() {
                    thinking.ponderhit();
                }
            }
            Some("d") => say(&show::display(&self.game)),
            Some("eval") => say(&show::evaluation(&self.game)),
            Some("quit") => return false,
            // Known, and nothing to do: no debug output or registration is offered.
            Some("debug" | "register") => {}
            Some(other) => tell(&format!("unknown command '{other}'")),
        }
        true
    }

    /// Ends the search under way, if any (its `bestmove` is written first), and keeps its
    /// table for the next.
    fn finish_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            self.table = thinking.finish().or(self.table.take());
        }
    }

    fn set_option(&mut self, words: &[&str]) {
        self.finish_thinking();
        match self.options.set(words) {
            Ok(OptionChange::Nothing) => {}
            Ok(OptionChange::Table) => self.table = None,
            Ok(OptionChange::Game) => match self.options.new_game(None) {
                Ok(game) => {
                    self.game = game;
                    self.table = None;
                }
                Err(e) => tell(&e),
            },
            Err(e) => tell(&e),
        }
    }

    /// `position startpos|fen FEN [moves T1 T2 ...]`. Like Stockfish, the moves are played
    /// up to the first that is refused, which is named; a start that is refused leaves the
    /// position as it was.
    fn position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|w| *w == "moves");
        let head = &words[..moves_at.unwrap_or(words.len())];
        let fen = match head.get(1).copied() {
            Some("startpos") if head.len() == 2 => None,
            Some("fen") if head.len() > 2 => Some(head[2..].join(" ")),
            _ => {
                return tell(
                    "position needs 'startpos' or 'fen' and a position string; the position stays as it was",
                )
            }
        };
        let mut game = match self.options.new_game(fen.as_deref()) {
            Ok(game) => game,
            Err(e) => return tell(&format!("{e}; the position stays as it was")),
        };
        let moves = moves_at.map_or(&[][..], |at| &words[at + 1..]);
        for (index, turn) in moves.iter().enumerate() {
            if let Err(e) = self.options.play(&mut game, turn) {
                tell(&format!(
                    "move {} '{turn}' refused: {e}; the position is the one before it",
                    index + 1
                ));
                break;
            }
        }
        self.game = game;
    }

    fn go(&mut self, words: &[&str]) {
        self.finish_thinking();
        let white = self.game.position().turn() == Color::White;
        let command = GoCommand::read(words, white);
        if let Some(depth) = command.perft {
            return self.perft(depth);
        }
        if let Some(outcome) = self.game.outcome() {
            tell(&format!("the game is over: {}", outcome.describe()));
        }
        let table = self
            .table
            .take()
            .unwrap_or_else(|| Table::with_megabytes(self.options.hash));
        // The search reads what every player may know, never a deal.
        let mut search = Search::new(
            self.game.public(),
            &command,
            self.options.move_overhead,
            self.options.multipv,
            self.options.noise,
        );
        search.root_actions = go::root_actions(words, &search.game, &mut |text| tell(&text));
        self.thinking = Some(go::start(search, table));
    }

    /// `go perft N`: each first action's count (`e2e4: 20`), then `Nodes searched: N`.
    fn perft(&self, depth: u64) {
        if !(1..=MAX_PERFT_DEPTH).contains(&depth) {
            return tell(&format!("perft needs a depth from 1 to {MAX_PERFT_DEPTH}"));
        }
        let game = &self.game;
        if game.variant().hidden().is_some() && game.dealer().is_none() {
            return tell(
                "perft needs the deal that reveals the entries: setoption name Seed value HEX",
            );
        }
        let mut line = game.line().to_vec();
        let rows = divide(game.variant(), game.dealer(), &mut line, depth as u32);
        let mut out = String::new();
        for (action, count) in &rows {
            out.push_str(&format!("{action}: {count}\n"));
        }
        let total: u64 = rows.iter().map(|(_, count)| count).sum();
        out.push_str(&format!("\nNodes searched: {total}\n"));
        say(&out);
    }
}
