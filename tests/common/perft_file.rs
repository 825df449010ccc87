//! Perft data files (`tests/perft/*.perft`): reading them and checking their counts, shared by
//! the native test (`tests/perft.rs`) and the wasm one (`tests/wasm.rs`).

use schachwerk::game::Game;
use schachwerk::variants::parse_options;

/// One position of a data file with its counts.
pub struct Entry {
    pub id: String,
    pub variant: String,
    pub fen: Option<String>,
    pub options: Vec<String>,
    pub counts: Vec<(u32, u64)>,
}

/// The entries of the file `name` (for messages) with the text `text`, whose variant is
/// `variant` unless an entry says `variant NAME`. Panics, naming the line, on a malformed one.
pub fn parse(name: &str, variant: &str, text: &str) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let where_ = format!("{name}:{}", n + 1);
        if key == "id" {
            entries.push(Entry {
                id: value.to_string(),
                variant: variant.to_string(),
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

/// Checks every count of `entries` of at most `limit` nodes; returns how many were checked and
/// how many skipped for the limit.
pub fn check(entries: &[Entry], limit: u64) -> (usize, usize) {
    let (mut run, mut skipped) = (0, 0);
    for entry in entries {
        let options = parse_options(entry.options.iter().map(String::as_str)).unwrap();
        let game = Game::new(&entry.variant, &options, entry.fen.as_deref())
            .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        assert!(!entry.counts.is_empty(), "{} has no perft counts", entry.id);
        for &(depth, expected) in &entry.counts {
            if expected > limit {
                skipped += 1;
                continue;
            }
            let got = game
                .perft(depth)
                .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
            assert_eq!(
                got, expected,
                "{} ({}) perft {depth}",
                entry.id, entry.variant
            );
            run += 1;
        }
    }
    (run, skipped)
}
