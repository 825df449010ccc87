//! Perft: counting the action sequences of a given length, to check move generation.

use crate::position::Position;
use crate::rules::{Action, Variant};

/// Number of action sequences of length `depth` from the end of `line`. At depth 1 the legal
/// actions are counted without being played.
pub fn perft(variant: &dyn Variant, line: &mut Vec<Position>, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Action>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    count(variant, line, depth, &mut buffers)
}

fn count(
    variant: &dyn Variant,
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
            variant.play(next, action);
        }
        total += count(variant, line, depth - 1, deeper);
        line.pop();
    }
    total
}

/// Perft split by first action: each first action's machine string and its count.
pub fn divide(variant: &dyn Variant, line: &mut Vec<Position>, depth: u32) -> Vec<(String, u64)> {
    let mut first = Vec::new();
    variant.legal_actions(line, &mut first);
    let mut rows = Vec::new();
    for action in first {
        let Some(mut next) = line.last().cloned() else {
            break;
        };
        variant.play(&mut next, &action);
        line.push(next);
        let n = if depth <= 1 {
            1
        } else {
            perft(variant, line, depth - 1)
        };
        line.pop();
        rows.push((action.machine(variant.armory()), n));
    }
    rows
}
