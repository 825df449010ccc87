//! King safety: checkers, pins, and whether a move leaves the mover's king attacked.

use super::movegen::ActionSink;
use super::{Action, ActionKind};
use crate::geometry::{Bitboard, Square};
use crate::movement::{Armory, Color, Role};
use crate::position::{Board, Position};

/// What the side to move must respect to keep its king safe, computed once per position with
/// the armory whose attacks threaten the king.
#[derive(Clone, Copy, Debug)]
pub struct KingSafety<'a> {
    armory: &'a Armory,
    /// The king's square, if the side has one.
    pub king: Option<Square>,
    /// Enemy pieces giving check.
    pub checkers: Bitboard,
    /// Own pieces whose move may expose the king; their moves are checked in full.
    pub pinned: Bitboard,
}

impl<'a> KingSafety<'a> {
    /// Computes checkers and pins for `us`, whose king is `king`, against the attacks of
    /// `armory` (a variant may pass one with more attacks than moves, as NAChT's facing rule).
    pub fn new(
        armory: &'a Armory,
        board: &Board,
        us: Color,
        king: Option<Square>,
    ) -> KingSafety<'a> {
        let Some(king_sq) = king else {
            return KingSafety {
                armory,
                king,
                checkers: Bitboard::EMPTY,
                pinned: Bitboard::EMPTY,
            };
        };
        let occupied = board.occupied();
        let own = board.side(us);
        let enemy = board.side(!us);
        let (checkers, pinned) =
            armory.checks_and_pins(king_sq, us, occupied, board.role_sets(), own, enemy);
        KingSafety {
            armory,
            king,
            checkers,
            pinned,
        }
    }

    /// Whether the side is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// Whether moving a piece `from`-`to` (also removing `extra_capture`, as en passant does)
    /// leaves the king unattacked. `king_moves` says the piece is the king.
    #[inline]
    pub fn allows(
        &self,
        board: &Board,
        us: Color,
        from: Square,
        to: Square,
        extra_capture: Option<Square>,
        king_moves: bool,
    ) -> bool {
        let Some(king) = self.king else { return true };
        if !king_moves
            && extra_capture.is_none()
            && self.checkers.is_empty()
            && !self.pinned.contains(from)
        {
            return true;
        }
        let king_after = if king_moves { to } else { king };
        let mut occupied = board.occupied().without(from).with(to);
        let mut enemy = board.side(!us).without(to);
        if let Some(x) = extra_capture {
            occupied = occupied.without(x);
            enemy = enemy.without(x);
        }
        !self
            .armory
            .is_attacked(king_after, !us, occupied, board.role_sets(), enemy)
    }

    /// Hands `sink` the plain moves from `from` to those of `targets` that leave the king safe
    /// (all of them, untested, when the piece is not pinned and the king not in check).
    pub fn keep_safe(
        &self,
        board: &Board,
        from: Square,
        targets: Bitboard,
        king_moves: bool,
        sink: &mut impl ActionSink,
    ) {
        if !king_moves && !self.in_check() && !self.pinned.contains(from) {
            sink.moves(from, targets);
            return;
        }
        let Some(us) = board.piece_at(from).map(|p| p.color) else {
            return;
        };
        let legal = if king_moves {
            self.safe_squares(board, us, from, targets)
        } else {
            targets
                .squares()
                .filter(|&to| self.allows(board, us, from, to, None, false))
                .collect()
        };
        sink.moves(from, legal);
    }

    /// Those of `targets` the king of `us` on `king` may step to: not attacked once it has
    /// left `king` (which may have shielded them) and taken what stands there.
    #[inline]
    fn safe_squares(&self, board: &Board, us: Color, king: Square, targets: Bitboard) -> Bitboard {
        // Whether the destination itself is occupied changes nothing about the lines onto it.
        let occupied = board.occupied().without(king);
        let enemy = board.side(!us);
        let role_sets = board.role_sets();
        targets
            .squares()
            .filter(|&to| {
                !self
                    .armory
                    .is_attacked(to, !us, occupied, role_sets, enemy.without(to))
            })
            .collect()
    }

    /// Whether the side to move in `position` has its `king` attacked (is in check).
    pub fn king_attacked(armory: &Armory, position: &Position, king: Role) -> bool {
        let us = position.turn();
        let board = position.board();
        board
            .pieces(us, king)
            .first()
            .is_some_and(|k| KingSafety::attacked(armory, board, us, k, board.occupied()))
    }

    /// Whether `sq` is attacked by the enemy, with the occupied squares `occupied`.
    pub fn attacked(
        armory: &Armory,
        board: &Board,
        us: Color,
        sq: Square,
        occupied: Bitboard,
    ) -> bool {
        armory.is_attacked(sq, !us, occupied, board.role_sets(), board.side(!us))
    }
}

/// A sink that passes on only the actions that leave the king safe, for generating the moves of
/// pinned pieces, or of any piece in check, with the same code as free ones.
pub struct SafeOnly<'s, 'a, S> {
    /// The board the actions are generated on.
    pub board: &'s Board,
    /// The side that moves.
    pub us: Color,
    /// Its king's safety.
    pub safety: &'s KingSafety<'a>,
    /// Where the safe actions go.
    pub inner: &'s mut S,
}

impl<S: ActionSink> SafeOnly<'_, '_, S> {
    #[inline]
    fn allows(&self, from: Square, to: Square) -> bool {
        let king_moves = self.safety.king == Some(from);
        self.safety
            .allows(self.board, self.us, from, to, None, king_moves)
    }
}

impl<S: ActionSink> ActionSink for SafeOnly<'_, '_, S> {
    fn action(&mut self, action: Action) {
        if self.allows(action.from, action.to) {
            self.inner.action(action);
        }
    }

    fn moves(&mut self, from: Square, targets: Bitboard) {
        let safe = targets
            .squares()
            .filter(|&to| self.allows(from, to))
            .collect();
        self.inner.moves(from, safe);
    }

    fn shifted(&mut self, targets: Bitboard, back: i32, kind: ActionKind, promotions: &[Role]) {
        for to in targets {
            let Some(from) = Square::from_index((to.index() as i32 - back) as u32) else {
                continue;
            };
            if self.allows(from, to) {
                self.inner
                    .shifted(Bitboard::from_square(to), back, kind, promotions);
            }
        }
    }
}
