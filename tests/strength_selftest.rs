//! The strength tool against Stockfish (`tools/strength/stockfish.py`) checks itself without
//! any engine: its Elo maths on known values, its 48 openings (legal, 6 to 10 plies, no two
//! alike), the page's levels read from www/app.js, and its referee. So does the tool that
//! compares the evaluation with Stockfish's scores (`tools/strength/residuals.py`): its scale
//! fit and its groups. Under a second each. Needs python3 with python-chess (`./build.sh test`
//! installs it with pip), as pgn_python.rs does.

use std::process::Command;

#[test]
fn strength_tool_selftest_passes() {
    selftest_passes("stockfish.py");
}

#[test]
fn residuals_tool_selftest_passes() {
    selftest_passes("residuals.py");
}

fn selftest_passes(tool: &str) {
    let script = format!("{}/tools/strength/{tool}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(script)
        .arg("--selftest")
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.trim_end().ends_with("selftest ok"),
        "{tool} --selftest failed (pip install chess==1.11.2?):\n{stdout}{stderr}"
    );
}
