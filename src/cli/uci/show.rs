//! `d`: the position as Fairy-Stockfish shows it: the board, `Fen:`, `Key:`, `Checkers:`;
//! `eval`: the static evaluation, as the last line of Stockfish's.

use schachwerk::game::Game;
use schachwerk::geometry::{Bitboard, Square};
use schachwerk::position::Occupant;
use schachwerk::search::static_score;

/// The board drawn rank by rank from the top (each rank's number on its right, the files
/// below), then the position string, the Zobrist key in hex and the checking pieces'
/// squares. A square the board lacks is `*`, an unrevealed Immortal `?`.
pub fn display(game: &Game) -> String {
    let position = game.position();
    let shape = *game.variant().armory().shape();
    let border = format!(" {}+\n", "+---".repeat(usize::from(shape.files)));
    let mut out = format!("\n{border}");
    for rank in (0..shape.ranks).rev() {
        out.push(' ');
        for file in 0..shape.files {
            out.push_str(&format!(
                "| {} ",
                square_char(game, Square::new(file, rank))
            ));
        }
        out.push_str(&format!("| {}\n{border}", u32::from(rank) + 1));
    }
    out.push(' ');
    for file in 0..shape.files {
        out.push_str(&format!("  {} ", char::from(b'a' + file)));
    }
    out.push_str(&format!("\n\nFen: {}\n", game.fen()));
    out.push_str(&format!("Key: {:016X}\n", position.hash()));
    out.push_str("Checkers:");
    for square in checkers(game).squares() {
        out.push_str(&format!(" {square}"));
    }
    out.push('\n');
    out
}

/// The static evaluation in pawns for White, two decimals, as Stockfish's `eval` ends:
/// `Final evaluation       +0.35 (white side)`.
pub fn evaluation(game: &Game) -> String {
    let score = static_score(game);
    let sign = if score < 0 { '-' } else { '+' };
    let (pawns, hundredths) = (score.unsigned_abs() / 100, score.unsigned_abs() % 100);
    format!("Final evaluation       {sign}{pawns}.{hundredths:02} (white side)")
}

fn square_char(game: &Game, square: Option<Square>) -> char {
    let Some(square) = square.filter(|sq| game.variant().armory().shape().contains(*sq)) else {
        return '*';
    };
    match game.position().board().at(square) {
        None => ' ',
        Some(Occupant::Hidden) => '?',
        Some(Occupant::Piece(piece)) => game.variant().armory().fen_char(piece),
    }
}

/// The squares of the enemy pieces that attack the side to move's royal pieces in check.
fn checkers(game: &Game) -> Bitboard {
    let position = game.position();
    let board = position.board();
    let armory = game.variant().armory();
    let enemy = !position.turn();
    game.check_squares()
        .squares()
        .fold(Bitboard::EMPTY, |all, royal| {
            all | armory.attackers(
                royal,
                enemy,
                board.occupied(),
                board.role_sets(),
                board.side(enemy),
            )
        })
}
