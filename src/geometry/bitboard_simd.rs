//! The wasm SIMD representation of [`Bitboard`]: one `v128` instead of a `u128`, which wasm32
//! lowers to pairs of `i64` operations. The set operations, loads and stores are one
//! instruction each; counting and scanning work on the two 64-bit lanes.

use super::bitboard::SquareIter;
use super::Square;
use core::arch::wasm32::*;
use std::hash::{Hash, Hasher};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The bit of each square index.
static SQUARE_BITS: [v128; 128] = {
    let mut bits = [u64x2(0, 0); 128];
    let mut i = 0;
    while i < 128 {
        bits[i] = if i < 64 {
            u64x2(1 << i, 0)
        } else {
            u64x2(0, 1 << (i - 64))
        };
        i += 1;
    }
    bits
};

/// Bits `i` to 127, both included.
static BITS_FROM: [v128; 128] = {
    let mut bits = [u64x2(0, 0); 128];
    let mut i = 0;
    while i < 128 {
        bits[i] = if i < 64 {
            u64x2(!0 << i, !0)
        } else {
            u64x2(0, !0 << (i - 64))
        };
        i += 1;
    }
    bits
};

/// A set of squares; bit `rank * 10 + file` stands for that square.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct Bitboard(v128);

impl PartialEq for Bitboard {
    #[inline]
    fn eq(&self, other: &Bitboard) -> bool {
        !v128_any_true(v128_xor(self.0, other.0))
    }
}

impl Eq for Bitboard {}

impl Hash for Bitboard {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.to_u128().hash(state);
    }
}

impl Default for Bitboard {
    fn default() -> Bitboard {
        Bitboard::EMPTY
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Bitboard").field(&self.to_u128()).finish()
    }
}

impl Bitboard {
    #[inline]
    const fn from_halves(lo: u64, hi: u64) -> Bitboard {
        Bitboard(u64x2(lo, hi))
    }

    #[inline]
    fn lo(self) -> u64 {
        u64x2_extract_lane::<0>(self.0)
    }

    #[inline]
    fn hi(self) -> u64 {
        u64x2_extract_lane::<1>(self.0)
    }

    /// The set whose bits are those of `bits`.
    #[inline]
    pub const fn from_u128(bits: u128) -> Bitboard {
        Bitboard::from_halves(bits as u64, (bits >> 64) as u64)
    }

    /// The bits of the set as one number.
    #[inline]
    pub fn to_u128(self) -> u128 {
        ((self.hi() as u128) << 64) | self.lo() as u128
    }

    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard::from_halves(0, 0);

    /// Every bit, square or not: the mask that lets everything through.
    pub const ALL: Bitboard = Bitboard::from_halves(!0, !0);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(SQUARE_BITS[sq.index()])
    }

    /// The set holding only bit `index` (below 128), square or not.
    #[inline]
    pub const fn bit(index: u32) -> Bitboard {
        Bitboard(SQUARE_BITS[(index & 127) as usize])
    }

    /// Whether no square is in the set.
    #[inline]
    pub fn is_empty(self) -> bool {
        !v128_any_true(self.0)
    }

    /// Whether some square is in the set.
    #[inline]
    pub fn any(self) -> bool {
        v128_any_true(self.0)
    }

    /// Number of squares in the set.
    #[inline]
    pub fn count(self) -> u32 {
        self.lo().count_ones() + self.hi().count_ones()
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        v128_any_true(v128_and(self.0, SQUARE_BITS[sq.index()]))
    }

    /// The set with `sq` added.
    #[inline]
    pub fn with(self, sq: Square) -> Bitboard {
        Bitboard(v128_or(self.0, SQUARE_BITS[sq.index()]))
    }

    /// The set with `sq` removed.
    #[inline]
    pub fn without(self, sq: Square) -> Bitboard {
        Bitboard(v128_andnot(self.0, SQUARE_BITS[sq.index()]))
    }

    /// The lowest-numbered square.
    #[inline]
    pub fn first(self) -> Option<Square> {
        let lo = self.lo();
        if lo != 0 {
            return Square::from_index(lo.trailing_zeros());
        }
        let hi = self.hi();
        if hi != 0 {
            Square::from_index(64 + hi.trailing_zeros())
        } else {
            None
        }
    }

    /// The highest-numbered square.
    #[inline]
    pub fn last(self) -> Option<Square> {
        let hi = self.hi();
        if hi != 0 {
            return Square::from_index(127 - hi.leading_zeros());
        }
        let lo = self.lo();
        if lo != 0 {
            Square::from_index(63 - lo.leading_zeros())
        } else {
            None
        }
    }

    /// Whether the set holds more than one square.
    #[inline]
    pub fn more_than_one(self) -> bool {
        // A lane with two bits keeps one when its lowest is cleared; or both lanes have one.
        let cleared = v128_and(self.0, i64x2_sub(self.0, i64x2_splat(1)));
        v128_any_true(cleared) || i64x2_all_true(self.0)
    }

    /// Every square moved by `delta` bit positions (positive: towards higher squares), for
    /// `|delta| < 64`. Squares that fall off the 128 bits vanish; the caller masks wrap-around
    /// and missing squares.
    #[inline]
    pub fn shift(self, delta: i32) -> Bitboard {
        let d = delta.unsigned_abs() & 63;
        if d == 0 {
            return self;
        }
        let zero = u64x2(0, 0);
        if delta > 0 {
            // [lo << d, hi << d] | [0, lo >> (64 - d)]
            let carry = u64x2_shr(self.0, 64 - d);
            let carry = i64x2_shuffle::<2, 0>(carry, zero);
            Bitboard(v128_or(u64x2_shl(self.0, d), carry))
        } else {
            // [lo >> d, hi >> d] | [hi << (64 - d), 0]
            let carry = u64x2_shl(self.0, 64 - d);
            let carry = i64x2_shuffle::<1, 2>(carry, zero);
            Bitboard(v128_or(u64x2_shr(self.0, d), carry))
        }
    }

    /// The bits from the highest of `below` (bit 0 if `below` is empty) up to the lowest of
    /// `upper` (bit 127 if `upper` is empty), both included; every bit of `below` must lie
    /// under every bit of `upper`.
    ///
    /// The top end is `upper ^ (upper - 1)` in 128 bits, with the borrow passed between the
    /// lanes by a comparison and a shuffle; the bottom end, which needs the highest bit,
    /// takes a table mask on its lane index.
    #[inline]
    pub fn obstruction_span(upper: Bitboard, below: Bitboard) -> Bitboard {
        let ones = u64x2(!0, !0);
        // Minus one in the low lane; in the high lane too if the low one borrows (is zero).
        let low_is_zero = i64x2_eq(upper.0, u64x2(0, 0));
        let minus_one = i64x2_shuffle::<0, 2>(ones, low_is_zero);
        let up_to_lowest = v128_xor(upper.0, i64x2_add(upper.0, minus_one));
        let (blo, bhi) = (below.lo(), below.hi());
        let bottom = if bhi != 0 {
            127 - bhi.leading_zeros()
        } else {
            63 - (blo | 1).leading_zeros()
        };
        Bitboard(v128_and(up_to_lowest, BITS_FROM[(bottom & 127) as usize]))
    }

    /// The squares in ascending order.
    #[inline]
    pub fn squares(self) -> SquareIter {
        SquareIter {
            low: self.lo(),
            high: self.hi(),
        }
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $f:ident) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard($f(self.0, rhs.0))
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = $f(self.0, rhs.0);
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, v128_and);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, v128_or);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, v128_xor);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(v128_not(self.0))
    }
}
