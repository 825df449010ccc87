//! A decision point described as data: what the side to move decides next, in words and
//! squares a user interface shows without knowing the variant.

use super::Action;
use crate::geometry::{Bitboard, Square};
use crate::movement::Color;

/// Squares a user interface marks for the decision, under a mark's name (`activated`,
/// `displace`): the board draws each name its own way.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Mark {
    /// The mark's name.
    pub name: &'static str,
    /// The squares it marks.
    pub squares: Bitboard,
}

/// An action without squares offered at the decision (a button), with its label.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice {
    /// The action (its machine string is the keyword, `shift:a`).
    pub action: Action,
    /// What a button for it says: `Shift from the a-file`.
    pub label: &'static str,
}

/// What playing a turn's text does when the text ends at this decision, the turn not over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TextEnd {
    /// The turn ends with this action (a Catalyst chain's `end`, an entry's `pass`).
    Close(Action),
    /// The text is refused: the turn is not finished, for this reason.
    Unfinished(&'static str),
}

/// The decision the side to move faces, as the variant describes it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DecisionPoint {
    /// What kind of decision: `move` (a turn's start), `over` (none: the game is over), or a
    /// name of the variant's own (`shift`, `displace`, `chain`, `entry`).
    pub kind: &'static str,
    /// Whose decision it is.
    pub color: Color,
    /// A sentence for the player (`White: displace the pawn on e5`); none at a plain move.
    pub prompt: Option<String>,
    /// Squares to mark.
    pub marks: Vec<Mark>,
    /// The actions without squares on offer, with their labels.
    pub choices: Vec<Choice>,
    /// A square whose moves a user interface shows at once (the pawn the rules chose).
    pub select: Option<Square>,
    /// What a turn's text that stops here means.
    pub text_end: TextEnd,
}

impl DecisionPoint {
    /// The start of a turn: a move by `color`.
    pub fn turn_start(color: Color) -> DecisionPoint {
        DecisionPoint {
            kind: "move",
            color,
            prompt: None,
            marks: Vec::new(),
            choices: Vec::new(),
            select: None,
            text_end: TextEnd::Unfinished("it has not started"),
        }
    }

    /// No decision: the game is over (`color` would have been to move).
    pub fn over(color: Color) -> DecisionPoint {
        DecisionPoint {
            kind: "over",
            ..DecisionPoint::turn_start(color)
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.kind == "over"
    }

    /// The squares of the mark called `name` (none if it is not marked).
    pub fn marked(&self, name: &str) -> Bitboard {
        self.marks
            .iter()
            .filter(|m| m.name == name)
            .fold(Bitboard::EMPTY, |all, m| all | m.squares)
    }
}
