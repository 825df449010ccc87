//! What the record keeps of each action and turn, and a legal action described.

use crate::geometry::{Bitboard, Square};
use crate::movement::{Color, Piece};
use crate::rules::{Action, ActionKind, Promotion};
use std::ops::Range;

/// One played action as the record keeps it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordEntry {
    /// The action.
    pub action: Action,
    /// Its machine string, e.g. `e2e4`.
    pub machine: String,
    /// Its human notation, e.g. `e4`, followed by its promotions: `Nc6 (e5=N)`.
    pub notation: String,
    /// Pieces it changed into other types as an effect.
    pub promotions: Vec<Promotion>,
    /// Every square whose occupant it changed.
    pub squares: Bitboard,
}

impl RecordEntry {
    /// The hidden piece the action revealed, if it was an entry: the square it came from,
    /// the square it landed on, and what it is.
    pub fn reveal(&self) -> Option<(Square, Square, Piece)> {
        let ActionKind::Reveal { color } = self.action.kind else {
            return None;
        };
        let role = self.action.promotion?;
        Some((self.action.from, self.action.to, Piece { color, role }))
    }
}

/// One turn of the record: who played it, its notation, and which record entries it holds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Turn {
    /// The side that played it.
    pub color: Color,
    /// The whole turn in the variant's notation: `Cc3 (a4, Ie2(aa6, bb6), Bxe8#)`.
    pub notation: String,
    /// Its actions, as indices into [`Game::history`].
    pub actions: Range<usize>,
    /// Every square whose occupant its actions changed.
    pub squares: Bitboard,
}

/// A legal action described for a user interface.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ActionInfo {
    /// The action.
    pub action: Action,
    /// Its machine string.
    pub machine: String,
    /// Its human notation.
    pub notation: String,
}
