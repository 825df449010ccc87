//! The search: one alpha-beta searcher for every variant, generic over [`Variant`].
//!
//! Iterative deepening over principal-variation search, a transposition table on the Zobrist
//! keys, move ordering (the table's move, captures by value, killers, history), quiescence on
//! captures (on every evasion when in check) and a check extension. Depth counts turns: the
//! actions of one side's turn (a Catalyst chain, a Resonance Shift, an entry) are searched as
//! decisions of the same side, so the score's sign flips only when the turn passes. An action
//! whose effect is hidden (an Immortal's entry) is a chance node: the average over what the
//! public pool says it may be, so the search never reads a deal and answers alike for deals
//! that agree on what is known.

mod eval;
mod eval_cache;
mod exchange;
pub mod fit_placement;
mod landing;
mod order;
mod positional;
mod prefetch;
mod prune;
mod table;
pub mod tune;
mod turn;

pub use eval::{Evaluator, Values};
pub use table::Table;
pub use turn::{best_turn, chosen_turn, pick_line, Choice, Thought, NOISY_LINES};

use crate::game::Game;
use crate::geometry::Square;
use crate::movement::{Color, Piece, Role};
use crate::position::Position;
use crate::rules::{retain_actions, Action, ActionKind, HiddenIdentities, Outcome, Variant};
use landing::{Exposure, Landings};
use order::Ordering;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use table::Bound;

/// A score for a won game, less the turns it takes.
pub const MATE: i32 = 1_000_000;
/// Scores above this are wins (or losses) found by the search.
const MATE_BOUND: i32 = MATE - 10_000;
/// Captures in a row that quiescence follows past the horizon.
const QUIESCENCE_PLIES: u32 = 8;
/// Captures in a row that quiescence tries in full; after them, only recaptures.
const ALL_CAPTURE_PLIES: u32 = 4;
/// What a capture may gain beyond its victim's value (a promotion it brings about, position).
const DELTA_MARGIN: i32 = 200;
/// How much more than its victim a capturing piece may be worth for the capture to count as an
/// even trade in quiescence, tried onto a defended square: a bishop taking a knight (386 and
/// 360 in chess). Without it such trades were never tried there (docs/PERFORMANCE.md, "an even
/// trade in quiescence").
const EVEN_TRADE: i32 = 50;
/// Chance actions (entries) searched at a node; the rest are dropped (see `narrow_chances`).
const CHANCE_WIDTH: usize = 3;
/// The most outcomes a chance action has (Immortal Chess: five types in two colours).
const MAX_OUTCOMES: usize = 10;
/// Turns less that the outcomes of a chance action are searched. Two, not one: with one turn
/// less a search of 200,000 nodes reached no deeper than one of 20,000 when chance nodes had
/// no cutoffs, and with their cutoffs (`chance`) a median of 3 turns on Immortal middlegames
/// against 5 (see docs/PERFORMANCE.md).
const CHANCE_REDUCTION: i32 = 2;
/// Chance actions searched at the root.
const ROOT_CHANCE_WIDTH: usize = 8;
/// The deepest line the search follows, in actions.
const MAX_PLY: usize = 256;

/// When to stop: a depth in turns, a node budget, a time in milliseconds; any that is given.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Turns to search.
    pub depth: Option<u32>,
    /// Positions to visit; a search with a node budget and no time limit is deterministic.
    pub nodes: Option<u64>,
    /// Milliseconds to think.
    pub millis: Option<u64>,
}

/// What an iteration found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Report {
    /// The depth completed, in turns.
    pub depth: u32,
    /// The score for the side to move: centipawns, or near [`MATE`] for a forced result.
    pub score: i32,
    /// Positions visited so far.
    pub nodes: u64,
    /// Milliseconds so far.
    pub millis: u64,
    /// The principal variation, from the root.
    pub pv: Vec<Action>,
}

impl Report {
    /// `cp 35`, or as UCI counts a forced result, in the winner's own turns: `mate 2` (the
    /// side to move wins on its second turn), `mate -1` (it is lost after its next turn).
    pub fn score_text(&self) -> String {
        if self.score.abs() >= MATE_BOUND {
            let turns = MATE - self.score.abs();
            if self.score > 0 {
                format!("mate {}", (turns + 1) / 2)
            } else {
                format!("mate -{}", (turns / 2).max(1))
            }
        } else {
            format!("cp {}", self.score)
        }
    }

    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.millis.max(1)
    }
}

/// The search of one game's position.
pub struct Searcher<'a> {
    variant: &'a dyn Variant,
    /// The variant's hidden identities, whose entries are chance nodes.
    hidden: Option<&'a dyn HiddenIdentities>,
    line: Vec<Position>,
    eval: Evaluator<'a>,
    table: Table,
    ordering: Ordering,
    limits: Limits,
    clock: &'a dyn Fn() -> f64,
    started: f64,
    nodes: u64,
    stopped: bool,
    pv: Vec<Vec<Action>>,
    /// A list of actions for each ply, reused (allocating one per node was a tenth of the time).
    buffers: Vec<Vec<Action>>,
    /// A list of a chance action's outcomes for each ply, reused as `buffers` are.
    chance_lists: Vec<Vec<(Action, u32)>>,
    /// The depth of the iteration under way, which bounds the check extensions.
    root_depth: i32,
    /// The score of the best root line the iteration under way has proved (searched through
    /// to a score above its window's low end), and the line: what is played if the budget
    /// cuts the iteration short.
    proved: Option<i32>,
    proved_line: Vec<Action>,
    /// Set from outside (a UCI `stop`) to end the search as soon as it looks.
    stop: Option<&'a AtomicBool>,
    /// Whether a draw at the root that leaves an action waits for a claim, so the search
    /// goes on (see [`Game::with_draws_by_claim`]).
    draws_by_claim: bool,
    /// Root actions left out of the search: first those UCI's `searchmoves` leaves out (they
    /// stay: the first `always_excluded`), then those that head the better lines of a
    /// multi-line search (UCI's MultiPV).
    excluded: Vec<Action>,
    always_excluded: usize,
    /// By ply: whether the side to move is in check at the start of its turn there.
    in_check: Vec<bool>,
    /// By ply: whether the position was reached by a null move (two in a row prove nothing).
    after_null: Vec<bool>,
    /// By ply: the action that led there (none at the root and after a null move).
    played: Vec<Option<Action>>,
    /// By ply: the quiet actions tried at the node so far, debited if another refutes it.
    quiets_tried: Vec<Vec<Action>>,
    /// Whether having to move can lose where passing would not (NAChT Schach, where having no
    /// move loses): then the search never passes (a null move), and it looks for a side's
    /// lack of any action at the horizon too.
    zugzwang: bool,
    /// Whether a move that captures nothing may still change the material, by promoting the
    /// pieces it leaves en prise (Nietzsche Chess): then no late action is left out as quiet.
    moves_promote: bool,
    /// Whether a capture only removes the piece taken (chess, Quintessential Chess) and the
    /// pruning was measured to win: then an action whose exchange on its square loses clearly
    /// is left out near the horizon (see [`exchange`]). Not in NAChT Schach, where it was even
    /// at 200,000 nodes (docs/PERFORMANCE.md).
    plain_exchanges: bool,
    /// The roles worth a null move's trust: a side with none of them (pawns and the king
    /// alone) is where zugzwang is common in every variant.
    officers: Vec<Role>,
    /// The promotion quiescence tries without a capture (see
    /// [`crate::rules::EvalTerms::quiet_promotion`]).
    quiet_promotion: Option<Role>,
    /// Whether the captures whose exchange loses are searched after the killers, not with
    /// the other captures: chess, where it was measured to win (docs/PERFORMANCE.md, "losing
    /// captures after the killers"); the exchange is the one [`Searcher::plain_exchanges`]'s
    /// pruning works out.
    losing_captures_later: bool,
    /// Whether a check whose exchange loses material is searched without the check's
    /// extension (see [`Searcher::check_is_extended`]): chess, where it was measured to win.
    losing_checks_unextended: bool,
}

/// How a child is searched: shallower first, or not at all if it proves quiet.
#[derive(Clone, Copy, Default)]
struct Plan {
    /// Turns less to search it first (a late quiet action).
    reduction: i32,
    /// Whether it is left out if it ends the turn quietly (futility).
    futile: bool,
    /// Whether the reduction holds for an action that leaves the turn open too (a late option
    /// of a decision inside the turn): the rest of the turn is searched with it.
    within_turn: bool,
}

impl<'a> Searcher<'a> {
    /// A searcher for the current position of `game`; `clock` gives milliseconds (the caller's
    /// clock: `Instant` natively, `Date.now()` in a browser).
    pub fn new(game: &'a Game, limits: Limits, clock: &'a dyn Fn() -> f64) -> Searcher<'a> {
        Searcher::with_table(game, limits, clock, Table::default())
    }

    /// The same with the transposition table `table`, whose entries it uses and adds to (a
    /// UCI engine keeps one table through a game; [`Searcher::into_table`] gives it back).
    pub fn with_table(
        game: &'a Game,
        limits: Limits,
        clock: &'a dyn Fn() -> f64,
        table: Table,
    ) -> Searcher<'a> {
        let variant = game.variant();
        let mut table = table;
        table.new_search();
        let officers = (0u8..)
            .zip(variant.armory().defs())
            .filter(|(_, def)| !def.pawn && !def.royal)
            .map(|(index, _)| Role(index))
            .collect();
        // Asked once: each call builds the variant's terms afresh.
        let terms = variant.eval_terms();
        let zugzwang = terms.zugzwang;
        let moves_promote = !terms.en_prise_becomes.is_empty();
        let quiet_promotion = terms.quiet_promotion;
        Searcher {
            variant,
            hidden: variant.hidden(),
            line: game.line().to_vec(),
            eval: Evaluator::new(variant.armory(), terms).with_start(&start_of(variant, game)),
            table,
            ordering: Ordering::new(MAX_PLY),
            limits,
            clock,
            started: clock(),
            nodes: 0,
            stopped: false,
            pv: vec![Vec::new(); MAX_PLY + 1],
            buffers: vec![Vec::new(); MAX_PLY + 1],
            chance_lists: vec![Vec::new(); MAX_PLY + 1],
            root_depth: 1,
            proved: None,
            proved_line: Vec::new(),
            stop: None,
            draws_by_claim: game.draws_by_claim(),
            excluded: Vec::new(),
            always_excluded: 0,
            in_check: vec![false; MAX_PLY + 1],
            after_null: vec![false; MAX_PLY + 1],
            played: vec![None; MAX_PLY + 1],
            quiets_tried: vec![Vec::new(); MAX_PLY + 1],
            zugzwang,
            moves_promote,
            officers,
            plain_exchanges: matches!(variant.name(), "chess" | "quintessential"),
            quiet_promotion,
            losing_captures_later: variant.name() == "chess",
            losing_checks_unextended: variant.name() == "chess",
        }
    }

    /// The transposition table, for the next search.
    pub fn into_table(self) -> Table {
        self.table
    }

    /// Whether `action` after `position` has a hidden effect, with its possible outcomes put
    /// into `outcomes` (see [`HiddenIdentities::chance_into`]).
    #[inline]
    fn chance_into(
        &self,
        position: &Position,
        action: &Action,
        outcomes: &mut Vec<(Action, u32)>,
    ) -> bool {
        match self.hidden {
            Some(hidden) => hidden.chance_into(position, action, outcomes),
            None => {
                outcomes.clear();
                false
            }
        }
    }

    /// The same, ending early when `stop` is set (by another thread).
    pub fn with_stop(mut self, stop: &'a AtomicBool) -> Searcher<'a> {
        self.stop = Some(stop);
        self
    }

    /// The same, searching only the root actions among `only` (UCI's `searchmoves`); all of
    /// them when none of `only` is legal.
    pub fn with_root_actions(mut self, only: &[Action]) -> Searcher<'a> {
        let mut root = Vec::new();
        self.variant.legal_actions(&self.line, &mut root);
        if root.iter().any(|a| only.contains(a)) {
            root.retain(|a| !only.contains(a));
            self.always_excluded = root.len();
            self.excluded = root;
        }
        self
    }

    /// Searches deeper and deeper until a limit is reached, calling `report` after each
    /// completed depth; returns the last report (none when there is no legal action).
    pub fn think(&mut self, mut report: impl FnMut(&Report)) -> Option<Report> {
        self.think_lines(1, &mut |_, found| report(found))
    }

    /// [`Searcher::think`] for the `lines` best root actions (UCI's MultiPV): at each depth,
    /// line `k` (from 0) is searched without the actions that head lines `0..k`, and
    /// `report(k, ...)` hears it. Returns the best line's last report. Lines cut short by the
    /// budget are not reported, except the first.
    pub fn think_lines(
        &mut self,
        lines: usize,
        report: &mut dyn FnMut(usize, &Report),
    ) -> Option<Report> {
        let mut root = Vec::new();
        self.variant.legal_actions(&self.line, &mut root);
        // The root has an action here, so a draw the game leaves to a claim does not end it.
        let over = self.variant.outcome(&self.line).is_some_and(|outcome| {
            !(self.draws_by_claim && matches!(outcome, Outcome::Draw { .. }))
        });
        if root.is_empty() || over {
            return None;
        }
        let lines = lines.clamp(1, root.len());
        let max_depth = self.limits.depth.unwrap_or(64).clamp(1, 64) as i32;
        let mut best: Option<Report> = None;
        if let Some(position) = self.line.last() {
            self.in_check[0] = position.phase().is_move() && self.variant.in_check(position);
        }
        for depth in 1..=max_depth {
            self.root_depth = depth;
            self.proved = None;
            self.reset_excluded();
            let last = best.as_ref().map(|found| found.score);
            let score = self.aspire(depth, last);
            // Cut short before any action was searched through: no score to tell.
            let mut score = if score < -MATE { 0 } else { score };
            // Cut short after it proved a root action at least as good as the last iteration's
            // score allowed (the first action, or one that beat it): that action, seen a turn
            // deeper, is played. A node budget ends most searches inside an iteration, which
            // had been thrown away (57.6 % in 400 games of chess at 20,000 nodes against the
            // search without it). Not in a multi-line search, whose other lines are a turn
            // shallower, nor in Immortal Chess, where it lost (46.0 %; docs/PERFORMANCE.md).
            if self.stopped && best.is_some() {
                match self.proved.filter(|_| lines == 1 && self.hidden.is_none()) {
                    Some(proved) => {
                        score = proved;
                        std::mem::swap(&mut self.pv[0], &mut self.proved_line);
                    }
                    None => break,
                }
            }
            // A first iteration cut short still gives the best action seen, at depth 0.
            let completed = if self.stopped { depth - 1 } else { depth };
            let found = self.report_of(completed, score);
            report(0, &found);
            // A forced result that lies within the iteration's depth: deeper ones add nothing.
            // One further off was seen through the table's entries of earlier turns (the table
            // is kept through the game), which do not see this line's repetitions: taken at
            // depth 1 (a mate in 7 after 47 nodes), it walked a won rook ending into a
            // threefold repetition.
            let forced = score.abs() >= MATE_BOUND && MATE - score.abs() <= depth;
            best = Some(found);
            if self.stopped {
                break;
            }
            self.other_lines(lines, depth, report);
            if self.stopped || forced {
                break;
            }
        }
        // The work of an iteration cut short counts too.
        if let Some(found) = best.as_mut() {
            found.nodes = self.nodes;
            found.millis = self.elapsed() as u64;
        }
        best
    }

    /// The root searched to `depth`: within a window around the `last` iteration's score, wider
    /// and wider while the score falls outside it (aspiration); with the full window at first,
    /// and where the last score was a forced result.
    fn aspire(&mut self, depth: i32, last: Option<i32>) -> i32 {
        let Some(last) = last.filter(|s| depth >= prune::ASPIRATION_DEPTH && s.abs() < MATE_BOUND)
        else {
            return self.search(depth, -MATE - 1, MATE + 1, 0, 0);
        };
        let mut width = prune::ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (last - width, last + width);
        loop {
            let score = self.search(depth, alpha, beta, 0, 0);
            if self.stopped || (score > alpha && score < beta) {
                return score;
            }
            width *= 3;
            if width > 1000 || score.abs() >= MATE_BOUND {
                (alpha, beta) = (-MATE - 1, MATE + 1);
            } else if score <= alpha {
                alpha = score - width;
            } else {
                beta = score + width;
            }
        }
    }

    /// The report of an iteration that completed `depth` with `score`, its line from `pv[0]`.
    fn report_of(&self, depth: i32, score: i32) -> Report {
        Report {
            depth: depth.max(0) as u32,
            score,
            nodes: self.nodes,
            millis: self.elapsed() as u64,
            pv: self.pv[0].clone(),
        }
    }

    /// Lines `1..lines` of a multi-line search at `depth`, after the first: each searched
    /// without the root actions that head the lines before it.
    fn other_lines(&mut self, lines: usize, depth: i32, report: &mut dyn FnMut(usize, &Report)) {
        for line in 1..lines {
            let Some(&head) = self.pv[0].first() else {
                break;
            };
            self.excluded.push(head);
            let score = self.search(depth, -MATE - 1, MATE + 1, 0, 0);
            if self.stopped || score < -MATE {
                break;
            }
            let found = self.report_of(depth, score);
            report(line, &found);
        }
        self.reset_excluded();
    }

    fn elapsed(&self) -> f64 {
        (self.clock)() - self.started
    }

    fn out_of_budget(&mut self) -> bool {
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        if self.nodes % 1024 == 0
            && (self
                .limits
                .millis
                .is_some_and(|ms| self.elapsed() >= ms as f64)
                || self.stop.is_some_and(|s| s.load(AtomicOrdering::Relaxed)))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The score of a finished game for the side to move, `turns` turns from the root.
    fn terminal(outcome: Outcome, to_move: Color, turns: i32) -> i32 {
        match outcome {
            Outcome::Win { winner, .. } if winner == to_move => MATE - turns,
            Outcome::Win { .. } => -(MATE - turns),
            Outcome::Draw { .. } | Outcome::Unfinished { .. } => 0,
        }
    }

    /// The list of actions kept for `ply`, emptied; [`Searcher::give_back`] returns it.
    fn take_buffer(&mut self, ply: usize) -> Vec<Action> {
        let mut buffer = self
            .buffers
            .get_mut(ply)
            .map(std::mem::take)
            .unwrap_or_default();
        buffer.clear();
        buffer
    }

    fn give_back(&mut self, ply: usize, buffer: Vec<Action>) {
        if let Some(slot) = self.buffers.get_mut(ply) {
            *slot = buffer;
        }
    }

    /// The outcome list kept for `ply`; [`Searcher::give_back_chance_list`] returns it.
    fn take_chance_list(&mut self, ply: usize) -> Vec<(Action, u32)> {
        self.chance_lists
            .get_mut(ply)
            .map(std::mem::take)
            .unwrap_or_default()
    }

    fn give_back_chance_list(&mut self, ply: usize, list: Vec<(Action, u32)>) {
        if let Some(slot) = self.chance_lists.get_mut(ply) {
            *slot = list;
        }
    }

    /// Negamax over turns: the score for the side to move at the end of the line.
    fn search(&mut self, depth: i32, alpha: i32, beta: i32, ply: usize, turns: i32) -> i32 {
        let mut actions = self.take_buffer(ply);
        let score = self.search_with(&mut actions, depth, alpha, beta, ply, turns);
        self.give_back(ply, actions);
        score
    }

    /// [`Searcher::search`] with an empty list to generate the actions into.
    fn search_with(
        &mut self,
        actions: &mut Vec<Action>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        turns: i32,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        if ply > 0 && self.out_of_budget() {
            return 0;
        }
        let Some(&position) = self.line.last() else {
            return 0;
        };
        let turn_start = position.phase().is_move();
        if depth <= 0 || ply == 0 {
            return self.generate_then_search(actions, &position, depth, alpha, beta, ply, turns);
        }
        // An interior node: what can end it without the list of actions is tried first, since
        // generating them was most of the cost of the nodes these cut off. A result the rules
        // give without looking at the actions (a repetition, the move count, a captured king)
        // comes first, as a table entry may have been written on another path.
        if turn_start {
            if let Some(outcome) = self.variant.outcome_knowing(&self.line, true) {
                return Searcher::terminal(outcome, position.turn(), turns);
            }
        }
        let key = position.hash();
        let remembered = self.table.probe(key);
        let pv_node = beta - alpha > 1;
        // Not on the principal line: an entry written where the position was reached on
        // another path misses the repetitions of this one. With the table kept from earlier
        // turns, a check that let the position repeat a third time kept its 5.4 pawns from
        // before, and Hard gave a won game away (tests/search_table.rs).
        if let Some(entry) = remembered.filter(|e| e.depth >= depth && !pv_node) {
            let score = from_table(entry.score, turns);
            if entry.bound.settles(score, alpha, beta) {
                return score;
            }
        }
        let in_check = turn_start && self.in_check[ply];
        // The static score, where the pruning below may use it: at a turn's start off the
        // principal line, the side to move not in check. (A side with no action at all, which
        // is not in check, is taken at its static score here too: stalemates are rare enough.)
        // Lazy: the pruning compares it with the window, so a score far outside it is left
        // rough.
        let stand = (turn_start && !pv_node && !in_check && beta.abs() < MATE_BOUND)
            .then(|| self.eval.evaluate_within(&position, alpha, beta));
        if let Some(stand) = stand {
            // So far ahead that the opponent cannot come back within the depth left.
            if depth <= prune::REVERSE_FUTILITY_DEPTH
                && stand - prune::REVERSE_FUTILITY_MARGIN * depth >= beta
            {
                return stand;
            }
            if stand >= beta {
                if let Some(score) = self.null_move(&position, depth, beta, ply, turns) {
                    return score;
                }
            }
        }
        let best_known = remembered.and_then(|e| e.best);
        let partial = self.generate_for(actions, best_known, turn_start);
        if actions.is_empty() {
            return match self.variant.outcome_knowing(&self.line, false) {
                Some(outcome) => Searcher::terminal(outcome, position.turn(), turns),
                None => self.eval.evaluate(&position),
            };
        }
        if ply >= MAX_PLY - 1 {
            return self.eval.evaluate(&position);
        }
        if !turn_start && actions.len() == 1 {
            return self.forced(actions[0], depth, alpha, beta, ply, turns);
        }
        self.expand(
            actions, &position, depth, alpha, beta, ply, turns, best_known, stand, partial,
        )
    }

    /// Generates an interior node's actions into `actions`: where the variant lists a piece's
    /// actions apart and the table's move `best_known` is among them, only those (true is
    /// returned; [`Searcher::expand`] generates the rest if that move does not end the node;
    /// it ended 61 % of them in a Kiwipete search). Only at a turn's start: the decisions
    /// inside a turn (Immortal Chess's entries, which are narrowed) take the whole list.
    fn generate_for(
        &mut self,
        actions: &mut Vec<Action>,
        best_known: Option<Action>,
        turn_start: bool,
    ) -> bool {
        if let Some(best) = best_known.filter(|b| turn_start && b.has_squares()) {
            if self
                .variant
                .legal_actions_from(&self.line, best.from, actions)
            {
                if actions.contains(&best) {
                    return true;
                }
                actions.clear();
            } else {
                return false;
            }
        }
        self.variant.legal_actions(&self.line, actions);
        false
    }

    /// The root, and the horizon: the actions are generated first, as the root needs them
    /// all and quiescence needs the captures (and whether there is any action at all).
    #[allow(clippy::too_many_arguments)]
    fn generate_then_search(
        &mut self,
        actions: &mut Vec<Action>,
        position: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        turns: i32,
    ) -> i32 {
        let turn_start = position.phase().is_move();
        let quiescence = depth <= 0 && turn_start;
        // At the horizon, a side not in check is scored before its actions are listed: most
        // of these nodes end at their stand-pat, and listing the captures first (and where
        // there were none, counting every action to tell a stalemate) was 6.6 % of a chess
        // search. A stalemate there is left to the next iteration, which reaches it a turn
        // before the horizon; not where having no move loses (NAChT, which lists no captures
        // apart today: the guard is for a variant that would), as that must be seen.
        if quiescence
            && ply > 0
            && ply < MAX_PLY - 1
            && !self.zugzwang
            && !self.in_check[ply]
            && self.variant.captures_apart()
        {
            if let Some(outcome) = self.variant.outcome_knowing(&self.line, true) {
                return Searcher::terminal(outcome, position.turn(), turns);
            }
            let left = QUIESCENCE_PLIES;
            return self.quiesce_with(actions, false, alpha, beta, ply, left, None, turns);
        }
        // In check, or where having no move loses: quiescence needs only the captures; when
        // there are none, counting tells whether there is any action.
        let has_action = if quiescence && ply > 0 && self.variant.captures_apart() {
            self.variant.legal_captures(&self.line, actions);
            !actions.is_empty() || self.variant.count_actions(&self.line) > 0
        } else {
            self.variant.legal_actions(&self.line, actions);
            !actions.is_empty()
        };
        if ply > 0 && (turn_start || !has_action) {
            if let Some(outcome) = self.variant.outcome_knowing(&self.line, has_action) {
                return Searcher::terminal(outcome, position.turn(), turns);
            }
        }
        if !has_action || ply >= MAX_PLY - 1 {
            return self.eval.evaluate(position);
        }
        if depth <= 0 {
            return if quiescence {
                self.quiesce_with(
                    actions,
                    true,
                    alpha,
                    beta,
                    ply,
                    QUIESCENCE_PLIES,
                    None,
                    turns,
                )
            } else {
                self.eval.evaluate(position)
            };
        }
        // The root: its table entry gives the move to try first, never its score.
        let best_known = self.table.probe(position.hash()).and_then(|e| e.best);
        self.expand(
            actions, position, depth, alpha, beta, ply, turns, best_known, None, false,
        )
    }

    /// A node's actions searched in turn, best first: the table's move `best_known`, then the
    /// others ordered; late quiet ones shallower, futile ones (by the `stand`ing score) not
    /// at all. Stores the result in the table. `partial`: `actions` holds only the piece's
    /// actions that `best_known` is one of (see [`Searcher::generate_for`]).
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        actions: &mut Vec<Action>,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        turns: i32,
        best_known: Option<Action>,
        stand: Option<i32>,
        partial: bool,
    ) -> i32 {
        let key = position.hash();
        let turn_start = position.phase().is_move();
        let pv_node = beta - alpha > 1;
        let in_check = turn_start && self.in_check[ply];
        if ply == 0 && !self.excluded.is_empty() {
            self.exclude_from_root(actions);
            if actions.is_empty() {
                return -MATE - 1;
            }
        }
        // Narrowed first, so only the entries kept are ordered: the order of the kept ones is
        // the same either way, the sort being stable.
        self.narrow_chances(actions, position, best_known, ply);
        // The table's move is searched before the others are ordered: it mostly ends the node
        // at once, and then the sort is saved. Moved to the front, the others keep their order.
        let hash_first = best_known.and_then(|best| actions.iter().position(|a| *a == best));
        let previous = self.played[ply];
        let mut quiets_tried = std::mem::take(&mut self.quiets_tried[ply]);
        quiets_tried.clear();
        match hash_first {
            Some(at) => actions[..=at].rotate_right(1),
            None => {
                let values = self.eval.values();
                self.ordering.rank(actions, position, values, ply, previous);
                self.rank_losing_captures_later(actions, position, ply);
                self.ordering.pick(actions, ply, 0);
            }
        }
        let original_alpha = alpha;
        let mut best_score = -MATE - 1;
        let mut best_action = None;
        if ply == 0 {
            // Something to play even if the budget runs out inside the first action.
            self.pv[0] = vec![actions[0]];
        }
        let board = position.board();
        // Off the principal line near the horizon, the actions whose exchange loses clearly are
        // left out (see `prune::exchange_pruned`), worked out on this node's board once an
        // action after the first asks (most of these nodes end at their first).
        let variant = self.variant;
        let exchanges_apply = self.plain_exchanges
            && turn_start
            && !pv_node
            && !in_check
            && ply > 0
            && depth <= prune::EXCHANGE_DEPTH;
        let mut exchanges = None;
        for index in 0.. {
            if index == 1 && partial {
                // The table's move has not ended the node: the others, in the order a whole
                // list would have had, with it first.
                actions.clear();
                self.variant.legal_actions(&self.line, actions);
                if let Some(at) = best_known.and_then(|b| actions.iter().position(|a| *a == b)) {
                    actions[..=at].rotate_right(1);
                }
            }
            if index >= actions.len() {
                break;
            }
            if index > 0 {
                // The table's move was not ranked: the rest are, once it has not ended the
                // node.
                if index == 1 && hash_first.is_some() {
                    let values = self.eval.values();
                    self.ordering.rank(actions, position, values, ply, previous);
                    self.rank_losing_captures_later(actions, position, ply);
                }
                self.ordering.pick(actions, ply, index);
            }
            let action = &actions[index];
            let quiet = turn_start
                && !in_check
                && action.promotion.is_none()
                && !(action.has_squares() && board.side(!position.turn()).contains(action.to))
                && !self.ordering.is_killer(action, ply);
            // Immortal Chess's decisions inside a turn are entries and `pass`, which the chance
            // nodes narrow and value on their own.
            let inner_quiet = !turn_start
                && self.hidden.is_none()
                && action.promotion.is_none()
                && !(action.has_squares() && board.side(!position.turn()).contains(action.to));
            // Late options of a decision inside the turn, at the horizon's last turn: the
            // opponent's reply is only its captures, so the first few options (the best by
            // the ordering) stand for the rest.
            if inner_quiet && prune::inner_option_pruned(depth, index) {
                continue;
            }
            if quiet
                && !self.moves_promote
                && !pv_node
                && ply > 0
                && depth <= prune::LATE_MOVE_DEPTH
                && best_score > -MATE_BOUND
                && quiets_tried.len() >= prune::late_move_count(depth)
            {
                continue;
            }
            if exchanges_apply && index > 0 && best_score > -MATE_BOUND {
                let values = self.eval.values();
                let exchanges = exchanges.get_or_insert_with(|| {
                    exchange::Exchanges::new(variant.armory(), board, values.clone())
                });
                if exchanges.prunes(action, depth, quiet) {
                    continue;
                }
            }
            // The root's actions are never searched shallower: each is the answer if it wins.
            let plan = if quiet && index > 0 && ply > 0 {
                Plan {
                    reduction: prune::late_move_reduction(depth, index, pv_node),
                    futile: stand.is_some_and(|stand| {
                        depth <= prune::FUTILITY_DEPTH
                            && stand + prune::FUTILITY_MARGIN * depth <= alpha
                    }),
                    within_turn: true,
                }
            } else if inner_quiet {
                Plan {
                    reduction: prune::inner_option_reduction(depth, index),
                    futile: false,
                    within_turn: true,
                }
            } else {
                Plan::default()
            };
            let score = self.child(action, depth, alpha, beta, ply, turns, index == 0, plan);
            if self.stopped {
                // A score cut short means nothing; at the root the actions done stand.
                if ply > 0 {
                    return 0;
                }
                break;
            }
            if score > best_score {
                best_score = score;
                best_action = Some(*action);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(*action);
                    head[ply].extend_from_slice(&tail[0]);
                    if ply == 0 {
                        self.prove_root(score, beta);
                    }
                }
            }
            if alpha >= beta {
                self.ordering
                    .reward(action, position, depth, ply, previous, &quiets_tried);
                break;
            }
            if quiet || inner_quiet {
                quiets_tried.push(*action);
            }
        }
        self.quiets_tried[ply] = quiets_tried;
        let bound = Bound::of(best_score, original_alpha, beta);
        // A root searched without some of its actions has no score of its own to keep.
        let partial = ply == 0 && !self.excluded.is_empty();
        if !self.stopped && !partial {
            self.table
                .store(key, depth, to_table(best_score, turns), bound, best_action);
        }
        best_score
    }

    /// Where the variant asks it ([`Searcher::losing_captures_later`]: chess, whose actions
    /// all start a turn and move a piece between two squares), the captures among the
    /// `actions` just ranked at `ply` whose exchange loses material are ranked after the
    /// killers (see [`Ordering::rank_losing_captures_later`]). Only a capture by a piece worth
    /// more than its victim can lose: the exchanges are worked out once there is one.
    // Out of line: `expand`, which is hot, stays as small as it was.
    #[inline(never)]
    fn rank_losing_captures_later(&mut self, actions: &[Action], position: &Position, ply: usize) {
        if !self.losing_captures_later {
            return;
        }
        let board = position.board();
        let values = self.eval.values();
        let armory = self.variant.armory();
        self.ordering.rank_losing_captures_later(ply, actions, |a| {
            let (Some(mover), Some(victim)) = (board.piece_at(a.from), board.piece_at(a.to)) else {
                return false;
            };
            mover.color != victim.color
                && values.of(mover.role) > values.of(victim.role)
                && exchange::gain_on(armory, board, values, mover, a.from, a.to) < 0
        });
    }

    /// Whether a check by `action`, just played (the line's last position but one is where
    /// it was played from), is searched a turn deeper: not in chess where the checking
    /// piece's exchange on its square loses material (a queen's check where the king or a
    /// pawn takes it), since such a check mostly only gives the piece away and the extension
    /// spent a deeper subtree on proving so (docs/PERFORMANCE.md, "checks that lose
    /// material"). Out of line: checks are a small part of the nodes.
    #[inline(never)]
    fn check_is_extended(&self, action: &Action) -> bool {
        if !self.losing_checks_unextended || !action.has_squares() {
            return true;
        }
        let Some(before) = self
            .line
            .len()
            .checked_sub(2)
            .and_then(|at| self.line.get(at))
        else {
            return true;
        };
        let board = before.board();
        let Some(mover) = board.piece_at(action.from) else {
            return true;
        };
        let (armory, values) = (self.variant.armory(), self.eval.values());
        exchange::gain_on(armory, board, values, mover, action.from, action.to) >= 0
    }

    /// Notes the root's line `pv[0]`, which scored `score`, as proved (see `proved`). Past
    /// `beta`, only its first action: the rest is what refuted the replies, not the best of
    /// the turn's later decisions. Out of line: the root alone calls it.
    #[inline(never)]
    fn prove_root(&mut self, score: i32, beta: i32) {
        self.proved_line = self.pv[0].clone();
        if score >= beta {
            self.proved_line.truncate(1);
        }
        self.proved = Some(score);
    }

    /// A decision inside a turn that has one option (a pawn the Resonance Shift can move to one
    /// square only): played at once, as the rules leave no choice. It is not a node of its
    /// own, so the budget and the node counts go to real choices, and it is not stored.
    fn forced(
        &mut self,
        action: Action,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        turns: i32,
    ) -> i32 {
        self.nodes -= 1;
        let score = self.child(
            &action,
            depth,
            alpha,
            beta,
            ply,
            turns,
            true,
            Plan::default(),
        );
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(action);
        head[ply].extend_from_slice(&tail[0]);
        score
    }

    /// The null move: the side to move passes, and the opponent's reply is searched
    /// [`prune::null_move_reduction`] turns shallower. If even then the opponent cannot bring
    /// the score below `beta`, a real action would not either (barring zugzwang), and the
    /// node fails high: its score is returned. Not tried where zugzwang rules: in a variant
    /// that says so, for a side with pawns and a king alone, and right after another null move.
    fn null_move(
        &mut self,
        position: &Position,
        depth: i32,
        beta: i32,
        ply: usize,
        turns: i32,
    ) -> Option<i32> {
        let us = position.turn();
        let board = position.board();
        if self.zugzwang
            || depth < prune::NULL_MOVE_DEPTH
            || self.after_null[ply]
            || !self
                .officers
                .iter()
                .any(|&role| board.pieces(us, role).any())
        {
            return None;
        }
        let mut next = *position;
        next.set_en_passant(None);
        next.end_turn(false);
        // No repetition reaches back across a pass: the positions before it were not played.
        next.halfmove_clock = 0;
        self.line.push(next);
        self.after_null[ply + 1] = true;
        self.in_check[ply + 1] = false;
        self.played[ply + 1] = None;
        let reduced = depth - 1 - prune::null_move_reduction(depth);
        let score = -self.search(reduced, -beta, -beta + 1, ply + 1, turns + 1);
        self.after_null[ply + 1] = false;
        self.line.pop();
        if self.stopped || score < beta {
            return None;
        }
        // A mate found after a pass is not proved for the position itself.
        Some(if score >= MATE_BOUND { beta } else { score })
    }

    /// Takes back the root actions a multi-line search left out, keeping those `searchmoves`
    /// left out. The page's engine has no `searchmoves` (a UCI command), and its wasm, at the
    /// size budget, keeps the plain clear.
    #[inline]
    fn reset_excluded(&mut self) {
        #[cfg(target_arch = "wasm32")]
        self.excluded.clear();
        #[cfg(not(target_arch = "wasm32"))]
        self.excluded.truncate(self.always_excluded);
    }

    /// Drops the root actions left out (`searchmoves`, the better lines). Not inlined:
    /// the search's hot path needs only the test for it.
    #[inline(never)]
    fn exclude_from_root(&self, actions: &mut Vec<Action>) {
        actions.retain(|a| !self.excluded.contains(a));
    }

    /// Where the actions include chance nodes (Immortal Chess's entries, each an average over
    /// up to ten identities), keeps only the most promising: each is valued first by what the
    /// piece it brings in may be worth where it lands (the average, over the public odds, of
    /// its material and placement, for the side it turns out to belong to, less what a piece
    /// of the entering side would lose there before it can move: see [`landing`]; entries
    /// never capture), and the [`CHANCE_WIDTH`] best (more at the root, and the table's move)
    /// are searched. Searching every entry made one turn of Immortal Chess cost a second.
    /// Out of line, and off the wasm's hot list (`tools/dist/hot-functions.txt`): it runs once
    /// a node, and inlined in `expand`, which the wasm compiles for speed, it cost a kilobyte.
    #[inline(never)]
    fn narrow_chances(
        &mut self,
        actions: &mut Vec<Action>,
        position: &Position,
        best_known: Option<Action>,
        ply: usize,
    ) {
        let width = if ply == 0 {
            ROOT_CHANCE_WIDTH
        } else {
            CHANCE_WIDTH
        };
        // Only a variant with hidden identities has chance actions.
        if actions.len() <= width || self.hidden.is_none() {
            return;
        }
        let us = position.turn();
        // (value, index in `actions`) of each chance action.
        // Keyed as the move ordering's keys are, so both share one sort's code in the wasm.
        let mut valued: Vec<(std::cmp::Reverse<i64>, usize)> = Vec::new();
        let mut outcomes = self.take_chance_list(ply);
        // The outcomes are the public pool's, the same for every entry of the node but for
        // their squares: listed once (listing them for each entry was a tenth of Immortal
        // Chess's search).
        let mut listed = false;
        let mut landings = Landings::new(position, self.variant.armory(), self.eval.values());
        for (index, action) in actions.iter().enumerate() {
            if !self
                .hidden
                .is_some_and(|h| h.hides_effect(position, action))
            {
                continue;
            }
            if !listed {
                listed = self.chance_into(position, action, &mut outcomes);
                if !listed {
                    continue;
                }
            }
            let exposure = landings.exposure(action.to);
            let mut sum = 0i64;
            let mut total = 0i64;
            for (resolved, weight) in &outcomes {
                let Some(ours) = arrival(&self.eval, resolved, action.to, us, exposure) else {
                    continue;
                };
                sum += i64::from(ours) * i64::from(*weight);
                total += i64::from(*weight);
            }
            valued.push((std::cmp::Reverse(sum / total.max(1)), index));
        }
        self.give_back_chance_list(ply, outcomes);
        if valued.len() <= width {
            return;
        }
        // The keys are distinct (the index is part of each), so any sort keeps the same set.
        crate::small_sort::insertion_sort(&mut valued);
        let mut dropped = vec![false; actions.len()];
        for &(_, index) in &valued[width..] {
            dropped[index] = actions.get(index).copied() != best_known;
        }
        let mut index = 0;
        actions.retain(|_| {
            index += 1;
            !dropped[index - 1]
        });
    }

    /// The score of playing `action`, for the side to move before it: searched as the same
    /// side's decision when the turn goes on, negated when it passes. The first action gets the
    /// full window; the others a null window first (principal-variation search), shallower by
    /// the `plan`'s reduction where it is late and quiet, searched again in full if it beats
    /// alpha after all.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        action: &Action,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        turns: i32,
        first: bool,
        plan: Plan,
    ) -> i32 {
        // A hidden effect (an entry): the average over what the public pool says it may be
        // (see `chance`).
        let mut outcomes = self.take_chance_list(ply);
        let hidden = self
            .line
            .last()
            .is_some_and(|before| self.chance_into(before, action, &mut outcomes));
        if hidden {
            let score = self.chance(&mut outcomes, depth, alpha, beta, ply, turns);
            self.give_back_chance_list(ply, outcomes);
            return score;
        }
        self.give_back_chance_list(ply, outcomes);
        let full = Plan::default();
        if first {
            return self
                .child_of(action, depth, alpha, beta, ply, turns, full)
                .0;
        }
        let (mut score, reduced) = self.child_of(action, depth, alpha, alpha + 1, ply, turns, plan);
        if reduced && score > alpha && !self.stopped {
            score = self
                .child_of(action, depth, alpha, alpha + 1, ply, turns, full)
                .0;
        }
        if score > alpha && score < beta && !self.stopped {
            score = self
                .child_of(action, depth, alpha, beta, ply, turns, full)
                .0;
        }
        score
    }

    /// A chance node: the average of `outcomes`' scores by their weights (a mate counted as a
    /// won game, [`prune::CHANCE_WIN`], unless every outcome is one), each searched
    /// [`CHANCE_REDUCTION`] turns shallower, the likeliest first. Each is searched within the
    /// window its score must fall in for the average to fall within (`alpha`, `beta`), taking
    /// the outcomes not yet searched to score within [`prune::CHANCE_MARGIN`] of their
    /// estimates; one that falls outside ends the node with the bound it proves (Star1, with
    /// the estimates for the bounds that Star1 proper takes from the whole scale, where they
    /// would cut nothing).
    #[allow(clippy::too_many_arguments)]
    fn chance(
        &mut self,
        outcomes: &mut [(Action, u32)],
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        turns: i32,
    ) -> i32 {
        crate::small_sort::insertion_sort_by_key(outcomes, |&(_, weight)| {
            std::cmp::Reverse(weight)
        });
        // Ten at most in Immortal Chess (five types, two colours); were there more, the
        // likeliest ten would stand for all.
        let outcomes = &outcomes[..outcomes.len().min(MAX_OUTCOMES)];
        let mut window = prune::ChanceWindow::new(alpha, beta);
        // Each outcome's estimate, for the side whose action it is.
        let mut estimates = [0i32; MAX_OUTCOMES];
        let Some(before) = self.line.last() else {
            return 0;
        };
        // The outcomes differ in the piece that arrives: each is estimated as the position's
        // static score and what that piece is worth where it lands, to its side (playing
        // each outcome and scoring it in full cost a third of Immortal Chess's speed).
        // The landing square's exposure is left out here: counted in the estimates too, it
        // scored less (docs/PERFORMANCE.md, "Immortal's entries ranked by their landing square").
        let base = self.eval.evaluate(before);
        let us = before.turn();
        for ((resolved, weight), estimate) in outcomes.iter().zip(&mut estimates) {
            let arrives = arrival(&self.eval, resolved, resolved.to, us, Exposure::Safe);
            *estimate = base + arrives.unwrap_or(0);
            window.expect(*estimate, *weight);
        }
        let reduced = depth - CHANCE_REDUCTION;
        for ((resolved, weight), estimate) in outcomes.iter().zip(estimates) {
            let (low, high) = window.next(estimate, *weight);
            let (score, _) =
                self.child_of(resolved, reduced, low, high, ply, turns, Plan::default());
            if self.stopped {
                return 0;
            }
            if let Some(bound) = window.searched(score, *weight) {
                return bound;
            }
        }
        window.average()
    }

    /// [`Searcher::child`] for one outcome of `action`, with the `plan` applied where the
    /// action ends the turn without giving check; also says whether it was searched shallower.
    #[allow(clippy::too_many_arguments)]
    fn child_of(
        &mut self,
        action: &Action,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        turns: i32,
        plan: Plan,
    ) -> (i32, bool) {
        // The child is made in the line itself: a position is about half a kilobyte, and
        // copying it out and back in was 7-10 % of the search's time.
        let Some(mover) = self.line.last().map(Position::turn) else {
            return (0, false);
        };
        self.line.extend_from_within(self.line.len() - 1..);
        let Some(next) = self.line.last_mut() else {
            return (0, false);
        };
        self.variant.play(next, action);
        self.table.prefetch(next.hash());
        let same_side = next.turn() == mover;
        let check = !same_side && next.phase().is_move() && self.variant.in_check(next);
        let quiet_end = !same_side && !check;
        if plan.futile && quiet_end {
            self.line.pop();
            return (alpha, false);
        }
        let reduction = if quiet_end || (same_side && plan.within_turn) {
            plan.reduction
        } else {
            0
        };
        self.after_null[ply + 1] = false;
        self.in_check[ply + 1] = check;
        self.played[ply + 1] = Some(*action);
        let score = if same_side {
            self.search(depth - reduction, alpha, beta, ply + 1, turns)
        } else {
            // A check at the start of the opponent's turn is searched a turn deeper, within
            // twice the iteration's depth (checks on every turn would extend without end).
            let extension =
                i32::from(check && turns < 2 * self.root_depth && self.check_is_extended(action));
            -self.search(
                depth - 1 + extension - reduction,
                -beta,
                -alpha,
                ply + 1,
                turns + 1,
            )
        };
        self.line.pop();
        (score, reduction > 0)
    }

    /// Captures only, from the start of a turn, until the position is quiet or `left` more
    /// captures have been tried in a row. The bound matters where captures breed material
    /// (Nietzsche's en-prise promotions make every recapture a gain, so exchanges run the
    /// length of the board); a capture that cannot lift the score to `alpha` even with the
    /// victim's whole value and a margin is not tried (delta pruning).
    fn quiesce(
        &mut self,
        alpha: i32,
        beta: i32,
        ply: usize,
        left: u32,
        last_capture: Option<Square>,
        turns: i32,
    ) -> i32 {
        let mut actions = self.take_buffer(ply);
        let score = self.quiesce_with(
            &mut actions,
            false,
            alpha,
            beta,
            ply,
            left,
            last_capture,
            turns,
        );
        self.give_back(ply, actions);
        score
    }

    /// [`Searcher::quiesce`] with a list of actions: the legal ones when `generated`, else
    /// an empty one to generate the captures into. `last_capture`: where the capture that led
    /// here landed.
    #[allow(clippy::too_many_arguments)]
    fn quiesce_with(
        &mut self,
        actions: &mut Vec<Action>,
        generated: bool,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        left: u32,
        last_capture: Option<Square>,
        turns: i32,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        // Borrowed, not copied (a position is about half a kilobyte, and most of these nodes
        // end at their stand-pat), until the children are made in the line below.
        let Some(position) = self.line.last() else {
            return 0;
        };
        // In check, standing pat is no option: every way out is tried (a capture that gives
        // check, answered by its captures alone, hid mates and lost pieces), and none is a mate.
        // Not where any move may promote (Nietzsche Chess): its runs of captures are long
        // already, and the evasions cost it depth (measured, docs/PERFORMANCE.md).
        let in_check = self.in_check[ply] && !self.moves_promote;
        if in_check && left > 0 && ply < MAX_PLY - 1 {
            if generated {
                actions.clear();
            }
            self.variant.legal_actions(&self.line, actions);
            if actions.is_empty() {
                let turn = position.turn();
                return match self.variant.outcome_knowing(&self.line, false) {
                    Some(outcome) => Searcher::terminal(outcome, turn, turns),
                    None => self.eval.evaluate(position),
                };
            }
            let previous = self.played[ply];
            self.ordering
                .sort(actions, position, self.eval.values(), ply, previous);
            let (best, best_action) = self.quiesce_children(actions, alpha, beta, ply, left, turns);
            return if best_action.is_some() {
                best
            } else {
                self.line.last().map_or(0, |p| self.eval.evaluate(p))
            };
        }
        // The table: a main search's entry of this position is worth more than a quiescence
        // of its own, and one of an earlier quiescence saves doing it again (transpositions
        // of captures are common: BxN NxB and NxB BxN).
        let key = position.hash();
        let remembered = self.table.probe(key);
        if let Some(entry) = remembered {
            let score = from_table(entry.score, turns);
            if entry.bound.settles(score, alpha, beta) {
                return score;
            }
        }
        let stand_pat = self.eval.evaluate_within(position, alpha, beta);
        if stand_pat >= beta || ply >= MAX_PLY - 1 || left == 0 {
            return stand_pat;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand_pat);
        if !generated {
            self.variant.legal_captures(&self.line, actions);
        }
        let us = position.turn();
        let board = position.board();
        let enemy = board.side(!us);
        let occupied = board.occupied();
        let values = self.eval.values();
        let defenders = self.variant.armory().threats(!us, board.role_sets(), enemy);
        // Deep in a run of captures, only those back on the square just taken on.
        let only_onto = if left <= QUIESCENCE_PLIES - ALL_CAPTURE_PLIES {
            last_capture
        } else {
            None
        };
        // A pawn stepping onto the last rank gains nearly a queen, more than most captures:
        // left to the search it was seen only a turn before the horizon (ordered as the
        // promotions are, after the captures). Not deep in a run of captures.
        let quiet_promotion = self.quiet_promotion.filter(|_| only_onto.is_none());
        retain_actions(actions, |a| {
            if !a.has_squares() || !enemy.contains(a.to) || only_onto.is_some_and(|sq| sq != a.to) {
                return quiet_promotion.is_some() && a.promotion == quiet_promotion;
            }
            let victim = board.piece_at(a.to).map_or(0, |p| values.of(p.role));
            let gain = victim + a.promotion.map_or(0, |role| values.of(role));
            if gain + DELTA_MARGIN <= alpha - stand_pat {
                return false;
            }
            // A capture by a piece worth more than its victim (by more than an even trade's
            // margin), onto a defended square, loses material unless something else is going
            // on; where everything attacks everything (Nietzsche's Aces) trying them all made
            // a two-turn search take seconds.
            let attacker = board.piece_at(a.from).map_or(0, |p| values.of(p.role));
            attacker <= victim + EVEN_TRADE || !defenders.attackers(a.to, occupied).any()
        });
        let previous = self.played[ply];
        self.ordering
            .sort(actions, position, self.eval.values(), ply, previous);
        // The capture that was best here before, first.
        let best_known = remembered.and_then(|e| e.best);
        if let Some(at) = best_known.and_then(|best| actions.iter().position(|a| *a == best)) {
            actions[..=at].rotate_right(1);
        }
        let (best, best_action) = self.quiesce_children(actions, alpha, beta, ply, left, turns);
        let score = best.max(alpha);
        // Stored at depth 0, below every main search's entry, and never over such an entry
        // of the same position (which the probe found).
        if remembered.is_none_or(|e| e.depth <= 0) && !self.stopped {
            let bound = Bound::of(score, original_alpha, beta);
            let best_action = best_action.filter(|_| best > stand_pat);
            self.table
                .store(key, 0, to_table(score, turns), bound, best_action);
        }
        score
    }

    /// A quiescence node's `actions` searched in turn, each played (its turn closed at once
    /// where it can be; one whose turn stays open is left out) and answered by
    /// [`Searcher::quiesce`]: the best score (a score of `beta` or more ends the search), and
    /// the action that scored it (none if none was searched).
    #[allow(clippy::too_many_arguments)]
    fn quiesce_children(
        &mut self,
        actions: &[Action],
        mut alpha: i32,
        beta: i32,
        ply: usize,
        left: u32,
        turns: i32,
    ) -> (i32, Option<Action>) {
        let Some(before) = self.line.last() else {
            return (0, None);
        };
        let us = before.turn();
        let enemy = before.board().side(!us);
        let mut best = -MATE - 1;
        let mut best_action = None;
        for action in actions {
            let capture = (action.has_squares() && enemy.contains(action.to)).then_some(action.to);
            self.line.extend_from_within(self.line.len() - 1..);
            let Some(next) = self.line.last_mut() else {
                return (0, None);
            };
            self.variant.play(next, action);
            if next.turn() == us {
                // The turn goes on (an entry may follow): closed at once where it can be.
                if let Some(closer) = self.variant.turn_closer(next) {
                    self.variant.play(next, &closer);
                }
                if next.turn() == us {
                    self.line.pop();
                    continue;
                }
            }
            self.table.prefetch(next.hash());
            self.in_check[ply + 1] = next.phase().is_move() && self.variant.in_check(next);
            self.played[ply + 1] = Some(*action);
            let score = -self.quiesce(-beta, -alpha, ply + 1, left - 1, capture, turns + 1);
            self.line.pop();
            if self.stopped {
                return (0, best_action);
            }
            if score > best || best_action.is_none() {
                best = score;
                best_action = Some(*action);
            }
            if score >= beta {
                return (score, best_action);
            }
            alpha = alpha.max(score);
        }
        (best, best_action)
    }
}

/// What the piece an outcome of a chance action (a revealed entry) brings in is worth landing
/// on `to`, to `us` (negative if it is the opponent's), less what a piece of ours stands to
/// lose there with the opponent to move (`exposure`); none for another action.
fn arrival(
    eval: &Evaluator,
    resolved: &Action,
    to: Square,
    us: Color,
    exposure: Exposure,
) -> Option<i32> {
    let (ActionKind::Reveal { color }, Some(role)) = (resolved.kind, resolved.promotion) else {
        return None;
    };
    let worth = eval.placed(Piece { color, role }, to);
    Some(if color == us {
        worth - exposure.loss(eval.values().of(role))
    } else {
        -worth
    })
}

/// A score as the table keeps it: a forced result counted from this position, not the root,
/// since the same position recurs at other distances from it.
fn to_table(score: i32, turns: i32) -> i32 {
    if score >= MATE_BOUND {
        score + turns
    } else if score <= -MATE_BOUND {
        score - turns
    } else {
        score
    }
}

/// The table's score counted from the root again, `turns` turns away.
fn from_table(score: i32, turns: i32) -> i32 {
    if score >= MATE_BOUND {
        score - turns
    } else if score <= -MATE_BOUND {
        score + turns
    } else {
        score
    }
}

/// The static evaluation of `game`'s position as the search scores it, in centipawns for
/// White: what the UCI command `eval` prints, for comparing the evaluation with another
/// engine's (tools/strength/residuals.py).
pub fn static_score(game: &Game) -> i32 {
    let variant = game.variant();
    let Some(position) = game.line().last() else {
        return 0;
    };
    let eval =
        Evaluator::new(variant.armory(), variant.eval_terms()).with_start(&start_of(variant, game));
    let score = eval.evaluate(position);
    match position.turn() {
        Color::White => score,
        Color::Black => -score,
    }
}

/// The variant's start position, where the middlegame is measured from; the game's first
/// position if the start cannot be set up (it always can for the variants built in).
fn start_of(variant: &dyn Variant, game: &Game) -> Position {
    crate::position::parse_fen(&variant.start_fen(), variant.armory())
        .and_then(|setup| variant.position(setup))
        .ok()
        .or_else(|| game.line().first().copied())
        .unwrap_or_else(Position::empty)
}

/// The actions of the side to move's whole turn at the head of `pv`.
pub fn turn_of(game: &Game, pv: &[Action]) -> Vec<Action> {
    let variant = game.variant();
    let Some(&start) = game.line().last() else {
        return Vec::new();
    };
    let mut position = start;
    let mut turn = Vec::new();
    for action in pv {
        if position.turn() != start.turn() {
            break;
        }
        turn.push(*action);
        // An entry's piece is not known here, and it ends the turn.
        if variant
            .hidden()
            .is_some_and(|h| h.chance(&position, action).is_some())
        {
            break;
        }
        variant.play(&mut position, action);
    }
    turn
}

#[cfg(test)]
mod tests {
    use super::{Action, Bound, Limits, Searcher, MATE, MATE_BOUND, QUIESCENCE_PLIES};
    use crate::game::Game;
    use crate::movement::Color;

    /// Whether the search of a new game of `variant` may try null moves.
    fn null_moves_in(variant: &str) -> bool {
        let game = Game::new(variant, &[], None).expect("a built-in variant");
        let clock = || 0.0;
        !Searcher::new(&game, Limits::default(), &clock).zugzwang
    }

    #[test]
    fn no_null_move_where_having_to_move_can_lose() {
        assert!(!null_moves_in("nacht"));
        for variant in [
            "chess",
            "nietzsche",
            "quintessential",
            "impulschach",
            "immortal",
        ] {
            assert!(null_moves_in(variant), "{variant}");
        }
    }

    #[test]
    fn quiescence_trades_a_bishop_for_a_defended_knight_to_win_what_it_defended() {
        // Black's rook on d5 is defended by the knight on f6 alone, which the g7 pawn defends.
        // Bxf6 (a bishop for a knight, an even trade) wins: gxf6 Qxd5 loses the rook, anything
        // else the knight. The queen taking the rook first loses the queen, and without the
        // even trade the quiescence stands pat (measured: 316 both, 572 with it).
        let clock = || 0.0;
        let fen = "6k1/6p1/5n2/3r4/8/8/QB6/6K1 w - - 0 1";
        let game = Game::new("chess", &[], Some(fen)).expect("fen");
        let mut searcher = Searcher::new(&game, Limits::default(), &clock);
        let standing = searcher.eval.evaluate(game.position());
        let score = searcher.quiesce(-MATE - 1, MATE + 1, 0, QUIESCENCE_PLIES, None, 0);
        assert!(
            score > standing + 200,
            "{score} against {standing} standing pat"
        );
    }

    #[test]
    fn quiescence_in_check_finds_the_mate_rather_than_standing_pat() {
        // White, to move, is mated on the back rank though a queen against a rook up: standing
        // pat would score the material. At a quiet position it still stands pat.
        let clock = || 0.0;
        let quiesce = |fen: &str| {
            let game = Game::new("chess", &[], Some(fen)).expect("fen");
            let mut searcher = Searcher::new(&game, Limits::default(), &clock);
            searcher.in_check[0] = game.variant().in_check(game.position());
            searcher.quiesce(-MATE - 1, MATE + 1, 0, QUIESCENCE_PLIES, None, 0)
        };
        assert!(quiesce("6k1/Q4ppp/8/8/8/8/5PPP/3r2K1 w - - 0 1") <= -MATE_BOUND);
        assert!(quiesce("3r2k1/Q4ppp/8/8/8/8/5PPP/6K1 w - - 0 1") > 200);
    }

    #[test]
    fn quiescence_keeps_its_score_in_the_table_below_the_searchs_own() {
        // White's rook takes the queen: a quiescence finds it and keeps the score (depth 0,
        // exact in the full window); a deeper entry of the position is used instead of
        // searching, and one that does not decide the window is not written over.
        let clock = || 0.0;
        let game = Game::new("chess", &[], Some("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1")).expect("fen");
        let key = game.position().hash();
        let quiesce = |searcher: &mut Searcher| {
            searcher.quiesce(-MATE - 1, MATE + 1, 0, QUIESCENCE_PLIES, None, 0)
        };
        let mut searcher = Searcher::new(&game, Limits::default(), &clock);
        let found = quiesce(&mut searcher);
        assert!(found > 300, "{found}");
        let kept = searcher.table.probe(key).expect("kept");
        assert_eq!(
            (kept.depth, kept.score, kept.bound),
            (0, found, Bound::Exact)
        );

        let mut searcher = Searcher::new(&game, Limits::default(), &clock);
        searcher.table.store(key, 5, 1234, Bound::Exact, None);
        assert_eq!(quiesce(&mut searcher), 1234);

        let mut searcher = Searcher::new(&game, Limits::default(), &clock);
        searcher.table.store(key, 5, -4321, Bound::Lower, None);
        assert_eq!(quiesce(&mut searcher), found);
        let kept = searcher.table.probe(key).expect("kept");
        assert_eq!((kept.depth, kept.score), (5, -4321));
    }

    #[test]
    fn a_capture_that_loses_material_is_ranked_after_the_killers_in_chess() {
        // White's queen and knight can both take the pawn on d5, which e6 defends (each loses
        // material); the queen can also take the undefended knight on h5 (it wins a knight).
        let fen = "4k3/8/4p3/3p3n/8/2N2Q2/8/4K3 w - - 0 1";
        let game = Game::new("chess", &[], Some(fen)).expect("fen");
        let position = *game.position();
        let find = |text: &str| game.parse_action(text).expect("a legal action");
        let (wins, losing, killer) = (find("f3h5"), [find("c3d5"), find("f3d5")], find("e1d2"));
        let order = |demoted: bool| {
            let clock = || 0.0;
            let mut searcher = Searcher::new(&game, Limits::default(), &clock);
            let ply = 2;
            searcher
                .ordering
                .reward(&killer, &position, 3, ply, None, &[]);
            let mut actions = game.legal_actions();
            let values = searcher.eval.values().clone();
            searcher
                .ordering
                .rank(&actions, &position, &values, ply, None);
            if demoted {
                searcher.rank_losing_captures_later(&actions, &position, ply);
            }
            for index in 0..actions.len() {
                searcher.ordering.pick(&mut actions, ply, index);
            }
            actions
        };
        let first_four = |actions: Vec<Action>| actions[..4].to_vec();
        assert_eq!(
            first_four(order(true)),
            vec![wins, killer, losing[0], losing[1]],
            "the winning capture, the killer, then the losing captures (cheaper attacker first)"
        );
        assert_eq!(
            first_four(order(false)),
            vec![wins, losing[0], losing[1], killer],
            "without it: the captures by the value taken, then the killer"
        );
    }

    #[test]
    fn a_check_that_loses_the_checking_piece_is_not_extended_in_chess() {
        // Nf6+ gives the knight to g7xf6 (nothing of White's defends f6); Qd8+ checks from a
        // square Black does not attack.
        let fen = "6k1/5ppp/8/8/4N3/8/5PPP/3Q2K1 w - - 0 1";
        let extended = |text: &str, flag: bool| {
            let mut game = Game::new("chess", &[], Some(fen)).expect("fen");
            let action = game.parse_action(text).expect("a legal action");
            game.play(text).expect("a legal action");
            assert!(game.variant().in_check(game.position()), "{text} checks");
            let clock = || 0.0;
            let mut searcher = Searcher::new(&game, Limits::default(), &clock);
            searcher.losing_checks_unextended = flag;
            searcher.check_is_extended(&action)
        };
        assert!(!extended("e4f6", true), "the knight's check loses it");
        assert!(extended("d1d8", true), "the queen's check loses nothing");
        assert!(
            extended("e4f6", false),
            "without the rule every check is extended"
        );
    }

    #[test]
    fn the_entries_kept_for_the_search_land_where_the_opponent_does_not_take_them() {
        // White has its king only; the black queen on f6 attacks most of the centre, where the
        // pieces an entry brings are best placed, and nothing defends them there.
        let fen = "??????????/?4k3?/?8?/?8?/?4q3?/?8?/?8?/?8?/?7K?/?????????? w - - 0 1";
        let mut game = Game::new("immortal", &[], Some(fen)).expect("fen");
        game.play("i2h2").expect("a king move");
        let clock = || 0.0;
        let mut searcher = Searcher::new(&game, Limits::default(), &clock);
        let position = *game.position();
        let mut actions = Vec::new();
        game.variant().legal_actions(game.line(), &mut actions);
        let entries = actions.len();
        searcher.narrow_chances(&mut actions, &position, None, 1);
        assert!(actions.len() < entries, "{entries} entries, none dropped");
        let board = position.board();
        let armory = game.variant().armory();
        let black = armory.threats(Color::Black, board.role_sets(), board.side(Color::Black));
        for action in actions.iter().filter(|a| a.has_squares()) {
            let attackers = black.attackers(action.to, board.occupied());
            assert!(!attackers.any(), "kept an entry to {}", action.to.name());
        }
    }

    #[test]
    fn the_middlegame_is_measured_from_the_variants_start() {
        // A game set up from a bare position still blends by the variant's full armies: the
        // phase of two kings and a pawn each is the endgame.
        let game = Game::new("chess", &[], Some("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1")).expect("fen");
        let start = super::start_of(game.variant(), &game);
        assert_eq!(start.board().occupied().count(), 32);
    }
}
