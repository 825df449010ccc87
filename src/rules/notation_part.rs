//! The optional part of a variant for a notation of its own: actions written otherwise than in
//! SAN, turns of several actions, and read forms. Each default is SAN's.

use super::{Action, TurnPart};
use crate::error::Result;
use crate::position::Position;

/// How a variant writes and reads its actions and turns, where it differs from SAN.
pub trait VariantNotation: Send + Sync {
    /// The notation of `action`, legal in `before`, where the variant writes it its own way
    /// (Impulschach's displacements, `cd5`); `None` for SAN.
    fn action_san(&self, _before: &Position, _action: &Action) -> Option<String> {
        None
    }

    /// Whether the game in `position` is won by what was just played, for a variant without
    /// check, whose winning move notation marks with `#` (Impulschach's king capture).
    fn won(&self, _position: &Position) -> bool {
        false
    }

    /// Whether the record writes an action's effects after it in parentheses, `Nc6 (e5=N)`
    /// (Impulschach writes its conversions into the displacement instead, `ab1=C`).
    fn writes_effects(&self) -> bool {
        true
    }

    /// Reads `text` as an action of the variant's own notation (Immortal Chess's entries,
    /// `@a1-c3=n`), among `legal`; `None` leaves it to machine strings and SAN.
    fn read_action(
        &self,
        _line: &[Position],
        _legal: &[Action],
        _text: &str,
    ) -> Option<Result<Action>> {
        None
    }

    /// Whether notation given alone (not a machine string) is a whole turn: Immortal Chess's
    /// `e4` is the move with the entry passed.
    fn notation_is_a_turn(&self) -> bool {
        false
    }

    /// Whether a turn may take several actions (so `play` reads a whole turn's text). In the
    /// other variants a parenthesis after a move lists its effects, not more actions.
    fn turns_have_many_actions(&self) -> bool {
        false
    }

    /// A whole turn's notation from its actions' notation. A turn of one action is that
    /// action's; a variant with longer turns writes their structure.
    fn turn_notation(&self, parts: &[TurnPart]) -> String {
        let texts: Vec<&str> = parts.iter().map(|p| p.notation.as_str()).collect();
        texts.join(" ")
    }

    /// `O-O` or `O-O-O` for a castling action. By default the king going towards the h side is
    /// the short castling.
    fn castling_san(&self, action: &Action) -> &'static str {
        if action.to.file() > action.from.file() {
            "O-O"
        } else {
            "O-O-O"
        }
    }
}

/// SAN as orthodox chess writes it: every default of [`VariantNotation`].
pub struct StandardNotation;

impl VariantNotation for StandardNotation {}
