//! Layer 3: positions. A [`Setup`] is what a position string says, unchecked; a [`Position`] is
//! a validated position that the rules play on.

mod board;
mod fen;
mod phase;
#[allow(clippy::module_inception)]
mod position;
mod setup;
pub mod zobrist;

pub use board::{Board, Occupant};
pub use fen::{parse_fen, resolve_castling, write_fen, CastlingStyle};
pub use phase::{Phase, TurnState};
pub use position::{Pockets, Position};
pub use setup::Setup;
