//! Move ordering: the table's move first, then captures by the value taken (cheapest
//! attacker first), promotions, the killer moves of the ply, and by history.

use super::Values;
use crate::position::Position;
use crate::rules::Action;

/// Killers per ply and a history score per from-to pair.
pub struct Ordering {
    killers: Vec<[Option<Action>; 2]>,
    history: Vec<i32>,
}

impl Ordering {
    /// Room for `plies` plies of killers.
    pub fn new(plies: usize) -> Ordering {
        Ordering {
            killers: vec![[None; 2]; plies + 1],
            history: vec![0; 128 * 128],
        }
    }

    fn history_slot(action: &Action) -> usize {
        action.from.index() * 128 + action.to.index()
    }

    /// Sorts `actions`, best first.
    pub fn sort(
        &self,
        actions: &mut [Action],
        position: &Position,
        values: &Values,
        best: Option<Action>,
        ply: usize,
    ) {
        let board = position.board();
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
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
            }
            score
                + i64::from(
                    self.history
                        .get(Ordering::history_slot(action))
                        .copied()
                        .unwrap_or(0),
                )
        };
        actions.sort_by_cached_key(|a| std::cmp::Reverse(key(a)));
    }

    /// Credits a quiet action that caused a cutoff.
    pub fn reward(&mut self, action: &Action, position: &Position, depth: i32, ply: usize) {
        let quiet = !action.has_squares() || position.board().piece_at(action.to).is_none();
        if !quiet {
            return;
        }
        if let Some(slot) = self.killers.get_mut(ply) {
            if slot[0] != Some(*action) {
                slot[1] = slot[0];
                slot[0] = Some(*action);
            }
        }
        if let Some(h) = self.history.get_mut(Ordering::history_slot(action)) {
            *h = h.saturating_add(depth * depth).min(50_000_000);
        }
    }
}
