//! How an Impulschach turn's decisions read to a player: the Resonance Shift's direction, the
//! pawn being displaced, the Catalyst chain's activated pieces and its end.

use super::step::Step;
use super::{END_CHAIN, SHIFT_FROM_A, SHIFT_FROM_H};
use crate::geometry::{Bitboard, Square};
use crate::position::Position;
use crate::rules::{Action, Choice, DecisionPoint, Mark, TextEnd};

/// Why a turn's text may not stop inside a Resonance Shift.
const SHIFT_UNFINISHED: &str = "the Resonance Shift still has pawns to displace";

/// The decision at `position`, whose legal actions are `legal`.
pub fn describe(position: &Position, legal: &[Action]) -> DecisionPoint {
    let color = position.turn();
    let side = color.title();
    let start = DecisionPoint::turn_start(color);
    match Step::of(position.phase()) {
        Step::Move => start,
        Step::ShiftOrder { .. } => DecisionPoint {
            kind: "shift",
            prompt: Some(format!(
                "{side}: choose the direction of the Resonance Shift"
            )),
            choices: vec![
                Choice {
                    action: SHIFT_FROM_A,
                    label: "Shift from the a-file",
                },
                Choice {
                    action: SHIFT_FROM_H,
                    label: "Shift from the h-file",
                },
            ],
            text_end: TextEnd::Unfinished(SHIFT_UNFINISHED),
            ..start
        },
        Step::Displace { .. } => {
            // The rules choose the pawn: every legal action moves the same one.
            let pawn = legal.first().map(|a| a.from);
            DecisionPoint {
                kind: "displace",
                prompt: pawn.map(|p| format!("{side}: displace the pawn on {p}")),
                marks: vec![Mark {
                    name: "displace",
                    squares: pawn.map_or(Bitboard::EMPTY, Bitboard::from_square),
                }],
                select: pawn,
                text_end: TextEnd::Unfinished(SHIFT_UNFINISHED),
                ..start
            }
        }
        Step::Chain { activated, .. } => {
            let names: Vec<String> = activated.squares().map(Square::name).collect();
            DecisionPoint {
                kind: "chain",
                prompt: Some(format!(
                    "{side}: move an activated piece ({}) or end the chain",
                    names.join(", ")
                )),
                marks: vec![Mark {
                    name: "activated",
                    squares: activated,
                }],
                choices: vec![Choice {
                    action: END_CHAIN,
                    label: "End chain",
                }],
                text_end: TextEnd::Close(END_CHAIN),
                ..start
            }
        }
    }
}
