//! Standard algebraic notation with the variant's piece letters: written for an action, and
//! read back by matching against the legal actions.

use crate::geometry::push_number;
use crate::geometry::Square;
use crate::position::Position;
use crate::rules::{Action, ActionKind, Variant};

/// The SAN of `action`, one of the actions `legal` at the end of `line`, with `+` or `#` when
/// it checks or mates. `line` is restored before returning.
pub fn san(
    variant: &dyn Variant,
    line: &mut Vec<Position>,
    legal: &[Action],
    action: &Action,
) -> String {
    let mut text = san_body(variant, line, legal, action);
    let Some(current) = line.last() else {
        return text;
    };
    if variant
        .hidden()
        .is_some_and(|h| h.hides_effect(current, action))
    {
        return text;
    }
    let mut next = *current;
    variant.play(&mut next, action);
    if variant.in_check(&next) {
        line.push(next);
        let replies = variant.count_actions(line);
        line.pop();
        text.push(if replies == 0 { '#' } else { '+' });
    } else if variant.notation().won(&next) {
        text.push('#');
    }
    text
}

/// SAN without the check suffix; `legal` are the actions that could need telling apart.
fn san_body(variant: &dyn Variant, line: &[Position], legal: &[Action], action: &Action) -> String {
    let Some(position) = line.last() else {
        return String::new();
    };
    if let Some(text) = variant.notation().action_san(position, action) {
        return text;
    }
    let armory = variant.armory();
    let board = position.board();
    if let ActionKind::Castle { .. } = action.kind {
        return variant.notation().castling_san(action).to_string();
    }
    if !action.has_squares() {
        return action.machine(armory);
    }
    let Some(piece) = board.piece_at(action.from) else {
        return action.machine(armory);
    };
    let def = armory.def(piece.role);
    let capture = board.piece_at(action.to).is_some() || action.kind == ActionKind::EnPassant;
    let mut text = String::new();
    if def.pawn {
        if capture {
            text.push(action.from.file_char());
            text.push('x');
        } else if legal.iter().any(|a| {
            a.to == action.to
                && a.from != action.from
                && a.has_squares()
                && board.piece_at(a.from) == Some(piece)
        }) {
            // Two pawns step to one square (Quintessential's jump beside a single step): name
            // the one that moves by its square.
            action.from.push_name(&mut text);
        }
        action.to.push_name(&mut text);
    } else {
        text.push(def.letter);
        let rivals: Vec<&Action> = legal
            .iter()
            .filter(|a| {
                a.has_squares()
                    && a.to == action.to
                    && a.from != action.from
                    && board.piece_at(a.from) == Some(piece)
            })
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|a| a.from.file() == action.from.file());
            let same_rank = rivals.iter().any(|a| a.from.rank() == action.from.rank());
            if !same_file {
                text.push(action.from.file_char());
            } else if !same_rank {
                push_number(&mut text, u32::from(action.from.rank()) + 1);
            } else {
                action.from.push_name(&mut text);
            }
        }
        if capture {
            text.push('x');
        }
        action.to.push_name(&mut text);
    }
    if let Some(role) = action.promotion {
        text.push('=');
        text.push(armory.def(role).letter);
    }
    text
}

/// Normalises notation for matching: drops a parenthesised list of effects, check marks, annotation marks, `x`, `=`, `-` and
/// `e.p.`, reads zeros in castling (`0-0`) as letters, and upper-cases a trailing promotion letter.
fn loose(text: &str) -> String {
    // A record entry's effects in parentheses, `Nc6 (e5=N)`, are not part of the move.
    let text = text.split('(').next().unwrap_or_default();
    // `e.p.` dropped a char at a time: `str::replace` with a string pattern would bring its
    // searcher's panic path, and with it core's char-printing tables, into the wasm.
    let mut s = String::new();
    let mut rest = text.trim();
    loop {
        if let Some(after) = rest.strip_prefix("e.p.") {
            rest = after;
            continue;
        }
        let mut chars = rest.chars();
        let Some(c) = chars.next() else { break };
        s.push(c);
        rest = chars.as_str();
    }
    // Castling written with zeros; elsewhere a zero belongs to a square (`Kd10`).
    if s.starts_with('0') {
        s = s.replace('0', "O");
    }
    s.retain(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | '=' | ':' | ' '));
    if s.starts_with("O-O") {
        return s;
    }
    s.retain(|c| c != '-');
    let chars: Vec<char> = s.chars().collect();
    if let [.., d, p] = chars[..] {
        if d.is_ascii_digit() && p.is_ascii_lowercase() {
            s.pop();
            s.push(p.to_ascii_uppercase());
        }
    }
    s
}

/// The legal action written `text` in SAN (leniently: `Nf3`, `Ng1f3`, `exd5`, `e8=Q`, `e8Q`,
/// `0-0`, with or without `+`/`#`). `Ok(None)` if none matches; `Err` lists the candidates when
/// the notation is ambiguous.
pub fn parse_san(
    variant: &dyn Variant,
    line: &[Position],
    legal: &[Action],
    text: &str,
) -> Result<Option<Action>, Vec<String>> {
    let wanted = loose(text);
    if wanted.is_empty() {
        return Ok(None);
    }
    // Only moves to the square the text ends with can match (castling names no square).
    let target = last_square(&wanted);
    let candidates: Vec<&Action> = legal
        .iter()
        .filter(|a| target.is_none_or(|t| a.has_squares() && a.to == t))
        .collect();
    let mut found: Vec<Action> = Vec::new();
    // A conversion the rules make anyway may be left out: `aa1` for `aa1=R`.
    let without_effect = |action: &Action| {
        let text = variant.notation().action_san(line.last()?, action)?;
        text.split_once('=').map(|(head, _)| loose(head))
    };
    for action in candidates {
        let body = san_body(variant, line, legal, action);
        let long = long_form(variant, line, action);
        if loose(&body) == wanted
            || long.as_deref().map(loose) == Some(wanted.clone())
            || without_effect(action).as_deref() == Some(wanted.as_str())
        {
            found.push(*action);
        }
    }
    if found.is_empty() {
        // Under-disambiguated input (`Qd2` where two queens reach d2) still names its moves.
        found = legal
            .iter()
            .filter(|a| target.is_none_or(|t| a.to == t))
            .filter(|a| bare_form(variant, line, a).is_some_and(|b| loose(&b) == wanted))
            .copied()
            .collect();
    }
    match found.len() {
        0 => Ok(None),
        1 => Ok(Some(found[0])),
        _ => Err(found
            .iter()
            .map(|a| san_body(variant, line, legal, a))
            .collect()),
    }
}

/// The letter of the piece `action` moves, empty for a pawn; none for castling and actions
/// without squares.
fn piece_letter(variant: &dyn Variant, line: &[Position], action: &Action) -> Option<String> {
    let position = line.last()?;
    let piece = position.board().piece_at(action.from)?;
    let def = variant.armory().def(piece.role);
    if !action.has_squares() || matches!(action.kind, ActionKind::Castle { .. }) {
        return None;
    }
    Some(if def.pawn {
        String::new()
    } else {
        def.letter.to_string()
    })
}

/// A move with its full origin square (`Ng1f3`, `e3e5`), accepted as input.
fn long_form(variant: &dyn Variant, line: &[Position], action: &Action) -> Option<String> {
    piece_letter(variant, line, action).map(|l| format!("{l}{}{}", action.from, action.to))
}

/// A move without origin or capture mark (`Qd2`, `e5`), for recognising ambiguous input.
fn bare_form(variant: &dyn Variant, line: &[Position], action: &Action) -> Option<String> {
    let letter = piece_letter(variant, line, action)?;
    let capture =
        action.kind == ActionKind::EnPassant || line.last()?.board().at(action.to).is_some();
    // A pawn's capture always names its file (`exd5`), so `d5` never means one.
    if letter.is_empty() && capture {
        return None;
    }
    Some(format!("{letter}{}", action.to))
}

/// The last square name in `text` (`Nxe4` gives e4, `c9c10L` gives c10), if any.
fn last_square(text: &str) -> Option<Square> {
    let bytes = text.as_bytes();
    (0..bytes.len()).rev().find_map(|i| {
        if !bytes[i].is_ascii_lowercase() {
            return None;
        }
        // `get`, not indexing: a string slice's panic path would bring core's char-printing
        // tables into the wasm (the indices are char boundaries anyway, ASCII letters).
        let rest = text.get(i + 1..)?;
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        (digits > 0)
            .then(|| text.get(i..i + 1 + digits).and_then(Square::parse))
            .flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loose_drops_marks_en_passant_and_effects() {
        assert_eq!(loose("exd6 e.p.+"), "ed6");
        assert_eq!(loose(" e.p.exd6e.p. "), "ed6");
        assert_eq!(loose("0-0-0#"), "O-O-O");
        assert_eq!(loose("c9c10l (e5=N)"), "c9c10L");
        assert_eq!(loose("Ké4"), "Ké4");
        assert_eq!(loose("e.p"), "e.p");
        assert_eq!(loose("e.e.p."), "e.");
    }

    #[test]
    fn last_square_is_the_last_square_name() {
        assert_eq!(last_square("Nxe4"), Square::parse("e4"));
        assert_eq!(last_square("c9c10L"), Square::parse("c10"));
        assert_eq!(last_square("O-O"), None);
    }
}
