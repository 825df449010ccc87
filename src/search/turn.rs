//! A whole turn from the search: the principal variation may stop inside the turn (a search
//! cut short by its budget in its first iteration), so the rest is searched from where it
//! stops. The CLI, the wasm package and the page's computer all play turns from here.

use super::{turn_of, Limits, Report, Searcher, Table, MATE_BOUND};
use crate::error::Result;
use crate::game::Game;
use crate::rng::Rng;
use crate::rules::Action;

/// The most searches one turn takes.
const MAX_SEARCHES: usize = 64;
/// The lines a noisy choice picks among (see [`Choice`]).
pub const NOISY_LINES: usize = 4;

/// How the turn is chosen from what the search found: the best line, or, with `noise`, any
/// of the best few lines whose score is within `noise` centipawns of the best, the nearer the
/// likelier, picked by a generator seeded with `seed`. A beginner's level plays so: it never
/// throws a piece away that the search sees, but it does not always find the best move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Choice {
    /// Centipawns below the best that a line may score and still be played (0: the best).
    pub noise: u32,
    /// The seed of the pick, so that a choice replays.
    pub seed: u64,
}

/// What [`best_turn`] found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Thought {
    /// The first search's last report: its depth, score and principal variation.
    pub report: Report,
    /// The whole turn of the side to move (an entry ends it: its piece is not known yet).
    pub turn: Vec<Action>,
    /// Positions visited by all the searches.
    pub nodes: u64,
    /// Milliseconds taken by all of them.
    pub millis: u64,
}

impl Thought {
    /// Nodes per second over all the searches.
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.millis.max(1)
    }
}

/// Searches `game` within `limits` and returns the whole turn of the side to move, or `None`
/// when it has no legal action or its players ended it. The actions found are played on `game` as the turn goes on
/// (so pass a copy); each search after the first gets a quarter of the budget. `report` hears
/// each depth the first search completes.
pub fn best_turn(
    game: &mut Game,
    limits: Limits,
    clock: &dyn Fn() -> f64,
    report: impl FnMut(&Report),
) -> Result<Option<Thought>> {
    let mut table = Table::default();
    chosen_turn(game, limits, Choice::default(), clock, &mut table, report)
}

/// [`best_turn`], with the first action chosen as `choice` says, searched with `table`: a
/// player keeps one through the game, as a UCI engine does (what earlier turns found orders
/// and ends much of this one's search; measured in docs/PERFORMANCE.md).
pub fn chosen_turn(
    game: &mut Game,
    limits: Limits,
    choice: Choice,
    clock: &dyn Fn() -> f64,
    table: &mut Table,
    mut report: impl FnMut(&Report),
) -> Result<Option<Thought>> {
    // A game its players ended (a resignation, an agreed draw) has no turn to find.
    if game.declared().is_some() {
        return Ok(None);
    }
    let mover = game.position().turn();
    let rest = Limits {
        depth: limits.depth,
        nodes: limits.nodes.map(|n| (n / 4).max(1)),
        millis: limits.millis.map(|ms| (ms / 4).max(1)),
    };
    let mut first: Option<Report> = None;
    let mut turn = Vec::new();
    let (mut nodes, mut millis) = (0, 0);
    for searches in 0..MAX_SEARCHES {
        let budget = if searches == 0 { limits } else { rest };
        let mut searcher = Searcher::with_table(game, budget, clock, table.lend());
        let found = if searches > 0 {
            searcher.think(|_| {})
        } else if choice.noise > 0 {
            noisy(&mut searcher, choice, &mut report)
        } else {
            searcher.think(&mut report)
        };
        *table = searcher.into_table();
        let Some(found) = found else {
            break;
        };
        nodes += found.nodes;
        millis += found.millis;
        let actions = turn_of(game, &found.pv);
        first.get_or_insert(found);
        let mut ended = actions.is_empty();
        for action in actions {
            turn.push(action);
            let hidden = game.variant().hidden();
            if hidden.is_some_and(|h| h.chance(game.position(), &action).is_some()) {
                ended = true;
                break;
            }
            game.play_action(&action)?;
        }
        if ended || game.position().turn() != mover || game.outcome().is_some() {
            break;
        }
    }
    Ok(first.filter(|_| !turn.is_empty()).map(|report| Thought {
        report,
        turn,
        nodes,
        millis,
    }))
}

/// The search's line chosen as `choice` says, among the [`NOISY_LINES`] best (a multi-line
/// search, whose budget they share); `report` hears the best line's depths.
fn noisy(
    searcher: &mut Searcher,
    choice: Choice,
    report: &mut impl FnMut(&Report),
) -> Option<Report> {
    let mut lines: Vec<Option<Report>> = vec![None; NOISY_LINES];
    let best = searcher.think_lines(NOISY_LINES, &mut |line, found| {
        if line == 0 {
            report(found);
        }
        if let Some(slot) = lines.get_mut(line) {
            *slot = Some(found.clone());
        }
    })?;
    Some(pick_line(
        best,
        lines.into_iter().flatten().collect(),
        choice,
    ))
}

/// The line `choice` picks: among `lines` (a multi-line search's last report of each line)
/// those within `choice.noise` centipawns of `best`, the nearer the likelier; `best` itself
/// for a forced result (noise is for judgement, not for mates). The pick carries the whole
/// search's nodes and time.
pub fn pick_line(best: Report, lines: Vec<Report>, choice: Choice) -> Report {
    if choice.noise == 0 || best.score.abs() >= MATE_BOUND {
        return best;
    }
    let noise = i64::from(choice.noise);
    let weight = |found: &Report| noise - (i64::from(best.score) - i64::from(found.score)) + 1;
    let candidates: Vec<Report> = lines
        .into_iter()
        .take(NOISY_LINES)
        .filter(|found| !found.pv.is_empty() && weight(found) > 0)
        .collect();
    let total: i64 = candidates.iter().map(weight).sum();
    if total <= 0 {
        return best;
    }
    let mut pick = Rng::new(choice.seed).below(total as usize) as i64;
    for found in candidates {
        pick -= weight(&found);
        if pick < 0 {
            return Report {
                nodes: best.nodes,
                millis: best.millis,
                ..found
            };
        }
    }
    best
}
