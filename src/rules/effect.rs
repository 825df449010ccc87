//! Effects: what a played action changes beyond moving its piece.

use super::Action;
use crate::geometry::Square;
use crate::movement::Piece;
use crate::position::Position;

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

/// One action of a turn, for writing the turn's notation: the position it was played in, the
/// action and its own notation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TurnPart {
    /// The position before the action.
    pub before: Position,
    /// The action.
    pub action: Action,
    /// Its notation as the record writes it (`Ie2`, `cd5`).
    pub notation: String,
}
