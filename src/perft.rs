//! Perft: counting the action sequences of a given length, to check move generation.

use crate::position::Position;
use crate::rules::{Action, Dealer, HiddenIdentities, Variant};

/// Number of action sequences of length `depth` from the end of `line`. At depth 1 the legal
/// actions are counted without being played. A variant with hidden identities plays its entries
/// with the identities `dealer` gives them (an entry without one is played as nothing).
pub fn perft(
    variant: &dyn Variant,
    dealer: Option<&dyn Dealer>,
    line: &mut Vec<Position>,
    depth: u32,
) -> u64 {
    let buffers: Vec<Vec<Action>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    let mut counter = Counter::new(variant, dealer, buffers);
    counter.count(line, depth, 0)
}

/// What a perft run needs at every node, asked of the variant once.
struct Counter<'a> {
    variant: &'a dyn Variant,
    /// The hidden identities' rules and the deal, where entries are revealed.
    reveal: Option<(&'a dyn HiddenIdentities, &'a dyn Dealer)>,
    /// A list of actions for each ply, reused.
    buffers: Vec<Vec<Action>>,
}

impl<'a> Counter<'a> {
    fn new(
        variant: &'a dyn Variant,
        dealer: Option<&'a dyn Dealer>,
        buffers: Vec<Vec<Action>>,
    ) -> Counter<'a> {
        let reveal = variant.hidden().zip(dealer);
        Counter {
            variant,
            reveal,
            buffers,
        }
    }

    /// Plays `action` on `position`, an entry with the identity the deal gives it.
    #[inline]
    fn play(&self, position: &mut Position, action: &Action) {
        let dealt = self
            .reveal
            .and_then(|(hidden, dealer)| hidden.resolve(position, action, Some(dealer)).ok());
        self.variant
            .play(position, dealt.as_ref().unwrap_or(action));
    }

    fn count(&mut self, line: &mut Vec<Position>, depth: u32, ply: usize) -> u64 {
        if depth == 0 || line.is_empty() || ply >= self.buffers.len() {
            return 1;
        }
        if depth == 1 {
            return self.variant.count_actions(line) as u64;
        }
        let mut actions = std::mem::take(&mut self.buffers[ply]);
        actions.clear();
        self.variant.legal_actions(line, &mut actions);
        let mut total = 0;
        let current = line.len() - 1;
        for action in actions.iter() {
            // Copy the position straight into the line's next slot, then play on it there.
            line.extend_from_within(current..);
            if let Some(next) = line.last_mut() {
                self.play(next, action);
            }
            total += self.count(line, depth - 1, ply + 1);
            line.pop();
        }
        self.buffers[ply] = actions;
        total
    }
}

/// Perft split by first action: each first action's machine string and its count.
pub fn divide(
    variant: &dyn Variant,
    dealer: Option<&dyn Dealer>,
    line: &mut Vec<Position>,
    depth: u32,
) -> Vec<(String, u64)> {
    let mut first = Vec::new();
    variant.legal_actions(line, &mut first);
    let counter = Counter::new(variant, dealer, Vec::new());
    let mut rows = Vec::new();
    for action in first {
        let Some(mut next) = line.last().cloned() else {
            break;
        };
        counter.play(&mut next, &action);
        line.push(next);
        let n = if depth <= 1 {
            1
        } else {
            perft(variant, dealer, line, depth - 1)
        };
        line.pop();
        rows.push((action.machine(variant.armory()), n));
    }
    rows
}
