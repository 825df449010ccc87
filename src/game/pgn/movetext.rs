//! PGN text cut into tokens: tag pairs, move numbers, moves, comments, NAGs, variations and
//! results, each with the line it stands on, so that every error can name its line.

/// One token of a PGN game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Token<'a> {
    /// `[Name "value"]`: the name and the value as written (escapes still in).
    Tag(&'a str, &'a str),
    /// `12.` or `12...`: the number and whether it had three dots (Black to move).
    MoveNumber(u32, bool),
    /// A move as written, with its annotation marks (`Nf3!?`) or the first word of a turn.
    Move(&'a str),
    /// `{...}` or `; ...`: a comment, its text (skipped, but for the mark of an unfinished
    /// turn).
    Comment(&'a str),
    /// `$12`: a numeric annotation glyph, skipped.
    Nag,
    /// `(`: a variation starts (or a group of a turn's actions, in Impulschach).
    Open,
    /// `)`: it ends.
    Close,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'a str),
}

/// A token, where it stands in the text (byte offsets) and its line (from 1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Spanned<'a> {
    /// The token.
    pub token: Token<'a>,
    /// Its first byte in the text.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// The line it starts on, from 1.
    pub line: usize,
}

/// What is wrong with the text, and on which line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LexError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Cuts `text` into tokens. An unterminated comment or tag is an error; anything else that
/// is not PGN punctuation is a move for the reader to judge.
pub fn tokens(text: &str) -> Result<Vec<Spanned<'_>>, LexError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    let mut line_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        let at = line;
        let mut push = |token, end| {
            out.push(Spanned {
                token,
                start,
                end,
                line: at,
            })
        };
        match c {
            b'\n' => {
                line += 1;
                line_start = true;
                i += 1;
                continue;
            }
            // An escaped line (`%` in the first column) is for other programs.
            b'%' if line_start => {
                i = find(bytes, i, b'\n');
                continue;
            }
            _ if c.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'{' => {
                let close = find(bytes, i, b'}');
                if close == bytes.len() {
                    return Err(LexError {
                        line,
                        message: "a comment '{' is never closed".into(),
                    });
                }
                line += sub(text, i, close).matches('\n').count();
                push(Token::Comment(sub(text, i + 1, close)), close + 1);
                i = close + 1;
            }
            b';' => {
                i = find(bytes, i, b'\n');
                push(Token::Comment(sub(text, start + 1, i)), i);
            }
            b'(' | b')' => {
                push(if c == b'(' { Token::Open } else { Token::Close }, i + 1);
                i += 1;
            }
            b'[' => {
                let (name, value, end) = tag(text, i).ok_or_else(|| LexError {
                    line,
                    message: "a tag pair is not of the form [Name \"value\"]".into(),
                })?;
                push(Token::Tag(name, value), end);
                i = end;
            }
            b'$' => {
                let end = i + 1 + count(&bytes[i + 1..], |b| b.is_ascii_digit());
                if end == i + 1 {
                    return Err(LexError {
                        line,
                        message: "'$' is not followed by a number".into(),
                    });
                }
                push(Token::Nag, end);
                i = end;
            }
            _ => {
                let end = i + count(&bytes[i..], |b| {
                    !b.is_ascii_whitespace()
                        && !matches!(b, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']')
                });
                if end == i {
                    return Err(LexError {
                        line,
                        message: format!("unexpected '{}'", c as char),
                    });
                }
                word(sub(text, i, end), i, line, &mut out);
                i = end;
            }
        }
        line_start = false;
    }
    Ok(out)
}

/// A word of movetext: a result, a move number (perhaps with a move glued on: `1.e4`), or a
/// move.
fn word<'a>(text: &'a str, start: usize, line: usize, out: &mut Vec<Spanned<'a>>) {
    let spanned = |token, from: usize, to: usize| Spanned {
        token,
        start: start + from,
        end: start + to,
        line,
    };
    if RESULTS.contains(&text) {
        out.push(spanned(Token::Result(text), 0, text.len()));
        return;
    }
    let digits = count(text.as_bytes(), |b| b.is_ascii_digit());
    let dots = count(&text.as_bytes()[digits..], |b| b == b'.');
    // `12.` White's move, `12...` Black's; two dots are neither, and no number.
    if digits > 0 && (dots == 1 || dots == 3) {
        if let Ok(number) = sub(text, 0, digits).parse() {
            out.push(spanned(
                Token::MoveNumber(number, dots >= 3),
                0,
                digits + dots,
            ));
            if digits + dots < text.len() {
                out.push(spanned(
                    Token::Move(sub(text, digits + dots, text.len())),
                    digits + dots,
                    text.len(),
                ));
            }
            return;
        }
    }
    out.push(spanned(Token::Move(text), 0, text.len()));
}

/// `[Name "value"]` at `start`: the name, the value as written, and the offset after `]`.
fn tag(text: &str, start: usize) -> Option<(&str, &str, usize)> {
    let bytes = text.as_bytes();
    let mut i = start + 1;
    i += count(&bytes[i..], |b| b == b' ' || b == b'\t');
    let name_len = count(&bytes[i..], |b| b.is_ascii_alphanumeric() || b == b'_');
    if name_len == 0 {
        return None;
    }
    let name = sub(text, i, i + name_len);
    i += name_len;
    i += count(&bytes[i..], |b| b == b' ' || b == b'\t');
    if bytes.get(i) != Some(&b'"') {
        return None;
    }
    let value_start = i + 1;
    i = value_start;
    loop {
        match bytes.get(i)? {
            b'\\' => i += 2,
            b'"' => break,
            b'\n' => return None,
            _ => i += 1,
        }
    }
    let value = text.get(value_start..i)?;
    i += 1;
    i += count(&bytes[i..], |b| b == b' ' || b == b'\t');
    (bytes.get(i) == Some(&b']')).then_some((name, value, i + 1))
}

/// A tag's value with its escapes (`\"`, `\\`) read.
pub fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A value written for a tag: `\` and `"` escaped.
pub fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `text[start..end]`, or `""` off a character boundary (never, for the ASCII boundaries the
/// tokenizer finds): `get` rather than indexing, whose panic would bring core's character
/// tables into the wasm.
pub fn sub(text: &str, start: usize, end: usize) -> &str {
    text.get(start..end).unwrap_or("")
}

fn find(bytes: &[u8], from: usize, byte: u8) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b == byte)
        .map_or(bytes.len(), |p| from + p)
}

fn count(bytes: &[u8], keep: impl Fn(u8) -> bool) -> usize {
    bytes.iter().take_while(|&&b| keep(b)).count()
}

#[cfg(test)]
mod tests {
    use super::{tokens, unescape, Token};

    fn kinds(text: &str) -> Vec<Token<'_>> {
        tokens(text).unwrap().into_iter().map(|s| s.token).collect()
    }

    #[test]
    fn movetext_splits_into_its_parts() {
        assert_eq!(
            kinds("[Event \"A \\\"b\\\"\"]\n1.e4 {a\ncomment} e5 $1 2. Nf3!? (2. Bc4) ; rest\n1-0"),
            [
                Token::Tag("Event", "A \\\"b\\\""),
                Token::MoveNumber(1, false),
                Token::Move("e4"),
                Token::Comment("a\ncomment"),
                Token::Move("e5"),
                Token::Nag,
                Token::MoveNumber(2, false),
                Token::Move("Nf3!?"),
                Token::Open,
                Token::MoveNumber(2, false),
                Token::Move("Bc4"),
                Token::Close,
                Token::Comment(" rest"),
                Token::Result("1-0"),
            ]
        );
        assert_eq!(
            kinds("12... Nf6"),
            [Token::MoveNumber(12, true), Token::Move("Nf6")]
        );
        assert_eq!(unescape("A \\\"b\\\" \\\\"), "A \"b\" \\");
    }

    #[test]
    fn lines_are_counted_through_comments() {
        let spans = tokens("1. e4\n{one\ntwo}\ne5").unwrap();
        assert_eq!(spans.last().unwrap().line, 4);
    }

    #[test]
    fn broken_text_names_its_line() {
        assert_eq!(tokens("1. e4\n{never closed").unwrap_err().line, 2);
        assert_eq!(tokens("[Event \"x]\n").unwrap_err().line, 1);
        assert!(tokens("1. e4 $ e5").is_err());
    }
}
