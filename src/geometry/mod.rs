//! Layer 1: squares, 128-bit bitboards, board shapes with missing squares and ray tables.

mod bitboard;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod bitboard_simd;
mod rays;
mod shape;
mod square;

pub use bitboard::Bitboard;
pub use rays::{Rays, MAX_DIRECTIONS, MAX_LINES};
pub use shape::Shape;
pub use square::{push_number, Square, MAX_FILES, MAX_RANKS, STRIDE};
