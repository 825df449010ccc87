//! `schachwerk uci`: the Universal Chess Interface for the variants whose turns are one action,
//! with a `UCI_Variant` option as Fairy-Stockfish has, so chess GUIs, cutechess-cli, fastchess,
//! python-chess and lichess-bot can run the engine. The search runs in a thread, so `stop`
//! and `isready` are answered while it thinks.

use schachwerk::game::Game;
use schachwerk::search::{Limits, Searcher};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

/// The variants UCI can carry: one action a turn.
const VARIANTS: [&str; 4] = ["chess", "nietzsche", "nacht", "quintessential"];

/// The position as UCI sets it: variant, start and moves.
#[derive(Clone, Default)]
struct Setup {
    variant: String,
    fen: Option<String>,
    moves: Vec<String>,
}

impl Setup {
    fn game(&self) -> Result<Game, String> {
        let mut game =
            Game::new(&self.variant, &[], self.fen.as_deref()).map_err(|e| e.to_string())?;
        for m in &self.moves {
            game.play(m).map_err(|e| format!("move {m}: {e}"))?;
        }
        Ok(game)
    }
}

/// A search under way.
struct Thinking {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

impl Thinking {
    fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.handle.join();
    }
}

fn say(text: &str) {
    crate::cli::write_out(&format!("{text}\n"));
}

/// Reads UCI commands from standard input until `quit` or its end.
pub fn run(_args: &[String]) -> Result<String, String> {
    let mut setup = Setup {
        variant: "chess".into(),
        ..Setup::default()
    };
    let mut thinking: Option<Thinking> = None;
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                say("id name schachwerk");
                say("id author the schachwerk team");
                let vars: Vec<String> = VARIANTS.iter().map(|v| format!("var {v}")).collect();
                say(&format!(
                    "option name UCI_Variant type combo default chess {}",
                    vars.join(" ")
                ));
                say("uciok");
            }
            Some("isready") => say("readyok"),
            Some("ucinewgame") => {
                if let Some(t) = thinking.take() {
                    t.finish();
                }
            }
            Some("setoption") => {
                let text = line.to_ascii_lowercase();
                if let Some(value) = text.strip_prefix("setoption name uci_variant value ") {
                    let value = value.trim();
                    if VARIANTS.contains(&value) {
                        setup.variant = value.to_string();
                    } else {
                        say(&format!(
                            "info string unknown variant {value}; variants: {}",
                            VARIANTS.join(" ")
                        ));
                    }
                }
            }
            Some("position") => {
                if let Some(t) = thinking.take() {
                    t.finish();
                }
                match read_position(&words, &setup.variant) {
                    Ok(next) => setup = next,
                    Err(e) => say(&format!("info string {e}")),
                }
            }
            Some("go") => {
                if let Some(t) = thinking.take() {
                    t.finish();
                }
                let game = match setup.game() {
                    Ok(game) => game,
                    Err(e) => {
                        say(&format!("info string {e}"));
                        say("bestmove 0000");
                        continue;
                    }
                };
                let limits = read_limits(
                    &words,
                    game.position().turn() == schachwerk::movement::Color::White,
                );
                thinking = Some(start(setup.clone(), limits));
            }
            Some("stop") => {
                if let Some(t) = thinking.take() {
                    t.finish();
                }
            }
            Some("quit") => break,
            _ => {}
        }
    }
    if let Some(t) = thinking.take() {
        t.finish();
    }
    Ok(String::new())
}

/// `position startpos|fen FEN [moves m1 m2 ...]`.
fn read_position(words: &[&str], variant: &str) -> Result<Setup, String> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let head = &words[..moves_at.unwrap_or(words.len())];
    let fen = match head.get(1).copied() {
        Some("startpos") => None,
        Some("fen") => Some(head[2..].join(" ")),
        _ => return Err("position needs startpos or fen".into()),
    };
    let moves = moves_at.map_or(Vec::new(), |at| {
        words[at + 1..].iter().map(|m| m.to_string()).collect()
    });
    let setup = Setup {
        variant: variant.to_string(),
        fen,
        moves,
    };
    setup.game()?;
    Ok(setup)
}

/// `go depth D | nodes N | movetime T | wtime W btime B [winc I binc J] | infinite`.
fn read_limits(words: &[&str], white: bool) -> Limits {
    let value = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|at| words.get(at + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let mut limits = Limits {
        depth: value("depth").map(|d| d.clamp(1, 64) as u32),
        nodes: value("nodes"),
        millis: value("movetime"),
    };
    let (time, increment) = if white {
        (value("wtime"), value("winc"))
    } else {
        (value("btime"), value("binc"))
    };
    if let Some(left) = time {
        // A thirtieth of the time left and most of the increment, never the whole clock.
        let budget = left / 30 + increment.unwrap_or(0) * 3 / 4;
        limits.millis = Some(budget.min(left.saturating_sub(50)).max(1));
    }
    limits
}

/// Searches in a thread, printing `info` per depth and `bestmove` at the end.
fn start(setup: Setup, limits: Limits) -> Thinking {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let handle = std::thread::spawn(move || {
        let Ok(game) = setup.game() else {
            say("bestmove 0000");
            return;
        };
        let started = Instant::now();
        let clock = move || started.elapsed().as_secs_f64() * 1000.0;
        let armory = game.variant().armory();
        let mut searcher = Searcher::new(&game, limits, &clock).with_stop(&flag);
        let found = searcher.think(|report| {
            let pv: Vec<String> = report.pv.iter().map(|a| a.machine(armory)).collect();
            say(&format!(
                "info depth {} score {} nodes {} nps {} time {} pv {}",
                report.depth,
                report.score_text(),
                report.nodes,
                report.nps(),
                report.millis,
                pv.join(" ")
            ));
        });
        let best = found
            .and_then(|r| r.pv.first().map(|a| a.machine(armory)))
            .unwrap_or_else(|| "0000".into());
        say(&format!("bestmove {best}"));
    });
    Thinking { stop, handle }
}
