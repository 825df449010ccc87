//! `go`: the limits it sets, and the search in a thread that answers with `info` lines and a
//! `bestmove` (a whole turn, its actions' machine strings joined by commas).

use super::say;
use schachwerk::game::Game;
use schachwerk::rules::Action;
use schachwerk::search::{
    best_turn, pick_line, turn_of, Choice, Limits, Report, Searcher, Table, NOISY_LINES,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{JoinHandle, Thread};
use std::time::{Duration, Instant};

/// The share of the clock a move gets when the GUI does not say how many moves are left.
const MOVES_TO_GO: u64 = 30;
/// Milliseconds always left on the clock, beyond the move overhead.
const CLOCK_RESERVE: u64 = 50;
/// Milliseconds for finding the rest of a turn after an unlimited search (`go infinite`)
/// whose line stopped inside the turn.
const REST_OF_TURN_MS: u64 = 100;

/// What a `go` command asks for.
#[derive(Clone, Copy, Debug, Default)]
pub struct GoCommand {
    pub depth: Option<u64>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    /// The side to move's clock and increment, in milliseconds.
    pub time: Option<u64>,
    pub increment: Option<u64>,
    pub movestogo: Option<u64>,
    /// `go infinite`: `bestmove` waits for `stop`, whatever the search finds.
    pub infinite: bool,
    /// `go ponder`: the search is on the position after the move the engine expects; it is
    /// unlimited in time until `ponderhit`, and `bestmove` waits for `ponderhit` or `stop`.
    pub ponder: bool,
    /// `go perft N`.
    pub perft: Option<u64>,
}

impl GoCommand {
    /// Reads `go ...` for the side to move (`white`). A clock may be negative (a GUI's flag
    /// fell): it counts as none left. Unknown words are skipped; `searchmoves` is read by
    /// [`root_actions`].
    pub fn read(words: &[&str], white: bool) -> GoCommand {
        let value = |key: &str| {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|at| words.get(at + 1))
                .and_then(|v| v.parse::<i64>().ok())
                .map(|v| v.max(0) as u64)
        };
        let (time, increment) = if white {
            (value("wtime"), value("winc"))
        } else {
            (value("btime"), value("binc"))
        };
        GoCommand {
            depth: value("depth"),
            nodes: value("nodes"),
            movetime: value("movetime"),
            time,
            increment,
            movestogo: value("movestogo"),
            infinite: words.contains(&"infinite"),
            ponder: words.contains(&"ponder"),
            perft: value("perft"),
        }
    }

    /// The search's limits, `overhead` milliseconds (the GUI's and the pipe's delay) taken off
    /// every time budget.
    pub fn limits(&self, overhead: u64) -> Limits {
        let mut limits = Limits {
            depth: self.depth.map(|d| d.clamp(1, 64) as u32),
            nodes: self.nodes.map(|n| n.max(1)),
            millis: self.movetime.map(|t| t.saturating_sub(overhead).max(1)),
        };
        if let Some(left) = self.time {
            let budget = clock_budget(left, self.increment.unwrap_or(0), self.movestogo, overhead);
            limits.millis = Some(limits.millis.map_or(budget, |t| t.min(budget)));
        }
        limits
    }
}

/// The words `go` takes, which end a `searchmoves` list.
const GO_WORDS: [&str; 13] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "perft",
    "searchmoves",
];

/// `go ... searchmoves M1 M2 ...`: the root actions named, each a legal action of `game` or
/// a turn whose first action is (`c1b3,a2a4,end`: `c1b3`). A word that names none is told of
/// in an `info string` and left out; when none is left, all actions are searched.
pub fn root_actions(words: &[&str], game: &Game, tell: &mut dyn FnMut(String)) -> Vec<Action> {
    let Some(at) = words.iter().position(|w| *w == "searchmoves") else {
        return Vec::new();
    };
    let named = words[at + 1..].iter().take_while(|w| !GO_WORDS.contains(w));
    let mut actions = Vec::new();
    for word in named {
        let first = word.split(',').next().unwrap_or_default();
        match game.parse_action(first) {
            Ok(action) => actions.push(action),
            Err(e) => tell(format!("searchmoves: '{word}' left out: {e}")),
        }
    }
    actions
}

/// Milliseconds for one move with `left` on the clock: an equal share of what is left over
/// the moves to go (`movestogo`, else 30), plus most of the increment; never the whole clock.
pub fn clock_budget(left: u64, increment: u64, movestogo: Option<u64>, overhead: u64) -> u64 {
    let usable = left.saturating_sub(overhead);
    let moves = movestogo.unwrap_or(MOVES_TO_GO).max(1);
    let share = usable / moves + increment * 3 / 4;
    share.min(usable.saturating_sub(CLOCK_RESERVE)).max(1)
}

/// A search to run: the public game, its limits, how many lines (MultiPV), the noise of the
/// choice (option `Noise`), whether `bestmove` waits for `stop` (`go infinite`, and `go
/// ponder` until `ponderhit`), and a pondering search's time once the GUI says `ponderhit`.
pub struct Search {
    pub game: Game,
    pub limits: Limits,
    pub lines: usize,
    pub noise: u32,
    pub held: bool,
    /// `go ponder`.
    pub pondering: bool,
    /// `go searchmoves ...`: the only root actions searched (empty: all).
    pub root_actions: Vec<Action>,
    /// The time `go ponder` gave, for after `ponderhit` (None: no clock, no movetime). The
    /// search then stops when it runs out, wherever it is: it was started with no time limit
    /// to plan by.
    pub ponder_millis: Option<u64>,
}

impl Search {
    /// The search `go` asks for; pondering, without its time limit, which is kept for
    /// `ponderhit`.
    pub fn new(game: Game, command: &GoCommand, overhead: u64, lines: usize, noise: u32) -> Search {
        let mut limits = command.limits(overhead);
        let ponder_millis = if command.ponder {
            limits.millis.take()
        } else {
            None
        };
        Search {
            game,
            limits,
            lines,
            noise,
            held: command.infinite || command.ponder,
            pondering: command.ponder,
            root_actions: Vec::new(),
            ponder_millis,
        }
    }
}

/// A search under way, which gives back its transposition table when it ends.
pub struct Thinking {
    stop: Arc<AtomicBool>,
    /// While set, `bestmove` waits (for `stop`, or a pondering search's `ponderhit`).
    held: Arc<AtomicBool>,
    /// A pondering search: its time once the GUI says `ponderhit`, and when `go` came.
    ponder: Option<(Option<u64>, Instant)>,
    handle: JoinHandle<Table>,
}

impl Thinking {
    /// `ponderhit`: the GUI played the move the engine pondered on. The search goes on, now
    /// on the clock: it ends at the time `go ponder` gave, counted from that `go` (as
    /// Stockfish counts it: the thinking done while pondering is not done again), or when its
    /// depth or node limit is reached; its `bestmove` no longer waits. Nothing if the search
    /// is not pondering.
    pub fn ponderhit(&mut self) {
        let Some((millis, started)) = self.ponder.take() else {
            return;
        };
        self.held.store(false, Ordering::Relaxed);
        self.handle.thread().unpark();
        if let Some(millis) = millis {
            let left = Duration::from_millis(millis).saturating_sub(started.elapsed());
            let stop = Arc::clone(&self.stop);
            let search = self.handle.thread().clone();
            std::thread::spawn(move || stop_after(left, &stop, &search));
        }
    }

    /// Stops the search (its `bestmove` is written before this returns) and takes back the
    /// table; `None` if the search thread died.
    pub fn finish(self) -> Option<Table> {
        self.stop.store(true, Ordering::Relaxed);
        self.handle.thread().unpark();
        self.handle.join().ok()
    }
}

/// Sets `stop` after `wait`, and wakes the search thread to see it.
fn stop_after(wait: Duration, stop: &AtomicBool, search: &Thread) {
    std::thread::sleep(wait);
    stop.store(true, Ordering::Relaxed);
    search.unpark();
}

/// Starts `search` in a thread, with `table`.
pub fn start(search: Search, table: Table) -> Thinking {
    let started = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let held = Arc::new(AtomicBool::new(search.held));
    let ponder = search.pondering.then_some((search.ponder_millis, started));
    let (flag, hold) = (Arc::clone(&stop), Arc::clone(&held));
    let handle = std::thread::spawn(move || {
        let clock = move || started.elapsed().as_secs_f64() * 1000.0;
        let (found, table) = think(&search, table, &flag, &clock);
        let (turn, ponder) = found.map_or_else(Default::default, |report| {
            let turn = whole_turn(
                &search.game,
                &report.pv,
                rest_of_turn(search.limits),
                &clock,
            );
            let ponder = ponder_turn(&search.game, &report.pv, &turn);
            (turn, ponder)
        });
        // A UCI engine answers `go infinite` only after `stop`, even when it has found a mate,
        // and `go ponder` only after `ponderhit` or `stop`.
        wait_while_held(&hold, &flag);
        let ponder = ponder.map_or_else(String::new, |reply| format!(" ponder {reply}"));
        say(&format!(
            "bestmove {}{ponder}",
            turn_text(&search.game, &turn)
        ));
        table
    });
    Thinking {
        stop,
        held,
        ponder,
        handle,
    }
}

/// Runs the search, writing an `info` line for each line (MultiPV) of each depth; returns the
/// best line's last report and the table. With noise, at least [`NOISY_LINES`] lines are
/// searched and the line played is picked among them (`search::pick_line`), seeded by the
/// position, so that a position gets the same answer again.
fn think(
    search: &Search,
    table: Table,
    stop: &AtomicBool,
    clock: &dyn Fn() -> f64,
) -> (Option<Report>, Table) {
    let game = &search.game;
    let lines = if search.noise > 0 {
        search.lines.max(NOISY_LINES)
    } else {
        search.lines
    };
    let mut last: Vec<Option<Report>> = vec![None; lines];
    let mut searcher = Searcher::with_table(game, search.limits, clock, table).with_stop(stop);
    if !search.root_actions.is_empty() {
        searcher = searcher.with_root_actions(&search.root_actions);
    }
    let found = searcher.think_lines(lines, &mut |line, report| {
        if line < search.lines {
            say(&info_line(game, line + 1, report));
        }
        if let Some(slot) = last.get_mut(line) {
            *slot = Some(report.clone());
        }
    });
    let choice = Choice {
        noise: search.noise,
        seed: game.position().hash(),
    };
    let found = found.map(|best| pick_line(best, last.into_iter().flatten().collect(), choice));
    (found, searcher.into_table())
}

fn wait_while_held(held: &AtomicBool, stop: &AtomicBool) {
    // Parked until `Thinking::finish` or `ponderhit` unparks it; a park may also end for no
    // reason.
    while held.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) {
        std::thread::park();
    }
}

/// The reply the engine expects to `turn`, for `bestmove ... ponder REPLY`: the line's second
/// turn, when its first is the turn played. None in a variant with hidden pieces, whose reply
/// may be an entry that only the referee can complete.
fn ponder_turn(game: &Game, pv: &[Action], turn: &[Action]) -> Option<String> {
    if game.variant().hidden().is_some() {
        return None;
    }
    let turns = pv_turns(game, pv);
    (turns.len() >= 2 && turns[0] == turn_text(game, turn)).then(|| turns[1].clone())
}

/// `info depth D multipv K score cp S nodes N nps X time T pv ...`, the line written by turns.
fn info_line(game: &Game, multipv: usize, report: &Report) -> String {
    format!(
        "info depth {} multipv {multipv} score {} nodes {} nps {} time {} pv {}",
        report.depth,
        report.score_text(),
        report.nodes,
        report.nps(),
        report.millis,
        pv_turns(game, &report.pv).join(" ")
    )
}

/// The budget for the searches that finish a turn the first search's line stopped inside: a
/// quarter of each limit (as [`best_turn`] gives them), or a fixed time for an unlimited one.
fn rest_of_turn(limits: Limits) -> Limits {
    let mut rest = Limits {
        depth: limits.depth,
        nodes: limits.nodes.map(|n| (n / 4).max(1)),
        millis: limits.millis.map(|ms| (ms / 4).max(1)),
    };
    if rest.nodes.is_none() && rest.millis.is_none() && rest.depth.is_none() {
        rest.millis = Some(REST_OF_TURN_MS);
    }
    rest
}

/// The side to move's whole turn from the line `pv`, searched on where the line stops inside
/// the turn. An entry (Immortal Chess) ends it: the piece it reveals is the GUI's to say.
fn whole_turn(game: &Game, pv: &[Action], rest: Limits, clock: &dyn Fn() -> f64) -> Vec<Action> {
    let mut turn = turn_of(game, pv);
    let mover = game.position().turn();
    let mut after = game.clone();
    for action in &turn {
        if is_entry(&after, action) || after.play_action(action).is_err() {
            return turn;
        }
    }
    if after.position().turn() != mover || after.outcome().is_some() {
        return turn;
    }
    if let Ok(Some(thought)) = best_turn(&mut after, rest, clock, |_| {}) {
        turn.extend(thought.turn);
    }
    turn
}

fn is_entry(game: &Game, action: &Action) -> bool {
    let hidden = game.variant().hidden();
    hidden.is_some_and(|h| h.chance(game.position(), action).is_some())
}

/// `actions` from the current position as one turn's text: machine strings joined by
/// commas (`e2e4`; `b1c3,a2a4,end`); `0000` for none.
pub fn turn_text(game: &Game, actions: &[Action]) -> String {
    if actions.is_empty() {
        return "0000".into();
    }
    let armory = game.variant().armory();
    let machine: Vec<String> = actions.iter().map(|a| a.machine(armory)).collect();
    machine.join(",")
}

/// The line `pv` from the current position, a turn's text per turn; it ends after an entry,
/// whose piece (and so what follows) is not known.
pub fn pv_turns(game: &Game, pv: &[Action]) -> Vec<String> {
    let variant = game.variant();
    let armory = variant.armory();
    let mut position = *game.position();
    let mut turns = Vec::new();
    let mut turn: Vec<String> = Vec::new();
    for action in pv {
        let mover = position.turn();
        turn.push(action.machine(armory));
        let entry = variant
            .hidden()
            .is_some_and(|h| h.chance(&position, action).is_some());
        if entry {
            break;
        }
        variant.play(&mut position, action);
        if position.turn() != mover {
            turns.push(turn.join(","));
            turn.clear();
        }
    }
    if !turn.is_empty() {
        turns.push(turn.join(","));
    }
    turns
}
