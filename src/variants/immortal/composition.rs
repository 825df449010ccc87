//! What the 18 Immortals of each side are: the option `composition`, 2Q 2R 3B 3N 8P by default.

use super::deal::BORDER;
use crate::error::{Error, ErrorCode, Result};
use crate::movement::{Color, Piece, Role, MAX_ROLES};
use crate::position::Pockets;
use crate::variants::chess::{BISHOP, KNIGHT, PAWN, QUEEN, ROOK};

/// The types in canonical order (queens, rooks, bishops, knights, pawns) with their letters.
const ORDER: [(Role, char); 5] = [
    (QUEEN, 'Q'),
    (ROOK, 'R'),
    (BISHOP, 'B'),
    (KNIGHT, 'N'),
    (PAWN, 'P'),
];

/// How many Immortals of each type a side has (the same for both).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Composition {
    counts: [u8; 5],
}

impl Default for Composition {
    fn default() -> Self {
        Composition {
            counts: [2, 2, 3, 3, 8],
        }
    }
}

impl Composition {
    /// Reads `2Q2R3B3N8P` (a count before each letter) or `QQRRBBBNNNPPPPPPPP`; the counts
    /// must add up to 18, half the border.
    pub fn parse(text: &str) -> Result<Composition> {
        let bad = |why: String| {
            Error::new(
                ErrorCode::BadOption,
                format!("composition '{text}' {why}; write it like 2Q2R3B3N8P (18 a side)"),
            )
        };
        let mut counts = [0u8; 5];
        let mut number = String::new();
        for c in text.chars() {
            if c.is_ascii_digit() {
                number.push(c);
                continue;
            }
            let Some(at) = ORDER.iter().position(|(_, l)| *l == c.to_ascii_uppercase()) else {
                return Err(bad(format!("has '{c}', which is not Q, R, B, N or P")));
            };
            // The digits read by hand (see `Square::parse`); too large for a count is an error.
            let n: u8 = if number.is_empty() {
                1
            } else {
                number
                    .bytes()
                    .try_fold(0u8, |n, b| n.checked_mul(10)?.checked_add(b - b'0'))
                    .ok_or_else(|| bad(format!("has the count '{number}'")))?
            };
            number.clear();
            counts[at] = counts[at]
                .checked_add(n)
                .ok_or_else(|| bad("counts too many".into()))?;
        }
        if !number.is_empty() {
            return Err(bad("ends with a number".into()));
        }
        let total: usize = counts.iter().map(|&n| n as usize).sum();
        if total != BORDER / 2 {
            return Err(bad(format!("has {total} Immortals a side, not 18")));
        }
        Ok(Composition { counts })
    }

    /// The identities in canonical order: White's, then Black's; within a side queens,
    /// rooks, bishops, knights, pawns.
    pub fn identities(&self) -> [Piece; BORDER] {
        let mut out = [Piece {
            color: Color::White,
            role: PAWN,
        }; BORDER];
        let all = Color::ALL.into_iter().flat_map(|color| {
            ORDER
                .iter()
                .zip(self.counts)
                .flat_map(move |(&(role, _), n)| {
                    std::iter::repeat_n(Piece { color, role }, n as usize)
                })
        });
        for (slot, piece) in out.iter_mut().zip(all) {
            *slot = piece;
        }
        out
    }

    /// The whole hidden pool: every identity, by colour and type.
    pub fn pool(&self) -> Pockets {
        let mut pool: Pockets = [[0; MAX_ROLES]; 2];
        for piece in self.identities() {
            pool[piece.color.index()][piece.role.index()] += 1;
        }
        pool
    }

    /// `2Q2R3B3N8P`.
    pub fn describe(&self) -> String {
        ORDER
            .iter()
            .zip(self.counts)
            .filter(|(_, n)| *n > 0)
            .map(|((_, letter), n)| format!("{n}{letter}"))
            .collect()
    }
}
