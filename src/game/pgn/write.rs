//! A game written as PGN: the seven-tag roster, the variant's tags, and the turns in the
//! variant's notation with move numbers, wrapped at 80 columns.

use super::movetext::escape;
use super::{result_token, ROSTER, UNFINISHED};
use crate::error::{Error, ErrorCode, Result};
use crate::game::Game;
use crate::movement::Color;
use crate::rules::Outcome;

/// The tags that describe the game, which only the game writes.
const GAME_TAGS: [&str; 7] = [
    "Result",
    "Variant",
    "VariantOptions",
    "SetUp",
    "FEN",
    "Commitment",
    "Seed",
];

/// The longest movetext line, as the PGN standard's export format has it.
const WIDTH: usize = 79;

impl Game {
    /// The game as PGN. `tags` fill or add to the seven-tag roster (`Event`, `Site`, `Date`,
    /// `Round`, `White`, `Black`; unknown ones `?`, `????.??.??` for the date) and add tags of
    /// their own after it. The game writes the tags that describe it, whatever `tags` say:
    /// `Result`; `Variant` (the variant's name, for every variant but chess) and
    /// `VariantOptions` (its options as `key=value` pairs); `SetUp "1"` and `FEN` for a game
    /// that did not start from the variant's start; in a game with a referee, `Commitment`
    /// and, once the game is over, `Seed`, so that any reader can check the deal; for an
    /// abandoned game `Termination "abandoned"` (its result is `*`). A resignation or a draw
    /// by agreement is the result itself, where the rules have not ended the game.
    ///
    /// ```
    /// use schachwerk::game::Game;
    /// let mut game = Game::new("nacht", &[("castling", "true")], None)?;
    /// game.play("e3")?;
    /// let pgn = game.pgn(&[("White", "Anna"), ("Annotator", "the test")])?;
    /// assert!(pgn.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"));
    /// assert!(pgn.contains("[White \"Anna\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"nacht\"]\n"));
    /// assert!(pgn.contains("[VariantOptions \"castling=true\"]\n[Annotator \"the test\"]\n"));
    /// assert!(pgn.ends_with("\n\n1. e3 *\n"));
    /// # Ok::<(), schachwerk::Error>(())
    /// ```
    ///
    /// A tag name that PGN does not allow (letters, digits and `_`, from a letter) or a value
    /// with a line break is refused (`bad_request`).
    pub fn pgn(&self, tags: &[(&str, &str)]) -> Result<String> {
        for (name, value) in tags {
            if !is_tag_name(name) {
                return Err(Error::new(
                    ErrorCode::BadRequest,
                    format!(
                        "'{name}' is not a PGN tag name (letters, digits and _, from a letter)"
                    ),
                ));
            }
            if value.contains(['\n', '\r']) {
                return Err(Error::new(
                    ErrorCode::BadRequest,
                    format!("the value of tag {name} has a line break"),
                ));
            }
        }
        let own = self.own_tags();
        let given = |name: &str| tags.iter().rev().find(|(n, _)| *n == name).map(|(_, v)| *v);
        let mut out = String::new();
        for (name, default) in ROSTER {
            let value = own
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.as_str())
                .or_else(|| given(name))
                .unwrap_or(default);
            write_tag(&mut out, name, value);
        }
        for (name, value) in &own {
            if !ROSTER.iter().any(|(n, _)| n == name) {
                write_tag(&mut out, name, value);
            }
        }
        let mut written: Vec<&str> = Vec::new();
        for (name, value) in tags {
            let taken = ROSTER.iter().any(|(n, _)| n == name) || GAME_TAGS.contains(name);
            if !taken && !written.contains(name) {
                written.push(name);
                write_tag(&mut out, name, given(name).unwrap_or(value));
            }
        }
        out.push('\n');
        out.push_str(&self.movetext());
        out.push('\n');
        Ok(out)
    }

    /// The tags the game itself says: its result, variant, options, start and deal.
    fn own_tags(&self) -> Vec<(&'static str, String)> {
        let mut own = vec![("Result", result_token(self.outcome()).to_string())];
        let variant = self.variant();
        if variant.name() != "chess" {
            own.push(("Variant", variant.name().to_string()));
        }
        if !self.options.is_empty() {
            let pairs: Vec<String> = self
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            own.push(("VariantOptions", pairs.join(" ")));
        }
        let start = variant.fen(&self.line()[0]);
        if start != variant.start_fen() {
            own.push(("SetUp", "1".to_string()));
            own.push(("FEN", start));
        }
        // A declared end that the result cannot say (PGN's `*` is also a game going on).
        if let Some(Outcome::Unfinished { reason }) = self.declared() {
            own.push(("Termination", reason.to_string()));
        }
        if let Some(referee) = self.referee() {
            own.push(("Commitment", referee.commitment()));
            if let Ok(seed) = referee.disclose(self) {
                own.push(("Seed", seed));
            }
        }
        own
    }

    /// The turns with their move numbers, then the result, wrapped at 80 columns.
    ///
    /// A game saved in the middle of a turn writes that turn's actions as machine strings,
    /// joined by commas, and marks it `{unfinished turn}`: the variant's notation of a part of
    /// a turn may leave out a decision taken (a Resonance Shift's direction before any pawn is
    /// displaced).
    fn movetext(&self) -> String {
        // The rules end a game between turns; a resignation or an abandonment may come inside one.
        let over_by_rules = self.declared().is_none() && self.outcome().is_some();
        let unfinished =
            !over_by_rules && !self.position().phase().is_move() && !self.history().is_empty();
        let turns = self.turns();
        let mut words: Vec<String> = Vec::new();
        for (i, turn) in turns.iter().enumerate() {
            let before = &self.line()[turn.actions.start];
            let number = before.fullmove_number;
            match turn.color {
                Color::White => words.push(format!("{number}.")),
                Color::Black if i == 0 => words.push(format!("{number}...")),
                Color::Black => {}
            }
            if unfinished && i + 1 == turns.len() {
                let actions: Vec<&str> = self.history()[turn.actions.clone()]
                    .iter()
                    .map(|e| e.machine.as_str())
                    .collect();
                words.extend(actions.join(", ").split(' ').map(str::to_string));
                words.push(format!("{{{UNFINISHED}}}"));
            } else {
                words.extend(turn.notation.split_whitespace().map(str::to_string));
            }
        }
        words.push(result_token(self.outcome()).to_string());
        let mut text = String::new();
        let mut column = 0;
        for word in words {
            if column > 0 && column + 1 + word.len() > WIDTH {
                text.push('\n');
                column = 0;
            } else if column > 0 {
                text.push(' ');
                column += 1;
            }
            column += word.len();
            text.push_str(&word);
        }
        text
    }
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
}

/// A tag name as PGN allows: letters, digits and underscores, starting with a letter.
fn is_tag_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}
