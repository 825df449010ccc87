//! King safety: checkers, pins, and whether a move leaves the mover's king attacked.

use super::movegen::ActionSink;
use super::{Action, ActionKind};
use crate::geometry::{Bitboard, Square};
use crate::movement::{Armory, Color, Role, Threats};
use crate::position::{Board, Position};

/// What the side to move must respect to keep its king safe, computed once per position from
/// the enemy's [`Threats`] (see [`KingSafety::threats`]).
///
/// It borrows the threats rather than holding them: built in the caller's frame and never
/// moved, they are not copied (wasm copies a struct that size by calling out of the module).
#[derive(Clone, Copy, Debug)]
pub struct KingSafety<'a> {
    /// The enemy pieces, sorted for attack questions.
    threats: &'a Threats<'a>,
    /// The king's square, if the side has one.
    pub king: Option<Square>,
    /// Enemy pieces giving check.
    pub checkers: Bitboard,
    /// Own pieces whose move may expose the king; their moves are checked in full.
    pub pinned: Bitboard,
    /// Whether every move needs the full test: the king is in check, or a hopper or far rider
    /// lines up with it (see [`Threats::screen_lines`]), so that a move arriving between
    /// them may expose it, whichever piece makes it.
    careful: bool,
    /// In check by one piece that leaps or rides a straight line (no hopper, far rider or
    /// zig-zag, and no hopper's line on the king): the checker's square and those that block
    /// it. A piece that is not pinned answers the check exactly by moving onto one of them,
    /// so its moves need no full test (in a Kiwipete search, the full tests of the moves in
    /// check were three times those of the king's own moves).
    evasion: Option<Bitboard>,
}

impl<'a> KingSafety<'a> {
    /// The pieces that threaten the king of `us`, sorted by `armory`'s attacks (a variant may
    /// pass one with more attacks than moves, as NAChT's facing rule).
    #[inline(always)]
    pub fn threats(armory: &'a Armory, board: &'a Board, us: Color) -> Threats<'a> {
        armory.threats(!us, board.role_sets(), board.side(!us))
    }

    /// Computes checkers and pins for `us`, whose king is `king`, from the enemy's `threats`.
    pub fn new(
        threats: &'a Threats<'a>,
        board: &Board,
        us: Color,
        king: Option<Square>,
    ) -> KingSafety<'a> {
        let (checkers, pinned, watched, evasion) = match king {
            Some(king) => {
                let occupied = board.occupied();
                let (checkers, pinned) = threats.checks_and_pins(king, occupied, board.side(us));
                let watched = threats.screen_lines(king, occupied);
                let evasion = if checkers.any() {
                    KingSafety::evasion(threats, king, checkers, watched, occupied)
                } else {
                    None
                };
                (
                    checkers,
                    pinned | (watched & board.side(us)),
                    watched,
                    evasion,
                )
            }
            None => (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY, None),
        };
        KingSafety {
            threats,
            king,
            checkers,
            pinned,
            careful: checkers.any() || watched.any(),
            evasion,
        }
    }

    /// The checker's square and those that block it, where one checker that leaps or rides a
    /// straight line gives check (see the field `evasion`). Out of line: a position is rarely
    /// in check, and inlined into each variant's generator this was copied into the wasm six
    /// times (the page then stood 11 bytes under its budget).
    #[inline(never)]
    fn evasion(
        threats: &Threats,
        king: Square,
        checkers: Bitboard,
        watched: Bitboard,
        occupied: Bitboard,
    ) -> Option<Bitboard> {
        let checker = checkers.first()?;
        let regular = !checkers.more_than_one()
            && !watched.any()
            && !threats.any_irregular(checkers)
            && !threats.any_zigzag(checkers);
        regular.then(|| checkers | threats.blocking_squares(king, checker, occupied))
    }

    /// Whether only the king can answer: a double check, when no checker hops or rides from
    /// the second square (moving the screen of a hopper away may also block the other
    /// checker's line).
    #[inline]
    pub fn only_king_moves(&self) -> bool {
        self.checkers.more_than_one() && !self.threats.any_irregular(self.checkers)
    }

    /// Whether an enemy piece attacks `sq` with the occupied squares `occupied` (the king's
    /// path when castling, with the king lifted off its square).
    #[inline]
    pub fn attacked(&self, sq: Square, occupied: Bitboard) -> bool {
        self.threats.is_attacked(sq, occupied, Bitboard::EMPTY)
    }

    /// Those of `pieces` whose moves need no safety test: the unpinned ones when the king is
    /// not in check, none when it is (or when a hopper lines up with it, see `careful`).
    #[inline]
    pub fn free(&self, pieces: Bitboard) -> Bitboard {
        if self.careful {
            Bitboard::EMPTY
        } else {
            pieces & !self.pinned
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
        from: Square,
        to: Square,
        extra_capture: Option<Square>,
        king_moves: bool,
    ) -> bool {
        let Some(king) = self.king else { return true };
        if !king_moves && extra_capture.is_none() && !self.careful && !self.pinned.contains(from) {
            return true;
        }
        self.allows_tested(board, king, from, to, extra_capture, king_moves)
    }

    /// [`KingSafety::allows`] for a move that must be tested, out of line: inlined, the test
    /// was copied into the wasm for each shift of each pawn generator that tests its moves.
    #[inline(never)]
    fn allows_tested(
        &self,
        board: &Board,
        king: Square,
        from: Square,
        to: Square,
        extra_capture: Option<Square>,
        king_moves: bool,
    ) -> bool {
        // In check by one piece that can be captured or blocked: a free piece's move is
        // legal exactly onto those squares (here, out of line, to keep `allows` small where
        // it is inlined).
        if let Some(evasion) = self.evasion {
            if !king_moves && extra_capture.is_none() && !self.pinned.contains(from) {
                return evasion.contains(to);
            }
        }
        let king_after = if king_moves { to } else { king };
        let mut occupied = board.occupied().without(from).with(to);
        let mut removed = Bitboard::from_square(to);
        if let Some(x) = extra_capture {
            occupied = occupied.without(x);
            removed = removed.with(x);
        }
        !self.threats.is_attacked(king_after, occupied, removed)
    }

    /// Hands `sink` the plain moves from `from` to those of `targets` that leave the king safe
    /// (all of them, untested, when the piece is not pinned and the king not in check).
    #[inline]
    pub fn keep_safe(
        &self,
        board: &Board,
        from: Square,
        targets: Bitboard,
        king_moves: bool,
        sink: &mut impl ActionSink,
    ) {
        if !king_moves && !self.careful && !self.pinned.contains(from) {
            sink.moves(from, targets);
        } else {
            self.keep_tested(board, from, targets, king_moves, sink);
        }
    }

    /// [`KingSafety::keep_safe`] for the king and pinned pieces (or any piece in check), out
    /// of line: a position has few of them, and inlined into each variant's generator this
    /// was copied into the wasm six times.
    #[inline(never)]
    // extern "C-unwind": passes the bitboards as values in wasm (see the `Bitboard` docs).
    #[allow(improper_ctypes_definitions)]
    extern "C-unwind" fn keep_tested(
        &self,
        board: &Board,
        from: Square,
        targets: Bitboard,
        king_moves: bool,
        sink: &mut impl ActionSink,
    ) {
        let legal = if king_moves {
            self.safe_squares(board, from, targets)
        } else {
            targets
                .squares()
                .filter(|&to| self.allows(board, from, to, None, false))
                .collect()
        };
        sink.moves(from, legal);
    }

    /// Those of `targets` the king on `king` may step to: not attacked once it has left
    /// `king` (which may have shielded them) and taken what stands there.
    #[inline]
    fn safe_squares(&self, board: &Board, king: Square, targets: Bitboard) -> Bitboard {
        // Whether the destination itself is occupied changes nothing about the lines onto it.
        let occupied = board.occupied().without(king);
        targets
            .squares()
            .filter(|&to| {
                !self
                    .threats
                    .is_attacked(to, occupied, Bitboard::from_square(to))
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
            .is_some_and(|k| Self::square_attacked(armory, board, !us, k))
    }

    /// Whether a piece of `by` attacks `sq` on `board`, when one question is all there is.
    pub fn square_attacked(armory: &Armory, board: &Board, by: Color, sq: Square) -> bool {
        armory
            .attackers(sq, by, board.occupied(), board.role_sets(), board.side(by))
            .any()
    }
}

/// A sink that passes on only the actions that leave the king safe, for generating the moves of
/// pinned pieces, or of any piece in check, with the same code as free ones.
pub struct SafeOnly<'s, 'a, S> {
    /// The board the actions are generated on.
    pub board: &'s Board,
    /// Its king's safety.
    pub safety: &'s KingSafety<'a>,
    /// Where the safe actions go.
    pub inner: &'s mut S,
}

impl<S: ActionSink> SafeOnly<'_, '_, S> {
    #[inline]
    fn allows(&self, from: Square, to: Square) -> bool {
        let king_moves = self.safety.king == Some(from);
        self.safety.allows(self.board, from, to, None, king_moves)
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
