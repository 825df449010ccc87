//! The static evaluation: material, with each piece type's value derived from its mobility on
//! the variant's own board, so fairy pieces are valued by the same rule as the FIDE ones.
//!
//! A type's mobility is the average number of squares it attacks from each square of the empty
//! board. Its value is `35 * mobility + 120` centipawns, a line through the FIDE pieces on 8x8
//! (knight 5.25 squares: 304; bishop 8.75: 426; rook 14: 610; queen 22.75: 916). Pawns are
//! 100, royal pieces 0 (losing one ends the game, which the search sees).

use crate::geometry::Bitboard;
use crate::movement::{Armory, Color, Piece, Role, MAX_ROLES};
use crate::position::Position;

/// Centipawn values by role.
#[derive(Clone, Debug)]
pub struct Values {
    by_role: [i32; MAX_ROLES],
}

impl Values {
    /// The values of `armory`'s piece types on its board.
    pub fn new(armory: &Armory) -> Values {
        let mut by_role = [0; MAX_ROLES];
        let squares: Vec<_> = armory.shape().playable.squares().collect();
        for (index, def) in armory.defs().iter().enumerate().take(MAX_ROLES) {
            by_role[index] = if def.royal {
                0
            } else if def.pawn {
                100
            } else {
                let piece = Piece {
                    color: Color::White,
                    role: Role(index as u8),
                };
                let reach: u32 = squares
                    .iter()
                    .map(|&sq| {
                        (armory.attacks(piece, sq, Bitboard::EMPTY) & armory.shape().playable)
                            .count()
                    })
                    .sum();
                let mobility = f64::from(reach) / squares.len().max(1) as f64;
                (35.0 * mobility + 120.0).round() as i32
            };
        }
        Values { by_role }
    }

    /// The value of `role`.
    pub fn of(&self, role: Role) -> i32 {
        self.by_role[role.index() % MAX_ROLES]
    }

    /// Material balance for the side to move in `position`.
    pub fn material(&self, position: &Position) -> i32 {
        let board = position.board();
        let us = position.turn();
        let mut score = 0;
        for (index, &value) in self.by_role.iter().enumerate() {
            let role = Role(index as u8);
            let ours = board.pieces(us, role).count() as i32;
            let theirs = board.pieces(!us, role).count() as i32;
            score += value * (ours - theirs);
        }
        score
    }
}
