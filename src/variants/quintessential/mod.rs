//! Quintessential Chess: 84 squares, the zig-zag Quintessence and its Leeloo, pawns that double
//! step from anywhere and jump their own pawns, en passant for every piece, and castling with
//! a centurion.

mod pawns;
mod setup;

use crate::error::Result;
use crate::geometry::{Bitboard, Shape, Square};
use crate::movement::{pieces, Armory, Color, Piece, Role};
use crate::position::{write_fen, Board, CastlingStyle, Occupant, Position, Setup};
use crate::rules::castling::{castling_actions, update_rights, CastlingGeometry};
use crate::rules::movegen::{piece_moves, targets, ActionSink, Collect, Landing};
use crate::rules::safety::{KingSafety, SafeOnly};
use crate::rules::{Action, ActionKind, EvalTerms, Outcome, Variant, VariantNotation};
use pawns::FastPawns;

const PAWN: Role = Role(0);
const CENTURION: Role = Role(1);
const QUINTESSENCE: Role = Role(2);
const JANUS: Role = Role(3);
const DRAGON_HORSE: Role = Role(4);
const LEELOO: Role = Role(5);
const KING: Role = Role(6);

/// The pieces other than pawns and the king.
const OFFICERS: [Role; 5] = [CENTURION, QUINTESSENCE, JANUS, DRAGON_HORSE, LEELOO];

/// What a pawn may promote to, in the order the actions are listed (RULES.md's order).
const PROMOTIONS: [Role; 5] = [CENTURION, QUINTESSENCE, JANUS, DRAGON_HORSE, LEELOO];

/// Plies without a capture, pawn move or castling after which the game is drawn: 100 moves.
const QUIET_PLY_LIMIT: u32 = 200;

/// Quintessential Chess.
pub struct Quintessential {
    armory: Armory,
    pawns: FastPawns,
}

impl Default for Quintessential {
    fn default() -> Self {
        Quintessential::new()
    }
}

impl Quintessential {
    /// The game as RULES.md gives it.
    pub fn new() -> Quintessential {
        let shape = Quintessential::shape();
        let defs = vec![
            pieces::pawn(),
            pieces::centurion(),
            pieces::quintessence(),
            pieces::janus(),
            pieces::dragon_horse(),
            pieces::leeloo(),
            pieces::king(),
        ];
        Quintessential {
            pawns: FastPawns::new(&shape, PAWN),
            armory: Armory::new(shape, defs),
        }
    }

    /// The 10x10 board without its four 2x2 corners.
    pub fn shape() -> Shape {
        let corners = [(0, 0), (8, 0), (0, 8), (8, 8)];
        let holes = corners
            .iter()
            .flat_map(|&(f, r)| [(f, r), (f + 1, r), (f, r + 1), (f + 1, r + 1)])
            .filter_map(|(f, r)| Square::new(f, r));
        Shape::rectangle(10, 10).without(holes)
    }

    fn king_square(position: &Position, color: Color) -> Option<Square> {
        position.board().pieces(color, KING).first()
    }

    /// Generates into `sink` the legal actions of the side to move from `from` squares onto
    /// `allowed` ones (every square, the enemy's pieces for captures only, or one piece's
    /// square for its actions), and maybe others where `from` is not every square: the other
    /// pieces of its type, and every en-passant capture where a piece of its side is on
    /// `from`. Castling comes with every square only, and where the king is on `from`.
    fn generate_at(
        &self,
        position: &Position,
        from: Bitboard,
        allowed: Bitboard,
        sink: &mut Collect<'_>,
    ) {
        let board = position.board();
        let us = position.turn();
        let threats = KingSafety::threats(&self.armory, board, us);
        let safety = KingSafety::new(
            &threats,
            board,
            us,
            Quintessential::king_square(position, us),
        );
        // Only a capture may land on the en-passant square; those are generated apart.
        let no_landing = position
            .en_passant()
            .map_or(Bitboard::EMPTY, Bitboard::from_square);
        // No shortcut for double check: zig-zag paths out of the king can cross each other and
        // the lines, so one piece may block two checks at once (Quintessences on d1 and d6
        // both check g2 through e3). Every move is tried in full while in check.
        piece_moves(
            &self.armory,
            board,
            &safety,
            us,
            OFFICERS
                .into_iter()
                .filter(|&r| (board.pieces(us, r) & from).any()),
            allowed & !no_landing,
            sink,
        );
        let every_square = allowed == Bitboard::ALL;
        let pawns = board.pieces(us, PAWN) & from;
        let free = safety.free(pawns);
        let held = pawns & !free;
        let mut landing = Landing {
            allowed,
            inner: sink,
        };
        self.pawns
            .moves(board, us, free, no_landing, &PROMOTIONS, &mut landing);
        if held.any() {
            let mut safe = SafeOnly {
                board,
                safety: &safety,
                inner: &mut landing,
            };
            self.pawns
                .moves(board, us, held, no_landing, &PROMOTIONS, &mut safe);
        }
        let sink = landing.inner;
        let king = safety.king.filter(|&sq| from.contains(sq));
        if let Some(from) = king {
            let king = Piece {
                color: us,
                role: KING,
            };
            let (captures, quiets) = targets(&self.armory, board, king, from);
            let to = (captures | quiets) & !no_landing & allowed;
            safety.keep_safe(board, from, to, true, sink);
        }
        if (board.side(us) & from).any() {
            self.en_passant_actions(position, &safety, sink);
        }
        if !every_square || king.is_none() {
            return;
        }
        castling_actions(
            &self.armory,
            position,
            &safety,
            CastlingGeometry::TwoSquares,
            sink,
        );
    }

    /// Every piece that could capture on the en-passant square lands there and takes the pawn
    /// that passed it (after a jump, the pawn standing there and the jumper both).
    fn en_passant_actions(
        &self,
        position: &Position,
        safety: &KingSafety,
        sink: &mut impl ActionSink,
    ) {
        let Some(ep) = position.en_passant() else {
            return;
        };
        let us = position.turn();
        let Some(victim) = FastPawns::en_passant_victim(!us, ep) else {
            return;
        };
        let board = position.board();
        let capturers =
            self.armory
                .attackers(ep, us, board.occupied(), board.role_sets(), board.side(us));
        let promotes = self.pawns.promotion_squares(us).contains(ep);
        for from in capturers {
            let king_moves = safety.king == Some(from);
            if !safety.allows(board, from, ep, Some(victim), king_moves) {
                continue;
            }
            let action = Action {
                kind: ActionKind::EnPassant,
                ..Action::normal(from, ep)
            };
            // The squares a pawn passes are never the other side's promotion squares on this
            // board, but a pawn must not land on one unpromoted if that ever changes.
            if promotes && board.pieces(us, PAWN).contains(from) {
                for role in PROMOTIONS {
                    sink.action(Action {
                        promotion: Some(role),
                        ..action
                    });
                }
            } else {
                sink.action(action);
            }
        }
    }

    /// The square a double step or jump of `mover` from `from` to `to` passed, if the
    /// opponent has a piece that could capture there: the next move's en-passant square.
    fn en_passant_after(
        &self,
        position: &Position,
        mover: Color,
        from: Square,
        to: Square,
    ) -> Option<Square> {
        let passed = Square::new(from.file(), (from.rank() + to.rank()) / 2)?;
        self.could_capture_on(position.board(), passed, !mover)
            .then_some(passed)
    }

    /// Whether a piece of `by` could capture on `sq` by its movement (pins not considered):
    /// the test for writing an en-passant square at all.
    fn could_capture_on(&self, board: &Board, sq: Square, by: Color) -> bool {
        self.armory
            .attackers(sq, by, board.occupied(), board.role_sets(), board.side(by))
            .any()
    }

    /// Whether only the two kings are left.
    fn bare_kings(position: &Position) -> bool {
        let board = position.board();
        board.occupied() == board.role(KING)
    }
}

impl Variant for Quintessential {
    fn name(&self) -> &'static str {
        "quintessential"
    }

    fn title(&self) -> &'static str {
        "Quintessential Chess"
    }

    /// The Quintessence's zig-zag lines are worth their reach: 4 centipawns an open square.
    fn eval_terms(&self) -> EvalTerms {
        EvalTerms {
            open_squares: vec![(QUINTESSENCE, 4)],
            ..EvalTerms::default()
        }
    }

    fn armory(&self) -> &Armory {
        &self.armory
    }

    fn start_fen(&self) -> String {
        setup::START.to_string()
    }

    fn position(&self, setup: Setup) -> Result<Position> {
        setup::validate(self, setup)
    }

    fn fen(&self, position: &Position) -> String {
        write_fen(position, &self.armory, CastlingStyle::Files, KING)
    }

    fn generate(&self, line: &[Position], sink: &mut Collect<'_>) {
        if let Some(position) = line.last() {
            self.generate_at(position, Bitboard::ALL, Bitboard::ALL, sink);
        }
    }

    /// The captures are generated onto the enemy's squares only, skipping the quiet moves.
    fn captures_apart(&self) -> bool {
        true
    }

    fn legal_captures(&self, line: &[Position], out: &mut Vec<Action>) {
        if let Some(position) = line.last() {
            let enemy = position.board().side(!position.turn());
            self.generate_at(position, Bitboard::ALL, enemy, &mut Collect::List(out));
        }
    }

    fn legal_actions_from(&self, line: &[Position], from: Square, out: &mut Vec<Action>) -> bool {
        if let Some(position) = line.last() {
            let from = Bitboard::from_square(from);
            self.generate_at(position, from, Bitboard::ALL, &mut Collect::List(out));
        }
        true
    }

    fn play(&self, position: &mut Position, action: &Action) {
        let us = position.turn();
        let Some(Occupant::Piece(moving)) = position.take(action.from) else {
            return;
        };
        update_rights(position, us, action.from, action.to, moving.role == KING);
        let mut irreversible = moving.role == PAWN;
        match action.kind {
            ActionKind::Castle {
                partner_from,
                partner_to,
            } => {
                // The king may land where the centurion stood (O-O: Ke1-c1, Cc1-d1).
                if let Some(Occupant::Piece(partner)) = position.take(partner_from) {
                    position.put(partner_to, partner);
                }
                irreversible = true;
            }
            ActionKind::EnPassant => {
                position.take(action.to);
                if let Some(victim) = FastPawns::en_passant_victim(!us, action.to) {
                    position.take(victim);
                }
                irreversible = true;
            }
            _ => irreversible |= position.take(action.to).is_some(),
        }
        let landing = Piece {
            color: us,
            role: action.promotion.unwrap_or(moving.role),
        };
        position.put(action.to, landing);
        let en_passant = match action.kind {
            ActionKind::DoubleStep => self.en_passant_after(position, us, action.from, action.to),
            _ => None,
        };
        position.set_en_passant(en_passant);
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
        if position.halfmove_clock >= QUIET_PLY_LIMIT {
            return Some(Outcome::Draw {
                reason: "hundred-move rule",
            });
        }
        if super::chess::Chess::threefold(line) {
            return Some(Outcome::Draw {
                reason: "threefold repetition",
            });
        }
        if Quintessential::bare_kings(position) {
            return Some(Outcome::Draw {
                reason: "bare kings",
            });
        }
        None
    }

    fn in_check(&self, position: &Position) -> bool {
        KingSafety::king_attacked(&self.armory, position, KING)
    }

    fn notation(&self) -> &dyn VariantNotation {
        self
    }
}

impl VariantNotation for Quintessential {
    /// The page and RULES.md call castling towards the c-side centurion `O-O` (the king
    /// travels to c1) and towards the h side `O-O-O`.
    fn castling_san(&self, action: &Action) -> &'static str {
        if action.to.file() < action.from.file() {
            "O-O"
        } else {
            "O-O-O"
        }
    }
}
