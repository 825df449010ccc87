//! A game: a variant, the line of positions played, and the record of actions, with undo;
//! reading a player's text (`text`) and what the record keeps (`record`) are apart.

mod ends;
mod pgn;
mod rebuild;
mod record;
mod text;

pub use record::{ActionInfo, RecordEntry, Reveal, Turn};

use crate::error::{Error, ErrorCode, Result};
use crate::geometry::{Bitboard, Square};
use crate::notation::san;
use crate::perft::perft;
use crate::position::{parse_fen, Position};
use crate::referee::Referee;
use crate::rules::{Action, Dealer, DecisionPoint, Outcome, TurnPart, Variant};
use crate::variants::by_name;
use std::ops::Range;
use std::sync::Arc;

/// A game in progress: the rules (shared by every game of the same variant and options), the
/// positions played, the record, and for a variant with hidden identities the referee whose
/// deal reveals them, if the game has one. `Send + Sync` and cheap to clone, so a server can
/// keep games in its state and hand a copy to a search thread.
#[derive(Clone)]
pub struct Game {
    variant: Arc<dyn Variant>,
    referee: Option<Referee>,
    /// Who reveals the hidden identities: the referee's deal, or a deal given for a test.
    dealer: Option<Arc<dyn Dealer>>,
    /// The options the game was made with, but the seed: what a record or a PGN writes.
    options: Vec<(String, String)>,
    line: Vec<Position>,
    record: Vec<RecordEntry>,
    /// An end the players or an arbiter declared (a resignation, an agreed draw, an
    /// abandonment), apart from the line: it stands until the game starts again.
    declared: Option<Outcome>,
    /// Whether a draw that leaves the side to move a legal action waits for a claim made
    /// outside (see [`Game::with_draws_by_claim`]).
    draws_by_claim: bool,
}

impl Game {
    /// A new game of `variant` with `options`, from its start or from the position string `fen`.
    /// For a variant with hidden identities, the option `seed` (64 hex digits) gives the game a
    /// referee whose deal reveals them; without it the game is public.
    ///
    /// ```
    /// use schachwerk::game::Game;
    /// let mut game = Game::new("nietzsche", &[("sequence", "knighted")], None).unwrap();
    /// assert_eq!(game.play("e2e4").unwrap().notation, "e4");
    /// ```
    pub fn new(variant: &str, options: &[(&str, &str)], fen: Option<&str>) -> Result<Game> {
        let seed = options.iter().find(|(key, _)| *key == "seed");
        let Some(&(_, seed)) = seed else {
            return Ok(Game::with_variant(by_name(variant, options)?, fen)?.with_options(options));
        };
        let public: Vec<(&str, &str)> = options
            .iter()
            .filter(|(key, _)| *key != "seed")
            .copied()
            .collect();
        let rules = by_name(variant, &public)?;
        if rules.hidden().is_none() {
            // The variant's own words for an option it does not take.
            by_name(variant, options)?;
            return Err(Error::new(
                ErrorCode::BadOption,
                format!("variant '{variant}' has no hidden pieces to deal: it takes no seed"),
            ));
        }
        Ok(Game::with_referee(rules, Referee::new(Some(seed))?, fen)?.with_options(&public))
    }

    /// A new game of the rules `variant`, from their start or from `fen`.
    pub fn with_variant(variant: Arc<dyn Variant>, fen: Option<&str>) -> Result<Game> {
        let start = match fen {
            Some(text) => text.to_string(),
            None => variant.start_fen(),
        };
        let position = variant.position(parse_fen(&start, variant.armory())?)?;
        Ok(Game {
            variant,
            referee: None,
            dealer: None,
            options: Vec::new(),
            line: vec![position],
            record: Vec::new(),
            declared: None,
            draws_by_claim: false,
        })
    }

    /// A new game of the rules `variant` whose hidden identities `referee`'s deal reveals;
    /// refused (`bad_option`) for a variant without hidden identities.
    pub fn with_referee(
        variant: Arc<dyn Variant>,
        referee: Referee,
        fen: Option<&str>,
    ) -> Result<Game> {
        let dealer = referee.deal(variant.as_ref())?;
        let mut game = Game::with_dealer(variant, dealer, fen)?;
        game.referee = Some(referee);
        Ok(game)
    }

    /// A new game of the rules `variant` whose hidden identities `dealer` reveals, without a
    /// seed to commit to or disclose (a deal made up for a test or an analysis).
    pub fn with_dealer(
        variant: Arc<dyn Variant>,
        dealer: Arc<dyn Dealer>,
        fen: Option<&str>,
    ) -> Result<Game> {
        let mut game = Game::with_variant(variant, fen)?;
        game.dealer = Some(dealer);
        game.check_deal(game.position())?;
        Ok(game)
    }

    /// The options the game was made with ([`Game::new`]'s, [`Referee::game`]'s), without the
    /// seed; none for a game made from its rules ([`Game::with_variant`]).
    pub fn options(&self) -> &[(String, String)] {
        &self.options
    }

    /// The same game under an arbiter outside it (a UCI GUI): a draw the rules give while the
    /// side to move has a legal action (threefold repetition, the fifty- or hundred-move rule,
    /// insufficient material) does not end the game, since the arbiter declares it when a
    /// player claims it; until then play goes on. Wins, and draws without a legal action
    /// (stalemate), still end it.
    pub fn with_draws_by_claim(mut self) -> Game {
        self.draws_by_claim = true;
        self
    }

    /// Whether draws that leave an action wait for a claim ([`Game::with_draws_by_claim`]).
    pub fn draws_by_claim(&self) -> bool {
        self.draws_by_claim
    }

    /// The rules' verdict on the line, told whether the side to move has a legal action;
    /// without a draw that waits for a claim (see [`Game::with_draws_by_claim`]). Not inlined
    /// into its callers: the wasm's size is budgeted.
    #[inline(never)]
    fn rules_outcome(&self, has_action: bool) -> Option<Outcome> {
        let outcome = self.variant.outcome_knowing(&self.line, has_action)?;
        let claimable = has_action && matches!(outcome, Outcome::Draw { .. });
        (!(self.draws_by_claim && claimable)).then_some(outcome)
    }

    /// The game, recording `options` as the ones it was made with.
    pub(crate) fn with_options(mut self, options: &[(&str, &str)]) -> Game {
        self.options = owned(options);
        self
    }

    /// The rules being played.
    pub fn variant(&self) -> &dyn Variant {
        self.variant.as_ref()
    }

    /// The referee whose deal reveals the hidden identities, if the game has one.
    pub fn referee(&self) -> Option<&Referee> {
        self.referee.as_ref()
    }

    /// The deal that reveals the hidden identities, if the game has one.
    pub fn dealer(&self) -> Option<&dyn Dealer> {
        self.dealer.as_deref()
    }

    /// The same game without its referee and deal: what every player may know. The search
    /// and any copy handed out read this one, so the deal stays with the referee.
    pub fn public(&self) -> Game {
        Game {
            referee: None,
            dealer: None,
            ..self.clone()
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        // The line always holds the starting position.
        &self.line[self.line.len() - 1]
    }

    /// The positions from the start (or the loaded position) to the current one.
    pub fn line(&self) -> &[Position] {
        &self.line
    }

    /// The current position string.
    pub fn fen(&self) -> String {
        self.variant.fen(self.position())
    }

    /// Starts again from the position string `fen`, clearing the record and any declared end.
    /// On error the game is left as it was.
    pub fn set_fen(&mut self, fen: &str) -> Result<()> {
        let position = self
            .variant
            .position(parse_fen(fen, self.variant.armory())?)?;
        self.check_deal(&position)?;
        self.line = vec![position];
        self.record.clear();
        self.declared = None;
        Ok(())
    }

    /// The legal actions at the current decision point (none once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.declared.is_some() {
            return out;
        }
        // Generated once: the outcome needs only whether there is one.
        self.variant.legal_actions(&self.line, &mut out);
        if self.rules_outcome(!out.is_empty()).is_some() {
            out.clear();
        }
        out
    }

    /// The legal actions' machine strings (`e2e4`, `e7e8q`, `pass`): what a validator lists.
    pub fn legal_moves(&self) -> Vec<String> {
        let armory = self.variant.armory();
        let legal = self.legal_actions();
        legal.iter().map(|action| action.machine(armory)).collect()
    }

    /// The number of legal actions (0 once the game is over), without listing them.
    pub fn count_legal(&self) -> usize {
        if self.declared.is_some() {
            return 0;
        }
        let count = self.variant.count_actions(&self.line);
        let over = self.rules_outcome(count > 0).is_some();
        if over {
            0
        } else {
            count
        }
    }

    /// Whether `text` (one action, as a machine string or in notation) would be played: it
    /// names a legal action, and an entry's identity, if given, is one the game takes (a
    /// public game's pool has it; a game with a deal takes none). Never an error: garbage is
    /// `false`.
    pub fn is_legal(&self, text: &str) -> bool {
        self.parse_action(text)
            .is_ok_and(|action| action == action.public() || self.resolve(&action, false).is_ok())
    }

    /// The number of actions played since the start (or the loaded position).
    pub fn ply(&self) -> usize {
        self.record.len()
    }

    /// The decision the side to move faces, as the variant describes it (`over` once the game
    /// is over).
    pub fn decision(&self) -> DecisionPoint {
        let color = self.position().turn();
        if self.outcome().is_some() {
            return DecisionPoint::over(color);
        }
        let mut legal = Vec::new();
        self.variant.legal_actions(&self.line, &mut legal);
        self.variant.decision(self.position(), &legal)
    }

    /// The legal actions with their machine strings and notation.
    pub fn describe_legal(&self) -> Vec<ActionInfo> {
        self.describe_legal_from(None)
    }

    /// The legal actions from the square `from` (every one for `None`; keywords such as
    /// `pass` come from no square), with their machine strings and notation.
    pub fn describe_legal_from(&self, from: Option<Square>) -> Vec<ActionInfo> {
        let actions = self.legal_actions();
        let mut line = self.line.clone();
        actions
            .iter()
            .filter(|a| from.is_none_or(|sq| a.has_squares() && a.from == sq))
            .map(|action| ActionInfo {
                machine: action.machine(self.variant.armory()),
                notation: san(self.variant.as_ref(), &mut line, &actions, action),
                action: *action,
            })
            .collect()
    }

    /// The record by turns. A turn starts at each action played at the start of a turn (and
    /// at the first action, for a game loaded mid-turn).
    pub fn turns(&self) -> Vec<Turn> {
        let mut starts: Vec<usize> = (0..self.record.len())
            .filter(|&i| i == 0 || self.line[i].phase().is_move())
            .collect();
        starts.push(self.record.len());
        starts
            .windows(2)
            .map(|w| Turn {
                color: self.line[w[0]].turn(),
                notation: self.turn_notation(w[0]..w[1]),
                actions: w[0]..w[1],
                squares: self.record[w[0]..w[1]]
                    .iter()
                    .fold(Bitboard::EMPTY, |all, e| all | e.squares),
            })
            .collect()
    }

    fn turn_notation(&self, actions: Range<usize>) -> String {
        let parts: Vec<TurnPart> = actions
            .map(|i| TurnPart {
                before: self.line[i],
                action: self.record[i].action,
                notation: self.record[i].notation.clone(),
            })
            .collect();
        self.variant.notation().turn_notation(&parts)
    }

    /// Plays a legal action. A rejected action leaves the game unchanged. In a game with a
    /// deal an entry given with an identity is refused, as by [`Game::play`].
    pub fn play_action(&mut self, action: &Action) -> Result<&RecordEntry> {
        self.play_as(action, false)
    }

    fn play_as(&mut self, action: &Action, record: bool) -> Result<&RecordEntry> {
        if self.outcome().is_some() {
            return Err(Error::new(ErrorCode::GameOver, "the game is over"));
        }
        let machine = action.machine(self.variant.armory());
        let legal = self.legal_actions();
        if !legal.contains(&action.public()) {
            return Err(Error::new(
                ErrorCode::IllegalAction,
                format!("'{machine}' is not a legal action in this position"),
            ));
        }
        let action = &self.resolve(action, record)?;
        let promotions = self.variant.promotions(self.position(), action);
        let mut notation = san(self.variant.as_ref(), &mut self.line, &legal, action);
        if !promotions.is_empty() && self.variant.notation().writes_effects() {
            let armory = self.variant.armory();
            let listed: Vec<String> = promotions
                .iter()
                .map(|p| format!("{}={}", p.square, armory.def(p.to.role).letter))
                .collect();
            notation.push_str(&format!(" ({})", listed.join(", ")));
        }
        let mut next = *self.position();
        self.variant.play(&mut next, action);
        let squares = self.position().board().changed_squares(next.board());
        self.line.push(next);
        self.record.push(RecordEntry {
            action: *action,
            machine,
            notation,
            promotions,
            squares,
        });
        Ok(&self.record[self.record.len() - 1])
    }

    /// Refuses a loaded `position` that the referee's deal could not have reached.
    fn check_deal(&self, position: &Position) -> Result<()> {
        let dealer = self.dealer();
        match (self.variant.hidden(), dealer) {
            (Some(hidden), Some(dealer)) => hidden.check_deal(position, dealer),
            _ => Ok(()),
        }
    }

    /// The action to play and record for the legal `given`: in a variant with hidden
    /// identities an entry gets its identity from the referee's deal (or, in a public game,
    /// from `given`, checked against the pool). A record replayed under a deal (`record`) may
    /// name the identity, which must be the deal's.
    fn resolve(&self, given: &Action, record: bool) -> Result<Action> {
        let Some(hidden) = self.variant.hidden() else {
            return Ok(*given);
        };
        let dealer = self.dealer();
        let before = self.position();
        if !(record && dealer.is_some() && given.public() != *given) {
            return hidden.resolve(before, given, dealer);
        }
        let dealt = hidden.resolve(before, &given.public(), dealer)?;
        if dealt != *given {
            let write = |a: &Action| {
                self.variant
                    .notation()
                    .action_san(before, a)
                    .unwrap_or_else(|| a.machine(self.variant.armory()))
            };
            return Err(Error::new(
                ErrorCode::IllegalAction,
                format!(
                    "the record has {}, but the deal reveals {}",
                    write(given),
                    write(&dealt)
                ),
            ));
        }
        Ok(dealt)
    }

    /// Takes back the last action, returning it. Refused (`game_over`) while a declared end
    /// stands: a resignation, an agreed draw or an abandonment is not an action, and undo
    /// does not take it back (docs/RULINGS.md).
    pub fn undo(&mut self) -> Result<RecordEntry> {
        if let Some(declared) = self.declared {
            return Err(Error::new(
                ErrorCode::GameOver,
                format!(
                    "nothing is taken back: the game was ended ({}), and undo takes back actions, not a declared end",
                    declared.describe()
                ),
            ));
        }
        let entry = self.record.pop().ok_or_else(|| {
            Error::new(ErrorCode::NothingToUndo, "there is no action to take back")
        })?;
        self.line.pop();
        Ok(entry)
    }

    /// The actions played so far.
    pub fn history(&self) -> &[RecordEntry] {
        &self.record
    }

    /// The result, if the game is over: a declared end, else the rules' verdict.
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared
            .or_else(|| self.rules_outcome(self.variant.count_actions(&self.line) > 0))
    }

    /// The squares of the side to move's royal pieces, if it is in check.
    pub fn check_squares(&self) -> Bitboard {
        let position = self.position();
        if !self.variant.in_check(position) {
            return Bitboard::EMPTY;
        }
        let armory = self.variant.armory();
        let us = position.turn();
        let royal = armory.defs().iter().enumerate().filter(|(_, d)| d.royal);
        royal
            .filter_map(|(i, _)| u8::try_from(i).ok())
            .fold(Bitboard::EMPTY, |all, role| {
                all | position.board().pieces(us, crate::movement::Role(role))
            })
    }

    /// Perft from the current position. A variant with hidden identities needs the referee's
    /// deal to play its entries (`bad_request` without one).
    pub fn perft(&self, depth: u32) -> Result<u64> {
        let mut line = self.line.clone();
        let dealer = self.dealer();
        if self.variant.hidden().is_some() && dealer.is_none() {
            return Err(Error::new(
                ErrorCode::BadRequest,
                "perft needs the deal that reveals the entries: a game with a referee (option seed)",
            ));
        }
        Ok(perft(self.variant.as_ref(), dealer, &mut line, depth))
    }
}

impl std::fmt::Debug for Game {
    /// The variant, the position and the record's length; of a referee its commitment only, so
    /// that a log never shows the deal.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("variant", &self.variant.name())
            .field("options", &self.options)
            .field("fen", &self.fen())
            .field("actions", &self.record.len())
            .field("referee", &self.referee)
            .finish()
    }
}

fn owned(options: &[(&str, &str)]) -> Vec<(String, String)> {
    options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}
