//! How deep the search gets in Impulschach and Immortal Chess middlegames at the page's Hard
//! level (200,000 nodes): at least four whole turns in the median position of
//! `bench/middlegames/V.fen` (middlegames from quick self-play, taken twenty turns in). A turn of
//! Impulschach is a chain of decisions (a Catalyst's chain, a Resonance Shift's pawns), so
//! without pruning inside the turn the search reached two turns here. Node budgets make the
//! figure exact on every machine; `schachwerk depth` prints it for every variant.

use schachwerk::game::Game;
use schachwerk::search::{Limits, Searcher};

const HARD: u64 = 200_000;

/// The completed depth, in turns, for each position of `fens` searched with `nodes` nodes;
/// positions where the search proves a forced result (and stops early) are left out.
fn depths(variant: &str, fens: &str, nodes: u64) -> Vec<u32> {
    let clock = || 0.0;
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut depths: Vec<u32> = fens
        .lines()
        .filter(|line| !line.trim().is_empty())
        .filter_map(|fen| {
            let game = Game::new(variant, &[], Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let report = Searcher::new(&game, limits, &clock)
                .think(|_| {})
                .unwrap_or_else(|| panic!("{fen}: no move"));
            (!report.score_text().starts_with("mate")).then_some(report.depth)
        })
        .collect();
    depths.sort_unstable();
    depths
}

/// Holds that Hard completes a median of at least 4 turns, and none fewer than 3, on the
/// middlegames of `fens`.
fn assert_four_turns_at_hard(variant: &str, fens: &str) {
    let depths = depths(variant, fens, HARD);
    assert!(
        depths.len() >= 15,
        "too few undecided positions: {depths:?}"
    );
    let median = depths[depths.len() / 2];
    assert!(median >= 4, "median depth {median} turns: {depths:?}");
    assert!(depths[0] >= 3, "shallowest {} turns: {depths:?}", depths[0]);
}

#[test]
fn hard_reaches_four_whole_turns_in_impulschach_middlegames() {
    assert_four_turns_at_hard(
        "impulschach",
        include_str!("../bench/middlegames/impulschach.fen"),
    );
}

/// Immortal Chess's entries are chance nodes, up to ten outcomes each; averaged in full they
/// held the search to a median of three turns here, two in some positions. Searched
/// Star1-style (`prune::ChanceWindow`), the median is five.
#[test]
fn hard_reaches_four_whole_turns_in_immortal_middlegames() {
    assert_four_turns_at_hard(
        "immortal",
        include_str!("../bench/middlegames/immortal.fen"),
    );
}
