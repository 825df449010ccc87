//! Perft: counting the action sequences of a given length, to check move generation.

use crate::position::Position;
use crate::rules::{Action, Dealer, Variant};

/// Number of action sequences of length `depth` from the end of `line`. At depth 1 the legal
/// actions are counted without being played. A variant with hidden identities plays its entries
/// with the identities `dealer` gives them (an entry without one is played as nothing).
pub fn perft(
    variant: &dyn Variant,
    dealer: Option<&dyn Dealer>,
    line: &mut Vec<Position>,
    depth: u32,
) -> u64 {
    let mut buffers: Vec<Vec<Action>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    count(variant, dealer, line, depth, &mut buffers)
}

/// Plays `action` on `position`, an entry with the identity the deal gives it.
#[inline]
fn play(
    variant: &dyn Variant,
    dealer: Option<&dyn Dealer>,
    position: &mut Position,
    action: &Action,
) {
    let dealt = match (variant.hidden(), dealer) {
        (Some(hidden), Some(_)) => hidden.resolve(position, action, dealer).ok(),
        _ => None,
    };
    variant.play(position, dealt.as_ref().unwrap_or(action));
}

fn count(
    variant: &dyn Variant,
    dealer: Option<&dyn Dealer>,
    line: &mut Vec<Position>,
    depth: u32,
    buffers: &mut [Vec<Action>],
) -> u64 {
    if depth == 0 || line.is_empty() {
        return 1;
    }
    let Some((actions, deeper)) = buffers.split_first_mut() else {
        return 1;
    };
    if depth == 1 {
        return variant.count_actions(line) as u64;
    }
    actions.clear();
    variant.legal_actions(line, actions);
    let mut total = 0;
    let current = line.len() - 1;
    for action in actions.iter() {
        // Copy the position straight into the line's next slot, then play on it there.
        line.extend_from_within(current..);
        if let Some(next) = line.last_mut() {
            play(variant, dealer, next, action);
        }
        total += count(variant, dealer, line, depth - 1, deeper);
        line.pop();
    }
    total
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
    let mut rows = Vec::new();
    for action in first {
        let Some(mut next) = line.last().cloned() else {
            break;
        };
        play(variant, dealer, &mut next, &action);
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
