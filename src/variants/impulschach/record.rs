//! How an Impulschach turn is written: `Cc3 (a4, Ie2(aa6, bb6, cd5), Bxe8#)`.

use super::step::Step;
use crate::rules::TurnPart;

/// A whole turn as RULES.md writes it: `Cc3 (a4, Ie2(aa6, bb6, cd5), Bxe8#)`. The opening move,
/// each Impulse move with its displacements in parentheses (their order gives the direction),
/// and a Catalyst's chain in parentheses after it; `shift:` and `end` are not written.
pub fn turn_notation(parts: &[TurnPart]) -> String {
    struct Node {
        san: String,
        displaced: Vec<String>,
    }
    let mut top: Option<Node> = None;
    let mut chain: Vec<Node> = Vec::new();
    for part in parts {
        match Step::of(part.before.phase()) {
            Step::Move => {
                top = Some(Node {
                    san: part.notation.clone(),
                    displaced: Vec::new(),
                })
            }
            Step::Chain { .. } if part.action == super::END_CHAIN => {}
            Step::Chain { .. } => chain.push(Node {
                san: part.notation.clone(),
                displaced: Vec::new(),
            }),
            Step::Displace { .. } => {
                let owner = match chain.last_mut() {
                    Some(node) => Some(node),
                    None => top.as_mut(),
                };
                if let Some(node) = owner {
                    node.displaced.push(part.notation.clone());
                }
            }
            Step::ShiftOrder { .. } => {}
        }
    }
    let write = |node: &Node| {
        if node.displaced.is_empty() {
            node.san.clone()
        } else {
            format!("{}({})", node.san, node.displaced.join(", "))
        }
    };
    let mut text = match &top {
        Some(node) => write(node),
        // A record loaded mid-turn: its first turn starts inside the chain or shift.
        None => String::from("..."),
    };
    if !chain.is_empty() {
        let items: Vec<String> = chain.iter().map(write).collect();
        text.push_str(&format!(" ({})", items.join(", ")));
    }
    text
}
