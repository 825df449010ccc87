//! Runs every perft data file under `tests/perft/` up to a node limit.
//!
//! The limit (default 20 million nodes per count) keeps CI fast; set `PERFT_NODE_LIMIT` to run
//! deeper counts. The variant is the file's name unless an entry says `variant NAME`.

#[path = "common/perft_file.rs"]
mod perft_file;

use std::path::Path;

#[test]
fn perft_files_match() {
    let limit: u64 = std::env::var("PERFT_NODE_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000_000);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "perft"));
    files.sort();
    assert!(!files.is_empty(), "no perft files in {}", dir.display());
    let (mut run, mut skipped) = (0, 0);
    for path in files {
        let variant = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let entries = perft_file::parse(&path.display().to_string(), &variant, &text);
        let (checked, over) = perft_file::check(&entries, limit);
        run += checked;
        skipped += over;
    }
    eprintln!("perft: {run} counts checked, {skipped} above the node limit of {limit}");
    assert!(run > 0);
}
