//! `schachwerk bench`: perft speed on fixed positions, in nodes per second.

use schachwerk::game::Game;
use std::time::Instant;

/// Fixed benchmark positions: name, variant, position string, depth, expected nodes.
const CASES: [(&str, &str, &str, u32, u64); 2] = [
    (
        "startpos",
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete",
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
];

/// Runs the benchmark; `--quick` uses one ply less.
pub fn run(args: &[String]) -> Result<String, String> {
    let quick = match args.first().map(String::as_str) {
        None => false,
        Some("--quick") => true,
        Some(other) => return Err(format!("unknown bench argument '{other}'")),
    };
    let mut out = String::new();
    for (name, variant, fen, depth, expected) in CASES {
        let game = Game::new(variant, &[], Some(fen)).map_err(|e| e.to_string())?;
        let depth = if quick { depth - 1 } else { depth };
        let start = Instant::now();
        let nodes = game.perft(depth);
        let seconds = start.elapsed().as_secs_f64();
        if !quick && nodes != expected {
            return Err(format!(
                "{name}: perft {depth} gave {nodes}, expected {expected}"
            ));
        }
        let line = format!(
            "native {name} depth {depth}: {nodes} nodes in {seconds:.3} s = {:.1} M nodes/s\n",
            nodes as f64 / seconds / 1e6
        );
        eprint!("{line}");
        out.push_str(&line);
    }
    Ok(out)
}
