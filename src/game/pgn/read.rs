//! A game read from PGN: its tags set the variant, options, start and deal; its movetext is
//! played turn by turn, with comments, NAGs and variations skipped. Every error names the
//! line, and the move where it arose.

use super::movetext::{sub, tokens, unescape, Spanned, Token};
use super::{result_token, UNFINISHED};
use crate::error::{Error, ErrorCode, Result};
use crate::game::Game;
use crate::movement::Color;
use crate::rules::TextEnd;
use crate::variants::{by_name, parse_options, NAMES};

/// What the tags say.
struct Tags {
    list: Vec<(String, String)>,
}

impl Tags {
    /// The last value of tag `name`.
    fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

impl Game {
    /// The first game of the PGN `text`. Its tags say the variant (`Variant`, by name or
    /// title; none or `Standard` is chess), the options (`VariantOptions`), the start
    /// (`FEN`) and, for Immortal Chess, the deal: with a `Seed` the game has a referee, which
    /// must match the `Commitment` if one is given, and replays the record's reveals against
    /// the deal. The movetext may hold move numbers (checked against the game's), comments,
    /// NAGs and annotation marks (`!?`), and variations, which are skipped. A result other
    /// than `*` must be the game's where the rules have ended it; where they have not, it is
    /// a declared end: `1-0`/`0-1` the loser resigned, `1/2-1/2` a draw by agreement; and
    /// `[Termination "abandoned"]` with `*` an abandoned game.
    ///
    /// Errors keep their code (`illegal_action` for a move that is not legal, `bad_pgn` for
    /// text that is not PGN) and name the line, and the move:
    ///
    /// ```
    /// use schachwerk::game::Game;
    /// let game = Game::from_pgn("[Variant \"nacht\"]\n\n1. e3 {the only way} e5 2. Nc3 *")?;
    /// assert_eq!(game.variant().name(), "nacht");
    /// assert_eq!(game.history().len(), 3);
    /// let err = Game::from_pgn("[Event \"x\"]\n\n1. e4 e5\n2. Ke3 *").unwrap_err();
    /// assert_eq!(err.code, schachwerk::ErrorCode::IllegalAction);
    /// assert!(err.message.starts_with("PGN line 4, move 2. Ke3: "), "{}", err.message);
    /// # Ok::<(), schachwerk::Error>(())
    /// ```
    pub fn from_pgn(text: &str) -> Result<Game> {
        let spans = tokens(text).map_err(|e| pgn_error(e.line, &e.message))?;
        let tag_count = spans
            .iter()
            .take_while(|s| matches!(s.token, Token::Tag(..)))
            .count();
        let tags = Tags {
            list: spans[..tag_count]
                .iter()
                .filter_map(|s| match s.token {
                    Token::Tag(name, value) => Some((name.to_string(), unescape(value))),
                    _ => None,
                })
                .collect(),
        };
        let line_of = |name: &str| {
            spans[..tag_count]
                .iter()
                .rev()
                .find(|s| matches!(s.token, Token::Tag(n, _) if n == name))
                .map_or(1, |s| s.line)
        };
        let mut game = game_of(&tags).map_err(|e| {
            let tag = match e.code {
                ErrorCode::BadFen => "FEN",
                ErrorCode::BadOption => "VariantOptions",
                ErrorCode::BadRequest => "Seed",
                _ => "Variant",
            };
            at_line(e, line_of(tag))
        })?;
        let reading = Reading {
            record: true,
            pgn: true,
        };
        let result = play_movetext(&mut game, text, &spans[tag_count..], reading)?;
        let last_line = spans.last().map_or(1, |s| s.line);
        let claims = [(tags.get("Result"), line_of("Result")), (result, last_line)];
        let claims = claims.map(|(claim, line)| (claim.filter(|c| *c != "*"), line));
        if let [(Some(a), _), (Some(b), line)] = claims {
            if a != b {
                return Err(pgn_error(
                    line,
                    &format!("the result {b} is not the Result tag's, {a}"),
                ));
            }
        }
        if let Some((Some(claimed), line)) = claims.iter().find(|(c, _)| c.is_some()) {
            declare(&mut game, claimed).map_err(|e| pgn_error(*line, &e))?;
        } else if tags
            .get("Termination")
            .is_some_and(|t| t.eq_ignore_ascii_case("abandoned"))
        {
            game.abandon()
                .map_err(|e| pgn_error(line_of("Termination"), &e.message))?;
        }
        Ok(game)
    }
}

/// How movetext is read: as a record (a replay, whose entries may name the deal's pieces) or
/// a player's input, and as PGN (variations skipped) or a player's turns (no variations).
#[derive(Clone, Copy)]
pub(super) struct Reading {
    /// A record replayed: its entries may name the deal's pieces.
    pub(super) record: bool,
    /// PGN: variations are skipped (else refused).
    pub(super) pgn: bool,
}

/// A result the moves end with: the game's by the rules, or, where the rules have not ended
/// it, a declared end: `1-0` and `0-1` the loser's resignation, `1/2-1/2` a draw by agreement.
fn declare(game: &mut Game, claimed: &str) -> std::result::Result<(), String> {
    if let Some(outcome) = game.outcome() {
        if result_token(Some(outcome)) == claimed {
            return Ok(());
        }
        return Err(format!(
            "the result {claimed} is not the game's: {}",
            outcome.describe()
        ));
    }
    let declared = match claimed {
        "1-0" => game.resign(Color::Black),
        "0-1" => game.resign(Color::White),
        "1/2-1/2" => game.agree_draw(),
        _ => return Err(format!("'{claimed}' is not a result")),
    };
    declared.map(|_| ()).map_err(|e| e.message)
}

/// The game the tags describe, before any move.
fn game_of(tags: &Tags) -> Result<Game> {
    let variant = variant_name(tags.get("Variant"))?;
    let options_text = tags.get("VariantOptions").unwrap_or("");
    let mut options = parse_options(options_text.split([' ', ',']).filter(|s| !s.is_empty()))?;
    if options.iter().any(|(key, _)| *key == "seed") {
        return Err(Error::new(
            ErrorCode::BadOption,
            "the seed goes in a Seed tag, not in VariantOptions",
        ));
    }
    if let Some(seed) = tags.get("Seed") {
        options.push(("seed", seed));
    }
    let fen = tags.get("FEN").filter(|_| tags.get("SetUp") != Some("0"));
    let game = Game::new(variant, &options, fen)?;
    if let (Some(referee), Some(claimed)) = (game.referee(), tags.get("Commitment")) {
        if !referee.commitment().eq_ignore_ascii_case(claimed) {
            return Err(Error::new(
                ErrorCode::BadRequest,
                "the Seed does not match the Commitment: this is not the deal that was promised",
            ));
        }
    }
    Ok(game)
}

/// The engine's name for a `Variant` tag: a name or title in any case; none, `Standard` or
/// `Chess` is chess.
fn variant_name(tag: Option<&str>) -> Result<&'static str> {
    let Some(tag) = tag.map(str::trim) else {
        return Ok("chess");
    };
    if tag.eq_ignore_ascii_case("standard") || tag.eq_ignore_ascii_case("orthodox") {
        return Ok("chess");
    }
    for name in NAMES {
        let title = by_name(name, &[]).map(|v| v.title()).unwrap_or(name);
        if tag.eq_ignore_ascii_case(name) || tag.eq_ignore_ascii_case(title) {
            return Ok(name);
        }
    }
    Err(Error::new(
        ErrorCode::UnknownVariant,
        format!(
            "[Variant \"{tag}\"] is not a variant here: {}",
            NAMES.join(", ")
        ),
    ))
}

/// Plays the movetext `spans` (of `text`) on `game`; returns the result it ends with.
pub(super) fn play_movetext<'a>(
    game: &mut Game,
    text: &str,
    spans: &[Spanned<'a>],
    reading: Reading,
) -> Result<Option<&'a str>> {
    let mut depth = 0usize; // inside a variation
    let mut i = 0;
    while i < spans.len() {
        let span = spans[i];
        i += 1;
        match span.token {
            // Turns given to `play` have no variations: a group there is a turn's.
            Token::Open if !reading.pgn => {
                return Err(pgn_error(
                    span.line,
                    "'(' after a finished turn: a variation, which play does not take",
                ))
            }
            Token::Open => depth += 1,
            Token::Close if depth == 0 => {
                return Err(pgn_error(span.line, "')' closes no variation"))
            }
            Token::Close => depth -= 1,
            _ if depth > 0 => {}
            Token::Comment(_) | Token::Nag => {}
            Token::Tag(..) => {
                return Err(pgn_error(
                    span.line,
                    "a tag after the moves: one game at a time",
                ))
            }
            Token::Result(result) => return Ok(Some(result)),
            Token::MoveNumber(number, _) => {
                let now = game.position().fullmove_number;
                if number != now {
                    return Err(pgn_error(
                        span.line,
                        &format!("move number {number}, but the game is at move {now}"),
                    ));
                }
            }
            Token::Move(_) => i = play_turn(game, text, spans, i - 1, reading.record)?,
        }
    }
    if depth > 0 {
        let line = spans.last().map_or(1, |s| s.line);
        return Err(pgn_error(line, "a variation '(' is never closed"));
    }
    Ok(None)
}

/// Whether `span` is the mark of an unfinished turn.
fn is_unfinished_mark(span: Option<&Spanned<'_>>) -> bool {
    matches!(span.map(|s| s.token), Some(Token::Comment(text)) if text.trim() == UNFINISHED)
}

/// Plays the turn whose first word is `spans[first]`; returns the index after it. A word
/// ending in a comma goes on with the next (Immortal Chess: `f5, @a5-b5=n`); a group in
/// brackets right after a move that leaves the turn unfinished is the rest of the turn
/// (Impulschach: `Cc3 (a4, Ie2(aa6, bb6), Bxe8#)`), where after a finished turn it would be a
/// variation. A turn whose text stops before its end is closed as the variant closes it,
/// but one marked `{unfinished turn}`, which stays as written: a game saved mid-turn.
fn play_turn(
    game: &mut Game,
    text: &str,
    spans: &[Spanned<'_>],
    first: usize,
    record: bool,
) -> Result<usize> {
    let mover = game.position().turn();
    let number = game.position().fullmove_number;
    let mark = game.history().len();
    let mut last = first;
    while matches!(spans[last].token, Token::Move(m) if m.ends_with(','))
        && matches!(spans.get(last + 1).map(|s| s.token), Some(Token::Move(_)))
    {
        last += 1;
    }
    let words = sub(text, spans[first].start, spans[last].end);
    let mut marked = is_unfinished_mark(spans.get(last + 1));
    let dots = if mover == Color::White { "." } else { "..." };
    let fail = |e: Error, what: &str| at_move(e, spans[first].line, number, dots, what);
    let play = |game: &mut Game, turn: &str, marked: bool| match marked {
        true => game
            .play_unfinished(turn, record)
            .map_err(|e| fail(e, turn)),
        false => game
            .play_text(turn, record)
            .map(|_| ())
            .map_err(|e| fail(e, turn)),
    };
    play(game, words, marked)?;
    let unfinished = |game: &Game| game.position().turn() == mover && game.outcome().is_none();
    if unfinished(game) && matches!(spans.get(last + 1).map(|s| s.token), Some(Token::Open)) {
        let close = matching_close(spans, last + 1)
            .ok_or_else(|| pgn_error(spans[last + 1].line, "a '(' is never closed"))?;
        let turn = sub(text, spans[first].start, spans[close].end);
        marked = is_unfinished_mark(spans.get(close + 1));
        undo_to(game, mark);
        play(game, turn, marked)?;
        last = close;
    }
    while unfinished(game) && !marked {
        match game.decision().text_end {
            TextEnd::Close(action) => {
                game.play_action(&action).map_err(|e| fail(e, words))?;
            }
            TextEnd::Unfinished(why) => {
                undo_to(game, mark);
                let error = Error::new(
                    ErrorCode::BadAction,
                    format!("the turn is not finished: {why}"),
                );
                return Err(fail(error, words));
            }
        }
    }
    Ok(last + 1)
}

/// The index of the `)` that closes the `(` at `open`.
fn matching_close(spans: &[Spanned<'_>], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, span) in spans.iter().enumerate().skip(open) {
        match span.token {
            Token::Open => depth += 1,
            Token::Close => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

fn undo_to(game: &mut Game, length: usize) {
    while game.history().len() > length && game.undo().is_ok() {}
}

fn pgn_error(line: usize, message: &str) -> Error {
    Error::new(ErrorCode::BadPgn, format!("PGN line {line}: {message}"))
}

fn at_line(error: Error, line: usize) -> Error {
    Error::new(error.code, format!("PGN line {line}: {}", error.message))
}

fn at_move(error: Error, line: usize, number: u32, dots: &str, what: &str) -> Error {
    Error::new(
        error.code,
        format!(
            "PGN line {line}, move {number}{dots} {what}: {}",
            error.message
        ),
    )
}
