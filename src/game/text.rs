//! A player's text read as actions: machine strings, notation, and whole turns in the variant's
//! notation, with the errors that say what is wrong.

use super::{Game, RecordEntry};
use crate::error::{Error, ErrorCode, Result};
use crate::geometry::Bitboard;
use crate::movement::Color;
use crate::notation::{
    move_part, parse_machine, parse_san, split_move_number, turn_tokens, NotMove,
};
use crate::rules::{Action, TextEnd, Variant};

impl Game {
    /// Finds the legal action that `text` names, as a machine string or in notation.
    pub fn parse_action(&self, text: &str) -> Result<Action> {
        let text = text.trim();
        if text.is_empty() {
            return Err(Error::new(ErrorCode::BadAction, "the action is empty"));
        }
        if let Some(over) = self.over(text) {
            return Err(over);
        }
        if matches!(text, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*") {
            return Err(Error::new(
                ErrorCode::BadAction,
                format!("'{text}' is a game's result, not an action: give the moves only"),
            ));
        }
        if split_move_number(text).is_some() {
            return Err(Error::new(
                ErrorCode::BadAction,
                format!(
                    "'{text}' starts with a move number, which only a turn's text may begin with"
                ),
            ));
        }
        let mut legal = Vec::new();
        self.variant.legal_actions(&self.line, &mut legal);
        let variant = self.variant.as_ref();
        if let Some(read) = variant.notation().read_action(&self.line, &legal, text) {
            return read;
        }
        match parse_machine(variant, &legal, text) {
            Ok(Some(action)) => return Ok(action),
            Err(()) => return Err(self.illegal(text, "a legal action")),
            Ok(None) => {}
        }
        match parse_san(variant, &self.line, &legal, text) {
            Ok(Some(action)) => Ok(action),
            Err(candidates) => Err(Error::new(
                ErrorCode::BadAction,
                format!(
                    "'{text}' is ambiguous: it could be {}",
                    candidates.join(" or ")
                ),
            )),
            Ok(None) if looks_like_notation(text, variant) => {
                Err(self.illegal(text, "a legal move"))
            }
            Ok(None) => match move_part(text, variant.armory()) {
                Err(why @ (NotMove::Parentheses | NotMove::NotEffects)) => Err(Error::new(
                    ErrorCode::BadAction,
                    format!("'{text}' is not move notation: {}", why.describe()),
                )),
                _ => Err(Error::new(
                    ErrorCode::BadAction,
                    format!(
                        "'{text}' is neither a machine action string (like e2e4) nor move notation"
                    ),
                )),
            },
        }
    }

    /// The error for `text` once the game is over, whatever `text` is.
    fn over(&self, text: &str) -> Option<Error> {
        let outcome = self.outcome()?;
        Some(Error::new(
            ErrorCode::GameOver,
            format!(
                "'{}' cannot be played: the game is over ({})",
                text.trim(),
                outcome.describe()
            ),
        ))
    }

    /// `text` without the move number it starts with, which must be this turn's: `12.` when
    /// White is to make move 12, `12...` when Black is (docs/RULINGS.md). A number must be
    /// followed by the turn, and stands only where a turn starts.
    fn after_move_number<'t>(&self, text: &'t str) -> Result<&'t str> {
        let Some(split) = split_move_number(text) else {
            return Ok(text);
        };
        let bad = |message: String| Err(Error::new(ErrorCode::BadAction, message));
        let (written, number, black, rest) = match split {
            Ok(parts) => parts,
            Err(written) => {
                return bad(format!(
                "'{written}' is no move number: write 12. for White's move 12, 12... for Black's"
            ))
            }
        };
        let position = self.position();
        let turn = position.turn();
        if !position.phase().is_move() {
            return bad(format!(
                "'{written}' starts a turn, but {}'s turn is under way",
                turn.name()
            ));
        }
        let expected = format!(
            "{}{}",
            position.fullmove_number,
            if turn == Color::Black { "..." } else { "." }
        );
        if number != Some(position.fullmove_number) || black != (turn == Color::Black) {
            return bad(format!(
                "'{written}' is not this turn's number: {} is to move, and it is {expected}",
                turn.name()
            ));
        }
        if rest.is_empty() {
            return bad(format!("'{written}' must be followed by the move"));
        }
        Ok(rest)
    }

    /// The error for `text`, which names no legal action: with the variant's reason when it
    /// names an action the variant refuses for a rule of its own (NAChT's repetition ban).
    fn illegal(&self, text: &str, what: &str) -> Error {
        let refused = self.variant.refused_actions(&self.line);
        let actions: Vec<Action> = refused.iter().map(|(a, _)| *a).collect();
        let variant = self.variant.as_ref();
        let found = match parse_machine(variant, &actions, text) {
            Ok(Some(action)) => Some(action),
            _ => parse_san(variant, &self.line, &actions, text)
                .ok()
                .flatten(),
        };
        let reason = found.and_then(|f| refused.iter().find(|(a, _)| *a == f).map(|(_, why)| *why));
        let message = match reason {
            Some(why) => format!("'{text}' is not {what} here: {why}"),
            None => format!("'{text}' is not {what} in this position"),
        };
        Error::new(ErrorCode::IllegalAction, message)
    }

    /// Plays the action `text` names, or a whole turn written in the variant's notation
    /// (`Cc3 (a4, Ie2(aa6, bb6), Bxe8#)`: each action at the decision it answers, a Catalyst
    /// chain closed when the text ends). Returns what was played: for a turn, its actions'
    /// machine strings joined by spaces, the turn's notation, all its effects, and its last
    /// action. A rejected input leaves the game unchanged. In a game with a deal an entry is
    /// played without an identity (`a5b5`, `@a5-b5`): the deal reveals it, and one given is
    /// refused whatever it says.
    pub fn play(&mut self, text: &str) -> Result<RecordEntry> {
        self.play_or_turns(text, false)
    }

    /// Plays `text` as [`Game::play`] does, read as a record being replayed: in a game with a
    /// deal, an entry written with its identity (`f5, @a5-b5=n`) is revealed by the deal and
    /// refused if the record says otherwise (naming both), where `play` refuses any identity.
    /// For whoever holds the seed (the CLI given `seed=HEX`): the refusal tells what the
    /// hidden piece is not, so a player's input goes to `play`. A game without a deal takes
    /// the record's identities as `play` does.
    pub fn replay(&mut self, text: &str) -> Result<RecordEntry> {
        self.play_or_turns(text, true)
    }

    /// `text` as one turn, or else as several with their move numbers (`1. e4 e5 2. Nf3`, a
    /// game's moves pasted): those play all or none, and what they played is returned as one
    /// entry (the actions' machine strings joined by spaces, the turns' notation, every
    /// effect, the last action). The error is the one turn's, unless a turn of several played
    /// before one failed.
    fn play_or_turns(&mut self, text: &str, record: bool) -> Result<RecordEntry> {
        let error = match self.play_text(text, record) {
            Ok(entry) => return Ok(entry),
            Err(error) => error,
        };
        if error.code == ErrorCode::GameOver || !text.trim().contains(char::is_whitespace) {
            return Err(error);
        }
        let start = self.record.len();
        match self.play_turns(text, record) {
            Ok(()) if self.record.len() > start => Ok(self.entry_of(start)),
            Ok(()) => Err(error),
            Err((later, true)) => Err(later),
            Err(_) => Err(error),
        }
    }

    /// The actions from `start` on as one entry, as [`Game::play`] returns a whole turn's.
    fn entry_of(&self, start: usize) -> RecordEntry {
        let played = &self.record[start..];
        let machine: Vec<&str> = played.iter().map(|e| e.machine.as_str()).collect();
        let notation: Vec<String> = self
            .turns()
            .into_iter()
            .filter(|t| t.actions.start >= start)
            .map(|t| t.notation)
            .collect();
        RecordEntry {
            action: played[played.len() - 1].action,
            machine: machine.join(" "),
            notation: notation.join(" "),
            promotions: played.iter().flat_map(|e| e.promotions.clone()).collect(),
            squares: played
                .iter()
                .fold(Bitboard::EMPTY, |all, e| all | e.squares),
        }
    }

    /// `play` (`record` false: a player's input, whose identities the variant's `resolve`
    /// refuses under a deal, since refusing only a wrong one would tell what the hidden piece
    /// is not) and `replay` (true: a record's, checked against the deal). A run-time flag, not
    /// a const parameter: the wasm package plays both (a player's moves, and PGN), and one copy
    /// of the turn machinery is smaller than two.
    pub(crate) fn play_text(&mut self, text: &str, record: bool) -> Result<RecordEntry> {
        if let Some(over) = self.over(text) {
            return Err(over);
        }
        let text = self.after_move_number(text)?;
        let tokens = turn_tokens(text);
        let variant = self.variant.as_ref();
        // Notation alone is a whole turn where the variant says so (Immortal's `e4`, with
        // the entry passed); a machine string is always one action.
        let whole_turn = variant.notation().notation_is_a_turn()
            && self.position().phase().is_move()
            && parse_machine(variant, &[], text.trim()) == Ok(None);
        let turn_text = tokens.len() > 1 || text.contains(['(', ')', ',']) || whole_turn;
        if !turn_text || !self.variant.notation().turns_have_many_actions() {
            let action = self.parse_action(text)?;
            return self.play_as(&action, record).cloned();
        }
        check_parentheses(text)?;
        if tokens.is_empty() {
            return Err(Error::new(
                ErrorCode::BadAction,
                format!("'{text}' names no action"),
            ));
        }
        let start = self.record.len();
        let mover = self.position().turn();
        if let Err((error, _)) = self.play_tokens(&tokens, mover, false, record) {
            self.truncate(start);
            return Err(error);
        }
        let played = &self.record[start..];
        let machine: Vec<&str> = played.iter().map(|e| e.machine.as_str()).collect();
        let notation = self.turn_notation(start..self.record.len());
        Ok(RecordEntry {
            action: played[played.len() - 1].action,
            machine: machine.join(" "),
            notation,
            promotions: played.iter().flat_map(|e| e.promotions.clone()).collect(),
            squares: played
                .iter()
                .fold(Bitboard::EMPTY, |all, e| all | e.squares),
        })
    }

    /// Plays the start of a turn written in the variant's notation, as a record being
    /// replayed, and stops where the text stops: the last turn of a game saved in the middle
    /// of it (a PGN's). A rejected input leaves the game unchanged.
    pub(crate) fn play_unfinished(&mut self, text: &str, record: bool) -> Result<()> {
        check_parentheses(text)?;
        let start = self.record.len();
        let mover = self.position().turn();
        let played = self.play_tokens(&turn_tokens(text), mover, true, record);
        played.map_err(|(error, _)| {
            self.truncate(start);
            error
        })
    }

    /// Plays `tokens` as the rest of `mover`'s turn (or, with `open_end`, as its start). Where
    /// a decision is offered only as keywords and the text goes straight on with later
    /// actions (Impulschach's displacements after the shift's direction), each keyword is
    /// tried in turn. An error carries how many actions were played when it arose, so the
    /// branch that got furthest reports.
    fn play_tokens(
        &mut self,
        tokens: &[&str],
        mover: Color,
        open_end: bool,
        record: bool,
    ) -> std::result::Result<(), (Error, usize)> {
        let turn_over = |game: &Game| game.position().turn() != mover || game.outcome().is_some();
        let Some((first, rest)) = tokens.split_first() else {
            if turn_over(self) || open_end {
                return Ok(());
            }
            let end = self.decision().text_end;
            let played = match end {
                TextEnd::Close(action) => self.play_as(&action, record).map(|_| ()),
                TextEnd::Unfinished(why) => Err(Error::new(
                    ErrorCode::BadAction,
                    format!("the turn is not finished: {why}"),
                )),
            };
            return played.map_err(|e| (e, self.record.len()));
        };
        if turn_over(self) {
            return Err((
                Error::new(
                    ErrorCode::BadAction,
                    format!("'{first}' comes after the end of the turn: play one turn at a time"),
                ),
                self.record.len(),
            ));
        }
        // A decision offered only as keywords (the Resonance Shift's direction) that the text
        // skips, going straight on: each keyword is tried, and the branch that gets furthest
        // reports (the order of the displacements gives the direction).
        let mut legal = Vec::new();
        self.variant.legal_actions(&self.line, &mut legal);
        let keywords_only = !legal.is_empty() && legal.iter().all(|a| !a.has_squares());
        if keywords_only && self.variant.armory().keyword_index(first).is_none() {
            let mark = self.record.len();
            let mut best: Option<(Error, usize)> = None;
            for keyword in legal {
                self.play_as(&keyword, record).map_err(|e| (e, mark))?;
                match self.play_tokens(tokens, mover, open_end, record) {
                    Ok(()) => return Ok(()),
                    Err(failure) => {
                        self.truncate(mark);
                        if best.as_ref().is_none_or(|b| failure.1 > b.1) {
                            best = Some(failure);
                        }
                    }
                }
            }
            return Err(best
                .unwrap_or_else(|| (Error::new(ErrorCode::BadAction, "no keyword to try"), mark)));
        }
        let action = self
            .parse_action(first)
            .map_err(|e| (e, self.record.len()))?;
        let played = self.play_as(&action, record).map(|_| ());
        played.map_err(|e| (e, self.record.len()))?;
        self.play_tokens(rest, mover, open_end, record)
    }

    /// Takes back every action after the first `length`.
    fn truncate(&mut self, length: usize) {
        while self.record.len() > length {
            self.record.pop();
            self.line.pop();
        }
    }
}

/// Refuses a turn's text whose parentheses do not pair up (`Cc3 (a4`, `Ie2(aa6))`).
fn check_parentheses(text: &str) -> Result<()> {
    let mut depth: i32 = 0;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            break;
        }
    }
    if depth != 0 {
        return Err(Error::new(
            ErrorCode::BadAction,
            format!("the parentheses in '{text}' do not pair up"),
        ));
    }
    Ok(())
}

/// Whether `text` has the shape of move notation and names a square of the board (so a failed
/// match means an illegal move rather than garbage).
fn looks_like_notation(text: &str, variant: &dyn Variant) -> bool {
    let Ok(t) = move_part(text, variant.armory()) else {
        return false;
    };
    if matches!(t, "O-O" | "O-O-O" | "0-0" | "0-0-0") {
        return true;
    }
    let t = t.trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '=');
    let head = t.trim_end_matches(|c: char| c.is_ascii_digit());
    let target = head.len().checked_sub(1).and_then(|start| t.get(start..));
    let on_board = target
        .and_then(crate::geometry::Square::parse)
        .is_some_and(|sq| variant.armory().shape().contains(sq));
    on_board
        && head
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == 'x' || c == '-')
}
