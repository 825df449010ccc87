//! Piece placement: bitboards per colour and role, a hidden-piece set and a square lookup.

use crate::geometry::{Bitboard, Square};
use crate::movement::{Color, Piece, Role, MAX_ROLES};

/// What stands on a square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Occupant {
    /// A piece of one side.
    Piece(Piece),
    /// A face-down piece that belongs to neither side yet (an unrevealed Immortal).
    Hidden,
}

const EMPTY: u8 = 0;
const HIDDEN: u8 = 0xff;
const BLACK_BIT: u8 = 0x40;

/// The pieces on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; MAX_ROLES],
    hidden: Bitboard,
    squares: [u8; 128],
}

impl Default for Board {
    fn default() -> Self {
        Board {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; MAX_ROLES],
            hidden: Bitboard::EMPTY,
            squares: [EMPTY; 128],
        }
    }
}

impl Board {
    /// What stands on `sq`.
    #[inline]
    pub fn at(&self, sq: Square) -> Option<Occupant> {
        match self.squares[sq.index()] {
            EMPTY => None,
            HIDDEN => Some(Occupant::Hidden),
            code => Some(Occupant::Piece(Piece {
                color: if code & BLACK_BIT != 0 {
                    Color::Black
                } else {
                    Color::White
                },
                role: Role((code & !BLACK_BIT) - 1),
            })),
        }
    }

    /// The squares where `other` has something else than this board (a move's from and to, a
    /// castling partner's, an en-passant victim's, a promoted or displaced piece's).
    pub fn changed_squares(&self, other: &Board) -> Bitboard {
        (0..self.squares.len())
            .filter(|&i| self.squares[i] != other.squares[i])
            .filter_map(|i| u32::try_from(i).ok().and_then(Square::from_index))
            .collect()
    }

    /// The piece of either side on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self.at(sq) {
            Some(Occupant::Piece(p)) => Some(p),
            _ => None,
        }
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        let bit = Bitboard::from_square(sq);
        self.by_color[piece.color.index()] |= bit;
        self.by_role[piece.role.index()] |= bit;
        let color_bit = if piece.color == Color::Black {
            BLACK_BIT
        } else {
            0
        };
        self.squares[sq.index()] = (piece.role.0 + 1) | color_bit;
    }

    /// Puts a hidden piece on the empty square `sq`.
    pub fn put_hidden(&mut self, sq: Square) {
        self.hidden = self.hidden.with(sq);
        self.squares[sq.index()] = HIDDEN;
    }

    /// Empties `sq` and returns what stood there.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Occupant> {
        let found = self.at(sq);
        match found {
            Some(Occupant::Piece(p)) => {
                let bit = !Bitboard::from_square(sq);
                self.by_color[p.color.index()] &= bit;
                self.by_role[p.role.index()] &= bit;
            }
            Some(Occupant::Hidden) => self.hidden = self.hidden.without(sq),
            None => {}
        }
        self.squares[sq.index()] = EMPTY;
        found
    }

    /// Every occupied square, hidden pieces included.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1] | self.hidden
    }

    /// Squares of `color`'s pieces.
    #[inline]
    pub fn side(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Squares of pieces of `role`, both colours.
    #[inline]
    pub fn role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// Squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_role[role.index()] & self.by_color[color.index()]
    }

    /// Squares of hidden pieces.
    #[inline]
    pub fn hidden(&self) -> Bitboard {
        self.hidden
    }

    /// The per-role sets, for attack queries.
    #[inline]
    pub fn role_sets(&self) -> &[Bitboard; MAX_ROLES] {
        &self.by_role
    }
}
