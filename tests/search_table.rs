//! A transposition table kept through a game, as a UCI engine keeps it (`schachwerk uci`):
//! what earlier searches wrote of a position must not hide the repetitions of the line
//! searched now.

use schachwerk::game::Game;
use schachwerk::rules::Outcome;
use schachwerk::search::{Limits, Searcher, Table, MATE};

/// Hard (200,000 nodes) against Stockfish at UCI_Elo 2000 (2026-12-04, seed 3), 101 plies:
/// Black, a bishop and a pawn up, has checked with Qe1+ and Qh4+; Qh4+ now lets Kg1 repeat the
/// position a third time.
const GAME: &str = concat!(
    "e2e4 c7c5 g1f3 b8c6 f1b5 g7g6 e1g1 f8g7 f1e1 g8f6 c2c3 a7a6 b5c4 f6e4 d2d4 d7d5 d4c5 ",
    "c8e6 c4e2 e4c5 b1d2 e8g8 d2b3 c5a4 h2h4 d8d6 h4h5 a8c8 h5h6 g7f6 b3d4 e6d7 d4c6 d7c6 ",
    "e2d3 a4c5 d3f1 e7e5 a2a4 e5e4 f3d4 c6d7 a4a5 f6e5 c1e3 e5h2 g1h1 h2f4 h1g1 f4e3 e1e3 ",
    "d6f4 d4e2 f4g5 d1d4 c5e6 d4d2 f8d8 a1c1 d7c6 e2d4 g5h6 d4e6 f7e6 c1e1 h6f4 b2b4 d8f8 ",
    "d2c2 e6e5 c2e2 d5d4 c3d4 e5d4 e2b2 d4e3 f1c4 f8f7 c4f7 f4f7 f2e3 c8f8 e1c1 c6d5 b2e5 ",
    "f7f2 g1h2 f2h4 h2g1 h4f2 g1h2 f2h4 h2g1 d5b3 c1c7 h4e1 g1h2 e1h4 h2g1 h4e1 g1h2 ",
);

#[test]
fn a_table_kept_from_earlier_turns_does_not_hide_a_threefold_repetition() {
    let moves: Vec<&str> = GAME.split_whitespace().collect();
    assert_eq!(moves.len(), 101);
    let mut game = Game::new("chess", &[], None).unwrap();
    let limits = Limits {
        nodes: Some(200_000),
        ..Limits::default()
    };
    let clock = || 0.0;
    let mut table = Table::default();
    let mut best = String::new();
    for (played, action) in moves.iter().enumerate() {
        // Black's last six turns, searched as the game went, the table kept.
        if played >= 91 && played % 2 == 1 {
            let mut searcher = Searcher::with_table(&game, limits, &clock, table);
            let found = searcher.think(|_| {}).expect("Black has a move");
            best = found.pv[0].machine(game.variant().armory());
            table = searcher.into_table();
        }
        game.play(action).unwrap();
    }
    let mut searcher = Searcher::with_table(&game, limits, &clock, table);
    let found = searcher.think(|_| {}).expect("Black has a move");
    best.clone_from(&found.pv[0].machine(game.variant().armory()));
    // The premise: Qh4+ Kg1 is a threefold repetition, a draw.
    let mut repeated = game.clone();
    repeated.play("e1h4").unwrap();
    repeated.play("h2g1").unwrap();
    let outcome = repeated
        .outcome()
        .expect("a threefold repetition")
        .describe();
    assert_eq!(outcome, "draw threefold repetition");
    assert_ne!(best, "e1h4", "Black repeats, {}", found.score_text());
    assert!(
        found.score > 100,
        "Black, a bishop and a pawn up, sees {}",
        found.score_text()
    );
}

/// A mate the table holds from an earlier turn ends a search before its budget only once the
/// search has seen it whole (its depth reaches the mate). Taken at depth 1 from the table,
/// whose entries do not see this line's repetitions, it had Hard play a rook ending round in a
/// circle until Stockfish drew it by threefold repetition (tests/search_endings.rs plays such
/// endings out).
#[test]
fn a_mate_from_the_table_is_searched_until_the_search_sees_it_whole() {
    let mut game = Game::new("chess", &[], Some("8/5R2/8/5K2/8/8/8/2k5 w - - 0 1")).unwrap();
    let limits = Limits {
        nodes: Some(200_000),
        ..Limits::default()
    };
    let defence = Limits {
        nodes: Some(2_000),
        ..Limits::default()
    };
    let clock = || 0.0;
    let mut table = Table::default();
    let mut mates = 0;
    // White's turns, the table kept, Black answering with a short search of its own (it
    // leaves White's line, as Stockfish did), to the mate.
    for _ in 0..30 {
        let mut searcher = Searcher::with_table(&game, limits, &clock, table);
        let found = searcher.think(|_| {}).expect("White has a move");
        table = searcher.into_table();
        let distance = MATE - found.score.abs();
        // A search that ends before its budget does so because it has a forced result.
        if found.score.abs() >= MATE - 1000 && found.nodes < 200_000 {
            mates += 1;
            assert!(
                distance <= found.depth as i32,
                "{}: {} at depth {}, {} nodes",
                game.fen(),
                found.score_text(),
                found.depth,
                found.nodes
            );
        }
        game.play_action(&found.pv[0]).unwrap();
        if game.outcome().is_some() {
            break;
        }
        let mut defender = Searcher::new(&game, defence, &clock);
        let reply = defender.think(|_| {}).expect("Black has a move");
        game.play_action(&reply.pv[0]).unwrap();
    }
    assert!(mates >= 2, "White ended {mates} searches early on a mate");
    assert!(
        matches!(game.outcome(), Some(Outcome::Win { .. })),
        "{}: no mate",
        game.fen()
    );
}
