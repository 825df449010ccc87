//! Machine action strings: from-square, to-square, optional promotion letter, or a keyword.

use crate::geometry::Square;
use crate::rules::{Action, ActionKind, Variant};

/// The action among `legal` that the machine string `text` names, if `text` has the machine
/// form. `Ok(None)` means the text is not a machine string at all; `Err(())` means it is one but
/// names no legal action.
#[allow(clippy::result_unit_err)]
pub fn parse_machine(
    variant: &dyn Variant,
    legal: &[Action],
    text: &str,
) -> Result<Option<Action>, ()> {
    let armory = variant.armory();
    if let Some(index) = armory.keyword_index(text) {
        let kind = ActionKind::Keyword(index);
        return legal
            .iter()
            .find(|a| a.kind == kind)
            .copied()
            .map(Some)
            .ok_or(());
    }
    let Some((_, rest)) = split_square(text) else {
        return Ok(None);
    };
    let Some((_, rest)) = split_square(rest) else {
        return Ok(None);
    };
    if rest.len() > 1 || !rest.chars().all(|c| c.is_ascii_alphabetic()) {
        return Ok(None);
    }
    // A letter that names no piece is no promotion (`e2e4x`): not a machine string.
    if rest
        .chars()
        .any(|c| armory.role_of_letter(c.to_ascii_uppercase()).is_none())
    {
        return Ok(None);
    }
    // Compare whole strings: castling by one square is written king-takes-partner, and a
    // promotion letter may come in either case.
    let wanted = text.to_ascii_lowercase();
    legal
        .iter()
        .find(|a| a.machine(armory) == wanted)
        .copied()
        .map(Some)
        .ok_or(())
}

/// Splits a leading square name (`e2`, `c10`) off `text`, trying the three-character form
/// first so that `c10c9` reads as c10-c9.
fn split_square(text: &str) -> Option<(Square, &str)> {
    for len in [3, 2] {
        // Split where it is a char boundary, not sliced: a string slice's panic path would
        // bring core's char-printing tables into the wasm.
        if let Some((head, rest)) = text.split_at_checked(len) {
            if let Some(sq) = Square::parse(head) {
                return Some((sq, rest));
            }
        }
    }
    None
}
