//! Position strings (FEN, Fairy-Stockfish style): read into a [`Setup`], written from a
//! [`Position`].

use super::{Occupant, Pockets, Position, Setup};
use crate::error::{Error, Result};
use crate::geometry::push_number;
use crate::geometry::{Bitboard, Square};
use crate::movement::{Armory, Color, Piece, Role, MAX_ROLES};

/// How a variant writes castling rights.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastlingStyle {
    /// `KQkq`: K for the partner on the king's h side, Q for the a side.
    KingQueen,
    /// The partner's file letter, upper case for White: `CHch`.
    Files,
}

/// Reads a position string for the board and pieces of `armory`.
///
/// Holes must be written `*`, and only holes. The clocks may be left out (0 and 1).
///
/// ```
/// use schachwerk::variants::Variant;
/// let chess = schachwerk::variants::by_name("chess", &[]).unwrap();
/// let setup = schachwerk::position::parse_fen(
///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", chess.armory()).unwrap();
/// assert_eq!(setup.placement.len(), 32);
/// assert!(schachwerk::position::parse_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
///     chess.armory()).is_err());
/// ```
pub fn parse_fen(text: &str, armory: &Armory) -> Result<Setup> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(Error::fen("the position string is empty"));
    }
    if fields.len() > 7 {
        return Err(Error::fen(format!(
            "the position string has {} fields; at most 7 are allowed",
            fields.len()
        )));
    }
    let (board_field, pockets_field) = split_pockets(fields[0])?;
    let placement = parse_board(board_field, armory)?;
    let pockets = pockets_field
        .map(|p| parse_pockets(p, armory))
        .transpose()?;
    let turn = match fields.get(1).copied().unwrap_or("w") {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(Error::fen(format!(
                "side to move must be 'w' or 'b', not '{other}'"
            )))
        }
    };
    let castling = match fields.get(2).copied().unwrap_or("-") {
        "-" => String::new(),
        field if field.chars().all(|c| c.is_ascii_alphabetic()) => field.to_string(),
        field => return Err(Error::fen(format!("bad castling field '{field}'"))),
    };
    let en_passant = match fields.get(3).copied().unwrap_or("-") {
        "-" => None,
        name => match Square::parse(name).filter(|&s| armory.shape().contains(s)) {
            Some(sq) => Some(sq),
            None => {
                return Err(Error::fen(format!(
                    "en-passant field '{name}' is not a square of this board"
                )))
            }
        },
    };
    let halfmove_clock = parse_number(fields.get(4).copied().unwrap_or("0"), "halfmove clock")?;
    let fullmove_number = parse_number(fields.get(5).copied().unwrap_or("1"), "fullmove number")?;
    if fullmove_number == 0 {
        return Err(Error::fen("the fullmove number starts at 1, not 0"));
    }
    Ok(Setup {
        placement,
        turn,
        castling,
        en_passant,
        halfmove_clock,
        fullmove_number,
        pockets,
        phase: fields.get(6).map(|f| f.to_string()),
    })
}

fn parse_number(text: &str, what: &str) -> Result<u32> {
    text.parse::<u32>()
        .ok()
        .filter(|&n| n < 100_000)
        .ok_or_else(|| Error::fen(format!("{what} '{text}' is not a number")))
}

fn split_pockets(field: &str) -> Result<(&str, Option<&str>)> {
    // Split, not sliced at an index: a string slice's panic path would bring core's
    // char-printing tables into the wasm.
    match field.split_once('[') {
        None if field.contains(']') => Err(Error::fen("']' without '[' in the board field")),
        None => Ok((field, None)),
        Some((board, rest)) => match rest.strip_suffix(']') {
            Some(inner) if !inner.contains(['[', ']']) => Ok((board, Some(inner))),
            _ => Err(Error::fen(
                "the bracketed pool must close with ']' at the end of the board field",
            )),
        },
    }
}

fn parse_pockets(text: &str, armory: &Armory) -> Result<Pockets> {
    let mut pockets: Pockets = [[0; MAX_ROLES]; 2];
    for c in text.chars() {
        if c == '-' {
            continue;
        }
        let role = armory
            .role_of_letter(c)
            .ok_or_else(|| Error::fen(format!("unknown piece letter '{c}' in the pool")))?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let slot = &mut pockets[color.index()][role.index()];
        *slot = slot
            .checked_add(1)
            .filter(|&n| n < 64)
            .ok_or_else(|| Error::fen("too many pieces in the pool"))?;
    }
    Ok(pockets)
}

fn parse_board(field: &str, armory: &Armory) -> Result<Vec<(Square, Occupant)>> {
    let shape = armory.shape();
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != shape.ranks as usize {
        return Err(Error::fen(format!(
            "the board has {} ranks but the position string gives {}",
            shape.ranks,
            rows.len()
        )));
    }
    let mut placement = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = shape.ranks - 1 - i as u8;
        let mut file: u8 = 0;
        let mut chars = row.chars().peekable();
        let too_wide = || {
            Error::fen(format!(
                "rank {} is wider than the board's {} files",
                rank + 1,
                shape.files
            ))
        };
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut run = d;
                if let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    chars.next();
                    run = run * 10 + d2;
                }
                if run == 0 {
                    return Err(Error::fen(format!(
                        "rank {} has an empty run of 0",
                        rank + 1
                    )));
                }
                for _ in 0..run {
                    let sq = Square::new(file, rank).ok_or_else(too_wide)?;
                    if file >= shape.files {
                        return Err(too_wide());
                    }
                    if !shape.contains(sq) {
                        return Err(Error::fen(format!(
                            "{sq} does not exist on this board and must be written '*'"
                        )));
                    }
                    file += 1;
                }
                continue;
            }
            let sq = Square::new(file, rank)
                .filter(|_| file < shape.files)
                .ok_or_else(too_wide)?;
            file += 1;
            match c {
                '*' if !shape.contains(sq) => {}
                '*' => return Err(Error::fen(format!("{sq} exists but is written '*'"))),
                _ if !shape.contains(sq) => {
                    return Err(Error::fen(format!(
                        "{sq} does not exist on this board, but the position puts '{c}' there"
                    )))
                }
                '?' => placement.push((sq, Occupant::Hidden)),
                _ => {
                    let role = armory
                        .role_of_letter(c)
                        .ok_or_else(|| Error::fen(format!("unknown piece letter '{c}' on {sq}")))?;
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    placement.push((sq, Occupant::Piece(Piece { color, role })));
                }
            }
        }
        if file != shape.files {
            return Err(Error::fen(format!(
                "rank {} describes {} files, but the board has {}",
                rank + 1,
                file,
                shape.files
            )));
        }
    }
    Ok(placement)
}

/// Turns a castling field into the partner squares it names. `K`/`Q` name the outermost
/// `partner` piece on the king's rank on the h or a side; a file letter names the partner on
/// that file of the king's rank.
pub fn resolve_castling(
    field: &str,
    position: &Position,
    armory: &Armory,
    king: Role,
    partner: Role,
) -> Result<Bitboard> {
    let mut partners = Bitboard::EMPTY;
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let board = position.board();
        let Some(king_sq) = board.pieces(color, king).first() else {
            return Err(Error::fen(format!(
                "castling right '{c}' but {} has no king",
                color.name()
            )));
        };
        let candidates: Vec<Square> = board
            .pieces(color, partner)
            .squares()
            .filter(|s| s.rank() == king_sq.rank())
            .collect();
        let found = match c.to_ascii_lowercase() {
            'k' => candidates
                .iter()
                .copied()
                .rfind(|s| s.file() > king_sq.file()),
            'q' => candidates
                .iter()
                .copied()
                .find(|s| s.file() < king_sq.file()),
            f if (f as u32) >= 'a' as u32
                && (f as u32) < 'a' as u32 + armory.shape().files as u32 =>
            {
                candidates.iter().copied().find(|s| s.file_char() == f)
            }
            _ => None,
        };
        match found {
            Some(sq) => partners = partners.with(sq),
            None => {
                return Err(Error::fen(format!(
                    "castling right '{c}' has no unmoved {} to castle with",
                    armory.def(partner).name
                )))
            }
        }
    }
    Ok(partners)
}

/// Writes `position` as a position string.
pub fn write_fen(position: &Position, armory: &Armory, style: CastlingStyle, king: Role) -> String {
    let shape = armory.shape();
    let board = position.board();
    let mut out = String::new();
    for rank in (0..shape.ranks).rev() {
        let mut run = 0;
        for file in 0..shape.files {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let c = if !shape.contains(sq) {
                Some('*')
            } else {
                match board.at(sq) {
                    None => None,
                    Some(Occupant::Hidden) => Some('?'),
                    Some(Occupant::Piece(p)) => Some(armory.fen_char(p)),
                }
            };
            match c {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        push_number(&mut out, run);
                        run = 0;
                    }
                    out.push(c);
                }
            }
        }
        if run > 0 {
            push_number(&mut out, run);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    if let Some(pockets) = position.pockets() {
        out.push('[');
        for color in Color::ALL {
            let counts = pockets[color.index()].iter().take(armory.defs().len());
            for (role, &count) in counts.enumerate() {
                let c = armory.fen_char(Piece {
                    color,
                    role: Role(role as u8),
                });
                out.extend(std::iter::repeat_n(c, count as usize));
            }
        }
        out.push(']');
    }
    out.push(' ');
    out.push(position.turn().fen_char());
    out.push(' ');
    out.push_str(&castling_field(position, style, king));
    out.push(' ');
    match position.en_passant() {
        Some(sq) => sq.push_name(&mut out),
        None => out.push('-'),
    }
    out.push_str(&format!(
        " {} {}",
        position.halfmove_clock, position.fullmove_number
    ));
    out
}

fn castling_field(position: &Position, style: CastlingStyle, king: Role) -> String {
    let mut field = String::new();
    for color in Color::ALL {
        let king_sq = position.board().pieces(color, king).first();
        let mut letters: Vec<char> = Vec::new();
        let partners = position
            .castling()
            .squares()
            .filter(|s| position.board().piece_at(*s).map(|p| p.color) == Some(color));
        for sq in partners {
            let letter = match (style, king_sq) {
                (CastlingStyle::KingQueen, Some(k)) if sq.file() > k.file() => 'k',
                (CastlingStyle::KingQueen, Some(_)) => 'q',
                _ => sq.file_char(),
            };
            letters.push(letter);
        }
        crate::small_sort::insertion_sort(&mut letters);
        if style == CastlingStyle::KingQueen {
            letters.dedup();
        }
        for l in letters {
            field.push(match color {
                Color::White => l.to_ascii_uppercase(),
                Color::Black => l,
            });
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    field
}
