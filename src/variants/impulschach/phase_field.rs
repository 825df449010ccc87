//! The seventh field of an Impulschach position string: the decision a mid-turn position waits
//! for (docs/RULINGS.md). Between turns there is none, and the string is plain FEN.
//!
//! - `chain:a2,b5,d1` — a Catalyst chain, with the activated pieces that have not moved;
//! - `shift` — the Resonance Shift's direction is to be chosen;
//! - `displace-a:a7,c6,e5` / `displace-h:...` — pawns still to displace, files from a or from h;
//! - `shift` and `displace` take `+chain:...` when the Impulse moved inside a chain;
//! - a leading `!` says the turn so far already restarts the fifty-move count.

use super::step::Step;
use crate::error::{Error, Result};
use crate::geometry::{Bitboard, Square};
use crate::position::Phase;

/// The field for `phase`, or `None` between turns.
pub fn write(phase: Phase) -> Option<String> {
    let squares = |b: Bitboard| {
        b.squares()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let chain_part = |chain: Option<Bitboard>| match chain {
        Some(c) => format!("+chain:{}", squares(c)),
        None => String::new(),
    };
    let flag = |reset: bool| if reset { "!" } else { "" };
    match Step::of(phase) {
        Step::Move => None,
        Step::Chain { activated, reset } => {
            Some(format!("{}chain:{}", flag(reset), squares(activated)))
        }
        Step::ShiftOrder { chain, reset } => {
            Some(format!("{}shift{}", flag(reset), chain_part(chain)))
        }
        Step::Displace {
            pending,
            from_a,
            chain,
            reset,
        } => Some(format!(
            "{}displace-{}:{}{}",
            flag(reset),
            if from_a { 'a' } else { 'h' },
            squares(pending),
            chain_part(chain)
        )),
    }
}

/// Reads the field (without checking the squares against the board: the variant does).
pub fn read(field: &str) -> Result<Phase> {
    let bad = |why: &str| Error::fen(format!("bad turn field '{field}': {why}"));
    let (reset, rest) = match field.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, field),
    };
    let (head, chain) = match rest.split_once('+') {
        Some((head, tail)) => {
            let list = tail
                .strip_prefix("chain:")
                .ok_or_else(|| bad("after '+' comes 'chain:'"))?;
            (head, Some(read_squares(list).map_err(|why| bad(&why))?))
        }
        None => (rest, None),
    };
    if let Some(list) = head.strip_prefix("chain:") {
        if chain.is_some() {
            return Err(bad("a chain cannot wait for another chain"));
        }
        let activated = read_squares(list).map_err(|why| bad(&why))?;
        return Ok(Step::Chain { activated, reset }.into());
    }
    if head == "shift" {
        return Ok(Step::ShiftOrder { chain, reset }.into());
    }
    let (from_a, list) = if let Some(list) = head.strip_prefix("displace-a:") {
        (true, list)
    } else if let Some(list) = head.strip_prefix("displace-h:") {
        (false, list)
    } else {
        return Err(bad("expected chain:, shift or displace-a:/displace-h:"));
    };
    let pending = read_squares(list).map_err(|why| bad(&why))?;
    Ok(Step::Displace {
        pending,
        from_a,
        chain,
        reset,
    }
    .into())
}

/// Comma-separated squares, each once; the error says which name is wrong or repeated.
fn read_squares(list: &str) -> std::result::Result<Bitboard, String> {
    if list.is_empty() {
        return Ok(Bitboard::EMPTY);
    }
    list.split(',').try_fold(Bitboard::EMPTY, |set, name| {
        let sq = Square::parse(name).ok_or_else(|| format!("'{name}' is not a square"))?;
        if set.contains(sq) {
            return Err(format!("{sq} is listed twice"));
        }
        Ok(set.with(sq))
    })
}
