//! Several numbered turns in one text (`1. e4 e5 2. Nf3`, a game's moves pasted into `play`),
//! read as PGN's movetext is, but for a player: no variations, comments or results.

use super::movetext::{sub, tokens, Spanned, Token};
use super::read::{play_movetext, Reading};
use crate::error::{Error, ErrorCode};
use crate::game::Game;

impl Game {
    /// Plays `text` as several turns with their move numbers (`1. e4 e5 2. Nf3`), as a PGN's
    /// moves are read (a `record` replayed, or a player's input) but with no variations,
    /// comments or results; all or nothing. Returns the error of the turn that failed and
    /// whether any turn before it played.
    pub(crate) fn play_turns(
        &mut self,
        text: &str,
        record: bool,
    ) -> std::result::Result<(), (Error, bool)> {
        let spans =
            tokens(text).map_err(|e| (Error::new(ErrorCode::BadAction, e.message), false))?;
        let pgn_only = |s: &&Spanned<'_>| {
            matches!(
                s.token,
                Token::Tag(..) | Token::Result(_) | Token::Comment(_) | Token::Nag
            )
        };
        if let Some(span) = spans.iter().find(pgn_only) {
            let what = sub(text, span.start, span.end);
            let error = Error::new(
                ErrorCode::BadAction,
                format!("'{what}' belongs to a game record: read it as PGN"),
            );
            return Err((error, false));
        }
        // Several turns come numbered, as PGN writes them: `e4 e5` is no one action.
        if !spans
            .iter()
            .any(|s| matches!(s.token, Token::MoveNumber(..)))
        {
            let error = Error::new(
                ErrorCode::BadAction,
                "several turns need their move numbers",
            );
            return Err((error, false));
        }
        if let Some(Token::MoveNumber(..)) = spans.last().map(|s| s.token) {
            let error = Error::new(ErrorCode::BadAction, "a move number with no move after it");
            return Err((error, false));
        }
        let mut copy = self.clone();
        let start = copy.history().len();
        match play_movetext(&mut copy, text, &spans, Reading { record, pgn: false }) {
            Ok(_) => {
                *self = copy;
                Ok(())
            }
            Err(error) => {
                let message = error
                    .message
                    .strip_prefix("PGN line 1, ")
                    .or_else(|| error.message.strip_prefix("PGN line 1: "))
                    .unwrap_or(&error.message);
                // Not a PGN here: what is wrong with the text is a bad action.
                let code = match error.code {
                    ErrorCode::BadPgn => ErrorCode::BadAction,
                    code => code,
                };
                // A failed turn is taken back whole: what is left are the turns before it.
                let played = copy.history().len() > start;
                Err((Error::new(code, message), played))
            }
        }
    }
}
