//! Standard algebraic notation with the variant's piece letters: written for an action, and
//! read back by matching against the legal actions.

use crate::geometry::push_number;
use crate::geometry::Square;
use crate::movement::Armory;
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
    // A trailing `x` after the target's rank is a promotion letter (Nietzsche's Ace), not a
    // capture mark.
    let promotes_to_x = {
        let mut back = s.chars().rev();
        matches!(back.next(), Some('x' | 'X')) && back.next().is_some_and(|c| c.is_ascii_digit())
    };
    s.retain(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | '=' | ':' | ' '));
    if promotes_to_x {
        s.push('X');
    }
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

/// Why `text` is not notation for a move, though it may start like one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NotMove {
    /// The parentheses do not pair up (`e4)`, `e4 (a5`), or more than one list follows.
    Parentheses,
    /// Parentheses after a move that do not list its effects (`e4 (a5)`: effects are
    /// `square=letter`, as in `Nc6 (e5=N)`).
    NotEffects,
    /// Not the shape of a move, or something follows it (`e2-e4x`, `Nf3??x`).
    Shape,
}

impl NotMove {
    /// What is wrong, for an error message.
    pub fn describe(self) -> &'static str {
        match self {
            NotMove::Parentheses => "its parentheses do not pair up",
            NotMove::NotEffects => {
                "parentheses after a move list its effects (`Nc6 (e5=N)`), and these do not"
            }
            NotMove::Shape => "it is not a move, or something follows the move",
        }
    }
}

/// The move part of `text` written in notation, without what may follow a move: a list of
/// effects in parentheses (`Nc6 (e5=N)`), an annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`), a
/// check or mate mark (`+`, `#`) and `e.p.`, in that order from the end. The move part is then
/// a keyword of the variant (`pass+` is Immortal's pass that leaves a check), castling (`O-O`,
/// `0-0-0`) or: a piece letter, an origin (file, rank or square), a capture or
/// step mark (`x`, `:`, `-`), the target square, and a promotion letter of `armory` with or
/// without `=`. Anything else, before or after, makes it no move: the text is read whole.
pub fn move_part<'t>(text: &'t str, armory: &Armory) -> Result<&'t str, NotMove> {
    let mut t = text.trim();
    if t.contains(['(', ')']) {
        let (body, rest) = t.split_once('(').ok_or(NotMove::Parentheses)?;
        let inner = rest.strip_suffix(')').ok_or(NotMove::Parentheses)?;
        if inner.contains(['(', ')']) {
            return Err(NotMove::Parentheses);
        }
        if !inner.split(',').all(|item| is_effect(item.trim(), armory)) {
            return Err(NotMove::NotEffects);
        }
        t = body.trim_end();
    }
    for mark in ["!!", "??", "!?", "?!", "!", "?"] {
        if let Some(rest) = t.strip_suffix(mark) {
            t = rest;
            break;
        }
    }
    t = t.strip_suffix(['+', '#']).unwrap_or(t);
    if let Some(rest) = t.strip_suffix("e.p.") {
        t = rest.trim_end();
    }
    let keyword = armory.keyword_index(t).is_some();
    if keyword || matches!(t, "O-O" | "O-O-O" | "0-0" | "0-0-0") || is_move_shape(t, armory) {
        Ok(t)
    } else {
        Err(NotMove::Shape)
    }
}

/// `e5=N`: one effect in a record's list.
fn is_effect(item: &str, armory: &Armory) -> bool {
    let Some((square, letter)) = item.split_once('=') else {
        return false;
    };
    let mut letters = letter.chars();
    let one_letter = match (letters.next(), letters.next()) {
        (Some(c), None) => armory.role_of_letter(c.to_ascii_uppercase()).is_some(),
        _ => false,
    };
    one_letter && Square::parse(square).is_some()
}

/// A piece letter, an origin, a mark, the target square, a promotion: `Ng1xf3`, `exd5`,
/// `e2-e4`, `c9c10l`, `e8=Q`, `ab1=C` (the square names as [`Square::parse`] reads them).
fn is_move_shape(text: &str, armory: &Armory) -> bool {
    let is_letter = |c: char| armory.role_of_letter(c.to_ascii_uppercase()).is_some();
    let mut rest = text;
    // A promotion at the end: `=Q`, or a letter straight after the target's rank.
    if let Some((head, letter)) = rest.rsplit_once('=') {
        let mut letters = letter.chars();
        match (letters.next(), letters.next()) {
            (Some(c), None) if is_letter(c) => rest = head,
            _ => return false,
        }
    } else if let Some(c) = rest.chars().last().filter(|c| c.is_ascii_alphabetic()) {
        if !is_letter(c) {
            return false;
        }
        let Some(before) = rest.get(..rest.len() - 1) else {
            return false;
        };
        rest = before;
    }
    // The target square: a file letter and its rank's digits, at the end.
    let digits = rest.len() - rest.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let Some(head_len) = rest.len().checked_sub(digits + 1).filter(|_| digits > 0) else {
        return false;
    };
    if rest.get(head_len..).and_then(Square::parse).is_none() {
        return false;
    }
    let Some(mut head) = rest.get(..head_len) else {
        return false;
    };
    head = head.strip_suffix(['x', ':', '-']).unwrap_or(head);
    // The piece letter, upper case, first.
    if let Some(c) = head.chars().next().filter(|c| c.is_ascii_uppercase()) {
        if !is_letter(c) {
            return false;
        }
        head = head.get(1..).unwrap_or_default();
    }
    // The origin: nothing, a file, a rank, or a square.
    let origin_digits = head.trim_start_matches(|c: char| c.is_ascii_lowercase());
    let file_part = head.len() - origin_digits.len();
    file_part <= 1 && origin_digits.len() <= 2 && origin_digits.chars().all(|c| c.is_ascii_digit())
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
    let Ok(text) = move_part(text, variant.armory()) else {
        return Ok(None);
    };
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
