//! Move ordering: the table's move first, then captures by the value taken (cheapest
//! attacker first), promotions, the killer moves of the ply, the captures that lose material
//! (where the variant asks for it), the counter-move (the quiet action that last refuted the
//! opponent's previous action), and by history: credit for the quiet actions that caused
//! cutoffs, debit for those tried before one that did.

use super::Values;
use crate::position::Position;
use crate::rules::Action;

/// The most a history score grows (or falls) to: below the killers' and counter-moves' bonus.
const HISTORY_LIMIT: i32 = 40_000_000;

/// The ordering keys' tiers, highest first. A history score (within +-[`HISTORY_LIMIT`]) is
/// added to each: it orders the actions within a tier, and it may also reorder the losing
/// captures, the counter-move and the other quiet actions, whose tiers lie closer than that
/// (the order measured in docs/PERFORMANCE.md, "losing captures after the killers").
const CAPTURE: i64 = 1_000_000_000;
const PROMOTION: i64 = 500_000_000;
const KILLER: i64 = 100_000_000;
/// A capture whose exchange loses material (see [`Ordering::rank_losing_captures_later`]).
const LOSING_CAPTURE: i64 = 60_000_000;
const COUNTER: i64 = 50_000_000;

/// Actions a node picks one at a time before it sorts the rest (see [`Ordering::pick`]).
const PICKED: usize = 3;

/// Killers per ply, a counter-move and a history score per from-to pair.
pub struct Ordering {
    killers: Vec<[Option<Action>; 2]>,
    history: Vec<i32>,
    /// By the from-to pair of the action before: the quiet action that refuted it last.
    counters: Vec<Option<Action>>,
    /// The keys of the actions [`Ordering::sort`] sorts, reused by every sort.
    keys: Vec<i64>,
    /// By ply: the keys of the node's actions not yet picked (see [`Ordering::rank`]).
    ranks: Vec<Vec<i64>>,
    /// Room for a node's actions while [`sort_rest`] puts them in order.
    scratch: Vec<Action>,
}

impl Ordering {
    /// Room for `plies` plies of killers.
    pub fn new(plies: usize) -> Ordering {
        Ordering {
            killers: vec![[None; 2]; plies + 1],
            history: vec![0; 128 * 128],
            counters: vec![None; 128 * 128],
            keys: Vec::new(),
            ranks: vec![Vec::new(); plies + 1],
            scratch: Vec::new(),
        }
    }

    fn history_slot(action: &Action) -> usize {
        action.from.index() * 128 + action.to.index()
    }

    /// Appends the ordering key of each of `actions` to `keys`, higher first: captures by
    /// the value taken (cheapest attacker first), promotions, the killers, the counter-move,
    /// and history. Out of line: [`Ordering::sort`] and [`Ordering::rank`] share its code.
    #[inline(never)]
    fn keys_into(
        &self,
        actions: &[Action],
        position: &Position,
        values: &Values,
        ply: usize,
        previous: Option<Action>,
        keys: &mut Vec<i64>,
    ) {
        let board = position.board();
        let enemy = board.side(!position.turn());
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let counter = previous.and_then(|p| self.counters[Ordering::history_slot(&p)]);
        keys.extend(actions.iter().map(|action| {
            let mut score = 0;
            if action.has_squares() && enemy.contains(action.to) {
                let victim = board.piece_at(action.to).map_or(0, |p| values.of(p.role));
                let attacker = board.piece_at(action.from).map_or(0, |p| values.of(p.role));
                score += CAPTURE + i64::from(victim) * 16 - i64::from(attacker);
            }
            if let Some(role) = action.promotion {
                score += PROMOTION + i64::from(values.of(role));
            }
            if holds(killers[0], action) || holds(killers[1], action) {
                score += KILLER;
            } else if holds(counter, action) {
                score += COUNTER;
            }
            score
                + i64::from(
                    self.history
                        .get(Ordering::history_slot(action))
                        .copied()
                        .unwrap_or(0),
                )
        }));
    }

    /// Sorts `actions`, best first; equal keys keep their order.
    pub fn sort(
        &mut self,
        actions: &mut [Action],
        position: &Position,
        values: &Values,
        ply: usize,
        previous: Option<Action>,
    ) {
        let mut keys = std::mem::take(&mut self.keys);
        keys.clear();
        self.keys_into(actions, position, values, ply, previous, &mut keys);
        sort_together(&mut keys, actions);
        self.keys = keys;
    }

    /// Keys `actions` at `ply` for [`Ordering::pick`], which then brings them forward one at
    /// a time: most nodes of the search end after their first action or two, so sorting
    /// them all (as [`Ordering::sort`] does) was mostly wasted (a tenth of a chess search).
    pub fn rank(
        &mut self,
        actions: &[Action],
        position: &Position,
        values: &Values,
        ply: usize,
        previous: Option<Action>,
    ) {
        let Some(mut keys) = self.ranks.get_mut(ply).map(std::mem::take) else {
            return;
        };
        keys.clear();
        self.keys_into(actions, position, values, ply, previous, &mut keys);
        self.ranks[ply] = keys;
    }

    /// Brings the best of `actions[index..]`, by the keys [`Ordering::rank`] gave them at
    /// `ply`, to `index`; the others keep their order, so picking at 0, 1, 2, ... gives the
    /// order [`Ordering::sort`] would. Past the first [`PICKED`], a node that goes on is
    /// likely to try them all: the rest are sorted at once. The actions stay as they are if
    /// they were not ranked.
    pub fn pick(&mut self, actions: &mut [Action], ply: usize, index: usize) {
        let Some(keys) = self.ranks.get_mut(ply) else {
            return;
        };
        if keys.len() != actions.len() || index >= keys.len() {
            return;
        }
        if index >= PICKED {
            sort_rest(&mut keys[index..], &mut actions[index..], &mut self.scratch);
            // Sorted: nothing is left to pick at this node.
            keys.clear();
            return;
        }
        let mut at = index;
        for i in index + 1..keys.len() {
            if keys[i] > keys[at] {
                at = i;
            }
        }
        keys[index..=at].rotate_right(1);
        actions[index..=at].rotate_right(1);
    }

    /// Moves the captures among the `actions` ranked at `ply` (by [`Ordering::rank`]) for
    /// which `loses` holds from the captures' tier to just after the killers: a capture
    /// that loses material is rarely the best action, and searched first it mostly spends
    /// a subtree on proving so before the killers have their try. Their order among
    /// themselves stays (the value taken, then the cheapest attacker).
    pub fn rank_losing_captures_later(
        &mut self,
        ply: usize,
        actions: &[Action],
        mut loses: impl FnMut(&Action) -> bool,
    ) {
        let Some(keys) = self.ranks.get_mut(ply) else {
            return;
        };
        if keys.len() != actions.len() {
            return;
        }
        for (key, action) in keys.iter_mut().zip(actions) {
            if *key >= CAPTURE && loses(action) {
                *key += LOSING_CAPTURE - CAPTURE;
            }
        }
    }

    /// Whether `action` is one of the killers of `ply`.
    pub fn is_killer(&self, action: &Action, ply: usize) -> bool {
        self.killers
            .get(ply)
            .is_some_and(|&[first, second]| holds(first, action) || holds(second, action))
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

/// The bits a packed key of [`sort_rest`] keeps for its place, and the places they hold.
#[cfg(not(target_arch = "wasm32"))]
const PLACE_BITS: u32 = 10;
#[cfg(not(target_arch = "wasm32"))]
const PLACES: usize = 1 << PLACE_BITS;

/// Sorts `actions` by `keys` as [`sort_together`] does (`keys` are left spoilt), by a
/// library sort where the list is long: each key shifted to make room for its place, the
/// earlier place ranking higher among equal keys, so an unstable sort keeps their order; the
/// actions follow through `scratch`. The keys are far below 2^53 in size (a capture's
/// billion is the largest term). Native only: the wasm keeps the insertion sort, which is
/// smaller, and the order is the same.
#[cfg(not(target_arch = "wasm32"))]
fn sort_rest(keys: &mut [i64], actions: &mut [Action], scratch: &mut Vec<Action>) {
    let n = keys.len().min(actions.len());
    if n <= 16 || n > PLACES {
        sort_together(keys, actions);
        return;
    }
    for (place, key) in keys.iter_mut().enumerate() {
        *key = (*key << PLACE_BITS) | (PLACES - 1 - place) as i64;
    }
    keys.sort_unstable_by(|a, b| b.cmp(a));
    scratch.clear();
    scratch.extend_from_slice(actions);
    for (action, key) in actions.iter_mut().zip(keys.iter()) {
        let place = PLACES - 1 - (key & (PLACES as i64 - 1)) as usize;
        if let Some(&from) = scratch.get(place) {
            *action = from;
        }
    }
}

/// [`sort_together`]: in the wasm the library sort costs more bytes than it saves time.
#[cfg(target_arch = "wasm32")]
fn sort_rest(keys: &mut [i64], actions: &mut [Action], _: &mut Vec<Action>) {
    sort_together(keys, actions);
}

/// Whether `slot` holds `action`. The squares are compared first: most actions differ there,
/// and comparing whole options of actions (the kind's fields too) was 2 % of a chess search.
#[inline(always)]
fn holds(slot: Option<Action>, action: &Action) -> bool {
    slot.is_some_and(|held| held.from == action.from && held.to == action.to && held == *action)
}

/// Sorts `actions` by `keys`, higher first, the keys moving with them; equal keys keep their
/// order. An insertion sort: the lists are short, and mostly in order already.
fn sort_together(keys: &mut [i64], actions: &mut [Action]) {
    for i in 1..keys.len().min(actions.len()) {
        let (key, action) = (keys[i], actions[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] < key {
            keys[j] = keys[j - 1];
            actions[j] = actions[j - 1];
            j -= 1;
        }
        keys[j] = key;
        actions[j] = action;
    }
}

#[cfg(test)]
mod tests {
    use super::{sort_rest, sort_together, Ordering, PICKED};
    use crate::game::Game;
    use crate::search::Values;

    #[test]
    fn picking_one_at_a_time_gives_the_sorts_order() {
        // Kiwipete: captures of several values, quiet moves with history credits and debits
        // (ties among them too), a killer and a counter-move.
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let game = Game::new("chess", &[], Some(fen)).expect("fen");
        let position = game.position();
        let values = Values::new(game.variant().armory());
        let actions = game.legal_actions();
        assert!(actions.len() > 2 * PICKED);
        let ply = 3;
        let previous = actions.last().copied();
        let mut ordering = Ordering::new(8);
        for (i, action) in actions.iter().enumerate().filter(|(i, _)| i % 3 != 0) {
            let tried: Vec<_> = actions.iter().take(i % 4).copied().collect();
            ordering.reward(action, position, (i % 5) as i32, ply, previous, &tried);
        }
        let mut sorted = actions.clone();
        ordering.sort(&mut sorted, position, &values, ply, previous);
        let mut picked = actions.clone();
        ordering.rank(&picked, position, &values, ply, previous);
        for index in 0..picked.len() {
            ordering.pick(&mut picked, ply, index);
        }
        assert_eq!(picked, sorted);
        assert_ne!(picked, actions, "the sort changed the order");
        // Picked at an unranked ply, or a list that is not the one ranked: left as it is.
        let mut other = actions.clone();
        ordering.pick(&mut other, ply + 1, 0);
        ordering.pick(&mut other[1..], ply, 0);
        assert_eq!(other, actions);
    }

    #[test]
    fn the_long_lists_sort_keeps_the_order_of_equal_keys() {
        // Kiwipete's 48 actions, keyed with many ties, negative keys and a capture's billion.
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let game = Game::new("chess", &[], Some(fen)).expect("fen");
        let actions = game.legal_actions();
        assert!(actions.len() > 16, "long enough for the library sort");
        let keys: Vec<i64> = (0..actions.len() as i64)
            .map(|i| match i % 5 {
                0 => 1_000_000_000 + i % 3,
                1 => -(i % 4) * 7,
                _ => i % 3,
            })
            .collect();
        let (mut by_insertion, mut by_library) = (actions.clone(), actions.clone());
        sort_together(&mut keys.clone(), &mut by_insertion);
        sort_rest(&mut keys.clone(), &mut by_library, &mut Vec::new());
        assert_eq!(by_library, by_insertion);
        assert_ne!(by_library, actions, "the sort changed the order");
    }
}
