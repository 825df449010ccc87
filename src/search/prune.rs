//! Where the search looks less than the full width, and by how much. Each rule trades a
//! little risk of missing a move for depth elsewhere. They were measured together, against
//! the search before them (`bench/baseline.sh`, figures in docs/PERFORMANCE.md); the Win at
//! Chess suite (`tests/tactics.rs`) and the Impulschach depth test (`tests/search_depth.rs`)
//! hold what they gave.
//!
//! Depth counts turns. The rules at a turn's start (null move, reverse futility) and those for
//! its first action (futility, late move reductions) apply where that action ends the turn
//! quietly or, for the reductions, to the rest of the turn it begins. Decisions inside a turn
//! (a Catalyst chain, a Resonance Shift) have their own: late options pruned near the horizon
//! and reduced elsewhere. Immortal Chess's entries are chance nodes, narrowed on their own.

/// The least depth, in turns, at which a null move is tried.
pub const NULL_MOVE_DEPTH: i32 = 2;

/// Turns less that the reply to a null move is searched, beyond the turn it skips: more
/// the deeper the node, as the cost of a wrong cutoff shrinks with the depth left under it.
pub fn null_move_reduction(depth: i32) -> i32 {
    2 + depth / 4
}

/// Up to this depth a node whose static score beats beta by [`REVERSE_FUTILITY_MARGIN`] a
/// turn is taken to hold (reverse futility, or "static null move" pruning).
pub const REVERSE_FUTILITY_DEPTH: i32 = 3;
/// Centipawns a turn of depth that the opponent is assumed able to win back at most.
pub const REVERSE_FUTILITY_MARGIN: i32 = 100;

/// Up to this depth a quiet action that cannot lift the static score to alpha even with
/// [`FUTILITY_MARGIN`] a turn is not searched (futility pruning).
pub const FUTILITY_DEPTH: i32 = 2;
/// Centipawns a turn of depth that a quiet action may gain at most.
pub const FUTILITY_MARGIN: i32 = 150;

/// The least depth at which late actions are searched shallower first.
pub const REDUCTION_DEPTH: i32 = 3;

/// Turns less that the `index`-th action (from 0, in the node's order) at `depth` is searched
/// first, when it is quiet and late: more the later and the deeper, about
/// `ln(depth) * ln(index) / 2.25`, in whole base-2 logarithms so the wasm needs no floating point. The
/// first actions are never reduced: the table's move, the captures and the killers come first.
pub fn late_move_reduction(depth: i32, index: usize, pv: bool) -> i32 {
    let first_reduced = if pv { 4 } else { 3 };
    if depth < REDUCTION_DEPTH || index < first_reduced {
        return 0;
    }
    let log = |n: u32| (n.max(1).ilog2() + 1) as i32;
    let reduction = (log(depth as u32) * log(index as u32) / 6).max(1) - i32::from(pv);
    // At least one turn is left: the reply is searched, not only its captures.
    reduction.clamp(0, depth - 2)
}

/// Options of a decision inside a turn (a Catalyst chain's next piece, a displaced pawn's
/// square) searched at the horizon's last turn; one more for each turn of depth beyond it.
pub const INNER_OPTIONS: usize = 2;

/// Whether the `index`-th option (from 0, in the node's order) of a decision inside a turn is
/// left out at `depth` (late move pruning inside the turn): all but the first
/// [`INNER_OPTIONS`] at the last turn before the horizon, one more a turn deeper. Impulschach's
/// turns multiply their decisions (each displaced pawn's square after each shift direction),
/// and searched in full they kept the search at two or three turns.
pub fn inner_option_pruned(depth: i32, index: usize) -> bool {
    let depth = depth.max(1) as usize;
    index >= INNER_OPTIONS + depth - 1
}

/// Turns less that the rest of the turn after the `index`-th option of a decision inside it is
/// searched first at `depth`: one for every option after the first two, two late in a deep
/// search; at least one turn is always left, so the turn is finished and answered.
pub fn inner_option_reduction(depth: i32, index: usize) -> i32 {
    let reduction = match index {
        0 | 1 => 0,
        2..=5 => 1,
        _ => 1 + i32::from(depth >= 4),
    };
    reduction.min(depth - 1).max(0)
}

/// The half-width of the first window around the last iteration's score (aspiration).
pub const ASPIRATION_WINDOW: i32 = 30;
/// From this depth on, iterations start with an aspiration window.
pub const ASPIRATION_DEPTH: i32 = 4;

#[cfg(test)]
mod tests {
    use super::{inner_option_pruned, inner_option_reduction, late_move_reduction};

    #[test]
    fn late_quiet_actions_are_reduced_more_the_later_and_deeper() {
        assert_eq!(late_move_reduction(2, 20, false), 0, "too shallow");
        assert_eq!(late_move_reduction(8, 2, false), 0, "too early");
        assert!(late_move_reduction(3, 3, false) >= 1);
        let mut last = 0;
        for index in 3..40 {
            let r = late_move_reduction(12, index, false);
            assert!(r >= last, "index {index}: {r} < {last}");
            last = r;
        }
        assert!(late_move_reduction(12, 30, false) > late_move_reduction(4, 30, false));
        assert!(late_move_reduction(12, 30, true) < late_move_reduction(12, 30, false));
        for depth in 3..30 {
            assert!(late_move_reduction(depth, 100, false) <= depth - 2);
        }
    }

    #[test]
    fn inner_options_are_kept_more_the_deeper_the_search() {
        assert!(!inner_option_pruned(1, 1));
        assert!(inner_option_pruned(1, 2));
        assert!(!inner_option_pruned(3, 3));
        assert!(inner_option_pruned(3, 4));
        assert_eq!(inner_option_reduction(5, 0), 0);
        assert_eq!(inner_option_reduction(5, 2), 1);
        assert_eq!(inner_option_reduction(5, 9), 2);
        // The turn is always finished with a turn of depth left.
        assert_eq!(inner_option_reduction(1, 9), 0);
        assert_eq!(inner_option_reduction(2, 9), 1);
    }
}
