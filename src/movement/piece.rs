//! Colours, piece roles and coloured pieces.

use std::ops::Not;

/// Most piece types a variant may define: Nietzsche Chess's long-haul sequences have fifteen
/// and the king. Sets of roles are `u16` bit sets, so this cannot grow past 16.
pub const MAX_ROLES: usize = 16;

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// Moves first.
    White = 0,
    /// Moves second.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour's name in lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// `White` or `Black`, for the start of a sentence.
    pub const fn title(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// `w` or `b`, as in FEN.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// +1 for White (ranks grow forward), -1 for Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A piece type: an index into the variant's piece definitions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Role(pub u8);

impl Role {
    /// Index into per-role arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece of one colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its type.
    pub role: Role,
}
