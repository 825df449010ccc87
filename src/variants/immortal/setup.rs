//! Immortal Chess position strings checked against the rules: Immortals (`?`) only on the
//! border and as many as the pool holds, the pool within the composition, FIDE's checks on the
//! 10x10 coordinates, and the `entry` field of a position between a move and its entry.

use super::entry_phase;
use super::{Immortal, KING, PAWN};
use crate::error::{Error, Result};
use crate::geometry::Square;
use crate::movement::{Color, Piece};
use crate::position::{resolve_castling, Occupant, Position, Setup};
use crate::rules::movegen::en_passant_threat;
use crate::rules::validation::{not_in_check_out_of_turn, one_king_each};
use crate::rules::Variant;
use crate::variants::chess::ROOK;

impl Immortal {
    pub(super) fn validate(&self, setup: Setup) -> Result<Position> {
        let armory = self.armory();
        let mut setup = setup;
        let pool = match setup.pockets.take() {
            Some(pool) => pool,
            None => self.composition.pool(),
        };
        let full = self.composition.pool();
        for color in Color::ALL {
            for (role, (&have, &most)) in pool[color.index()]
                .iter()
                .zip(&full[color.index()])
                .enumerate()
            {
                if have > most {
                    let piece = Piece {
                        color,
                        role: crate::movement::Role(role as u8),
                    };
                    return Err(Error::fen(format!(
                        "the pool has {have} '{}', more than the composition's {most}",
                        armory.fen_char(piece)
                    )));
                }
            }
        }
        let hidden: Vec<Square> = setup
            .placement
            .iter()
            .filter(|(_, o)| *o == Occupant::Hidden)
            .map(|(sq, _)| *sq)
            .collect();
        if let Some(sq) = hidden.iter().find(|sq| self.centre.contains(**sq)) {
            return Err(Error::fen(format!(
                "an Immortal ('?') stands only on the border, not on {sq}"
            )));
        }
        let in_pool: usize = pool.iter().flatten().map(|&n| n as usize).sum();
        if hidden.len() != in_pool {
            return Err(Error::fen(format!(
                "the board shows {} unrevealed Immortals ('?') but the pool holds {in_pool}{}",
                hidden.len(),
                if setup.phase.is_none() && in_pool == 36 {
                    " (without brackets the pool is the whole composition)"
                } else {
                    ""
                }
            )));
        }
        if let Some(deal) = &self.deal {
            // A referee's game can only load positions its deal could have reached: the
            // Immortals still hidden are the pool.
            let mut dealt = [[0u8; crate::movement::MAX_ROLES]; 2];
            for piece in hidden.iter().filter_map(|sq| deal.identity(*sq)) {
                dealt[piece.color.index()][piece.role.index()] += 1;
            }
            if dealt != pool {
                return Err(Error::fen(
                    "the unrevealed Immortals are not what the referee's deal put on those squares",
                ));
            }
        }
        let mut position = setup.place();
        position.set_pockets(Some(pool));
        for color in Color::ALL {
            let stray = position.board().pieces(color, PAWN).squares().find(|sq| {
                let rank = sq.rank();
                rank == 0 || rank == 9 || rank == self.promotion_rank(color)
            });
            if let Some(sq) = stray {
                return Err(Error::fen(format!(
                    "a {} pawn cannot stand on {sq}",
                    color.name()
                )));
            }
        }
        one_king_each(&position, KING)?;
        // Between a move and its entry the mover still has the turn, and the opponent may
        // stand in check from that move.
        let entry = match setup.phase.as_deref() {
            None => None,
            Some(field @ ("entry" | "!entry")) => Some(field.starts_with('!')),
            Some(other) => {
                return Err(Error::fen(format!(
                    "bad turn field '{other}': Immortal Chess has only 'entry' (or '!entry')"
                )))
            }
        };
        self.check_castling(&setup, &mut position)?;
        let capturer = if entry.is_some() {
            !setup.turn
        } else {
            setup.turn
        };
        self.check_en_passant(&setup, capturer, entry.is_some(), &mut position)?;
        match entry {
            None => not_in_check_out_of_turn(armory, &position, KING)?,
            Some(reset) => {
                if self.chess.in_check(&position) {
                    return Err(Error::fen(
                        "turn field 'entry', but the side that moved is in check",
                    ));
                }
                position.set_phase(entry_phase(reset));
                if !self.has_entry(&position) {
                    return Err(Error::fen("turn field 'entry', but no entry is legal here"));
                }
            }
        }
        Ok(position)
    }

    /// Castling rights belong to a king on f2/f9 and a rook on its rank (Rb2/Ri2).
    fn check_castling(&self, setup: &Setup, position: &mut Position) -> Result<()> {
        let rights = resolve_castling(&setup.castling, position, self.armory(), KING, ROOK)?;
        for partner in rights {
            let color = position.board().piece_at(partner).map(|p| p.color);
            let home = if color == Some(Color::White) { 1 } else { 8 };
            let king = color.and_then(|c| position.board().pieces(c, KING).first());
            if king != Square::new(5, home) || partner.rank() != home {
                return Err(Error::fen(format!(
                    "castling right with the rook on {partner}, but the king is not on its start square"
                )));
            }
        }
        position.set_castling(rights);
        Ok(())
    }

    /// An en-passant square lies behind a pawn of the side other than `us` (the side that may
    /// capture there) that could just have double-stepped.
    fn check_en_passant(
        &self,
        setup: &Setup,
        us: Color,
        pending: bool,
        position: &mut Position,
    ) -> Result<()> {
        let Some(ep) = setup.en_passant else {
            return Ok(());
        };
        let (expected, forward) = match us {
            Color::White => (6, -1),
            Color::Black => (3, 1),
        };
        let pawn_sq = ep.offset(0, forward);
        let their_pawn = Piece {
            color: !us,
            role: PAWN,
        };
        let board = position.board();
        // The pawn's start square may hold an Immortal that entered there after the double
        // step, in the same turn: only the passed square must be empty.
        let valid = ep.rank() == expected
            && board.at(ep).is_none()
            && pawn_sq.is_some_and(|p| board.piece_at(p) == Some(their_pawn));
        if !valid {
            return Err(Error::fen(format!(
                "en-passant square {ep} does not follow a double step of a {} pawn",
                (!us).name()
            )));
        }
        // Between a double step and its entry the square is kept whoever could take there
        // (an entry may bring a pawn in beside it); at the start of a turn only if a pawn can.
        if pending || en_passant_threat(self.armory(), board, their_pawn, ep) {
            position.set_en_passant(Some(ep));
        }
        Ok(())
    }
}
