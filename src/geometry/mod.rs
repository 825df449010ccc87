//! Layer 1: squares, 128-bit bitboards, board shapes with missing squares and ray tables.

mod bitboard;
mod rays;
mod shape;
mod square;

pub use bitboard::Bitboard;
pub use rays::{Rays, MAX_DIRECTIONS};
pub use shape::Shape;
pub use square::{Square, MAX_FILES, MAX_RANKS, STRIDE};
