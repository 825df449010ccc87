//! Move ordering: the table's move first, then captures by the value taken (cheapest
//! attacker first), promotions, the killer moves of the ply, the counter-move (the quiet
//! action that last refuted the opponent's previous action), and by history: credit for
//! the quiet actions that caused cutoffs, debit for those tried before one that did.

use super::Values;
use crate::position::Position;
use crate::rules::Action;

/// The most a history score grows (or falls) to: below the killers' and counter-moves' bonus.
const HISTORY_LIMIT: i32 = 40_000_000;

/// Killers per ply, a counter-move and a history score per from-to pair.
pub struct Ordering {
    killers: Vec<[Option<Action>; 2]>,
    history: Vec<i32>,
    /// By the from-to pair of the action before: the quiet action that refuted it last.
    counters: Vec<Option<Action>>,
    /// (key, index) pairs, reused by every sort.
    keys: Vec<(std::cmp::Reverse<i64>, usize)>,
    /// The actions in their new order, reused by every sort.
    sorted: Vec<Action>,
}

impl Ordering {
    /// Room for `plies` plies of killers.
    pub fn new(plies: usize) -> Ordering {
        Ordering {
            killers: vec![[None; 2]; plies + 1],
            history: vec![0; 128 * 128],
            counters: vec![None; 128 * 128],
            keys: Vec::new(),
            sorted: Vec::new(),
        }
    }

    fn history_slot(action: &Action) -> usize {
        action.from.index() * 128 + action.to.index()
    }

    /// Sorts `actions`, best first; equal keys keep their order.
    pub fn sort(
        &mut self,
        actions: &mut [Action],
        position: &Position,
        values: &Values,
        best: Option<Action>,
        ply: usize,
        previous: Option<Action>,
    ) {
        let board = position.board();
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let counter = previous.and_then(|p| self.counters[Ordering::history_slot(&p)]);
        let key = |action: &Action| -> i64 {
            if Some(*action) == best {
                return i64::MAX;
            }
            let mut score = 0;
            if action.has_squares() {
                if let Some(victim) = board
                    .piece_at(action.to)
                    .filter(|p| p.color != position.turn())
                {
                    let attacker = board.piece_at(action.from).map_or(0, |p| values.of(p.role));
                    score += 1_000_000_000 + i64::from(values.of(victim.role)) * 16
                        - i64::from(attacker);
                }
            }
            if let Some(role) = action.promotion {
                score += 500_000_000 + i64::from(values.of(role));
            }
            if killers.contains(&Some(*action)) {
                score += 100_000_000;
            } else if counter == Some(*action) {
                score += 50_000_000;
            }
            score
                + i64::from(
                    self.history
                        .get(Ordering::history_slot(action))
                        .copied()
                        .unwrap_or(0),
                )
        };
        // As `sort_by_cached_key` does, but with no allocation: each key computed once, and the
        // index breaking ties keeps the order stable.
        let mut keys = std::mem::take(&mut self.keys);
        keys.clear();
        keys.extend(
            actions
                .iter()
                .enumerate()
                .map(|(index, a)| (std::cmp::Reverse(key(a)), index)),
        );
        crate::small_sort::shell_sort(&mut keys);
        let mut sorted = std::mem::take(&mut self.sorted);
        sorted.clear();
        sorted.extend(keys.iter().map(|&(_, index)| actions[index]));
        actions.copy_from_slice(&sorted);
        self.keys = keys;
        self.sorted = sorted;
    }

    /// Whether `action` is one of the killers of `ply`.
    pub fn is_killer(&self, action: &Action, ply: usize) -> bool {
        self.killers
            .get(ply)
            .is_some_and(|killers| killers.contains(&Some(*action)))
    }

    /// Credits a quiet action that caused a cutoff after `previous`, and debits the quiet
    /// actions `tried` before it at the node.
    pub fn reward(
        &mut self,
        action: &Action,
        position: &Position,
        depth: i32,
        ply: usize,
        previous: Option<Action>,
        tried: &[Action],
    ) {
        let quiet = !action.has_squares() || position.board().piece_at(action.to).is_none();
        if !quiet {
            return;
        }
        for other in tried {
            if let Some(h) = self.history.get_mut(Ordering::history_slot(other)) {
                *h = h.saturating_sub(depth * depth).max(-HISTORY_LIMIT);
            }
        }
        if let Some(previous) = previous {
            self.counters[Ordering::history_slot(&previous)] = Some(*action);
        }
        if let Some(slot) = self.killers.get_mut(ply) {
            if slot[0] != Some(*action) {
                slot[1] = slot[0];
                slot[0] = Some(*action);
            }
        }
        if let Some(h) = self.history.get_mut(Ordering::history_slot(action)) {
            *h = h.saturating_add(depth * depth).min(HISTORY_LIMIT);
        }
    }
}
