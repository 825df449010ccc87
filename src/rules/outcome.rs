//! How a game ended.

use crate::movement::Color;
use crate::position::Position;

/// How a finished game ended, with its reason: by the rules (`checkmate`, `stalemate`, ...),
/// or declared by the players or an arbiter ([`Game::resign`](crate::game::Game::resign):
/// `white resigned`; `agreement`; `abandoned`, which has no result).
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
    /// Over without a result (PGN's `*`): the game was abandoned. The rules never end a game
    /// so; only [`Game::abandon`](crate::game::Game::abandon) does.
    Unfinished {
        /// Why: `abandoned`.
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

    /// Threefold repetition for variants whose turns have several actions: the position at
    /// the start of this turn stood twice before at the start of a turn, with the same side to
    /// move, since the last turn that restarted the halfmove clock.
    pub fn threefold_at_turn_starts(line: &[Position]) -> bool {
        let Some((current, earlier)) = line.split_last() else {
            return false;
        };
        let mut seen = 0;
        for position in earlier.iter().rev() {
            if !position.phase().is_move() {
                continue;
            }
            if position.hash() == current.hash() {
                seen += 1;
            }
            if position.halfmove_clock == 0 {
                break;
            }
        }
        seen >= 2
    }

    /// `white wins checkmate`, `draw stalemate`, `unfinished abandoned`: the CLI's status
    /// words.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Win { winner, reason } => format!("{} wins {reason}", winner.name()),
            Outcome::Draw { reason } => format!("draw {reason}"),
            Outcome::Unfinished { reason } => format!("unfinished {reason}"),
        }
    }

    /// The reason: `checkmate`, `white resigned`, `agreement`, `abandoned`, ...
    pub fn reason(&self) -> &'static str {
        match *self {
            Outcome::Win { reason, .. }
            | Outcome::Draw { reason }
            | Outcome::Unfinished { reason } => reason,
        }
    }
}
