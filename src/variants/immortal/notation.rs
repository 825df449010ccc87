//! Immortal Chess notation (RULES.md): an entry is `@a1-c3`, and once revealed `@a1-c3=n` (the
//! piece's FEN letter, so its colour shows); a turn's two parts are joined by a comma,
//! `e4, @a1-c3=n`, or just `e4` when the entry is passed.

use super::entry_reset;
use super::Immortal;
use crate::error::{Error, ErrorCode, Result};
use crate::geometry::Square;
use crate::movement::{Color, Piece};
use crate::position::Position;
use crate::rules::{Action, ActionKind, TurnPart, Variant};

/// The notation of an entry: `@a1-c3`, with `=n` when its identity is known.
pub fn entry_san(variant: &Immortal, before: &Position, action: &Action) -> Option<String> {
    if entry_reset(before.phase()).is_none() || *action == super::PASS {
        return None;
    }
    let mut text = format!("@{}-{}", action.from, action.to);
    if let (ActionKind::Reveal { color }, Some(role)) = (action.kind, action.promotion) {
        text.push('=');
        text.push(variant.armory().fen_char(Piece { color, role }));
    }
    Some(text)
}

/// Reads an entry written `@a1-c3`, `@a1c3`, `a1-c3=n` or `@a1-c3=n` (the identity given from
/// outside); `None` when `text` has none of these forms.
pub fn read_entry(
    variant: &Immortal,
    position: &Position,
    legal: &[Action],
    text: &str,
) -> Option<Result<Action>> {
    let (squares, identity) = match text.split_once('=') {
        Some((squares, letter)) => (squares, Some(letter)),
        None => (text, None),
    };
    let marked = squares.starts_with('@');
    if !marked && identity.is_none() {
        return None;
    }
    let squares = squares.trim_start_matches('@');
    let (from, to) = split_squares(squares)?;
    if entry_reset(position.phase()).is_none() {
        return Some(Err(Error::new(
            ErrorCode::IllegalAction,
            format!("'{text}' is an entry, but the turn's move comes first"),
        )));
    }
    let Some(entry) = legal
        .iter()
        .find(|a| a.from == from && a.to == to && a.kind == ActionKind::Normal)
    else {
        return Some(Err(Error::new(
            ErrorCode::IllegalAction,
            format!("'{text}' is not a legal entry in this position"),
        )));
    };
    let Some(letter) = identity else {
        return Some(Ok(*entry));
    };
    Some(read_identity(variant, letter, text).map(|piece| Action {
        promotion: Some(piece.role),
        kind: ActionKind::Reveal { color: piece.color },
        ..*entry
    }))
}

/// The piece a reveal names: one FEN letter of a type an Immortal can be.
fn read_identity(variant: &Immortal, letter: &str, text: &str) -> Result<Piece> {
    let bad = || {
        Error::new(
            ErrorCode::BadAction,
            format!(
                "'{text}': after '=' comes the revealed piece's FEN letter (Q R B N P white, q r b n p black)"
            ),
        )
    };
    let mut chars = letter.trim_end_matches(['+', '#']).chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(bad());
    };
    let role = variant.armory().role_of_letter(c).ok_or_else(bad)?;
    if !variant
        .composition()
        .identities()
        .iter()
        .any(|p| p.role == role)
    {
        return Err(bad());
    }
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Ok(Piece { color, role })
}

/// `a1c3` or `a1-c3` (files a-j, ranks 1-10) as two squares.
fn split_squares(text: &str) -> Option<(Square, Square)> {
    let text = text.replace('-', "");
    for len in [2, 3] {
        if let (Some(head), Some(tail)) = (text.get(..len), text.get(len..)) {
            if let (Some(from), Some(to)) = (Square::parse(head), Square::parse(tail)) {
                return Some((from, to));
            }
        }
    }
    None
}

/// A turn: the move, then `, ` and the entry; a passed entry is not written, but a check or
/// mate it leaves stands after the move (`Qh5+`).
pub fn turn_notation(parts: &[TurnPart]) -> String {
    let mut text = String::new();
    for part in parts {
        match entry_reset(part.before.phase()) {
            Some(_) if part.action == super::PASS => {
                text.extend(part.notation.chars().filter(|c| matches!(c, '+' | '#')));
            }
            Some(_) => {
                if text.is_empty() {
                    text.push_str("...");
                }
                text.push_str(", ");
                text.push_str(&part.notation);
            }
            _ => text.push_str(&part.notation),
        }
    }
    text
}
