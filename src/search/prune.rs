//! Where the search looks less than the full width, and by how much. Each rule trades a
//! little risk of missing a move for depth elsewhere. They were measured together, against
//! the search before them (`bench/baseline.sh`, figures in docs/PERFORMANCE.md); the Win at
//! Chess suite (`tests/tactics.rs`) and the Impulschach depth test (`tests/search_depth.rs`)
//! hold what they gave.
//!
//! Depth counts turns. The rules at a turn's start (null move, reverse futility) and those for
//! its first action (futility, late move reductions and pruning) apply where that action ends
//! the turn quietly or, for the reductions, to the rest of the turn it begins. Decisions
//! inside a turn (a Catalyst chain, a Resonance Shift) have their own: late options pruned near
//! the horizon and reduced elsewhere. Immortal Chess's entries are chance nodes, narrowed on
//! their own.

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

/// Up to this depth, quiet actions late in a node's order are not searched at all (late
/// move pruning), once [`late_move_count`] of them have been.
pub const LATE_MOVE_DEPTH: i32 = 3;

/// Quiet actions searched at `depth` before the rest are left out: the ordering has put the
/// likely ones first (the killers, the counter-move, good history), and near the horizon a
/// late quiet action rarely changes the score.
pub fn late_move_count(depth: i32) -> usize {
    (3 + depth * depth).max(0) as usize
}

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

/// Up to this depth an action whose exchange on its square loses clearly is not searched
/// (see [`exchange_pruned`]).
pub const EXCHANGE_DEPTH: i32 = 4;

/// Whether an action whose exchange (see [`super::exchange`]) gains `gain` for its side is
/// left out at `depth`: a capture that loses more than a pawn a turn of depth, a quiet action
/// that loses more than a quarter of a pawn times the depth squared (more than a pawn at two
/// turns, more than a minor piece at four: near the horizon the search has no time to win it
/// back).
pub fn exchange_pruned(gain: i32, depth: i32, capture: bool) -> bool {
    if capture {
        gain < -100 * depth
    } else {
        gain < -25 * depth * depth
    }
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

/// Centipawns off its estimate that a chance node's outcome not yet searched is taken to
/// score at most (see [`ChanceWindow`]). Measured against 50, 200 and 400 (the depth the
/// search completes on Immortal middlegames) and against the exact average in games;
/// docs/PERFORMANCE.md has the figures.
pub const CHANCE_MARGIN: i32 = 100;

/// The most an outcome of a chance node counts for in its average, either way: a won game.
/// A mate is a certain win, not the million centipawns the search scores it: averaged at that,
/// a one-in-thirty-six chance that an entry lands a mating piece outweighed a queen lost in
/// every other outcome, so the search gambled on such entries and feared the opponent's above
/// everything else. Where every outcome is a mate for the same side, the node is that mate.
pub const CHANCE_WIN: i32 = 3000;

/// The bookkeeping of a chance node searched Star1-style: the weighted sum of the outcomes
/// searched, and the least and most the others may add, each taken to score within
/// [`CHANCE_MARGIN`] of its estimate. All in centipawns times weights.
pub struct ChanceWindow {
    alpha: i64,
    beta: i64,
    total: i64,
    sum: i64,
    rest_low: i64,
    rest_high: i64,
    /// The window of the outcome under search, as given by [`ChanceWindow::next`].
    low: i64,
    high: i64,
    /// The least and the most score of the outcomes searched: all are mates for the same
    /// side where the most is a loss or the least a win.
    least: i32,
    most: i32,
}

impl ChanceWindow {
    /// The node's window (`alpha`, `beta`), no outcome counted yet.
    pub fn new(alpha: i32, beta: i32) -> ChanceWindow {
        ChanceWindow {
            alpha: i64::from(alpha),
            beta: i64::from(beta),
            total: 0,
            sum: 0,
            rest_low: 0,
            rest_high: 0,
            low: 0,
            high: 0,
            least: i32::MAX,
            most: i32::MIN,
        }
    }

    /// Counts an outcome of `weight` whose static score is `estimate`, before any is searched.
    pub fn expect(&mut self, estimate: i32, weight: u32) {
        let weight = i64::from(weight);
        self.total += weight;
        self.rest_low += (i64::from(estimate) - i64::from(CHANCE_MARGIN)) * weight;
        self.rest_high += (i64::from(estimate) + i64::from(CHANCE_MARGIN)) * weight;
    }

    /// The window to search the next outcome (its `estimate` and `weight` as expected) within:
    /// a score at or below its low end proves the average at most alpha, one at or above its
    /// high end proves it at least beta, whatever the rest score within their margins.
    pub fn next(&mut self, estimate: i32, weight: u32) -> (i32, i32) {
        let weight = i64::from(weight).max(1);
        self.rest_low -= (i64::from(estimate) - i64::from(CHANCE_MARGIN)) * weight;
        self.rest_high -= (i64::from(estimate) + i64::from(CHANCE_MARGIN)) * weight;
        let scale = i64::from(super::MATE) + 1;
        let low = (self.alpha * self.total - self.sum - self.rest_high).div_euclid(weight);
        // Rounded up: the least score that brings the average to beta.
        let high =
            (self.beta * self.total - self.sum - self.rest_low + weight - 1).div_euclid(weight);
        (self.low, self.high) = (low.max(-scale), high.min(scale));
        (self.low as i32, self.high as i32)
    }

    /// Counts the score the outcome got within the window [`ChanceWindow::next`] gave; the
    /// node's bound when it ends the node: at most alpha or at least beta.
    pub fn searched(&mut self, score: i32, weight: u32) -> Option<i32> {
        (self.least, self.most) = (self.least.min(score), self.most.max(score));
        // Compared with the window at the cap: where the node's window lies beyond it (a mate
        // found elsewhere), the node ends at the cap, short of it, even were every outcome a mate.
        let score = i64::from(score.clamp(-CHANCE_WIN, CHANCE_WIN));
        self.sum += score * i64::from(weight);
        let total = self.total.max(1);
        if score <= self.low {
            // Truncated towards zero, which keeps a whole alpha an upper bound.
            Some(((self.sum + self.rest_high) / total) as i32)
        } else if score >= self.high {
            Some(((self.sum + self.rest_low) / total) as i32)
        } else {
            None
        }
    }

    /// The average, once every outcome is searched.
    pub fn average(&self) -> i32 {
        // Lost in every outcome, the slowest loss; won in every one, the slowest win.
        let searched = self.least <= self.most;
        if searched && self.most <= -super::MATE_BOUND {
            return self.most;
        }
        if searched && self.least >= super::MATE_BOUND {
            return self.least;
        }
        (self.sum / self.total.max(1)) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::{
        inner_option_pruned, inner_option_reduction, late_move_count, late_move_reduction,
        ChanceWindow, CHANCE_MARGIN, CHANCE_WIN, LATE_MOVE_DEPTH,
    };
    use crate::search::MATE;

    /// A chance node's outcomes as (score, estimate, weight).
    const OUTCOMES: [(i32, i32, u32); 4] =
        [(40, 0, 8), (-120, -90, 8), (300, 350, 2), (-500, -420, 1)];

    /// The node searched with (alpha, beta): Some(bound) if it was cut off after searching
    /// `searched` outcomes, else the average.
    fn run(alpha: i32, beta: i32, outcomes: &[(i32, i32, u32)]) -> (i32, usize) {
        let mut window = ChanceWindow::new(alpha, beta);
        for &(_, estimate, weight) in outcomes {
            window.expect(estimate, weight);
        }
        for (index, &(score, estimate, weight)) in outcomes.iter().enumerate() {
            let (low, high) = window.next(estimate, weight);
            assert!(low < high, "empty window ({low}, {high})");
            // As a fail-soft search within (low, high) reports it.
            let reported = score.clamp(low, high);
            if let Some(bound) = window.searched(reported, weight) {
                return (bound, index + 1);
            }
        }
        (window.average(), outcomes.len())
    }

    #[test]
    fn a_chance_node_within_its_margins_is_cut_off_on_the_right_side() {
        let total: i32 = OUTCOMES.iter().map(|o| o.2 as i32).sum();
        let exact = OUTCOMES.iter().map(|o| o.0 * o.2 as i32).sum::<i32>() / total;
        // Every outcome within the margin of its estimate: any window gives the average
        // itself inside it, an upper bound at most alpha below it, a lower bound at least
        // beta above it.
        assert!(OUTCOMES.iter().all(|o| (o.0 - o.1).abs() <= CHANCE_MARGIN));
        for alpha in (-300..300).step_by(7) {
            for width in [1, 2, 30, 200] {
                let beta = alpha + width;
                let (score, _) = run(alpha, beta, &OUTCOMES);
                if exact <= alpha {
                    assert!(score <= alpha, "({alpha}, {beta}): {score}, exact {exact}");
                    assert!(score >= exact, "({alpha}, {beta}): {score} below {exact}");
                } else if exact >= beta {
                    assert!(score >= beta, "({alpha}, {beta}): {score}, exact {exact}");
                    assert!(score <= exact, "({alpha}, {beta}): {score} above {exact}");
                } else {
                    assert_eq!(score, exact, "({alpha}, {beta})");
                }
            }
        }
        // The full window searches everything and gives the average.
        assert_eq!(
            run(-1_000_001, 1_000_001, &OUTCOMES),
            (exact, OUTCOMES.len())
        );
        // A window far above: the likeliest outcome alone proves the node below it.
        assert_eq!(run(600, 601, &OUTCOMES).1, 1);
    }

    #[test]
    fn a_mate_counts_in_a_chance_nodes_average_as_a_won_game() {
        let full = (-MATE - 1, MATE + 1);
        // One outcome in 36 mates; the other 35 lose a queen.
        let gamble = [(MATE - 3, 0, 1), (-900, 0, 35)];
        let expected = (CHANCE_WIN - 35 * 900) / 36;
        assert_eq!(run(full.0, full.1, &gamble), (expected, 2));
        // Lost in every outcome, the node is lost: by the slowest of the mates.
        let lost = [(-(MATE - 3), 0, 2), (-(MATE - 7), 0, 1)];
        assert_eq!(run(full.0, full.1, &lost), (-(MATE - 7), 2));
        let won = [(MATE - 3, 0, 2), (MATE - 7, 0, 1)];
        assert_eq!(run(full.0, full.1, &won), (MATE - 7, 2));
        // Nothing searched: nothing known.
        assert_eq!(run(full.0, full.1, &[]), (0, 0));
        // Mates for both sides are a gamble too.
        let both = [(MATE - 3, 0, 1), (-(MATE - 7), 0, 1)];
        assert_eq!(run(full.0, full.1, &both), (0, 2));
    }

    #[test]
    fn a_chance_windows_ends_are_the_scores_that_decide_the_node() {
        // Weights 2 and 1, both estimated at 0; the node's window (0, 1).
        for first in -400..400 {
            let mut window = ChanceWindow::new(0, 1);
            window.expect(0, 2);
            window.expect(0, 1);
            let (low, high) = window.next(0, 2);
            let reported = first.clamp(low, high);
            let bound = window.searched(reported, 2);
            // The other outcome anywhere within its margin of 0.
            let averages =
                [-CHANCE_MARGIN, CHANCE_MARGIN].map(|rest| (2 * reported + rest) as f64 / 3.0);
            match bound {
                Some(bound) if reported <= low => {
                    assert!(
                        averages[1] <= 0.0,
                        "{first}: {averages:?} not at most alpha"
                    );
                    assert!(bound <= 0, "{first}: upper bound {bound}");
                }
                Some(bound) => {
                    assert!(
                        averages[0] >= 1.0,
                        "{first}: {averages:?} not at least beta"
                    );
                    assert!(bound >= 1, "{first}: lower bound {bound}");
                }
                // Undecided: the other outcome can still put the average on either side.
                None => assert!(
                    averages[0] < 1.0 && averages[1] > 0.0,
                    "{first}: {averages:?}"
                ),
            }
        }
    }

    #[test]
    fn late_quiet_actions_are_left_out_later_the_deeper() {
        // The first quiet actions (killers, the counter-move, the best by history) are always
        // searched; deeper, more of them.
        assert!(late_move_count(1) >= 4);
        for depth in 1..LATE_MOVE_DEPTH {
            assert!(
                late_move_count(depth + 1) > late_move_count(depth),
                "depth {depth}"
            );
        }
    }

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
