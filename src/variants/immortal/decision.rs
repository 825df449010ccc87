//! How the entry decision of an Immortal Chess turn reads to a player.

use super::{entry_reset, PASS};
use crate::position::Position;
use crate::rules::{Action, Choice, DecisionPoint, Mark, TextEnd};

/// The decision at `position`, whose legal actions are `legal`: after the move, an entry (the
/// Immortals that may come in are marked) or `pass`.
pub fn describe(position: &Position, legal: &[Action]) -> DecisionPoint {
    let color = position.turn();
    let start = DecisionPoint::turn_start(color);
    if entry_reset(position.phase()).is_none() {
        return start;
    }
    let entries = legal
        .iter()
        .filter(|a| a.has_squares())
        .map(|a| a.from)
        .collect();
    DecisionPoint {
        kind: "entry",
        prompt: Some(format!(
            "{}: bring an Immortal in (click one on the border), or pass",
            color.title()
        )),
        marks: vec![Mark {
            name: "entry",
            squares: entries,
        }],
        choices: vec![Choice {
            action: PASS,
            label: "Pass",
        }],
        text_end: TextEnd::Close(PASS),
        ..start
    }
}
