//! A whole turn from the search: the principal variation may stop inside the turn (a search
//! cut short by its budget in its first iteration), so the rest is searched from where it
//! stops. The CLI, the wasm package and the page's computer all play turns from here.

use super::{turn_of, Limits, Report, Searcher};
use crate::error::Result;
use crate::game::Game;
use crate::rules::Action;

/// The most searches one turn takes.
const MAX_SEARCHES: usize = 64;

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
        let mut searcher = Searcher::new(game, budget, clock);
        let found = if searches == 0 {
            searcher.think(&mut report)
        } else {
            searcher.think(|_| {})
        };
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
