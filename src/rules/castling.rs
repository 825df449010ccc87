//! Castling as the variants share it: the king and an unmoved partner that keeps its right
//! (a rook, or Quintessential's centurion) move past each other to squares the variant fixes.

use super::movegen::ActionSink;
use super::safety::KingSafety;
use super::{Action, ActionKind};
use crate::geometry::{Bitboard, Square};
use crate::movement::{Armory, Color};
use crate::position::Position;

/// Where king and partner land when castling.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastlingGeometry {
    /// The king goes two squares towards the partner, which lands on the square the king
    /// crossed (orthodox chess, Immortal Chess, Quintessential Chess).
    TwoSquares,
    /// The king lands on the c or g file and the partner on the d or f file, wherever they
    /// started (NAChT Schach's reverse setup, whose king starts on d).
    FideFiles,
}

impl CastlingGeometry {
    /// King and partner destinations for castling with the partner on `partner`.
    fn destinations(self, king: Square, partner: Square) -> Option<(Square, Square)> {
        let towards_h = partner.file() > king.file();
        match self {
            CastlingGeometry::TwoSquares => {
                let dir: i8 = if towards_h { 1 } else { -1 };
                Some((king.offset(2 * dir, 0)?, king.offset(dir, 0)?))
            }
            CastlingGeometry::FideFiles => {
                let (king_file, partner_file) = if towards_h { (6, 5) } else { (2, 3) };
                Some((
                    Square::new(king_file, king.rank())?,
                    Square::new(partner_file, king.rank())?,
                ))
            }
        }
    }
}

/// Appends the legal castling actions of the side to move, whose king stands on `safety.king`.
/// Every orthodox condition applies: partner and king unmoved (the right), every square either
/// crosses or lands on empty (but for the two of them), and the king not in check, not passing
/// through and not landing on an attacked square.
pub fn castling_actions(
    armory: &Armory,
    position: &Position,
    safety: &KingSafety,
    geometry: CastlingGeometry,
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
    let occupied = board.occupied();
    for partner in partners {
        // Most often a piece still stands between king and partner: test that first.
        if (squares_between(king, partner) & occupied).any()
            || partner.rank() != king.rank()
            || partner == king
        {
            continue;
        }
        let Some((king_to, partner_to)) = geometry.destinations(king, partner) else {
            continue;
        };
        if !shape.contains(king_to) || !shape.contains(partner_to) {
            continue;
        }
        let movers = Bitboard::from_square(king).with(partner);
        let king_path = squares_between(king, king_to).with(king_to);
        let partner_path = squares_between(partner, partner_to).with(partner_to);
        if ((king_path | partner_path) & occupied & !movers).any() {
            continue;
        }
        // The squares passed are judged as they stand, the king still home (FIDE's "attacked",
        // docs/RULINGS.md): it may be the screen over which a Cannon attacks them. For pieces
        // stopped by the first piece on a line this is the same as lifting the king: one the
        // king would block attacks the king, and castling out of check is no castling.
        let passed = king_path.without(king_to).without(king);
        if passed.squares().any(|sq| safety.attacked(sq, occupied)) {
            continue;
        }
        let after = occupied
            .without(king)
            .without(partner)
            .with(king_to)
            .with(partner_to);
        if safety.attacked(king_to, after) {
            continue;
        }
        out.action(Action {
            from: king,
            to: king_to,
            promotion: None,
            kind: ActionKind::Castle {
                partner_from: partner,
                partner_to,
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

/// Squares strictly between two squares on one rank (their bits are consecutive); none when
/// they are the same square.
#[inline]
fn squares_between(a: Square, b: Square) -> Bitboard {
    if a == b {
        return Bitboard::EMPTY;
    }
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    // The bits from just above `lo` up to just below `hi`.
    Bitboard::from_u128(
        Bitboard::from_square(hi).to_u128() - (Bitboard::from_square(lo).to_u128() << 1),
    )
}
