//! Zobrist keys, computed on the fly from a mixing function so no key table is shipped in the
//! wasm download.

use crate::geometry::Square;
use crate::movement::{Color, Piece, MAX_ROLES};

/// The SplitMix64 finaliser: a fixed, well-spread 64-bit key for each input.
#[inline]
const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Key of `piece` standing on `sq`.
#[inline]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    let slot = piece.color.index() * MAX_ROLES + piece.role.index();
    mix((slot * 100 + sq.index()) as u64)
}

/// Key of a hidden piece on `sq`.
#[inline]
pub fn hidden(sq: Square) -> u64 {
    mix(5_000 + sq.index() as u64)
}

/// Key of a castling right with the partner on `sq`.
#[inline]
pub fn castling(sq: Square) -> u64 {
    mix(6_000 + sq.index() as u64)
}

/// Key of an en-passant square.
#[inline]
pub fn en_passant(sq: Square) -> u64 {
    mix(7_000 + sq.index() as u64)
}

/// Key present when Black is to move.
#[inline]
pub fn black_to_move() -> u64 {
    mix(8_000)
}

/// Key of `count` pieces of one colour and role in a pocket.
#[inline]
pub fn pocket(color: Color, role: usize, count: u8) -> u64 {
    mix(9_000 + ((color.index() * MAX_ROLES + role) * 64 + count as usize) as u64)
}

/// Key of a turn phase, from a code the phase gives itself.
#[inline]
pub fn phase(code: u64) -> u64 {
    mix(20_000 ^ code.rotate_left(17))
}
