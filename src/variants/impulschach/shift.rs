//! The Resonance Shift's geometry: which pawn is displaced next, where it may go, and what a
//! pawn that reaches the mover's first rank becomes.

use super::{BISHOP, CATALYST, IMPULSE, ROOK};
use crate::geometry::{Bitboard, Shape, Square};
use crate::movement::{Color, Role};
use crate::position::Board;

/// Where a pawn of `color` on `from` may be displaced: the squares straight and diagonally
/// ahead that exist and are empty now.
pub fn candidates(shape: &Shape, board: &Board, color: Color, from: Square) -> Bitboard {
    let occupied = board.occupied();
    let mut out = Bitboard::EMPTY;
    for dx in [-1, 0, 1] {
        if let Some(to) = shape.step(from, dx, color.forward()) {
            if !occupied.contains(to) {
                out = out.with(to);
            }
        }
    }
    out
}

/// The pawn of `pending` (pawns of `color`) whose turn it is: files in the chosen order (from
/// a, or from h), on a file the most advanced first.
pub fn next(pending: Bitboard, color: Color, from_a: bool, files: u8) -> Option<Square> {
    pending.squares().min_by_key(|sq| {
        let file = if from_a {
            sq.file()
        } else {
            files - 1 - sq.file()
        };
        // The most advanced pawn is the one nearest its promotion rank.
        let behind = match color {
            Color::White => u8::MAX - sq.rank(),
            Color::Black => sq.rank(),
        };
        (file, behind)
    })
}

/// What an enemy pawn that lands on the mover's first rank becomes, by its file: a/h rook,
/// b/g catalyst, c/f bishop, d impulse; `None` on the e-file, where landing wins.
pub fn conversion(file: u8) -> Option<Role> {
    match file {
        0 | 7 => Some(ROOK),
        1 | 6 => Some(CATALYST),
        2 | 5 => Some(BISHOP),
        3 => Some(IMPULSE),
        _ => None,
    }
}
