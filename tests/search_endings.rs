//! A king left alone against a rook or a queen: Hard (200,000 nodes), its table kept through
//! the game as the page and the UCI engine keep it, mates before the fifty-move rule or a
//! repetition draws, against a defender that searches too. From these positions, builds
//! without either of two changes drew against Stockfish (2026-12-07). A mate its table held
//! from an earlier turn ended the next search at depth 1, and the move that search took
//! walked into a threefold repetition (now the search goes on until it sees the mate whole).
//! And without a score for the steps towards the mate it shuffled: now the lone king is
//! driven to the edge and the kings brought together (the evaluation's `cornering`).

use schachwerk::game::Game;
use schachwerk::movement::Color;
use schachwerk::rules::Outcome;
use schachwerk::search::{Limits, Searcher, Table};

/// White to move and mate: three rook endings and a queen ending.
const POSITIONS: [&str; 4] = [
    "8/5R2/8/5K2/8/8/8/2k5 w - - 0 1",
    "8/K5R1/8/8/3k4/8/8/8 w - - 0 1",
    "R7/8/8/8/4k3/8/8/3K4 w - - 0 1",
    "4K3/8/8/7Q/8/8/8/5k2 w - - 0 1",
];

/// White at Hard's budget, Black at a tenth of it.
fn nodes(side: Color) -> u64 {
    match side {
        Color::White => 200_000,
        Color::Black => 20_000,
    }
}

#[test]
fn hard_mates_a_lone_king_with_a_rook_or_a_queen() {
    let clock = || 0.0;
    for fen in POSITIONS {
        let mut game = Game::new("chess", &[], Some(fen)).expect(fen);
        let mut tables = [Table::default(), Table::default()];
        let mut record = Vec::new();
        while game.outcome().is_none() && record.len() < 200 {
            let side = game.position().turn();
            let limits = Limits {
                nodes: Some(nodes(side)),
                ..Limits::default()
            };
            let table = std::mem::take(&mut tables[side.index()]);
            let mut searcher = Searcher::with_table(&game, limits, &clock, table);
            let found = searcher.think(|_| {}).expect("a move");
            tables[side.index()] = searcher.into_table();
            let action = found.pv[0];
            record.push(action.machine(game.variant().armory()));
            game.play_action(&action)
                .expect("the search's move is legal");
        }
        let outcome = game.outcome().map(|o| o.describe());
        assert!(
            matches!(
                game.outcome(),
                Some(Outcome::Win {
                    winner: Color::White,
                    ..
                })
            ),
            "{fen}: {outcome:?} after {}",
            record.join(" ")
        );
        // The longest mate with a rook from any position takes 16 moves (a queen's 10). Without
        // the lone king's cornering the queen's mate above took 25 moves.
        assert!(
            record.len() <= 2 * 16,
            "{fen}: mate after {} moves: {}",
            record.len().div_ceil(2),
            record.join(" ")
        );
    }
}
