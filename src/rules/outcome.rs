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
    /// `white wins checkmate`, `draw stalemate`: the CLI's status words.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Win { winner, reason } => format!("{} wins {reason}", winner.name()),
            Outcome::Draw { reason } => format!("draw {reason}"),
        }
    }
}
