//! How a game ended.

use crate::movement::Color;

/// The result of a finished game, with its reason (`checkmate`, `stalemate`, ...).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// Why, e.g. `checkmate`.
        reason: &'static str,
    },
    /// Nobody won.
    Draw {
        /// Why, e.g. `stalemate`.
        reason: &'static str,
    },
}

impl Outcome {
    /// The orthodox end for a side to move (`to_move`) without a legal move: checkmate if it is
    /// in check, else stalemate, a draw.
    pub fn without_moves(to_move: Color, in_check: bool) -> Outcome {
        if in_check {
            Outcome::Win {
                winner: !to_move,
                reason: "checkmate",
            }
        } else {
            Outcome::Draw {
                reason: "stalemate",
            }
        }
    }

    /// `white wins checkmate`, `draw stalemate`: the CLI's status words.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Win { winner, reason } => format!("{} wins {reason}", winner.name()),
            Outcome::Draw { reason } => format!("draw {reason}"),
        }
    }
}
