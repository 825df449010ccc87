//! Soak: random games of a variant, checked after every ply against the invariants the tests
//! state (`tests/invariants.rs`), for as many plies as asked. The run is fixed by its seed, so
//! a failure replays with the same seed and ply count.

use crate::error::Result;
use crate::game::Game;
use crate::position::parse_fen;
use crate::referee::Referee;
use crate::rng::Rng;
use crate::rules::Action;

/// A game is started again after this many plies, so long runs see openings as often as
/// endgames (and lines stay short to clone).
const MAX_GAME_PLIES: usize = 400;

/// What a finished soak did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SoakReport {
    /// Actions played and checked.
    pub plies: u64,
    /// Games started.
    pub games: u64,
    /// Games that reached a result.
    pub results: u64,
    /// Action strings that `play` refused because no legal action has them.
    pub refusals: u64,
}

/// An invariant that did not hold, with what replays it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SoakFailure {
    /// The run's seed.
    pub seed: u64,
    /// The failing game, counted from 0, and the ply in it.
    pub game: u64,
    /// The ply within the game, counted from 0.
    pub ply: usize,
    /// The game's actions before the failure, as machine strings.
    pub moves: Vec<String>,
    /// The position string where it failed.
    pub fen: String,
    /// What did not hold.
    pub problem: String,
}

impl std::fmt::Display for SoakFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (seed {}, game {}, ply {}, at {})\n  moves: {}",
            self.problem,
            self.seed,
            self.game,
            self.ply,
            self.fen,
            self.moves.join(" ")
        )
    }
}

/// Plays random games of `variant` with `options` for `plies` plies in all, checking every
/// ply. An unknown variant or option is an `Err` of the outer result; a broken invariant is
/// the inner `Err`.
pub fn soak(
    variant: &str,
    options: &[(&str, &str)],
    plies: u64,
    seed: u64,
) -> Result<std::result::Result<SoakReport, Box<SoakFailure>>> {
    let mut report = SoakReport::default();
    let mut rng = Rng::new(seed);
    let mut game = new_game(variant, options, &mut rng)?;
    report.games = 1;
    while report.plies < plies {
        if game.history().len() >= MAX_GAME_PLIES || game.outcome().is_some() {
            if game.outcome().is_some() {
                report.results += 1;
                if let Err(problem) = check_over(&mut game) {
                    return Ok(Err(failure(&game, seed, &report, problem)));
                }
            }
            game = new_game(variant, options, &mut rng)?;
            report.games += 1;
        }
        match check_and_play(&mut game, &mut rng) {
            Ok(refused) => report.refusals += u64::from(refused),
            Err(problem) => return Ok(Err(failure(&game, seed, &report, problem))),
        }
        report.plies += 1;
    }
    Ok(Ok(report))
}

/// The next game: a variant with hidden identities gets a deal of its own for each game
/// unless the options fix one (its public game cannot reveal entries by itself).
fn new_game(variant: &str, options: &[(&str, &str)], rng: &mut Rng) -> Result<Game> {
    let game = Game::new(variant, options, None)?;
    if game.variant().hidden().is_none() || game.referee().is_some() {
        return Ok(game);
    }
    let seed: String = (0..32).map(|_| format!("{:02x}", rng.below(256))).collect();
    let rules = crate::variants::by_name(variant, options)?;
    Game::with_referee(rules, Referee::new(Some(&seed))?, None)
}

fn failure(game: &Game, seed: u64, report: &SoakReport, problem: String) -> Box<SoakFailure> {
    Box::new(SoakFailure {
        seed,
        game: report.games - 1,
        ply: game.history().len(),
        moves: game.history().iter().map(|e| e.machine.clone()).collect(),
        fen: game.fen(),
        problem,
    })
}

/// A finished game lists no actions and refuses every one.
fn check_over(game: &mut Game) -> std::result::Result<(), String> {
    if !game.legal_actions().is_empty() {
        return Err("a finished game lists legal actions".into());
    }
    let before = game.fen();
    let last = game.history().last().map(|e| e.machine.clone());
    if game.play(&last.unwrap_or_default()).is_ok() || game.fen() != before {
        return Err("a finished game took an action".into());
    }
    Ok(())
}

/// Checks the position, then plays one random legal action, checking that too. Returns whether
/// a random action string was (rightly) refused on the way.
fn check_and_play(game: &mut Game, rng: &mut Rng) -> std::result::Result<bool, String> {
    let position = *game.position();
    if position.hash() != position.fresh_hash() {
        return Err("the incremental hash differs from a fresh hash".into());
    }
    let fen = game.fen();
    let variant = game.variant();
    let reparsed = parse_fen(&fen, variant.armory())
        .and_then(|setup| variant.position(setup))
        .map_err(|e| format!("its own position string does not load: {e}"))?;
    if variant.fen(&reparsed) != fen || reparsed.hash() != position.hash() {
        return Err(format!(
            "the position string does not round-trip: {}",
            variant.fen(&reparsed)
        ));
    }
    let legal = game.legal_actions();
    if legal.is_empty() {
        return Err("the game is not over but has no legal action".into());
    }
    if variant.count_actions(game.line()) != legal.len() {
        return Err(format!(
            "{} actions counted, {} listed",
            variant.count_actions(game.line()),
            legal.len()
        ));
    }
    let refused = check_random_string(game, &legal, rng)?;

    // Played by its machine string, then undone, then played by its notation.
    let action = legal[rng.below(legal.len())];
    let machine = action.machine(game.variant().armory());
    let history = game.history().len();
    let entry = game
        .play(&machine)
        .map_err(|e| format!("play refused the listed action {machine}: {e}"))?;
    // An entry is recorded with the identity it revealed.
    if entry.action.public() != action {
        return Err(format!("{machine} played another action"));
    }
    let notation = entry.notation.clone();
    game.undo()
        .map_err(|e| format!("undo after {machine} failed: {e}"))?;
    if *game.position() != position || game.fen() != fen || game.history().len() != history {
        return Err(format!("undo after {machine} did not restore the position"));
    }
    let san_text = notation.split(" (").next().unwrap_or_default().to_string();
    // Replayed as a record: the soak dealt the game, so an entry's notation with the identity
    // it revealed (`@a5-b5=n`) is checked against the deal, which `play` would refuse.
    game.replay(&san_text)
        .map_err(|e| format!("play refused the notation '{san_text}' of {machine}: {e}"))?;
    // Notation may be a whole turn (Immortal Chess's `e4` passes the entry): its first action
    // is the one chosen, and what the turn added is taken back. An entry is recorded with the
    // identity it revealed.
    let first = game.history().get(history).map(|e| e.action.public());
    if first != Some(action) {
        return Err(format!("the notation '{san_text}' played another action"));
    }
    while game.history().len() > history + 1 {
        game.undo().map_err(|e| format!("undo failed: {e}"))?;
    }
    Ok(refused)
}

/// An action string (a legal action's, its squares with a random promotion letter, or two
/// random squares) is accepted exactly when some legal action has it as its machine
/// string; a refusal leaves the game as it was.
fn check_random_string(
    game: &mut Game,
    legal: &[Action],
    rng: &mut Rng,
) -> std::result::Result<bool, String> {
    let armory = game.variant().armory();
    let squares: Vec<_> = armory.shape().playable.squares().collect();
    let text = match rng.below(4) {
        0 => legal[rng.below(legal.len())].machine(armory),
        1 => {
            let pick = legal[rng.below(legal.len())];
            let promotion = ["", "q", "n", "r", "b", "l", "c", "i", "x"][rng.below(9)];
            format!("{}{}{promotion}", pick.from, pick.to)
        }
        _ => {
            let from = squares[rng.below(squares.len())];
            let to = squares[rng.below(squares.len())];
            format!("{from}{to}")
        }
    };
    let listed = legal.iter().find(|a| a.machine(armory) == text).copied();
    let fen = game.fen();
    match (game.parse_action(&text), listed) {
        (Ok(parsed), Some(action)) if parsed != action => Err(format!(
            "'{text}' was read as {}, not as its legal action",
            parsed.machine(armory)
        )),
        // Read as another legal action's notation (lenient SAN), which is allowed.
        (Ok(parsed), _) if legal.contains(&parsed) => Ok(false),
        (Ok(parsed), _) => Err(format!(
            "'{text}' was read as {}, which is not legal",
            parsed.machine(armory)
        )),
        (Err(e), Some(_)) => Err(format!("the legal action '{text}' was refused: {e}")),
        (Err(_), None) => {
            let history = game.history().len();
            if game.play(&text).is_ok() || game.fen() != fen || game.history().len() != history {
                return Err(format!("'{text}' was refused but play took it"));
            }
            Ok(true)
        }
    }
}
