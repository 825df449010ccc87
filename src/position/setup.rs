//! What a position string says, before the rules check it.

use super::{Occupant, Pockets, Position};
use crate::geometry::Square;
use crate::movement::Color;

/// An unvalidated position: the fields of a position string, parsed but not yet checked
/// against a variant's rules.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// What stands where.
    pub placement: Vec<(Square, Occupant)>,
    /// Side to move.
    pub turn: Color,
    /// The castling field as written, `-` removed (e.g. `KQkq`, `CHch`, or empty).
    pub castling: String,
    /// En-passant square.
    pub en_passant: Option<Square>,
    /// Halfmove clock.
    pub halfmove_clock: u32,
    /// Fullmove number.
    pub fullmove_number: u32,
    /// Bracketed pools after the board field, if present.
    pub pockets: Option<Pockets>,
    /// A seventh field naming the decision within a turn (Impulschach's mid-turn positions),
    /// as written; variants whose turns are one action refuse it.
    pub phase: Option<String>,
}

impl Setup {
    /// The position with this placement, side to move, pools and clocks. Castling rights and
    /// the en-passant square are left empty: they need the variant's rules to check.
    pub fn place(&self) -> Position {
        let mut position = Position::empty();
        for &(sq, occupant) in &self.placement {
            match occupant {
                Occupant::Piece(piece) => position.put(sq, piece),
                Occupant::Hidden => position.put_hidden(sq),
            }
        }
        position.set_turn(self.turn);
        position.set_pockets(self.pockets);
        position.halfmove_clock = self.halfmove_clock;
        position.fullmove_number = self.fullmove_number;
        position
    }
}
