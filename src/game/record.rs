//! What the record keeps of each action and turn, and a legal action described.

use crate::geometry::{Bitboard, Square};
use crate::movement::{Armory, Color, Piece};
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
    /// The hidden piece the action revealed, if it was an entry.
    pub fn reveal(&self) -> Option<Reveal> {
        Reveal::of(&self.action)
    }

    /// The action as a record replays it ([`Game::from_record`](super::Game::from_record)):
    /// its machine string, or for an entry the squares and the piece revealed (`a5b5=n`),
    /// which only the record knows.
    pub fn replayable(&self, armory: &Armory) -> String {
        match self.reveal() {
            Some(reveal) => format!("{}={}", self.machine, armory.fen_char(reveal.piece)),
            None => self.machine.clone(),
        }
    }
}

/// A hidden piece brought into play and revealed (Immortal Chess's entry): the square it came
/// from, the square it landed on, and what it is (its colour is `piece.color`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Reveal {
    /// The border square it came from.
    pub square: Square,
    /// The square it entered on.
    pub to: Square,
    /// What it was revealed to be, before any promotion on arrival.
    pub piece: Piece,
}

impl Reveal {
    /// What `action` reveals: an entry with its identity; `None` for any other action, and
    /// for an entry not yet given one.
    pub fn of(action: &Action) -> Option<Reveal> {
        let ActionKind::Reveal { color } = action.kind else {
            return None;
        };
        let role = action.promotion?;
        Some(Reveal {
            square: action.from,
            to: action.to,
            piece: Piece { color, role },
        })
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
