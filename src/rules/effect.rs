//! Effects: what a played action changes beyond moving its piece.

use crate::geometry::Square;
use crate::movement::Piece;

/// A piece that changed type as an effect of an action (Nietzsche Chess's en-prise promotion).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Promotion {
    /// Where the piece stands.
    pub square: Square,
    /// What it was.
    pub from: Piece,
    /// What it became.
    pub to: Piece,
}
