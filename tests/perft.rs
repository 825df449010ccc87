//! Runs every perft data file under `tests/perft/` up to a node limit.
//!
//! The limit (default 20 million nodes per count) keeps CI fast; set `PERFT_NODE_LIMIT` to run
//! deeper counts. The variant is the file's name unless an entry says `variant NAME`.

use schachwerk::game::Game;
use schachwerk::variants::parse_options;
use std::path::Path;

struct Entry {
    id: String,
    variant: String,
    fen: Option<String>,
    options: Vec<String>,
    counts: Vec<(u32, u64)>,
}

fn parse_file(path: &Path) -> Vec<Entry> {
    let variant = path.file_stem().unwrap().to_string_lossy().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let mut entries: Vec<Entry> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let where_ = format!("{}:{}", path.display(), n + 1);
        if key == "id" {
            entries.push(Entry {
                id: value.to_string(),
                variant: variant.clone(),
                fen: None,
                options: Vec::new(),
                counts: Vec::new(),
            });
            continue;
        }
        let entry = entries
            .last_mut()
            .unwrap_or_else(|| panic!("{where_}: '{key}' before any 'id'"));
        match key {
            "fen" => entry.fen = Some(value.to_string()),
            "variant" => entry.variant = value.to_string(),
            "option" => entry.options.push(value.to_string()),
            "perft" => {
                let (depth, nodes) = value
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("{where_}: bad perft line"));
                entry
                    .counts
                    .push((depth.parse().unwrap(), nodes.parse().unwrap()));
            }
            _ => panic!("{where_}: unknown key '{key}'"),
        }
    }
    entries
}

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
        for entry in parse_file(&path) {
            let options = parse_options(entry.options.iter().map(String::as_str)).unwrap();
            let game = Game::new(&entry.variant, &options, entry.fen.as_deref())
                .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
            assert!(!entry.counts.is_empty(), "{} has no perft counts", entry.id);
            for &(depth, expected) in &entry.counts {
                if expected > limit {
                    skipped += 1;
                    continue;
                }
                let got = game.perft(depth);
                assert_eq!(
                    got, expected,
                    "{} ({}) perft {depth}",
                    entry.id, entry.variant
                );
                run += 1;
            }
        }
    }
    eprintln!("perft: {run} counts checked, {skipped} above the node limit of {limit}");
    assert!(run > 0);
}
