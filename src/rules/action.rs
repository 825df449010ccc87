//! Actions: the single decisions a turn is made of, and their machine strings.

use crate::geometry::Square;
use crate::movement::{Armory, Color, Role};

/// What an action does beyond moving a piece from one square to another.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ActionKind {
    /// A move or capture.
    Normal,
    /// A pawn's double step, or Quintessential Chess's jump over a friendly pawn (Bockspringen):
    /// a move two squares straight ahead that may create an en-passant square. The variant
    /// tells the two apart by whether the square passed is empty.
    DoubleStep,
    /// A capture of the pawn that passed over the destination.
    EnPassant,
    /// Castling: the king goes `from`-`to`, the partner `partner_from`-`partner_to`.
    Castle {
        /// Where the partner (rook, centurion) stands.
        partner_from: Square,
        /// Where the partner lands.
        partner_to: Square,
    },
    /// A decision without squares, named by a keyword of the variant's own: the index of its
    /// machine string in [`Armory::keywords`] (Impulschach's `shift:a`, Immortal's `pass`).
    Keyword(u8),
    /// A hidden piece's entry (Immortal Chess) (`from` on the border, `to` in the centre) with the identity
    /// it reveals: this colour, and the role in `promotion`. Only a referee or the reveal
    /// given from outside makes one; the legal actions list entries as plain moves.
    Reveal {
        /// The revealed piece's colour.
        color: Color,
    },
}

/// One decision: a move of a piece from `from` to `to` (with a promotion), or a special action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Action {
    /// Where the piece starts (unused for a keyword).
    pub from: Square,
    /// Where it lands (unused for a keyword).
    pub to: Square,
    /// The type a pawn promotes to, if any.
    pub promotion: Option<Role>,
    /// What else the action does.
    pub kind: ActionKind,
}

/// Keeps the actions of `list` for which `keep` is true, in order: `Vec::retain` written out,
/// because in the wasm `retain` left a large filter (the quiescence's) as a function called
/// once per action, a few percent of a search.
#[inline(always)]
pub fn retain_actions(list: &mut Vec<Action>, mut keep: impl FnMut(&Action) -> bool) {
    let mut kept = 0;
    for index in 0..list.len() {
        let action = list[index];
        if keep(&action) {
            list[kept] = action;
            kept += 1;
        }
    }
    list.truncate(kept);
}

impl Action {
    /// A plain move from `from` to `to`.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Action {
        Action {
            from,
            to,
            promotion: None,
            kind: ActionKind::Normal,
        }
    }

    /// An action without squares: the variant's keyword number `index` (see
    /// [`Armory::keywords`]).
    pub const fn keyword(index: u8) -> Action {
        Action {
            kind: ActionKind::Keyword(index),
            ..Action::normal(Square::A1, Square::A1)
        }
    }

    /// The action as the legal actions list it: an entry without the identity it reveals.
    pub fn public(&self) -> Action {
        match self.kind {
            ActionKind::Reveal { .. } => Action::normal(self.from, self.to),
            _ => *self,
        }
    }

    /// Whether the action moves a piece between two squares.
    pub fn has_squares(&self) -> bool {
        !matches!(self.kind, ActionKind::Keyword(_))
    }

    /// The machine string: `e2e4`, `e7e8q`, `e1g1`, `shift:a`, `end`, `pass`. Castling is the
    /// king's move, except that castling by one square is written as the king taking its
    /// partner (`d7a7`), since the king's step to the same square is another action.
    pub fn machine(&self, armory: &Armory) -> String {
        match self.kind {
            ActionKind::Keyword(index) => armory.keyword(index).to_string(),
            // A king that castles by one square would read as a plain king move: write it as
            // the king taking its partner instead (as UCI does for Chess960).
            ActionKind::Castle { partner_from, .. }
                if self.from.file().abs_diff(self.to.file()) <= 1 =>
            {
                self.squares_text(partner_from)
            }
            // An entry's machine string is its squares; the identity is in its notation.
            ActionKind::Reveal { .. } => self.squares_text(self.to),
            _ => {
                let mut s = self.squares_text(self.to);
                if let Some(role) = self.promotion {
                    s.push(armory.def(role).letter.to_ascii_lowercase());
                }
                s
            }
        }
    }

    /// `from` and `to`'s names, `e2e4`.
    fn squares_text(&self, to: Square) -> String {
        let mut text = String::with_capacity(8);
        self.from.push_name(&mut text);
        to.push_name(&mut text);
        text
    }
}
