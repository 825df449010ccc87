//! `schachwerk bench`: perft and search speed on fixed positions, in nodes per second.
//!
//! Each case runs three times and the best and median rates are printed: on a shared machine the
//! best run is the one least disturbed by other work.

use schachwerk::game::Game;
use schachwerk::search::{Limits, Searcher};
use schachwerk::variants::parse_options;
use std::time::Instant;

/// Immortal Chess's perft needs a deal: the bench's is the zero seed's.
const ZERO_SEED: &str = "seed=0000000000000000000000000000000000000000000000000000000000000000";

/// Fixed benchmark positions: name, variant, option, position string, depth, expected nodes.
const CASES: [(&str, &str, &str, &str, u32, u64); 5] = [
    (
        "startpos",
        "chess",
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete",
        "chess",
        "",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    (
        "quintessential",
        "quintessential",
        "",
        "**cqklqc**/**1djjd1**/pppppppppp/10/10/10/10/PPPPPPPPPP/**1DJJD1**/**CQKLQC** w CHch - 0 1",
        5,
        72_402_015,
    ),
    (
        "impulschach",
        "impulschach",
        "",
        "rcbikbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBIKBCR w - - 0 1",
        6,
        44_824_801,
    ),
    (
        "immortal",
        "immortal",
        ZERO_SEED,
        "??????????/?rnbqkbnr?/?pppppppp?/?8?/?8?/?8?/?8?/?PPPPPPPP?/?RNBQKBNR?/?????????? w KQkq - 0 1",
        5,
        59_028_076,
    ),
];

const RUNS: usize = 3;

/// The search's positions: name, variant, option, position string (the start where empty).
/// Each is searched to a fixed node budget, so every run does the same work.
const SEARCH_CASES: [(&str, &str, &str, &str); 7] = [
    (
        "chess middlegame (Kiwipete)",
        "chess",
        "",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("chess", "chess", "", ""),
    ("nietzsche", "nietzsche", "", ""),
    ("nacht", "nacht", "", ""),
    ("quintessential", "quintessential", "", ""),
    ("impulschach", "impulschach", "", ""),
    ("immortal", "immortal", ZERO_SEED, ""),
];

/// The node budget of each search case.
const SEARCH_NODES: u64 = 1_000_000;

/// Runs the benchmark, printing a line per case; `--quick` uses one ply less and one run.
pub fn run(args: &[String]) -> Result<String, String> {
    let quick = match args.first().map(String::as_str) {
        None => false,
        Some("--quick") => true,
        Some(other) => return Err(format!("unknown bench argument '{other}'")),
    };
    for (name, variant, option, fen, depth, expected) in CASES {
        let options = parse_options(option.split_whitespace()).map_err(|e| e.to_string())?;
        let game = Game::new(variant, &options, Some(fen)).map_err(|e| e.to_string())?;
        let depth = if quick { depth - 1 } else { depth };
        let mut rates = Vec::new();
        let mut nodes = 0;
        for _ in 0..if quick { 1 } else { RUNS } {
            let start = Instant::now();
            nodes = game.perft(depth).map_err(|e| e.to_string())?;
            rates.push(nodes as f64 / start.elapsed().as_secs_f64() / 1e6);
        }
        if !quick && nodes != expected {
            return Err(format!(
                "{name}: perft {depth} gave {nodes}, expected {expected}"
            ));
        }
        rates.sort_by(f64::total_cmp);
        // Printed as each case ends: the full run takes a while.
        super::write_out(&format!(
            "native {name} depth {depth}: {nodes} nodes, best {:.1} M nodes/s, median {:.1} M nodes/s\n",
            rates[rates.len() - 1],
            rates[rates.len() / 2]
        ));
    }
    for (name, variant, option, fen) in SEARCH_CASES {
        let options = parse_options(option.split_whitespace()).map_err(|e| e.to_string())?;
        let fen = Some(fen).filter(|f| !f.is_empty());
        let game = Game::new(variant, &options, fen).map_err(|e| e.to_string())?;
        let nodes = if quick {
            SEARCH_NODES / 10
        } else {
            SEARCH_NODES
        };
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let mut rates = Vec::new();
        for _ in 0..if quick { 1 } else { RUNS } {
            let start = Instant::now();
            let clock = move || start.elapsed().as_secs_f64() * 1000.0;
            let mut searcher = Searcher::new(&game, limits, &clock);
            searcher.think(|_| {});
            rates.push(nodes as f64 / start.elapsed().as_secs_f64() / 1e6);
        }
        rates.sort_by(f64::total_cmp);
        super::write_out(&format!(
            "native search {name}: {nodes} nodes, best {:.2} M nodes/s, median {:.2} M nodes/s\n",
            rates[rates.len() - 1],
            rates[rates.len() / 2]
        ));
    }
    Ok(String::new())
}
