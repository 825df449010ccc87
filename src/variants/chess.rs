//! Orthodox chess, the reference variant: FIDE rules in full.

use super::chess_placement::CHESS_PLACEMENT;
use crate::error::{Error, Result};
use crate::geometry::{Bitboard, Shape, Square};
use crate::movement::{pieces, Armory, Color, Piece, PieceDef, Role};
use crate::position::{resolve_castling, write_fen, CastlingStyle, Occupant, Position, Setup};
use crate::rules::castling::{castling_actions, update_rights, CastlingGeometry};
use crate::rules::movegen::{
    double_step, en_passant_threat, piece_moves, targets, ActionSink, Collect, PawnMasks,
};
use crate::rules::safety::KingSafety;
use crate::rules::validation::{not_in_check_out_of_turn, one_king_each, plain_setup};
use crate::rules::{Action, ActionKind, EvalTerms, EvalWeights, Outcome, Variant};

pub(crate) const PAWN: Role = Role(0);
pub(crate) const KNIGHT: Role = Role(1);
pub(crate) const BISHOP: Role = Role(2);
pub(crate) const ROOK: Role = Role(3);
pub(crate) const QUEEN: Role = Role(4);
pub(crate) const KING: Role = Role(5);

/// What a pawn may promote to, in the order the actions are listed.
const PROMOTIONS: [Role; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// Orthodox chess on 8x8.
pub struct Chess {
    armory: Armory,
    pawn_masks: PawnMasks,
    /// Per colour, the rank its pawns double-step from.
    start_ranks: [u8; 2],
}

impl Default for Chess {
    fn default() -> Self {
        Chess::new()
    }
}

impl Chess {
    /// The FIDE game.
    pub fn new() -> Chess {
        Chess::with_extra_pieces(Vec::new())
    }

    /// The FIDE game with more piece types (roles 6 and up), which move as their atoms say
    /// and which pawns do not promote to (Nietzsche Chess's compounds).
    pub fn with_extra_pieces(extra: Vec<PieceDef>) -> Chess {
        let mut defs = pieces::fide();
        defs.extend(extra);
        Chess::on_board(Shape::rectangle(8, 8), [1, 6], [7, 0], defs)
    }

    /// The FIDE moves with `defs` on another board: pawns double-step from `start_ranks` and
    /// promote on `promotion_ranks` (White's, Black's). Immortal Chess plays its regular moves
    /// so on 10x10.
    pub(crate) fn on_board(
        shape: Shape,
        start_ranks: [u8; 2],
        promotion_ranks: [u8; 2],
        defs: Vec<PieceDef>,
    ) -> Chess {
        Chess {
            pawn_masks: PawnMasks::new(&shape, Some(start_ranks), promotion_ranks),
            armory: Armory::new(shape, defs),
            start_ranks,
        }
    }

    /// The same moves, with the machine strings of a variant's actions without squares.
    pub(crate) fn with_keywords(mut self, keywords: &'static [&'static str]) -> Chess {
        self.armory = self.armory.with_keywords(keywords);
        self
    }

    fn king_square(position: &Position, color: Color) -> Option<Square> {
        position.board().pieces(color, KING).first()
    }

    /// Generates the legal actions of the side to move into `sink`.
    pub(crate) fn generate_at(&self, position: &Position, sink: &mut Collect<'_>) {
        self.generate_masked(position, Bitboard::ALL, Bitboard::ALL, sink);
    }

    /// Generates into `sink` every legal action of the side to move from a square of `from`
    /// onto one of `onto`, and maybe others, where the masks are not the whole board: the
    /// other pieces of a type that stands on `from`, the pawns' steps and the moves of pinned
    /// pawns (cheap or rare), every en-passant capture where a pawn is on `from`. Castling
    /// and en passant, which land on empty squares, only where `onto` is the whole board.
    pub(crate) fn generate_masked(
        &self,
        position: &Position,
        from: Bitboard,
        onto: Bitboard,
        sink: &mut Collect<'_>,
    ) {
        let board = position.board();
        let us = position.turn();
        let threats = KingSafety::threats(&self.armory, board, us);
        let safety = KingSafety::new(&threats, board, us, Chess::king_square(position, us));
        let everywhere = onto == Bitboard::ALL;
        if !safety.only_king_moves() {
            let officers = (1..self.armory.defs().len() as u8)
                .map(Role)
                .filter(|&r| r != KING && (board.pieces(us, r) & from).any());
            piece_moves(&self.armory, board, &safety, us, officers, onto, sink);
            let pawns = board.pieces(us, PAWN) & from;
            let free = safety.free(pawns);
            self.pawn_masks
                .free_pawn_moves(board, us, free, &PROMOTIONS, sink);
            for from in pawns & !free {
                self.pawn_actions(position, &safety, from, sink);
            }
            if everywhere && pawns.any() {
                self.en_passant_actions(position, &safety, sink);
            }
        }
        let kings = board.pieces(us, KING) & from;
        for from in kings {
            let (captures, quiets) = targets(
                &self.armory,
                board,
                Piece {
                    color: us,
                    role: KING,
                },
                from,
            );
            safety.keep_safe(board, from, (captures | quiets) & onto, true, sink);
        }
        if everywhere && kings.any() {
            castling_actions(
                &self.armory,
                position,
                &safety,
                CastlingGeometry::TwoSquares,
                sink,
            );
        }
    }

    fn pawn_actions(
        &self,
        position: &Position,
        safety: &KingSafety,
        from: Square,
        sink: &mut impl ActionSink,
    ) {
        let board = position.board();
        let us = position.turn();
        let pawn = Piece {
            color: us,
            role: PAWN,
        };
        let (captures, quiets) = targets(&self.armory, board, pawn, from);
        self.pawn_masks
            .checked_moves(board, safety, from, captures | quiets, &PROMOTIONS, sink);
        if from.rank() == self.start_ranks[us.index()] {
            if let Some(to) = double_step(&self.armory, board, us, from) {
                if safety.allows(board, from, to, None, false) {
                    sink.action(Action {
                        kind: ActionKind::DoubleStep,
                        ..Action::normal(from, to)
                    });
                }
            }
        }
    }

    /// En-passant captures onto the en-passant square, by any pawn that attacks it.
    fn en_passant_actions(
        &self,
        position: &Position,
        safety: &KingSafety,
        sink: &mut impl ActionSink,
    ) {
        let Some(ep) = position.en_passant() else {
            return;
        };
        let board = position.board();
        let us = position.turn();
        let their_pawn = Piece {
            color: !us,
            role: PAWN,
        };
        let capturers =
            self.armory.attacks(their_pawn, ep, Bitboard::EMPTY) & board.pieces(us, PAWN);
        for from in capturers {
            let Some(victim) = Square::new(ep.file(), from.rank()) else {
                continue;
            };
            if safety.allows(board, from, ep, Some(victim), false) {
                sink.action(Action {
                    kind: ActionKind::EnPassant,
                    ..Action::normal(from, ep)
                });
            }
        }
    }

    /// Plays a move on `position` without handing the turn over; returns whether it restarts
    /// the fifty-move count (a capture or a pawn move).
    pub(crate) fn apply_move(&self, position: &mut Position, action: &Action) -> bool {
        let us = position.turn();
        let Some(Occupant::Piece(moving)) = position.take(action.from) else {
            return false;
        };
        update_rights(position, us, action.from, action.to, moving.role == KING);
        let mut captured = position.take(action.to).is_some();
        match action.kind {
            ActionKind::EnPassant => {
                if let Some(victim) = Square::new(action.to.file(), action.from.rank()) {
                    captured |= position.take(victim).is_some();
                }
            }
            ActionKind::Castle {
                partner_from,
                partner_to,
            } => {
                if let Some(Occupant::Piece(partner)) = position.take(partner_from) {
                    position.put(partner_to, partner);
                }
            }
            _ => {}
        }
        let landing = Piece {
            color: us,
            role: action.promotion.unwrap_or(moving.role),
        };
        position.put(action.to, landing);
        let passed = Square::new(
            action.from.file(),
            (action.from.rank() + action.to.rank()) / 2,
        );
        let en_passant = match (action.kind, passed) {
            (ActionKind::DoubleStep, Some(p))
                if en_passant_threat(&self.armory, position.board(), moving, p) =>
            {
                Some(p)
            }
            _ => None,
        };
        position.set_en_passant(en_passant);
        captured || moving.role == PAWN
    }

    pub(crate) fn insufficient_material(&self, position: &Position) -> bool {
        let board = position.board();
        let extra = (KING.0 + 1..self.armory.defs().len() as u8).any(|r| board.role(Role(r)).any());
        if extra || (board.role(PAWN) | board.role(ROOK) | board.role(QUEEN)).any() {
            return false;
        }
        let knights = board.role(KNIGHT);
        let bishops = board.role(BISHOP);
        if (knights | bishops).count() <= 1 {
            return true;
        }
        // Only bishops, all on squares of one colour: no mate is possible.
        let dark = |s: Square| (s.file() + s.rank()) % 2 == 0;
        knights.is_empty() && (bishops.squares().all(dark) || bishops.squares().all(|s| !dark(s)))
    }

    /// Threefold repetition: the current position occurred twice before, with the same side to
    /// move, within the reach of the halfmove clock.
    pub(crate) fn threefold(line: &[Position]) -> bool {
        let Some(current) = line.last() else {
            return false;
        };
        let reach = (current.halfmove_clock as usize).min(line.len() - 1);
        let earlier = line[line.len() - 1 - reach..line.len() - 1].iter().rev();
        earlier
            .skip(1)
            .step_by(2)
            .filter(|p| p.hash() == current.hash())
            .count()
            >= 2
    }
}

/// The evaluation's weights for chess, fitted by `schachwerk tune` (README, "How the
/// evaluation is tuned"), beside its fitted placement (`CHESS_PLACEMENT`).
pub const CHESS_WEIGHTS: EvalWeights = EvalWeights {
    // Fitted to game results.
    material_slope: 28,
    material_base: 173,
    colour_bound_percent: 15,
    // Fitted to Stockfish's scores: -11 alone, -16 beside an endgame weight of +8; -16 and -24
    // were played against Stockfish, and -16 scored more on both seeds.
    king_file: -16,
    // Fitted to Stockfish's scores of 307,514 positions with the fitted placement in, which
    // was then fitted again with these (`tune fit --only`, the 23 below).
    tempo: 40,
    doubled_mg: -8,
    doubled_eg: -37,
    isolated_mg: -26,
    isolated_eg: 1,
    passed_mg: 6,
    passed_eg: 139,
    shield: 22,
    zone_attack_1: 7,
    zone_attack_2: 14,
    zone_attack_3: 37,
    zone_attack_4: 32,
    mobility_minor_mg: 6,
    mobility_minor_eg: 4,
    mobility_major_mg: 5,
    mobility_major_eg: 3,
    mobility_queen_mg: 2,
    mobility_queen_eg: 3,
    colour_pair: 52,
    pawn_threat_mg: 63,
    pawn_threat_eg: 46,
    open_file: 28,
    half_open_file: 19,
    // Fitted to the same scores with all the weights above in (`tune fit --only` these seven).
    threat_lesser_mg: 37,
    threat_lesser_eg: -15,
    hanging_mg: 15,
    hanging_eg: 34,
    passed_king_own: -26,
    passed_king_enemy: 35,
    safe_check: 40,
    // Fitted to Stockfish's depth-8 scores of 291,004 other self-play positions (seeds 31-35)
    // with everything above in (`tune fit --only` these nine; error 0.016897 -> 0.016581).
    connected_mg: 38,
    connected_eg: 2,
    backward_mg: -4,
    backward_eg: -8,
    outpost_mg: 41,
    outpost_eg: -2,
    passed_free: 107,
    bad_bishop_mg: 1,
    bad_bishop_eg: -5,
    ..EvalWeights::HAND
};

impl Variant for Chess {
    fn name(&self) -> &'static str {
        "chess"
    }

    fn eval_terms(&self) -> EvalTerms {
        EvalTerms {
            weights: CHESS_WEIGHTS,
            placement_fit: Some(&CHESS_PLACEMENT),
            quiet_promotion: Some(QUEEN),
            ..EvalTerms::default()
        }
    }

    fn title(&self) -> &'static str {
        "Chess"
    }

    fn armory(&self) -> &Armory {
        &self.armory
    }

    fn start_fen(&self) -> String {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string()
    }

    fn position(&self, setup: Setup) -> Result<Position> {
        plain_setup(&setup, "chess")?;
        if setup.pockets.is_some() {
            return Err(Error::fen("chess has no piece pools in brackets"));
        }
        let mut position = setup.place();
        let last = self.armory.shape().ranks - 1;
        if let Some(sq) = position
            .board()
            .role(PAWN)
            .squares()
            .find(|s| s.rank() == 0 || s.rank() == last)
        {
            return Err(Error::fen(format!("a pawn cannot stand on {sq}")));
        }
        one_king_each(&position, KING)?;
        let rights = resolve_castling(&setup.castling, &position, &self.armory, KING, ROOK)?;
        for partner in rights {
            let color = position.board().piece_at(partner).map(|p| p.color);
            let king = color.and_then(|c| Chess::king_square(&position, c));
            let home = if color == Some(Color::White) { 0 } else { 7 };
            if king.map(|k| k.rank()) != Some(home) || !matches!(king.map(|k| k.file()), Some(4)) {
                return Err(Error::fen(format!(
                    "castling right with the rook on {partner}, but the king is not on its start square"
                )));
            }
        }
        position.set_castling(rights);
        if let Some(ep) = setup.en_passant {
            let us = setup.turn;
            let expected_rank = if us == Color::White { 5 } else { 2 };
            let pawn_sq = Square::new(ep.file(), (ep.rank() as i8 - us.forward()) as u8);
            let origin = Square::new(ep.file(), (ep.rank() as i8 + us.forward()) as u8);
            let them_pawn = Piece {
                color: !us,
                role: PAWN,
            };
            let valid = ep.rank() == expected_rank
                && position.board().at(ep).is_none()
                && origin.is_some_and(|o| position.board().at(o).is_none())
                && pawn_sq.is_some_and(|p| position.board().piece_at(p) == Some(them_pawn));
            if !valid {
                return Err(Error::fen(format!(
                    "en-passant square {ep} does not follow a double step of a {} pawn",
                    (!us).name()
                )));
            }
            if en_passant_threat(&self.armory, position.board(), them_pawn, ep) {
                position.set_en_passant(Some(ep));
            }
        }
        not_in_check_out_of_turn(&self.armory, &position, KING)?;
        Ok(position)
    }

    fn fen(&self, position: &Position) -> String {
        write_fen(position, &self.armory, CastlingStyle::KingQueen, KING)
    }

    fn generate(&self, line: &[Position], sink: &mut Collect<'_>) {
        if let Some(position) = line.last() {
            self.generate_at(position, sink);
        }
    }

    /// The captures are generated onto the enemy's squares only, skipping most quiet moves.
    fn captures_apart(&self) -> bool {
        true
    }

    fn legal_captures(&self, line: &[Position], out: &mut Vec<Action>) {
        if let Some(position) = line.last() {
            let enemy = position.board().side(!position.turn());
            self.generate_masked(position, Bitboard::ALL, enemy, &mut Collect::List(out));
        }
    }

    fn legal_actions_from(&self, line: &[Position], from: Square, out: &mut Vec<Action>) -> bool {
        if let Some(position) = line.last() {
            let from = Bitboard::from_square(from);
            self.generate_masked(position, from, Bitboard::ALL, &mut Collect::List(out));
        }
        true
    }

    fn play(&self, position: &mut Position, action: &Action) {
        let irreversible = self.apply_move(position, action);
        position.end_turn(irreversible);
    }

    fn outcome_knowing(&self, line: &[Position], has_action: bool) -> Option<Outcome> {
        let position = line.last()?;
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
        if Chess::threefold(line) {
            return Some(Outcome::Draw {
                reason: "threefold repetition",
            });
        }
        if self.insufficient_material(position) {
            return Some(Outcome::Draw {
                reason: "insufficient material",
            });
        }
        None
    }

    fn in_check(&self, position: &Position) -> bool {
        KingSafety::king_attacked(&self.armory, position, KING)
    }
}
