//! Immortal Chess: FIDE chess on the centre 8x8 of a 10x10 board, and 36 hidden Immortals on
//! the border. A turn is a regular move, then (where one is legal) an entry or `pass`: an
//! Immortal's queen move into the centre, where it is revealed as the piece it is.
//!
//! The position never holds a hidden identity: unrevealed Immortals are [`Occupant::Hidden`]
//! and the pool of identities is public counts. Only a referee's deal ([`Deal`], from the
//! `seed` option) or, in a public game, a reveal given from outside (`@a1-c3=n`) says what an
//! entry brings.

mod composition;
pub mod deal;
mod decision;
mod entry;
mod notation;
mod setup;

pub use composition::Composition;
pub use deal::Deal;

use super::chess::{Chess, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::error::{Error, ErrorCode, Result};
use crate::geometry::{Bitboard, Shape, Square};
use crate::movement::{pieces, Armory, Color, Piece};
use crate::position::{write_fen, CastlingStyle, Phase, Position, Setup, TurnState};
use crate::rules::movegen::{en_passant_threat, ActionSink, Collect};
use crate::rules::{
    Action, ActionKind, Dealer, DecisionPoint, HiddenIdentities, Outcome, TurnPart, Variant,
    VariantNotation,
};
use std::sync::Arc;

/// The machine string of the turn's one decision without squares: passing up the entry.
const KEYWORDS: &[&str] = &["pass"];
/// Passing up the entry, ending the turn after its move.
pub(crate) const PASS: Action = Action::keyword(0);

/// The entry decision's number in the position's phase (the one it had when it was the
/// engine's own phase, so hash codes stay), and its flag: the turn's move restarts the
/// fifty-move count.
const ENTRY: u8 = 4;
const RESET: u8 = 1;

/// The phase of the entry decision after a move that restarts the fifty-move count or not.
pub(crate) fn entry_phase(reset: bool) -> Phase {
    Phase::Within(TurnState::new(ENTRY, (reset as u8) << RESET))
}

/// Whether `phase` is the entry decision, and if so whether the turn restarts the count.
#[inline]
pub(crate) fn entry_reset(phase: Phase) -> Option<bool> {
    let state = phase.within().filter(|s| s.step == ENTRY)?;
    Some(state.flag(RESET))
}

/// Immortal Chess with its composition, and the deal when a referee plays it.
pub struct Immortal {
    /// The FIDE moves on 10x10: pawns double-step from ranks 3 and 8, promote on 9 and 2.
    chess: Chess,
    composition: Composition,
    /// b2-i9, where entries land.
    centre: Bitboard,
}

impl Immortal {
    /// The variant with `composition=2Q2R3B3N8P`. It is the public game: the deal that tells
    /// what each entry reveals is a referee's (the game's `seed` option, or
    /// [`crate::referee::Referee`]), and without one each entry's identity comes from outside.
    pub fn from_options(options: &[(&str, &str)]) -> Result<Immortal> {
        let mut composition = Composition::default();
        for &(key, value) in options {
            match key {
                "composition" => composition = Composition::parse(value)?,
                _ => {
                    return Err(Error::new(
                        ErrorCode::BadOption,
                        format!(
                            "unknown option '{key}' for immortal; it takes composition and seed"
                        ),
                    ))
                }
            }
        }
        Ok(Immortal::new(composition))
    }

    /// The variant with `composition`.
    pub fn new(composition: Composition) -> Immortal {
        let shape = Shape::rectangle(10, 10);
        let centre = shape
            .playable
            .squares()
            .filter(|s| (1..9).contains(&s.file()) && (1..9).contains(&s.rank()))
            .collect();
        Immortal {
            chess: Chess::on_board(shape, [2, 7], [8, 1], pieces::fide()).with_keywords(KEYWORDS),
            composition,
            centre,
        }
    }

    /// The composition the pool starts from.
    pub fn composition(&self) -> Composition {
        self.composition
    }

    /// The castling field: `KQkq` where the rook with the right is the outermost one on its
    /// side of the king, else that rook's file letter (`I`, `b`), since a rook that reached
    /// the border would otherwise be read as the one with the right.
    fn castling_field(&self, position: &Position) -> String {
        let board = position.board();
        let mut field = String::new();
        for color in Color::ALL {
            let Some(king) = board.pieces(color, KING).first() else {
                continue;
            };
            let rooks = board.pieces(color, ROOK);
            let mut letters: Vec<char> = Vec::new();
            for partner in position.castling() & board.side(color) {
                let towards_h = partner.file() > king.file();
                let outer = rooks
                    .squares()
                    .filter(|r| r.rank() == partner.rank())
                    .all(|r| {
                        if towards_h {
                            r.file() <= partner.file() || r.file() < king.file()
                        } else {
                            r.file() >= partner.file() || r.file() > king.file()
                        }
                    });
                letters.push(match (outer, towards_h) {
                    (true, true) => 'k',
                    (true, false) => 'q',
                    (false, _) => partner.file_char(),
                });
            }
            crate::small_sort::insertion_sort_by_key(&mut letters, |c| match c {
                'k' => 0,
                'q' => 1,
                _ => 2,
            });
            for letter in letters {
                field.push(match color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter,
                });
            }
        }
        if field.is_empty() {
            field.push('-');
        }
        field
    }

    /// `[QQRBNNPPPqrbnp]`: the pool, White's then Black's, queens to pawns.
    fn pool_field(&self, pool: &crate::position::Pockets) -> String {
        let mut field = String::from("[");
        for color in Color::ALL {
            for role in [QUEEN, ROOK, BISHOP, KNIGHT, PAWN] {
                let letter = self.armory().fen_char(Piece { color, role });
                field.extend(std::iter::repeat_n(
                    letter,
                    pool[color.index()][role.index()] as usize,
                ));
            }
        }
        field.push(']');
        field
    }

    fn promotion_rank(&self, color: Color) -> u8 {
        match color {
            Color::White => 8,
            Color::Black => 1,
        }
    }

    fn generate_at(&self, position: &Position, sink: &mut Collect<'_>) {
        match entry_reset(position.phase()) {
            Some(_) => {
                self.entries(position, sink);
                sink.action(PASS);
            }
            None => self.chess.generate_at(position, sink),
        }
    }

    /// The identity an entry reveals, given with it: by the referee's deal or from outside
    /// ([`HiddenIdentities::resolve`]), or supposed by the search as it plays out a chance.
    fn identity(action: &Action) -> Option<Piece> {
        match (action.kind, action.promotion) {
            (ActionKind::Reveal { color }, Some(role)) => Some(Piece { color, role }),
            _ => None,
        }
    }

    /// Brings the Immortal in: revealed on its square, out of the pool; an entry onto the
    /// en-passant square cancels the capture there.
    fn enter(&self, position: &mut Position, action: &Action, identity: Piece) {
        position.take(action.from);
        let role = self.arriving_role(identity.color, identity.role, action.to);
        position.put(action.to, Piece { role, ..identity });
        if let Some(mut pool) = position.pockets().copied() {
            let slot = &mut pool[identity.color.index()][identity.role.index()];
            *slot = slot.saturating_sub(1);
            position.set_pockets(Some(pool));
        }
        if position.en_passant() == Some(action.to) {
            position.set_en_passant(None);
        }
    }
}

impl Immortal {
    /// Passes the turn. The en-passant square of the turn's double step stays only if a pawn
    /// of the side now to move can take there: an entry may have brought one in beside it.
    fn end_turn(&self, position: &mut Position, reset: bool) {
        position.set_phase(Phase::Move);
        position.end_turn(reset);
        if let Some(ep) = position.en_passant() {
            let stepped = Piece {
                color: !position.turn(),
                role: PAWN,
            };
            if !en_passant_threat(self.armory(), position.board(), stepped, ep) {
                position.set_en_passant(None);
            }
        }
    }
}

impl Variant for Immortal {
    fn name(&self) -> &'static str {
        "immortal"
    }

    fn title(&self) -> &'static str {
        "Immortal Chess"
    }

    fn armory(&self) -> &Armory {
        self.chess.armory()
    }

    fn start_fen(&self) -> String {
        // Without brackets, the pool is the whole composition.
        "??????????/?rnbqkbnr?/?pppppppp?/?8?/?8?/?8?/?8?/?PPPPPPPP?/?RNBQKBNR?/?????????? w KQkq - 0 1"
            .to_string()
    }

    fn position(&self, setup: Setup) -> Result<Position> {
        self.validate(setup)
    }

    fn fen(&self, position: &Position) -> String {
        // The pool in brackets, in the canonical order (QRBNP, White's first), unless it is
        // the whole composition, which a string without brackets means.
        let mut plain = *position;
        plain.set_pockets(None);
        let mut text = write_fen(&plain, self.armory(), CastlingStyle::KingQueen, KING);
        let castling = self.castling_field(position);
        let mut fields: Vec<&str> = text.split(' ').collect();
        if fields.len() > 2 {
            fields[2] = &castling;
        }
        text = fields.join(" ");
        if let Some(pool) = position
            .pockets()
            .filter(|p| **p != self.composition.pool())
        {
            let board_end = text.find(' ').unwrap_or(text.len());
            text.insert_str(board_end, &self.pool_field(pool));
        }
        if let Some(reset) = entry_reset(position.phase()) {
            text.push_str(if reset { " !entry" } else { " entry" });
        }
        text
    }

    fn generate(&self, line: &[Position], sink: &mut Collect<'_>) {
        if let Some(position) = line.last() {
            self.generate_at(position, sink);
        }
    }

    /// At a turn's start the actions are chess's moves, whose captures chess generates apart.
    fn captures_apart(&self) -> bool {
        true
    }

    fn legal_captures(&self, line: &[Position], out: &mut Vec<Action>) {
        let Some(position) = line.last() else {
            return;
        };
        let enemy = position.board().side(!position.turn());
        match entry_reset(position.phase()) {
            Some(_) => self.generate_at(position, &mut Collect::List(out)),
            None => {
                self.chess
                    .generate_masked(position, Bitboard::ALL, enemy, &mut Collect::List(out))
            }
        }
    }

    fn legal_actions_from(&self, line: &[Position], from: Square, out: &mut Vec<Action>) -> bool {
        let Some(position) = line.last() else {
            return false;
        };
        match entry_reset(position.phase()) {
            Some(_) => {
                self.generate_at(position, &mut Collect::List(out));
                false
            }
            None => {
                let from = Bitboard::from_square(from);
                let sink = &mut Collect::List(out);
                self.chess
                    .generate_masked(position, from, Bitboard::ALL, sink);
                true
            }
        }
    }

    fn play(&self, position: &mut Position, action: &Action) {
        match entry_reset(position.phase()) {
            Some(reset) => {
                if *action == PASS {
                    return self.end_turn(position, reset);
                }
                // Without an identity (a public game given none) nothing is played; the
                // game refuses such an entry before it gets here (`resolve`).
                if let Some(identity) = Immortal::identity(action) {
                    self.enter(position, action, identity);
                    // Bringing a piece in cannot be undone: it restarts the fifty-move count.
                    self.end_turn(position, true);
                }
            }
            _ => {
                let reset = self.chess.apply_move(position, action);
                // The square a double step passed is kept through the entry, whoever could
                // take there now: the entry may reveal a pawn beside it (or cancel it).
                if action.kind == ActionKind::DoubleStep {
                    let passed = (action.from.rank() + action.to.rank()) / 2;
                    position.set_en_passant(Square::new(action.from.file(), passed));
                }
                position.set_phase(entry_phase(reset));
                if !self.has_entry(position) {
                    self.end_turn(position, reset);
                }
            }
        }
    }

    fn outcome_knowing(&self, line: &[Position], has_action: bool) -> Option<Outcome> {
        let position = line.last()?;
        if !position.phase().is_move() {
            return None;
        }
        if !has_action {
            return Some(Outcome::without_moves(
                position.turn(),
                self.in_check(position),
            ));
        }
        if position.halfmove_clock >= 100 {
            return Some(Outcome::Draw {
                reason: "fifty-move rule",
            });
        }
        if Outcome::threefold_at_turn_starts(line) {
            return Some(Outcome::Draw {
                reason: "threefold repetition",
            });
        }
        // Hidden pieces can still come in: only a board with none left can be dead.
        if position.board().hidden().is_empty() && self.chess.insufficient_material(position) {
            return Some(Outcome::Draw {
                reason: "insufficient material",
            });
        }
        None
    }

    fn in_check(&self, position: &Position) -> bool {
        position.phase().is_move() && self.chess.in_check(position)
    }

    fn turn_closer(&self, position: &Position) -> Option<Action> {
        entry_reset(position.phase()).map(|_| PASS)
    }

    fn decision(&self, position: &Position, legal: &[Action]) -> DecisionPoint {
        decision::describe(position, legal)
    }

    fn notation(&self) -> &dyn VariantNotation {
        self
    }

    fn hidden(&self) -> Option<&dyn HiddenIdentities> {
        Some(self)
    }
}

impl VariantNotation for Immortal {
    fn read_action(
        &self,
        line: &[Position],
        legal: &[Action],
        text: &str,
    ) -> Option<Result<Action>> {
        notation::read_entry(self, line.last()?, legal, text)
    }

    fn notation_is_a_turn(&self) -> bool {
        true
    }

    fn turns_have_many_actions(&self) -> bool {
        true
    }

    fn action_san(&self, before: &Position, action: &Action) -> Option<String> {
        notation::entry_san(self, before, action)
    }

    fn turn_notation(&self, parts: &[TurnPart]) -> String {
        notation::turn_notation(parts)
    }
}

impl HiddenIdentities for Immortal {
    fn resolve(
        &self,
        position: &Position,
        action: &Action,
        dealer: Option<&dyn Dealer>,
    ) -> Result<Action> {
        if entry_reset(position.phase()).is_none() || *action == PASS {
            return Ok(*action);
        }
        // With a deal the identity is the deal's, never the player's. Any identity given is
        // refused with the same words, the matching one too: refusing only a wrong one would
        // let a player ask what a hidden Immortal is not without making the entry.
        if let (Some(_), ActionKind::Reveal { color }, Some(role)) =
            (dealer, action.kind, action.promotion)
        {
            let letter = self.armory().fen_char(Piece { color, role });
            let (from, to) = (action.from, action.to);
            return Err(Error::new(
                ErrorCode::BadRequest,
                format!(
                    "'@{from}-{to}={letter}': in a game with a referee the deal reveals each entry, so it takes no identity from the player; play {from}{to} or @{from}-{to}"
                ),
            ));
        }
        let dealt = dealer.and_then(|d| d.identity(action.from));
        let Some(identity) = dealt.or_else(|| Immortal::identity(action)) else {
            return Err(Error::new(
                ErrorCode::BadRequest,
                format!(
                    "the entry {}{} reveals an Immortal: give its identity (@{}-{}=n), which the referee knows",
                    action.from, action.to, action.from, action.to
                ),
            ));
        };
        let left = position.pockets().map_or(0, |pool| {
            pool[identity.color.index()][identity.role.index()]
        });
        if left == 0 {
            return Err(Error::new(
                ErrorCode::IllegalAction,
                format!(
                    "the reveal '{}' contradicts the pool: no {} {} is left hidden",
                    self.armory().fen_char(identity),
                    identity.color.name(),
                    self.armory().def(identity.role).name
                ),
            ));
        }
        Ok(Action {
            promotion: Some(identity.role),
            kind: ActionKind::Reveal {
                color: identity.color,
            },
            ..Action::normal(action.from, action.to)
        })
    }

    fn chance_into(
        &self,
        position: &Position,
        action: &Action,
        outcomes: &mut Vec<(Action, u32)>,
    ) -> bool {
        outcomes.clear();
        if entry_reset(position.phase()).is_none() || action.kind != ActionKind::Normal {
            return false;
        }
        let Some(pool) = position.pockets() else {
            return false;
        };
        for color in Color::ALL {
            for role in [QUEEN, ROOK, BISHOP, KNIGHT, PAWN] {
                let count = pool[color.index()][role.index()];
                if count > 0 {
                    let revealed = Action {
                        promotion: Some(role),
                        kind: ActionKind::Reveal { color },
                        ..*action
                    };
                    outcomes.push((revealed, u32::from(count)));
                }
            }
        }
        true
    }

    /// An entry listed without its identity could be told apart by whether it gives check.
    fn hides_effect(&self, before: &Position, action: &Action) -> bool {
        entry_reset(before.phase()).is_some() && action.kind == ActionKind::Normal
    }

    fn check_deal(&self, position: &Position, dealer: &dyn Dealer) -> Result<()> {
        Immortal::check_deal(position, dealer)
    }

    fn dealer(&self, seed: &[u8; 32]) -> Arc<dyn Dealer> {
        Arc::new(Deal::new(seed, &self.composition))
    }
}
