//! Quintessential Chess's fast pawns: single and double steps from any rank, the jump over a
//! friendly pawn (Bockspringen), diagonal captures, and promotion on the squares from which no
//! step forward exists.

use crate::geometry::{Bitboard, Shape, Square, STRIDE};
use crate::movement::{Color, Role};
use crate::position::Board;
use crate::rules::movegen::ActionSink;
use crate::rules::ActionKind;

/// Masks for generating the moves of many pawns at once by shifting bitboards.
#[derive(Clone, Debug)]
pub struct FastPawns {
    /// The pawn's role.
    pawn: Role,
    playable: Bitboard,
    /// Pawns that may capture towards the a side, and towards the j side, without wrapping.
    not_first_file: Bitboard,
    not_last_file: Bitboard,
    /// Per colour, the squares with no step forward: where its pawns promote.
    promotion: [Bitboard; 2],
    /// The squares of each file.
    files: Vec<Bitboard>,
}

impl FastPawns {
    /// Masks for pawns of role `pawn` on `shape`.
    pub fn new(shape: &Shape, pawn: Role) -> FastPawns {
        let file =
            |f: u8| -> Bitboard { shape.playable.squares().filter(|s| s.file() == f).collect() };
        let dead_ends = |color: Color| -> Bitboard {
            shape
                .playable
                .squares()
                .filter(|&s| shape.step(s, 0, color.forward()).is_none())
                .collect()
        };
        FastPawns {
            pawn,
            playable: shape.playable,
            not_first_file: shape.playable & !file(0),
            not_last_file: shape.playable & !file(shape.files - 1),
            promotion: Color::ALL.map(dead_ends),
            files: (0..shape.files).map(file).collect(),
        }
    }

    /// The squares where pawns of `color` promote.
    #[inline]
    pub fn promotion_squares(&self, color: Color) -> Bitboard {
        self.promotion[color.index()]
    }

    /// All moves of `pawns` (pawns of `us`), promoting to each of `promotions` on a promotion
    /// square. None lands on `no_landing` (the en-passant square, which only a capture there
    /// may reach). The moves are not checked for the king's safety.
    pub fn moves(
        &self,
        board: &Board,
        us: Color,
        pawns: Bitboard,
        no_landing: Bitboard,
        promotions: &[Role],
        sink: &mut impl ActionSink,
    ) {
        match us {
            Color::White => self.moves_of::<true>(board, us, pawns, no_landing, promotions, sink),
            Color::Black => self.moves_of::<false>(board, us, pawns, no_landing, promotions, sink),
        }
    }

    /// [`FastPawns::moves`] for pawns that move `UP` the board or down: a constant direction
    /// lets every shift compile to a few instructions.
    #[inline]
    fn moves_of<const UP: bool>(
        &self,
        board: &Board,
        us: Color,
        pawns: Bitboard,
        no_landing: Bitboard,
        promotions: &[Role],
        sink: &mut impl ActionSink,
    ) {
        if pawns.is_empty() {
            return;
        }
        let forward = if UP { STRIDE as i32 } else { -(STRIDE as i32) };
        let promotion = self.promotion[us.index()];
        let empty = self.playable & !board.occupied();
        let landing = empty & !no_landing;
        let single = pawns.shift(forward) & empty;
        sink.shifted(
            single & landing & !promotion,
            forward,
            ActionKind::Normal,
            &[],
        );
        sink.shifted(
            single & landing & promotion,
            forward,
            ActionKind::Normal,
            promotions,
        );
        // From any rank, but never onto a promotion square.
        let double = single.shift(forward) & landing & !promotion;
        sink.shifted(double, 2 * forward, ActionKind::DoubleStep, &[]);
        let own_pawns = board.pieces(us, self.pawn);
        let mut jumpers = pawns & own_pawns.shift(-forward);
        if jumpers.any() {
            jumpers &= !self.rearmost_of_three(us, own_pawns);
            let jumps = jumpers.shift(2 * forward) & landing & !promotion;
            sink.shifted(jumps, 2 * forward, ActionKind::DoubleStep, &[]);
        }
        let enemy = board.side(!us) & !no_landing;
        for (from_mask, back) in [
            (self.not_first_file, forward - 1),
            (self.not_last_file, forward + 1),
        ] {
            let captures = (pawns & from_mask).shift(back) & enemy;
            sink.shifted(captures & !promotion, back, ActionKind::Normal, &[]);
            sink.shifted(captures & promotion, back, ActionKind::Normal, promotions);
        }
    }

    /// The pawns among `own_pawns` (all of `us`) that are the rearmost of three or more on
    /// their file, which may not jump.
    fn rearmost_of_three(&self, us: Color, own_pawns: Bitboard) -> Bitboard {
        let mut rearmost = Bitboard::EMPTY;
        for &file in &self.files {
            let on_file = own_pawns & file;
            if on_file.count() >= 3 {
                let last = match us {
                    Color::White => on_file.first(),
                    Color::Black => on_file.last(),
                };
                if let Some(sq) = last {
                    rearmost = rearmost.with(sq);
                }
            }
        }
        rearmost
    }

    /// The pawn a capture on the en-passant square `ep` also takes: the one that passed it (or
    /// jumped the pawn on it), a step beyond it in the direction pawns of `passer` move.
    pub fn en_passant_victim(passer: Color, ep: Square) -> Option<Square> {
        ep.offset(0, passer.forward())
    }
}
