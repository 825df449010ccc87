//! What a position string says, before the rules check it.

use super::{Occupant, Pockets};
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
}
