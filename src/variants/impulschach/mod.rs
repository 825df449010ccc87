//! Impulschach: no check, the king is captured; the Impulse's Resonance Shift displaces every
//! enemy pawn after each of its moves, and a Catalyst's move activates the friendly pieces a
//! knight's jump away for one more move each. A turn is a sequence of decisions, which the
//! position's phase tracks ([`step::Step`]): a move, then maybe a chain, a shift's direction and its pawns.

mod decision;
mod phase_field;
mod record;
mod setup;
mod shift;
mod step;

use step::Step;

use crate::error::Result;
use crate::geometry::{Bitboard, Shape, Square};
use crate::movement::{pieces, Armory, Color, Piece, Role};
use crate::position::{write_fen, CastlingStyle, Occupant, Phase, Position, Setup};
use crate::rules::movegen::{double_step, targets, ActionCounter, ActionSink, Collect};
use crate::rules::{
    Action, DecisionPoint, EvalTerms, Outcome, Promotion, TurnPart, Variant, VariantNotation,
};

pub(crate) const PAWN: Role = Role(0);
pub(crate) const CATALYST: Role = Role(1);
pub(crate) const BISHOP: Role = Role(2);
pub(crate) const ROOK: Role = Role(3);
pub(crate) const IMPULSE: Role = Role(4);
pub(crate) const KING: Role = Role(5);

/// What an own pawn may promote to, in the order the actions are listed.
const PROMOTIONS: [Role; 4] = [IMPULSE, CATALYST, ROOK, BISHOP];

/// The machine strings of the turn's decisions without squares: the Resonance Shift's two
/// directions and the end of a Catalyst chain.
const KEYWORDS: &[&str] = &["shift:a", "shift:h", "end"];
/// The Resonance Shift visiting files from a towards h.
pub(crate) const SHIFT_FROM_A: Action = Action::keyword(0);
/// The Resonance Shift visiting files from h towards a.
pub(crate) const SHIFT_FROM_H: Action = Action::keyword(1);
/// Ending a Catalyst chain before every activated piece has moved.
pub(crate) const END_CHAIN: Action = Action::keyword(2);

/// The e-file, where a displaced pawn on the mover's first rank wins instead of converting.
const ROYAL_FILE: u8 = 4;

/// Impulschach on 8x8.
pub struct Impulschach {
    armory: Armory,
}

impl Default for Impulschach {
    fn default() -> Self {
        Impulschach::new()
    }
}

/// Where a turn stands when a piece has just moved: inside a Catalyst chain (with the
/// activated pieces still to move) or not, and whether the turn restarts the fifty-move count.
#[derive(Clone, Copy)]
struct TurnSoFar {
    chain: Option<Bitboard>,
    reset: bool,
}

impl Impulschach {
    /// The game.
    pub fn new() -> Impulschach {
        let defs = vec![
            pieces::pawn(),
            pieces::catalyst(),
            pieces::bishop(),
            pieces::rook(),
            pieces::impulse(),
            pieces::king(),
        ];
        Impulschach {
            armory: Armory::new(Shape::rectangle(8, 8), defs).with_keywords(KEYWORDS),
        }
    }

    /// The side that has won, and how: a king captured, or an enemy pawn displaced onto the
    /// shifting side's royal square (where it stays, as the mark of the win).
    fn winner(&self, position: &Position) -> Option<(Color, &'static str)> {
        let board = position.board();
        for color in Color::ALL {
            if board.pieces(color, KING).is_empty() {
                return Some((!color, "king captured"));
            }
            if board.pieces(!color, PAWN).contains(royal_square(color)) {
                return Some((color, "enemy pawn on the royal square"));
            }
        }
        None
    }

    /// The squares `piece` on `from` may move to: captures of enemy pieces (never the enemy
    /// Impulse, for an Impulse) and quiet moves, with a pawn's double step from its start rank.
    fn destinations(&self, board: &crate::position::Board, piece: Piece, from: Square) -> Bitboard {
        let (mut captures, quiets) = targets(&self.armory, board, piece, from);
        if piece.role == IMPULSE {
            captures &= !board.pieces(!piece.color, IMPULSE);
        }
        let mut out = captures | quiets;
        if piece.role == PAWN && from.rank() == start_rank(piece.color) {
            if let Some(to) = double_step(&self.armory, board, piece.color, from) {
                out = out.with(to);
            }
        }
        out
    }

    /// The moves of the own piece on `from`, pawn promotions spelt out.
    fn piece_moves(
        &self,
        board: &crate::position::Board,
        from: Square,
        sink: &mut impl ActionSink,
    ) {
        let Some(piece) = board.piece_at(from) else {
            return;
        };
        let to = self.destinations(board, piece, from);
        let last = promotion_rank(piece.color);
        if piece.role != PAWN {
            sink.moves(from, to);
            return;
        }
        for sq in to {
            if sq.rank() == last {
                for role in PROMOTIONS {
                    sink.action(Action {
                        promotion: Some(role),
                        ..Action::normal(from, sq)
                    });
                }
            } else {
                sink.action(Action::normal(from, sq));
            }
        }
    }

    /// Whether some piece on `squares` has a move.
    fn any_moves(&self, board: &crate::position::Board, squares: Bitboard) -> bool {
        squares.squares().any(|from| {
            board
                .piece_at(from)
                .is_some_and(|piece| self.destinations(board, piece, from).any())
        })
    }

    fn generate_at(&self, position: &Position, sink: &mut impl ActionSink) {
        if self.winner(position).is_some() {
            return;
        }
        let board = position.board();
        let us = position.turn();
        match Step::of(position.phase()) {
            Step::Move => {
                for from in board.side(us) {
                    self.piece_moves(board, from, sink);
                }
            }
            Step::Chain { activated, .. } => {
                for from in activated & board.side(us) {
                    self.piece_moves(board, from, sink);
                }
                sink.action(END_CHAIN);
            }
            Step::ShiftOrder { .. } => {
                sink.action(SHIFT_FROM_A);
                sink.action(SHIFT_FROM_H);
            }
            Step::Displace {
                pending, from_a, ..
            } => {
                if let Some(from) = shift::next(pending, !us, from_a, 8) {
                    let to = shift::candidates(self.armory.shape(), board, !us, from);
                    sink.moves(from, to);
                }
            }
        }
    }

    /// Plays a piece move (at the start of the turn or inside a chain) and what it sets off.
    fn move_piece(&self, position: &mut Position, action: &Action, turn: TurnSoFar) {
        let us = position.turn();
        let Some(Occupant::Piece(moving)) = position.take(action.from) else {
            return;
        };
        let captured = position.take(action.to).is_some();
        let landing = Piece {
            color: us,
            role: action.promotion.unwrap_or(moving.role),
        };
        position.put(action.to, landing);
        let reset = turn.reset || captured || moving.role == PAWN;
        if self.winner(position).is_some() {
            return end_turn(position, reset);
        }
        let chain = turn.chain.map(|c| c.without(action.from));
        if moving.role == IMPULSE {
            return self.start_shift(position, TurnSoFar { chain, reset });
        }
        if moving.role == CATALYST && turn.chain.is_none() {
            let jumps = self.armory.attacks(landing, action.to, Bitboard::EMPTY);
            let own = position.board().side(us) & !position.board().pieces(us, CATALYST);
            return self.resume_chain(position, jumps & own, reset);
        }
        match chain {
            Some(rest) => self.resume_chain(position, rest, reset),
            None => end_turn(position, reset),
        }
    }

    /// After an Impulse move: the direction is asked for if some enemy pawn can be displaced.
    fn start_shift(&self, position: &mut Position, turn: TurnSoFar) {
        let them = !position.turn();
        let board = position.board();
        let movable = board
            .pieces(them, PAWN)
            .squares()
            .any(|sq| shift::candidates(self.armory.shape(), board, them, sq).any());
        if movable {
            position.set_phase(
                Step::ShiftOrder {
                    chain: turn.chain,
                    reset: turn.reset,
                }
                .into(),
            );
        } else {
            self.after_shift(position, turn);
        }
    }

    /// Passes over the pawns without a candidate square; the shift ends when none is left.
    fn settle_shift(
        &self,
        position: &mut Position,
        mut pending: Bitboard,
        from_a: bool,
        turn: TurnSoFar,
    ) {
        let them = !position.turn();
        while let Some(sq) = shift::next(pending, them, from_a, 8) {
            if shift::candidates(self.armory.shape(), position.board(), them, sq).any() {
                position.set_phase(
                    Step::Displace {
                        pending,
                        from_a,
                        chain: turn.chain,
                        reset: turn.reset,
                    }
                    .into(),
                );
                return;
            }
            pending = pending.without(sq);
        }
        self.after_shift(position, turn);
    }

    /// Displaces the pawn whose turn it is, converting or winning on the mover's first rank.
    fn displace(
        &self,
        position: &mut Position,
        action: &Action,
        pending: Bitboard,
        from_a: bool,
        chain: Option<Bitboard>,
    ) {
        let us = position.turn();
        let Some(Occupant::Piece(pawn)) = position.take(action.from) else {
            return;
        };
        position.put(action.to, pawn);
        if action.to.rank() == home_rank(us) {
            match shift::conversion(action.to.file()) {
                Some(role) => {
                    position.take(action.to);
                    position.put(action.to, Piece { color: us, role });
                }
                None => return end_turn(position, true),
            }
        }
        let turn = TurnSoFar { chain, reset: true };
        self.settle_shift(position, pending.without(action.from), from_a, turn);
    }

    fn after_shift(&self, position: &mut Position, turn: TurnSoFar) {
        match turn.chain {
            Some(rest) => self.resume_chain(position, rest, turn.reset),
            None => end_turn(position, turn.reset),
        }
    }

    /// Continues a chain while an activated piece that has not moved has a move.
    fn resume_chain(&self, position: &mut Position, activated: Bitboard, reset: bool) {
        let activated = activated & position.board().side(position.turn());
        if self.any_moves(position.board(), activated) {
            position.set_phase(Step::Chain { activated, reset }.into());
        } else {
            end_turn(position, reset);
        }
    }
}

fn end_turn(position: &mut Position, reset: bool) {
    position.set_phase(Phase::Move);
    position.end_turn(reset);
}

/// e1 for White, e8 for Black.
fn royal_square(color: Color) -> Square {
    Square::new(ROYAL_FILE, home_rank(color)).unwrap_or(Square::A1)
}

fn home_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

fn start_rank(color: Color) -> u8 {
    match color {
        Color::White => 1,
        Color::Black => 6,
    }
}

fn promotion_rank(color: Color) -> u8 {
    home_rank(!color)
}

impl Variant for Impulschach {
    fn name(&self) -> &'static str {
        "impulschach"
    }

    fn title(&self) -> &'static str {
        "Impulschach"
    }

    /// A Catalyst is worth 8 centipawns more for each friend its move would activate; the
    /// Impulse's Resonance Shift pulls enemy pawns towards its side's royal square.
    fn eval_terms(&self) -> EvalTerms {
        EvalTerms {
            activation: Some((CATALYST, 8)),
            pawn_pull: Some((
                IMPULSE,
                [royal_square(Color::White), royal_square(Color::Black)],
            )),
            ..EvalTerms::default()
        }
    }

    fn armory(&self) -> &Armory {
        &self.armory
    }

    fn start_fen(&self) -> String {
        "rcbikbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBIKBCR w - - 0 1".to_string()
    }

    fn position(&self, setup: Setup) -> Result<Position> {
        self.validate(setup)
    }

    fn fen(&self, position: &Position) -> String {
        let mut text = write_fen(position, &self.armory, CastlingStyle::KingQueen, KING);
        if let Some(field) = phase_field::write(position.phase()) {
            text.push(' ');
            text.push_str(&field);
        }
        text
    }

    /// The generator is generic over its sink and compiled once to list and once to count,
    /// branching here once per position rather than once per action: its sink's branch cost
    /// the native perft a tenth (docs/PERFORMANCE.md).
    fn generate(&self, line: &[Position], sink: &mut Collect<'_>) {
        let Some(position) = line.last() else {
            return;
        };
        match sink {
            Collect::List(out) => self.generate_at(position, *out),
            Collect::Count(count) => {
                let mut counter = ActionCounter::default();
                self.generate_at(position, &mut counter);
                *count += counter.0;
            }
        }
    }

    fn play(&self, position: &mut Position, action: &Action) {
        match Step::of(position.phase()) {
            Step::Move => self.move_piece(
                position,
                action,
                TurnSoFar {
                    chain: None,
                    reset: false,
                },
            ),
            Step::Chain { reset, .. } if *action == END_CHAIN => end_turn(position, reset),
            Step::Chain { activated, reset } => self.move_piece(
                position,
                action,
                TurnSoFar {
                    chain: Some(activated),
                    reset,
                },
            ),
            Step::ShiftOrder { chain, reset } => {
                let from_a = *action == SHIFT_FROM_A;
                let pending = position.board().pieces(!position.turn(), PAWN);
                self.settle_shift(position, pending, from_a, TurnSoFar { chain, reset });
            }
            Step::Displace {
                pending,
                from_a,
                chain,
                ..
            } => self.displace(position, action, pending, from_a, chain),
        }
    }

    fn outcome_knowing(&self, line: &[Position], has_action: bool) -> Option<Outcome> {
        let position = line.last()?;
        if let Some((winner, reason)) = self.winner(position) {
            return Some(Outcome::Win { winner, reason });
        }
        if !position.phase().is_move() {
            return None;
        }
        if !has_action {
            return Some(Outcome::Draw {
                reason: "no legal action",
            });
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
        None
    }

    /// There is no check in Impulschach.
    fn in_check(&self, _position: &Position) -> bool {
        false
    }

    fn promotions(&self, before: &Position, action: &Action) -> Vec<Promotion> {
        let us = before.turn();
        let Step::Displace { .. } = Step::of(before.phase()) else {
            return Vec::new();
        };
        let Some(role) = shift::conversion(action.to.file()) else {
            return Vec::new();
        };
        if action.to.rank() != home_rank(us) {
            return Vec::new();
        }
        vec![Promotion {
            square: action.to,
            from: Piece {
                color: !us,
                role: PAWN,
            },
            to: Piece { color: us, role },
        }]
    }

    fn decision(&self, position: &Position, legal: &[Action]) -> DecisionPoint {
        decision::describe(position, legal)
    }

    fn notation(&self) -> &dyn VariantNotation {
        self
    }
}

impl VariantNotation for Impulschach {
    fn action_san(&self, before: &Position, action: &Action) -> Option<String> {
        let Step::Displace { .. } = Step::of(before.phase()) else {
            return None;
        };
        // `cd5`: the c-file pawn goes to d5; `=R` when it converts on the first rank.
        let mut text = format!("{}{}", action.from.file_char(), action.to);
        if let Some(effect) = self.promotions(before, action).first() {
            text.push('=');
            text.push(self.armory.def(effect.to.role).letter);
        }
        Some(text)
    }

    fn won(&self, position: &Position) -> bool {
        self.winner(position).is_some()
    }

    fn writes_effects(&self) -> bool {
        false
    }

    fn turns_have_many_actions(&self) -> bool {
        true
    }

    fn turn_notation(&self, parts: &[TurnPart]) -> String {
        record::turn_notation(parts)
    }
}
