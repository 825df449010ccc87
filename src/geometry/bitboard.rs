//! A set of squares as a 128-bit mask (100 bits used: 10 per rank).
//!
//! Natively the mask is a `u128`. A wasm build with SIMD (the package's) uses the `v128` of
//! `bitboard_simd.rs` instead, with the same methods; both are checked against `u128`
//! arithmetic (here natively, in `tests/wasm.rs` in wasm).
//!
//! Both are `repr(transparent)`, so that the few hot functions that take or return bitboards
//! and are not inlined can be declared `extern "C-unwind"`: Rust's own calling convention
//! hands a `v128` over through memory (a store, a load and a stack frame each way), the C one
//! passes it as a value. "-unwind" keeps a panic (a bug) unwinding like any other in native
//! tests. Natively the conventions are the same for a `u128`.

use super::Square;
/// The bit of each square index.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
static SQUARE_BITS: [u128; 128] = {
    let mut bits = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        bits[i] = 1u128 << i;
        i += 1;
    }
    bits
};

/// A set of squares; bit `rank * 10 + file` stands for that square.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
#[repr(transparent)]
pub struct Bitboard(u128);

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub use super::bitboard_simd::Bitboard;

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
impl Bitboard {
    /// The set whose bits are those of `bits`.
    #[inline]
    pub const fn from_u128(bits: u128) -> Bitboard {
        Bitboard(bits)
    }

    /// The bits of the set as one number.
    #[inline]
    pub const fn to_u128(self) -> u128 {
        self.0
    }

    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// Every bit, square or not: the mask that lets everything through.
    pub const ALL: Bitboard = Bitboard(!0);

    /// The set holding only `sq`.
    ///
    /// Read from a table: wasm has no 128-bit shift, and a variable `u128` shift becomes a call
    /// to a helper routine there.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(SQUARE_BITS[sq.index()])
    }

    /// The set holding only bit `index` (below 128), square or not; from the table, like
    /// [`Bitboard::from_square`].
    #[inline]
    pub const fn bit(index: u32) -> Bitboard {
        Bitboard(SQUARE_BITS[(index & 127) as usize])
    }

    /// Whether no square is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether some square is in the set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & SQUARE_BITS[sq.index()] != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | Bitboard::from_square(sq).0)
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !Bitboard::from_square(sq).0)
    }

    /// The lowest-numbered square.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros())
        }
    }

    /// The highest-numbered square.
    #[inline]
    pub fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(127 - self.0.leading_zeros())
        }
    }

    /// Whether the set holds more than one square.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Every square moved by `delta` bit positions (positive: towards higher squares), for
    /// `|delta| < 64`. Squares that fall off the 128 bits vanish; the caller masks wrap-around
    /// and missing squares.
    #[inline]
    pub const fn shift(self, delta: i32) -> Bitboard {
        // Written on 64-bit halves for the same reason as `from_square`; |delta| < 64 here.
        let (lo, hi) = (self.0 as u64, (self.0 >> 64) as u64);
        let d = delta.unsigned_abs() & 63;
        if d == 0 {
            return self;
        }
        let (lo, hi) = if delta > 0 {
            (lo << d, (hi << d) | (lo >> (64 - d)))
        } else {
            ((lo >> d) | (hi << (64 - d)), hi >> d)
        };
        Bitboard(((hi as u128) << 64) | lo as u128)
    }

    /// The bits from the highest of `below` (bit 0 if `below` is empty) up to the lowest of
    /// `upper` (bit 127 if `upper` is empty), both included; every bit of `below` must lie
    /// under every bit of `upper`.
    ///
    /// The obstruction difference: the nearest blocker below subtracted from the blockers
    /// above leaves exactly the span between them.
    #[inline]
    pub const fn obstruction_span(upper: Bitboard, below: Bitboard) -> Bitboard {
        let upper = upper.0;
        let nearest_below = Bitboard::bit(127 - (below.0 | 1).leading_zeros()).0;
        Bitboard(upper ^ upper.wrapping_sub(nearest_below))
    }

    /// The squares in ascending order.
    #[inline]
    pub fn squares(self) -> SquareIter {
        SquareIter {
            low: self.0 as u64,
            high: (self.0 >> 64) as u64,
        }
    }
}

/// Iterator over the squares of a bitboard, lowest first.
///
/// It works on the two 64-bit halves in turn: clearing the lowest bit of a `u128` needs a
/// subtraction with borrow, which wasm has no instruction for.
pub struct SquareIter {
    pub(super) low: u64,
    pub(super) high: u64,
}

impl Iterator for SquareIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let index = if self.low != 0 {
            let index = self.low.trailing_zeros();
            self.low &= self.low - 1;
            index
        } else if self.high != 0 {
            let index = 64 + self.high.trailing_zeros();
            self.high &= self.high - 1;
            index
        } else {
            return None;
        };
        Square::from_index(index)
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = SquareIter;
    fn into_iter(self) -> SquareIter {
        self.squares()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
mod native_ops {
    use super::Bitboard;
    use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

    macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

    bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
    bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
    bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

    impl Not for Bitboard {
        type Output = Bitboard;
        #[inline]
        fn not(self) -> Bitboard {
            Bitboard(!self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_work_across_both_halves() {
        let squares = ["a1", "d7", "h7", "c10", "j10"].map(|n| Square::parse(n).unwrap());
        let set: Bitboard = squares.into_iter().collect();
        assert_eq!(set.count(), 5);
        assert!(squares.iter().all(|&s| set.contains(s)));
        assert_eq!(set.squares().collect::<Vec<_>>(), squares.to_vec());
        assert_eq!(set.first(), Some(squares[0]));
        assert_eq!(set.last(), Some(squares[4]));
        assert_eq!(set.without(squares[2]).count(), 4);
        for delta in [1, 9, 10, 11, 20, 63] {
            assert_eq!(
                set.shift(delta).to_u128(),
                set.to_u128() << delta,
                "shift {delta}"
            );
            assert_eq!(
                set.shift(-delta).to_u128(),
                set.to_u128() >> delta,
                "shift -{delta}"
            );
        }
    }
}
