//! Entries: an unrevealed Immortal's one queen move off the border into the centre, legal only
//! if the mover's king is safe whatever the piece turns out to be. Everything here reads
//! public information only, so a client can validate entries without the deal.

use super::{Immortal, KING, KNIGHT, PAWN, QUEEN};
use crate::geometry::{Bitboard, Square};
use crate::movement::{Color, Piece, Role, MAX_ROLES};
use crate::position::Position;
use crate::rules::movegen::ActionSink;
use crate::rules::safety::KingSafety;
use crate::rules::{Action, Variant};

impl Immortal {
    /// The squares of the centre 8x8 (b2-i9) an Immortal on `from` may enter: along each queen
    /// direction whose first step leaves the border, over empty squares, while in the centre.
    pub(super) fn entry_squares(&self, position: &Position, from: Square) -> Bitboard {
        // A queen's reach with everything outside the centre as a blocker: the centre is a
        // rectangle, so a line that leaves it never comes back, and the one outside square a
        // line may reach (the blocker itself) is masked off with the occupied ones.
        let occupied = position.board().occupied();
        let queen = Piece {
            color: position.turn(),
            role: QUEEN,
        };
        self.chess
            .armory()
            .attacks(queen, from, occupied | !self.centre)
            & self.centre
            & !occupied
    }

    /// Every legal entry of the side to move, as a plain move from the border square.
    pub(super) fn entries(&self, position: &Position, sink: &mut impl ActionSink) {
        self.each_entry(position, |entry| {
            sink.action(entry);
            true
        });
    }

    /// Whether the side to move has a legal entry: asked after every move, and mostly
    /// answered by the first entry looked at.
    pub(super) fn has_entry(&self, position: &Position) -> bool {
        !self.each_entry(position, |_| false)
    }

    /// Calls `visit` with each legal entry while it returns true; whether it always did.
    /// Cheap for the usual answer of [`Immortal::has_entry`] (asked after every move): a
    /// landing off the king's queen lines and knight jumps is one from which no FIDE type
    /// attacks the king (a pawn captures along the first step of a queen line), so only the
    /// landings on them look at the pool; and the vacated border square's opened lines are
    /// asked only for a square with landings.
    fn each_entry(&self, position: &Position, mut visit: impl FnMut(Action) -> bool) -> bool {
        let board = position.board();
        let us = position.turn();
        let Some(king) = board.pieces(us, KING).first() else {
            return true;
        };
        let armory = self.chess.armory();
        let occupied = board.occupied();
        let reach = |role| armory.attacks(Piece { color: us, role }, king, occupied);
        let near = reach(QUEEN) | reach(KNIGHT);
        let mut forbidden = None;
        let threats = KingSafety::threats(armory, board, us);
        for from in board.hidden() {
            let vacated = occupied.without(from);
            // Vacating the border square must open no line onto the king (the piece landing
            // may close it again); most squares open none, and then every landing is alike.
            let mut opens = None;
            for to in self.entry_squares(position, from) {
                if near.contains(to)
                    && forbidden
                        .get_or_insert_with(|| self.threatened_landings(position, king))
                        .contains(to)
                {
                    continue;
                }
                let opens = *opens
                    .get_or_insert_with(|| threats.is_attacked(king, vacated, Bitboard::EMPTY));
                if (!opens || !threats.is_attacked(king, vacated.with(to), Bitboard::EMPTY))
                    && !visit(Action::normal(from, to))
                {
                    return false;
                }
            }
        }
        true
    }

    /// The centre squares from which some enemy type still in the pool would attack `king`
    /// (a pawn on its promotion rank as the queen it becomes). Every FIDE piece attacks as it
    /// is attacked, so these are the squares the king would attack as that type (a pawn
    /// mirrored: our pawn's captures). Vacating the entry's border square never lies between:
    /// an entry leaves the border at once, so behind its square is off the board.
    fn threatened_landings(&self, position: &Position, king: Square) -> Bitboard {
        let us = position.turn();
        let occupied = position.board().occupied();
        let armory = self.chess.armory();
        let mut out = Bitboard::EMPTY;
        for role in self.pool_roles(position, !us) {
            out |= armory.attacks(Piece { color: us, role }, king, occupied);
            if role == PAWN {
                let queens = armory.attacks(
                    Piece {
                        color: us,
                        role: QUEEN,
                    },
                    king,
                    occupied,
                );
                let rank = self.promotion_rank(!us);
                out |= queens
                    .squares()
                    .filter(|s| s.rank() == rank)
                    .collect::<Bitboard>();
            }
        }
        out
    }

    /// What a revealed piece of `color` and `role` is once on `to`: a pawn revealed on its
    /// own promotion rank is a queen.
    pub(super) fn arriving_role(&self, color: Color, role: Role, to: Square) -> Role {
        if role == PAWN && to.rank() == self.promotion_rank(color) {
            QUEEN
        } else {
            role
        }
    }

    /// The types of `color` still in the hidden pool.
    fn pool_roles(&self, position: &Position, color: Color) -> Vec<Role> {
        let Some(pool) = position.pockets() else {
            return Vec::new();
        };
        (0..MAX_ROLES)
            .filter(|&r| pool[color.index()][r] > 0)
            .map(|r| Role(r as u8))
            .collect()
    }
}
