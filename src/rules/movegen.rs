//! Move generation the variants share: where each piece can go, and pawn double steps.

use crate::geometry::{Bitboard, Square};
use crate::movement::{Armory, Color, Piece};
use crate::position::Board;

/// Squares `piece` on `from` can capture on (enemy pieces it attacks) and move to quietly.
#[inline]
pub fn targets(armory: &Armory, board: &Board, piece: Piece, from: Square) -> (Bitboard, Bitboard) {
    let occupied = board.occupied();
    let captures = armory.attacks(piece, from, occupied) & board.side(!piece.color);
    let quiets = armory.advances(piece, from, occupied);
    (captures, quiets)
}

/// The square two steps ahead of a pawn of `color` on `from`, if both steps are on the board and
/// empty.
#[inline]
pub fn double_step(armory: &Armory, board: &Board, color: Color, from: Square) -> Option<Square> {
    let shape = armory.shape();
    let occupied = board.occupied();
    let one = shape.step(from, 0, color.forward())?;
    let two = shape.step(one, 0, color.forward())?;
    (!occupied.contains(one) && !occupied.contains(two)).then_some(two)
}

/// Whether an enemy pawn stands beside `to` and could take en passant on the next move.
#[inline]
pub fn en_passant_threat(armory: &Armory, board: &Board, pawn: Piece, passed: Square) -> bool {
    // An enemy pawn captures onto `passed` if one of ours on `passed` would attack it.
    let enemy_pawns = board.pieces(!pawn.color, pawn.role);
    (armory.attacks(pawn, passed, Bitboard::EMPTY) & enemy_pawns).any()
}
