//! `schachwerk uci` driven as a GUI drives it: commands on standard input, answers read line
//! by line as they come, with the time between them where it matters.

use schachwerk::game::Game;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Long enough for any answer here on a loaded machine; a test waits this long only when it
/// fails.
const PATIENCE: Duration = Duration::from_secs(60);
const SEED: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The engine as a child process, its output read by a thread into a channel.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Everything read so far, for the failure messages.
    transcript: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_schachwerk"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().expect("its standard input");
        let stdout = child.stdout.take().expect("its standard output");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, command: &str) {
        self.transcript.push(format!("> {command}"));
        writeln!(self.stdin, "{command}").expect("the engine reads its input");
    }

    /// The next line within `wait`, if any.
    fn next_line(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn read_until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut read = Vec::new();
        while let Some(line) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            let done = line.starts_with(prefix);
            read.push(line);
            if done {
                return read;
            }
        }
        panic!(
            "no line starting '{prefix}':\n{}",
            self.transcript.join("\n")
        );
    }

    /// The words after `bestmove` in the next `bestmove` line: the move, then maybe `ponder`
    /// and the reply the engine expects.
    fn best_words(&mut self) -> Vec<String> {
        let lines = self.read_until("bestmove ");
        let last = lines.last().map_or("", String::as_str);
        last.split_whitespace().skip(1).map(String::from).collect()
    }

    /// The move of the next `bestmove` line.
    fn best_move(&mut self) -> String {
        self.best_words().into_iter().next().unwrap_or_default()
    }

    /// Everything up to the `readyok` that answers an `isready` sent now.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.read_until("readyok")
    }

    fn failure(&self) -> String {
        self.transcript.join("\n")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line, the last of `lines`.
fn best_of(lines: &[String]) -> String {
    let last = lines.last().map_or("", String::as_str);
    last.split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string()
}

fn legal_moves(variant: &str, fen: Option<&str>) -> Vec<String> {
    Game::new(variant, &[], fen).unwrap().legal_moves()
}

#[test]
fn uci_declares_its_options() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until("uciok");
    for declared in [
        "id name schachwerk",
        "option name Hash type spin default 16 min 1 max 1024",
        "option name Threads type spin default 1 min 1 max 1",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name Move Overhead type spin default 10 min 0 max 5000",
        "option name UCI_Variant type combo default chess var chess var nietzsche var nacht \
         var quintessential var impulschach var immortal",
        "option name Seed type string default <empty>",
        "option name Noise type spin default 0 min 0 max 1000",
        "option name Ponder type check default false",
    ] {
        assert!(lines.iter().any(|l| l == declared), "{declared}: {lines:?}");
    }
}

/// Issue 24: under `go infinite` the engine answered at once when it found a mate.
#[test]
fn go_infinite_answers_only_after_stop_even_with_a_mate_found() {
    let mut engine = Engine::start();
    engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    engine.send("go infinite");
    let found = engine.read_until("info depth");
    assert!(
        found.iter().any(|l| l.contains("score mate 1")),
        "{}",
        engine.failure()
    );
    std::thread::sleep(Duration::from_millis(500));
    // `isready` is answered while it waits, and nothing else comes.
    let meanwhile = engine.sync();
    assert!(
        meanwhile.iter().all(|l| !l.starts_with("bestmove")),
        "bestmove before stop:\n{}",
        engine.failure()
    );
    engine.send("stop");
    assert_eq!(engine.best_move(), "d1d8", "{}", engine.failure());
}

/// `go ponder`: the engine thinks on the position after the move it expects, unlimited in
/// time, and answers only after `ponderhit` (then at once once its time from `go` is spent)
/// or `stop`; `bestmove` names the reply it expects (`ponder MOVE`), legal after its move.
#[test]
fn go_ponder_waits_for_ponderhit_or_stop_and_bestmove_names_the_expected_reply() {
    let mut engine = Engine::start();
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves e2e4");
    // 2 s on the clock: about 70 ms a move when not pondering.
    engine.send("go ponder wtime 2000 btime 2000");
    std::thread::sleep(Duration::from_millis(700));
    let meanwhile = engine.sync();
    assert!(
        meanwhile.iter().all(|l| !l.starts_with("bestmove")),
        "bestmove before ponderhit:\n{}",
        engine.failure()
    );
    let hit = Instant::now();
    engine.send("ponderhit");
    let best = engine.best_move();
    assert!(
        hit.elapsed() < Duration::from_secs(5),
        "{:?} after ponderhit:\n{}",
        hit.elapsed(),
        engine.failure()
    );
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert!(
        legal_moves("chess", Some(after_e4)).contains(&best),
        "{best}: {}",
        engine.failure()
    );

    // A search that ends by itself (a depth) still waits for `ponderhit`.
    engine.send("go ponder depth 2");
    std::thread::sleep(Duration::from_millis(300));
    let meanwhile = engine.sync();
    assert!(
        meanwhile.iter().all(|l| !l.starts_with("bestmove")),
        "bestmove before ponderhit:\n{}",
        engine.failure()
    );
    engine.send("ponderhit");
    assert_ne!(engine.best_move(), "0000", "{}", engine.failure());

    // The GUI's guess was wrong: `stop` ends the pondering search.
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder wtime 2000 btime 2000");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("stop");
    assert_ne!(engine.best_move(), "0000", "{}", engine.failure());

    // `ponder MOVE`: the line's reply, legal in the position after the move.
    engine.send("position startpos");
    engine.send("go depth 6");
    let words = engine.best_words();
    assert_eq!(words.len(), 3, "{}", engine.failure());
    assert_eq!(words[1], "ponder", "{}", engine.failure());
    let mut game = Game::new("chess", &[], None).unwrap();
    game.play(&words[0]).unwrap();
    assert!(
        game.legal_moves().contains(&words[2]),
        "{words:?}: {}",
        engine.failure()
    );
    // `ponderhit` with no pondering search does nothing.
    engine.send("ponderhit");
    let lines = engine.sync();
    assert!(
        lines
            .iter()
            .all(|l| !l.starts_with("bestmove") && !l.contains("unknown")),
        "{}",
        engine.failure()
    );
}

/// `go ... searchmoves`: only the root actions named are searched; a word that names none is
/// told of and left out; MultiPV reports no more lines than the actions named; when none is
/// legal, every action is searched.
#[test]
fn searchmoves_searches_only_the_actions_named() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go depth 4 searchmoves a2a3 h2h3");
    let lines = engine.read_until("bestmove");
    let named = ["a2a3", "h2h3"];
    assert!(
        named.contains(&best_of(&lines).as_str()),
        "{}",
        engine.failure()
    );
    let firsts: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split(" pv ").nth(1)?.split(' ').next())
        .collect();
    assert!(!firsts.is_empty(), "{}", engine.failure());
    assert!(
        firsts.iter().all(|m| named.contains(m)),
        "{}",
        engine.failure()
    );

    engine.send("setoption name MultiPV value 3");
    engine.send("go depth 3 searchmoves h2h3 zz9 movetime 5000");
    let lines = engine.read_until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string searchmoves: 'zz9' left out")),
        "{}",
        engine.failure()
    );
    assert_eq!(best_of(&lines), "h2h3", "{}", engine.failure());
    assert!(
        lines.iter().all(|l| !l.contains(" multipv 2 ")),
        "{}",
        engine.failure()
    );

    engine.send("setoption name MultiPV value 1");
    engine.send("go depth 3 searchmoves e2e5");
    let best = engine.best_move();
    assert!(
        legal_moves("chess", None).contains(&best),
        "{best}: {}",
        engine.failure()
    );
}

/// Issue 24: at a threefold repetition or a halfmove clock of 100 the engine answered
/// `bestmove 0000`; the GUI declares those draws, and a UCI engine plays on.
#[test]
fn draws_the_gui_declares_leave_the_engine_playing_and_mate_or_stalemate_do_not() {
    let mut engine = Engine::start();
    engine.send("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    engine.send("go depth 3");
    let best = engine.best_move();
    assert!(
        legal_moves("chess", None).contains(&best),
        "{}",
        engine.failure()
    );

    engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 100 80");
    engine.send("go depth 3");
    let best = engine.best_move();
    let same_board = Some("6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 80");
    assert!(
        legal_moves("chess", same_board).contains(&best),
        "{}",
        engine.failure()
    );

    for (ended, why) in [
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "checkmate"),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate"),
    ] {
        engine.send(&format!("position fen {ended}"));
        engine.send("go depth 3");
        let lines = engine.read_until("bestmove");
        assert_eq!(
            lines.last().unwrap(),
            "bestmove 0000",
            "{}",
            engine.failure()
        );
        let said = "info string the game is over: ";
        assert!(
            lines.iter().any(|l| l.starts_with(said) && l.contains(why)),
            "{}",
            engine.failure()
        );
    }
}

/// Issue 24: after a `position` with an illegal move, `go` answered for the position before
/// the command (a Black move with White to move). The moves are played up to the illegal one,
/// as Stockfish does, and it is named.
#[test]
fn an_illegal_move_stops_the_moves_there_and_garbage_is_named_never_obeyed() {
    let mut engine = Engine::start();
    let after_e4_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    engine.send("position startpos moves e2e4 e7e5 e1e3");
    engine.send("d");
    let lines = engine.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string move 3 'e1e3' refused")),
        "{}",
        engine.failure()
    );
    assert!(
        lines.contains(&format!("Fen: {after_e4_e5}")),
        "{}",
        engine.failure()
    );
    engine.send("go depth 2");
    let best = engine.best_move();
    assert!(
        legal_moves("chess", Some(after_e4_e5)).contains(&best),
        "{}",
        engine.failure()
    );

    // Garbage: each named, the position kept, the session going on.
    for garbage in [
        "position fen garbage",
        "position",
        "position sideways",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "frobnicate now",
        "setoption name Hash value lots",
        "setoption name MultiPV value 0",
        "setoption name UCI_Variant value checkers",
        "setoption name Seed value beef",
        "setoption name Nonsense value 3",
        "setoption",
        "go perft 99",
        "\u{fffd}\u{0}",
    ] {
        engine.send(garbage);
        let lines = engine.sync();
        assert!(
            lines.iter().any(|l| l.starts_with("info string ")),
            "{garbage}: {}",
            engine.failure()
        );
    }
    // A line that is not UTF-8 is garbage too, not the end of the session.
    engine.stdin.write_all(b"\xff\xfe go\n").unwrap();
    let lines = engine.sync();
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string unknown command")));
    engine.send("d");
    let lines = engine.sync();
    assert!(
        lines.contains(&format!("Fen: {after_e4_e5}")),
        "{}",
        engine.failure()
    );
    // A flag fallen (a negative clock) is no time left; `searchmoves` is skipped; a pondering
    // search answers once the GUI says `ponderhit`.
    engine.send("go wtime -500 btime 1000 depth 2 searchmoves e2e4 ponder");
    engine.send("ponderhit");
    let best = engine.best_move();
    assert!(
        legal_moves("chess", Some(after_e4_e5)).contains(&best),
        "{}",
        engine.failure()
    );
}

#[test]
fn threads_above_one_are_refused_with_a_reason() {
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 1");
    assert!(engine.sync().iter().all(|l| !l.starts_with("info string")));
    engine.send("setoption name Threads value 4");
    let lines = engine.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string Threads") && l.contains("one thread")),
        "{}",
        engine.failure()
    );
}

/// `Noise` (the page's Easy level): the engine plays other moves than its best in quiet
/// positions, the same one again for the same position, never a blunder of a queen, and
/// reports only the lines MultiPV asks for. A value out of range is refused.
#[test]
fn noise_varies_quiet_moves_but_keeps_a_free_queen_and_replays() {
    let openings = [
        "startpos",
        "startpos moves e2e4",
        "startpos moves d2d4",
        "startpos moves e2e4 e7e5",
        "startpos moves g1f3 d7d5",
        "startpos moves c2c4 e7e5",
    ];
    let best_moves = |noise: u32| {
        let mut engine = Engine::start();
        engine.send(&format!("setoption name Noise value {noise}"));
        let mut moves = Vec::new();
        for opening in openings {
            engine.send(&format!("position {opening}"));
            engine.send("go nodes 3000");
            let lines = engine.read_until("bestmove");
            // MultiPV 1: only the first line is reported, however many were searched.
            assert!(
                lines.iter().all(|l| !l.contains(" multipv 2 ")),
                "{}",
                engine.failure()
            );
            moves.push(best_of(&lines));
        }
        moves
    };
    let plain = best_moves(0);
    let noisy = best_moves(100);
    assert_ne!(plain, noisy, "noise 100 changed no move of {plain:?}");
    assert_eq!(noisy, best_moves(100), "the same positions, other moves");

    // A queen en prise: taking it is worth far more than the noise.
    let mut engine = Engine::start();
    engine.send("setoption name Noise value 300");
    engine.send("position fen 4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    engine.send("go nodes 5000");
    assert_eq!(engine.best_move(), "d2d5", "{}", engine.failure());

    engine.send("setoption name Noise value 5000");
    let lines = engine.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("Noise")),
        "{}",
        engine.failure()
    );
}

/// `MultiPV 3`: each depth reports three lines with three different first moves, the first
/// being the `bestmove`; a position with two legal moves reports two.
#[test]
fn multipv_reports_the_best_lines_each_with_its_own_first_move() {
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go depth 3");
    let lines = engine.read_until("bestmove");
    let last_depth: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 3 "))
        .collect();
    let firsts: Vec<&str> = last_depth
        .iter()
        .filter_map(|l| l.split(" pv ").nth(1)?.split(' ').next())
        .collect();
    assert_eq!(firsts.len(), 3, "{}", engine.failure());
    for (k, line) in last_depth.iter().enumerate() {
        assert!(
            line.contains(&format!(" multipv {} ", k + 1)),
            "{}",
            engine.failure()
        );
    }
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert_eq!(best_of(&lines), firsts[0], "{}", engine.failure());

    // Two legal moves (the king's, out of the bishop's check): two lines.
    engine.send("position fen 7k/8/8/8/8/8/6P1/B5K1 b - - 0 1");
    engine.send("go depth 2");
    let lines = engine.read_until("bestmove");
    let depth_two = lines
        .iter()
        .filter(|l| l.starts_with("info depth 2 "))
        .count();
    assert_eq!(depth_two, 2, "{}", engine.failure());
}

/// The clock: `movestogo 1` may spend nearly all of it; `Move Overhead` is kept back.
#[test]
fn the_time_budget_follows_movestogo_and_the_move_overhead() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    let timed = |engine: &mut Engine, go: &str| {
        engine.send(go);
        let started = Instant::now();
        engine.best_move();
        started.elapsed()
    };
    // A thirtieth of 2 s, then nearly all of it with one move to go.
    let share = timed(&mut engine, "go wtime 2000 btime 2000");
    let last_move = timed(&mut engine, "go wtime 2000 btime 2000 movestogo 1");
    assert!(
        share < Duration::from_millis(900),
        "{share:?}\n{}",
        engine.failure()
    );
    assert!(
        last_move > Duration::from_millis(1200),
        "{last_move:?}\n{}",
        engine.failure()
    );
    engine.send("setoption name Move Overhead value 2900");
    let kept_back = timed(&mut engine, "go movetime 3000");
    assert!(
        kept_back < Duration::from_millis(1500),
        "{kept_back:?}\n{}",
        engine.failure()
    );
}

#[test]
fn go_perft_divides_as_stockfish_does() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    engine.send("go perft 3");
    let lines = engine.read_until("Nodes searched");
    let rows: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .collect();
    assert_eq!(rows.len(), 20, "{}", engine.failure());
    assert!(
        lines.iter().any(|l| l == "e7e5: 835"),
        "{}",
        engine.failure()
    );
    assert_eq!(
        lines.last().unwrap(),
        "Nodes searched: 13160",
        "{}",
        engine.failure()
    );

    // Immortal Chess: with the deal only.
    engine.send("setoption name UCI_Variant value immortal");
    engine.send("go perft 1");
    let lines = engine.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string perft needs the deal")),
        "{}",
        engine.failure()
    );
    engine.send(&format!("setoption name Seed value {SEED}"));
    engine.send("go perft 2");
    let lines = engine.read_until("Nodes searched");
    let expected = Game::new("immortal", &[("seed", SEED)], None)
        .unwrap()
        .perft(2)
        .unwrap();
    assert_eq!(
        lines.last().unwrap(),
        &format!("Nodes searched: {expected}")
    );
}

/// `eval` prints the static evaluation from White's side, as the last line of Stockfish's
/// `eval` reads (tools/strength/residuals.py compares it with Stockfish's scores).
#[test]
fn eval_prints_the_static_score_from_whites_side() {
    let mut engine = Engine::start();
    let mut pawns = |fen: &str| -> f64 {
        engine.send(&format!("position fen {fen}"));
        engine.send("eval");
        let lines = engine.sync();
        let line = lines
            .iter()
            .find_map(|l| l.strip_prefix("Final evaluation"))
            .unwrap_or_else(|| panic!("no evaluation for {fen}: {lines:?}"));
        let number = line
            .trim()
            .strip_suffix(" (white side)")
            .expect("White's side");
        number.parse().expect("pawns with a sign")
    };
    // White a queen up, either side to move; then the same with the colours swapped.
    let white_to_move = pawns("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    let black_to_move = pawns("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
    let mirrored = pawns("3qk3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(
        white_to_move > 5.0 && black_to_move > 5.0,
        "{white_to_move} {black_to_move}"
    );
    assert!(white_to_move > black_to_move, "the side to move's tempo");
    assert_eq!(mirrored, -white_to_move);
}

#[test]
fn d_shows_the_board_fen_key_and_checkers() {
    let mut engine = Engine::start();
    let fen = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
    engine.send(&format!("position fen {fen}"));
    engine.send("d");
    let lines = engine.sync();
    let key = Game::new("chess", &[], Some(fen))
        .unwrap()
        .position()
        .hash();
    for shown in [
        " |   |   |   |   |   |   |   | k | 8",
        " |   |   |   |   |   |   | Q |   | 7",
        "   a   b   c   d   e   f   g   h ",
        &format!("Fen: {fen}"),
        &format!("Key: {key:016X}"),
        "Checkers: g7",
    ] {
        assert!(
            lines.iter().any(|l| l == shown),
            "{shown}\n{}",
            engine.failure()
        );
    }
}

/// Plays `turns` bestmoves of `variant` through UCI, each sent back in `position ... moves`;
/// returns them.
fn play_turns(engine: &mut Engine, turns: usize) -> Vec<String> {
    let mut played: Vec<String> = Vec::new();
    for _ in 0..turns {
        engine.send(&format!("position startpos moves {}", played.join(" ")));
        engine.send("go depth 1");
        let words = engine.best_words();
        // One word: a GUI reads the word after `bestmove` (then maybe `ponder MOVE`).
        let form = words.len() == 1 || (words.len() == 3 && words[1] == "ponder");
        assert!(form, "{}", engine.failure());
        assert_ne!(words[0], "0000", "{}", engine.failure());
        played.push(words[0].clone());
    }
    let lines = engine.sync();
    assert!(
        lines.iter().all(|l| !l.contains("refused")),
        "{}",
        engine.failure()
    );
    played
}

#[test]
fn impulschach_through_uci_takes_and_gives_whole_turns() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value impulschach");
    // A Catalyst's turn: its move, an activated pawn's, the chain closed.
    engine.send("position startpos moves b1c3,a2a4,end");
    engine.send("d");
    let mut game = Game::new("impulschach", &[], None).unwrap();
    game.play("b1c3,a2a4,end").unwrap();
    let lines = engine.sync();
    assert!(
        lines.contains(&format!("Fen: {}", game.fen())),
        "{}",
        engine.failure()
    );

    let turns = play_turns(&mut engine, 4);
    let mut game = Game::new("impulschach", &[], None).unwrap();
    for (i, turn) in turns.iter().enumerate() {
        let mover = game.position().turn();
        game.play(turn).unwrap_or_else(|e| panic!("{turn}: {e}"));
        assert!(
            game.position().turn() != mover || game.outcome().is_some(),
            "turn {i} '{turn}' is not a whole turn"
        );
    }
}

#[test]
fn immortal_chess_through_uci_with_the_deal_or_with_reveals_from_the_gui() {
    // With the seed the engine is the referee: its bare entries go back as they are.
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value immortal");
    engine.send(&format!("setoption name Seed value {SEED}"));
    let turns = play_turns(&mut engine, 4);
    let mut game = Game::new("immortal", &[("seed", SEED)], None).unwrap();
    for turn in &turns {
        let mover = game.position().turn();
        game.replay(turn).unwrap_or_else(|e| panic!("{turn}: {e}"));
        assert!(
            game.position().turn() != mover,
            "'{turn}' is not a whole turn"
        );
    }

    // Without it the game is public: the GUI names what an entry revealed, and a bare entry
    // is refused, naming the move.
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value immortal");
    engine.send("position startpos moves f3f5,a5b5=n");
    engine.send("d");
    let lines = engine.sync();
    let mut public = Game::new("immortal", &[], None).unwrap();
    public.play("f3f5,a5b5=n").unwrap();
    assert!(
        lines.contains(&format!("Fen: {}", public.fen())),
        "{}",
        engine.failure()
    );
    engine.send("go depth 1");
    let best = engine.best_move();
    public
        .play(&best)
        .unwrap_or_else(|e| panic!("{best}: {e}\n{}", engine.failure()));
    engine.send("position startpos moves f3f5,a5b5");
    let lines = engine.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string move 1 'f3f5,a5b5' refused")),
        "{}",
        engine.failure()
    );
}
