//! Castling as the variants share it: the king goes two squares towards an unmoved partner that
//! keeps its right, and the partner lands on the square the king crossed.

use super::movegen::ActionSink;
use super::safety::KingSafety;
use super::{Action, ActionKind};
use crate::geometry::{Bitboard, Square};
use crate::movement::{Armory, Color};
use crate::position::Position;

/// Appends the legal castling actions of the side to move, whose king stands on `safety.king`.
/// Every orthodox condition applies: partner and king unmoved (the right), the squares between
/// them empty, the landing squares free, and the king not in check, not passing through and not
/// landing on an attacked square.
pub fn castling_actions(
    armory: &Armory,
    position: &Position,
    safety: &KingSafety,
    out: &mut impl ActionSink,
) {
    let Some(king) = safety.king else { return };
    if safety.in_check() {
        return;
    }
    let us = position.turn();
    let board = position.board();
    let shape = armory.shape();
    let partners = position.castling() & board.side(us);
    for partner in partners {
        if partner.rank() != king.rank() || partner == king {
            continue;
        }
        let dir: i8 = if partner.file() > king.file() { 1 } else { -1 };
        let (Some(crossed), Some(king_to)) =
            (shape.step(king, dir, 0), shape.step(king, 2 * dir, 0))
        else {
            continue;
        };
        let between = squares_between(king, partner);
        let occupied = board.occupied();
        let movers = Bitboard::from_square(king).with(partner);
        let must_be_free = between.with(crossed).with(king_to);
        if (must_be_free & occupied & !movers).any() {
            continue;
        }
        let without_king = occupied.without(king);
        if KingSafety::attacked(armory, board, us, crossed, without_king) {
            continue;
        }
        let after = occupied
            .without(king)
            .without(partner)
            .with(king_to)
            .with(crossed);
        if KingSafety::attacked(armory, board, us, king_to, after) {
            continue;
        }
        out.action(Action {
            from: king,
            to: king_to,
            promotion: None,
            kind: ActionKind::Castle {
                partner_from: partner,
                partner_to: crossed,
            },
        });
    }
}

/// Removes the rights that a move from `from` to `to` ends: a partner moving or captured, or
/// the king of `mover` moving (`king_moved`). Call it before the move changes the board.
pub fn update_rights(
    position: &mut Position,
    mover: Color,
    from: Square,
    to: Square,
    king_moved: bool,
) {
    let mut rights = position.castling();
    if rights.is_empty() {
        return;
    }
    rights = rights.without(from).without(to);
    if king_moved {
        rights &= !position.board().side(mover);
    }
    position.set_castling(rights);
}

/// Squares strictly between two squares on one rank (their bits are consecutive).
#[inline]
fn squares_between(a: Square, b: Square) -> Bitboard {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let below_hi = Bitboard::from_square(hi).0 - 1;
    let up_to_lo = (Bitboard::from_square(lo).0 << 1) - 1;
    Bitboard(below_hi & !up_to_lo)
}
