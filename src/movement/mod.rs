//! Layer 2: pieces as data. A piece type is a list of movement atoms; an [`Armory`] compiles a
//! variant's piece types into attack tables for its board shape.

mod armory;
mod atom;
mod crooked;
mod lines_of_attack;
mod orthodox;
mod piece;
pub mod pieces;
mod threats;

pub use armory::{Armory, LinesFrom, Mover};
pub use atom::{Atom, Mode, PieceData, PieceDef, Reach, Symmetry};
pub use orthodox::OrthodoxAttacks;
pub use piece::{Color, Piece, Role, MAX_ROLES};
pub use threats::Threats;
