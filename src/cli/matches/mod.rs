//! `schachwerk match`: two players against each other from the start position, colours
//! alternating, ending with `result A_WINS DRAWS B_WINS`. A player is in this process (random,
//! greedy, the search) or an outside UCI engine (`uci:PATH?nodes=N`), whose turns the match,
//! as the referee, checks.

mod contestant;
mod engine;
mod players;
mod uci_player;
mod uci_spec;
mod uci_turns;

use contestant::Contestant;
use players::parse_player;
use schachwerk::game::Game;
use schachwerk::internals::Rng;
use schachwerk::movement::Color;
use schachwerk::referee::Referee;
use schachwerk::rules::Outcome;
use schachwerk::search::Values;
use schachwerk::variants::{by_name, parse_options};

pub const USAGE: &str =
    "  schachwerk match --variant V --games N --a SPEC --b SPEC [--option k=v ...] [--seed S]
      [--pgn FILE]
      SPEC: random, greedy (best immediate material), search:nodes=N, search:depth=D,
      search:ms=T (T milliseconds a turn; not repeatable, unlike nodes and depth; the
      search keeps its table through a game, as the page and the UCI engine do), or
      uci:PATH?nodes=N (an outside UCI engine, started as `PATH uci`; also depth=D,
      movetime=T, timeout=S, args=A,B, option.NAME=VALUE, newgame=turn, joined by &);
      games alternate colours, each pair from one random opening, and end with
      `result A_WINS DRAWS B_WINS`; a UCI engine's illegal answer, crash or timeout loses
      it the game (said on stderr); --pgn FILE writes each game to FILE as it ends (the
      players' specs as White and Black; a game called at the move limit is a draw with
      Termination \"adjudication\", one lost by failing to play Termination \"forfeit\")
";

/// Random actions that open each pair of games.
const OPENING_ACTIONS: usize = 4;

/// The longest game, in actions, before it is called a draw.
const MAX_ACTIONS: usize = 1200;

/// Runs `schachwerk match` with `args` (after the subcommand).
pub fn run(args: &[String]) -> Result<String, String> {
    let (mut variant, mut games, mut a, mut b, mut seed) = (None, None, None, None, 1u64);
    let mut pgn_path = None;
    let mut options = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || {
            iter.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value"))
        };
        match arg.as_str() {
            "--variant" => variant = Some(value()?),
            "--games" => {
                let text = value()?;
                games = Some(
                    text.parse::<u32>()
                        .ok()
                        .filter(|n| *n > 0)
                        .ok_or_else(|| format!("--games '{text}' is not a positive number"))?,
                );
            }
            "--a" => a = Some(value()?),
            "--b" => b = Some(value()?),
            "--option" => options.push(value()?),
            "--pgn" => pgn_path = Some(value()?),
            "--seed" => {
                let text = value()?;
                seed = text
                    .parse()
                    .map_err(|_| format!("--seed '{text}' is not a number"))?;
            }
            other => return Err(format!("unexpected argument '{other}'\nusage:\n{USAGE}")),
        }
    }
    let missing = |what: &str| format!("{what} is required\nusage:\n{USAGE}");
    let variant = variant.ok_or_else(|| missing("--variant"))?;
    let games = games.ok_or_else(|| missing("--games"))?;
    let (a, b) = (
        a.ok_or_else(|| missing("--a"))?,
        b.ok_or_else(|| missing("--b"))?,
    );
    let specs = [parse_player(&a)?, parse_player(&b)?];
    let options = parse_options(options.iter().map(String::as_str)).map_err(|e| e.to_string())?;
    let mut rng = Rng::new(seed);
    // The greedy player's piece values, the same in every game of the match.
    let values = Values::new(
        new_game(&variant, &options, &"00".repeat(32))?
            .variant()
            .armory(),
    );
    let [a_spec, b_spec] = specs;
    let mut players = [
        Contestant::new(a, a_spec, &variant, &options)?,
        Contestant::new(b, b_spec, &variant, &options)?,
    ];
    let mut pgn = pgn_path.map(PgnFile::create).transpose()?;
    let (mut a_wins, mut draws, mut b_wins) = (0, 0, 0);
    // Each pair of games shares a deal and an opening of a few random actions, with the
    // colours swapped, so that deterministic players do not replay one game, and each
    // player has both sides of every opening.
    let (mut deal, mut opening) = (String::new(), Vec::new());
    for number in 0..games {
        if number % 2 == 0 {
            deal = (0..32).map(|_| format!("{:02x}", rng.below(256))).collect();
            opening = random_opening(new_game(&variant, &options, &deal)?, &mut rng);
        }
        let mut game = new_game(&variant, &options, &deal)?;
        for action in &opening {
            game.play(action).map_err(|e| e.to_string())?;
        }
        // A has the first turn after the opening in even games.
        let a_color = if number % 2 == 0 {
            game.position().turn()
        } else {
            !game.position().turn()
        };
        let played = play_game(&mut players, &mut game, a_color, &values, &mut rng);
        let mut termination = None;
        match played {
            Ok(Some(winner)) if winner == a_color => a_wins += 1,
            Ok(Some(_)) => b_wins += 1,
            Ok(None) => {
                draws += 1;
                if game.outcome().is_none() {
                    // The move limit: the match calls it a draw, and so does the record.
                    termination = Some("adjudication");
                    game.agree_draw().map_err(|e| e.to_string())?;
                }
            }
            Err((loser, why)) => {
                let side = ["A", "B"][loser];
                let name = &players[loser].name;
                crate::cli::write_err(&format!(
                    "game {}: {side} ({name}) loses: {why}\n",
                    number + 1
                ));
                if loser == 0 {
                    b_wins += 1
                } else {
                    a_wins += 1
                }
                // The record says the game was lost as the tally counts it (unless the rules
                // ended it first).
                if game.outcome().is_none() {
                    termination = Some("forfeit");
                    let loser_color = if loser == 0 { a_color } else { !a_color };
                    game.resign(loser_color).map_err(|e| e.to_string())?;
                }
            }
        }
        if let Some(pgn) = &mut pgn {
            let (white, black) = if a_color == Color::White {
                (&players[0].name, &players[1].name)
            } else {
                (&players[1].name, &players[0].name)
            };
            let round = (number + 1).to_string();
            let mut tags = vec![
                ("Event", "schachwerk match"),
                ("Round", round.as_str()),
                ("White", white.as_str()),
                ("Black", black.as_str()),
            ];
            tags.extend(termination.map(|t| ("Termination", t)));
            pgn.write(&game, &tags)?;
        }
    }
    Ok(format!("result {a_wins} {draws} {b_wins}\n"))
}

/// Plays `game` on between `players` (A, B), A with `a_color`: the winner's colour, or `None`
/// for a draw (or a game that reached `MAX_ACTIONS`); or the player (0 for A, 1 for B) that
/// lost by failing to play (an outside engine's illegal answer, crash or timeout), and why.
fn play_game(
    players: &mut [Contestant; 2],
    game: &mut Game,
    a_color: Color,
    values: &Values,
    rng: &mut Rng,
) -> Result<Option<Color>, (usize, String)> {
    for (index, player) in players.iter_mut().enumerate() {
        player.new_game().map_err(|why| (index, why))?;
    }
    while game.outcome().is_none() && game.history().len() < MAX_ACTIONS {
        let index = usize::from(game.position().turn() != a_color);
        players[index]
            .play(game, values, rng)
            .map_err(|why| (index, why))?;
    }
    match game.outcome() {
        Some(Outcome::Win { winner, .. }) => Ok(Some(winner)),
        _ => Ok(None),
    }
}

/// The file `--pgn` writes the games to, each as it ends (so a match stopped midway keeps
/// the games it finished).
struct PgnFile {
    path: String,
    file: std::fs::File,
}

impl PgnFile {
    fn create(path: String) -> Result<PgnFile, String> {
        let file = std::fs::File::create(&path)
            .map_err(|e| format!("cannot write the PGN file '{path}': {e}"))?;
        Ok(PgnFile { path, file })
    }

    /// Appends `game` with `tags`, a blank line after it, as PGN files separate games.
    fn write(&mut self, game: &Game, tags: &[(&str, &str)]) -> Result<(), String> {
        use std::io::Write;
        let text = game.pgn(tags).map_err(|e| e.to_string())?;
        writeln!(self.file, "{text}")
            .map_err(|e| format!("cannot write the PGN file '{}': {e}", self.path))
    }
}

/// The actions that open a pair of games: a few random ones played on `game`, stopping where
/// the game ends.
fn random_opening(mut game: Game, rng: &mut Rng) -> Vec<String> {
    let mut line = Vec::new();
    for _ in 0..OPENING_ACTIONS {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.below(legal.len())];
        line.push(action.machine(game.variant().armory()));
        if game.play_action(&action).is_err() {
            break;
        }
    }
    line
}

/// Plays `count` random actions on `game` (fewer where it ends): the start of a self-play
/// game, so that games from one position differ.
pub(super) fn play_random_actions(
    game: &mut Game,
    rng: &mut Rng,
    count: usize,
) -> Result<(), String> {
    for _ in 0..count {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.below(legal.len())];
        game.play_action(&action).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// A game from the start; a variant with hidden identities gets a referee with the deal of
/// `seed`, unless the options give one.
pub(super) fn new_game(
    variant: &str,
    options: &[(&str, &str)],
    seed: &str,
) -> Result<Game, String> {
    let game = Game::new(variant, options, None).map_err(|e| e.to_string())?;
    if game.variant().hidden().is_none() || game.referee().is_some() {
        return Ok(game);
    }
    let referee = Referee::new(Some(seed)).map_err(|e| e.to_string())?;
    let rules = by_name(variant, options).map_err(|e| e.to_string())?;
    Game::with_referee(rules, referee, None).map_err(|e| e.to_string())
}
