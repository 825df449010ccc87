//! Static exchange evaluation: what an action that lands on a square wins or loses in material
//! if both sides then capture there in turn, each with its least valuable piece, and either
//! may stop when going on would lose. Near the horizon the search leaves out the actions whose
//! exchange loses clearly (see [`super::prune::exchange_pruned`]): a capture of a defended pawn
//! by a queen, a knight put where a pawn takes it.
//!
//! Only where a capture removes the piece taken and changes nothing else (chess, and
//! Quintessential Chess but for its rare capture of a pawn that a piece jumped, which takes the
//! jumper too and so gains more than this counts): a variant whose captures promote, displace
//! or reveal (Nietzsche, Impulschach, Immortal) has no such exchange.

use super::eval::Values;
use super::prune;
use crate::geometry::{Bitboard, Square};
use crate::movement::OrthodoxAttacks;
use crate::movement::{Armory, Color, Piece, Role, Threats};
use crate::position::Board;
use crate::rules::{Action, ActionKind};

/// What a king counts for: more than anything it could take, so it captures last, and where
/// something takes it back that side does better to stop before (which the exchange's
/// resolution finds, as for any other piece).
const KING_WORTH: i32 = 1_000_000;

/// The exchanges on one position's squares: both sides' pieces, sorted for attack questions
/// once (see [`Armory::threats`]), as a node asks about many squares (sorted anew for each
/// question, by `Armory::attackers`, the search took 4 % more instructions).
pub struct Exchanges<'a> {
    board: &'a Board,
    values: Values,
    /// Both sides' sorted pieces, where the quicker tables below are absent: sorting them
    /// took a third of the instructions of an exchange in chess, which never asks them.
    threats: Option<[Threats<'a>; 2]>,
    /// The quicker tables, where the pieces are FIDE's alone: the questions to
    /// the sorted pieces were 3.3 % of a chess search's instructions.
    orthodox: Option<&'a OrthodoxAttacks>,
}

/// [`Exchanges::gain`] on a board asked once (the ordering's losing captures, the checks
/// that lose material). Out of line: the page's wasm has little room, and both callers are
/// rare next to the nodes.
#[inline(never)]
pub fn gain_on(
    armory: &Armory,
    board: &Board,
    values: &Values,
    mover: Piece,
    from: Square,
    to: Square,
) -> i32 {
    Exchanges::new(armory, board, values.clone()).gain(mover, from, to)
}

impl<'a> Exchanges<'a> {
    pub fn new(armory: &'a Armory, board: &'a Board, values: Values) -> Exchanges<'a> {
        let orthodox = armory.orthodox();
        let sorted_needed = orthodox.is_none();
        let sets = board.role_sets();
        Exchanges {
            orthodox,
            board,
            values,
            threats: sorted_needed.then(|| {
                [Color::White, Color::Black]
                    .map(|color| armory.threats(color, sets, board.side(color)))
            }),
        }
    }

    /// The pieces of `by` among `occupied` that attack `to`: asked anew at each capture, as the
    /// pieces taken open the lines behind them.
    fn attackers(&self, to: Square, by: Color, occupied: Bitboard) -> Bitboard {
        if let Some(orthodox) = self.orthodox {
            let (sets, own) = (self.board.role_sets(), self.board.side(by));
            return orthodox.attackers(to, by, occupied, sets, own) & occupied;
        }
        self.threats.as_ref().map_or(Bitboard::EMPTY, |threats| {
            threats[by.index()].attackers(to, occupied) & occupied
        })
    }

    fn worth(&self, role: Role) -> i32 {
        match self.values.of(role) {
            // Only a royal type is worth nothing (losing it loses the game).
            0 => KING_WORTH,
            value => value,
        }
    }

    /// Whether `action` is left out at `depth` (see [`prune::exchange_pruned`]): a capture, or
    /// a `quiet` action onto an empty square, whose exchange loses clearly. Castling, en
    /// passant and promotions are always searched.
    // Out of line: it runs only near the horizon off the principal line, and `expand`, which
    // is hot, stays as small as it was.
    #[inline(never)]
    pub fn prunes(&self, action: &Action, depth: i32, quiet: bool) -> bool {
        if action.kind != ActionKind::Normal || action.promotion.is_some() {
            return false;
        }
        let Some(mover) = self.board.piece_at(action.from) else {
            return false;
        };
        let victim = self.board.piece_at(action.to);
        let capture = victim.is_some_and(|victim| victim.color != mover.color);
        // The exchange gains at least the victim less the mover (the side may stop after the
        // recapture): where that is not pruned, nothing is, and the squares need no look.
        let least_gain =
            victim.map_or(0, |victim| self.worth(victim.role)) - self.worth(mover.role);
        (capture || (victim.is_none() && quiet))
            && prune::exchange_pruned(least_gain, depth, capture)
            && prune::exchange_pruned(self.gain(mover, action.from, action.to), depth, capture)
    }

    /// What `mover`, going from `from` to `to` (capturing what stands there, if anything),
    /// gains in material at the end of the exchange on `to`, for its side.
    pub fn gain(&self, mover: Piece, from: Square, to: Square) -> i32 {
        let mut gains = [0i32; 32];
        gains[0] = self
            .board
            .piece_at(to)
            .map_or(0, |victim| self.worth(victim.role));
        let mut occupied = self.board.occupied().without(from);
        let mut on_square = self.worth(mover.role);
        let mut side = !mover.color;
        let mut depth = 0;
        while depth + 1 < gains.len() {
            let attackers = self.attackers(to, side, occupied);
            let Some((at, worth)) = self.least(attackers) else {
                break;
            };
            depth += 1;
            gains[depth] = on_square - gains[depth - 1];
            on_square = worth;
            occupied = occupied.without(at);
            side = !side;
        }
        // Each side takes only where taking does better than stopping.
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0]
    }

    /// The least valuable piece of `attackers`, and its worth.
    fn least(&self, attackers: Bitboard) -> Option<(Square, i32)> {
        attackers
            .into_iter()
            .filter_map(|sq| {
                self.board
                    .piece_at(sq)
                    .map(|piece| (sq, self.worth(piece.role)))
            })
            .min_by_key(|&(_, worth)| worth)
    }
}

#[cfg(test)]
mod tests {
    use super::Exchanges;
    use crate::game::Game;
    use crate::geometry::Square;
    use crate::movement::{Piece, Role};
    use crate::search::eval::{Evaluator, Values};

    /// What the action `from`-`to` of the piece on `from` gains in `fen` (chess), and the
    /// values of the pawn, knight, rook and queen.
    fn gain(fen: &str, from: &str, to: &str) -> (i32, [i32; 4]) {
        let (gain, values, _) = gain_in("chess", fen, from, to);
        (gain, [0u8, 1, 3, 4].map(|role| values.of(Role(role))))
    }

    /// What the action `from`-`to` of the piece on `from` gains in `fen` of `variant`, the
    /// variant's values, and the mover's type.
    fn gain_in(variant: &str, fen: &str, from: &str, to: &str) -> (i32, Values, Role) {
        let game = Game::new(variant, &[], Some(fen)).expect("a legal position");
        let variant = game.variant();
        let armory = variant.armory();
        let eval = Evaluator::new(armory, variant.eval_terms());
        let values = eval.values().clone();
        let board = game.position().board();
        let exchanges = Exchanges::new(armory, board, values.clone());
        let [from, to] = [from, to].map(|name| Square::parse(name).expect("a square"));
        let mover: Piece = board.piece_at(from).expect("a piece to move");
        (exchanges.gain(mover, from, to), values, mover.role)
    }

    #[test]
    fn without_fides_pieces_alone_the_recapture_is_found_by_the_sorted_pieces() {
        // Quintessential Chess (no quicker tables): its Q takes e6, which d7's pawn guards.
        let fen = "**3k2**/**6**/10/3p6/4p5/10/10/10/**6**/**2QK2** w - - 0 1";
        let (gain, values, taker) = gain_in("quintessential", fen, "e1", "e6");
        assert!(
            values.of(taker) > values.of(Role(0)),
            "a piece worth more than a pawn"
        );
        assert_eq!(gain, values.of(Role(0)) - values.of(taker));
    }

    #[test]
    fn a_capture_of_a_defended_pawn_by_the_queen_loses_the_queen_for_it() {
        let (gain, [pawn, _, _, queen]) = gain("7k/8/3p4/4p3/8/8/4Q3/K7 w - - 0 1", "e2", "e5");
        assert_eq!(gain, pawn - queen);
    }

    #[test]
    fn a_rook_behind_the_capturer_makes_the_recapture_a_loss() {
        // Alone, the rook that takes e5 is taken by e8's; doubled, the second takes back, so
        // Black does better not to recapture.
        let (alone, [pawn, _, rook, _]) = gain("4r2k/8/8/4p3/8/8/4R3/K7 w - - 0 1", "e2", "e5");
        assert_eq!(alone, pawn - rook);
        let (doubled, _) = gain("4r2k/8/8/4p3/8/8/4R3/K3R3 w - - 0 1", "e2", "e5");
        assert_eq!(doubled, pawn);
    }

    #[test]
    fn a_side_stops_taking_where_going_on_loses() {
        // The queen that would take the rook back is taken by the bishop: Black keeps it.
        let (gain, [pawn, _, _, _]) = gain("4q2k/8/8/4p3/8/2B5/4R3/K7 w - - 0 1", "e2", "e5");
        assert_eq!(gain, pawn);
    }

    #[test]
    fn a_king_takes_back_only_where_nothing_takes_it() {
        let (alone, [pawn, _, _, queen]) = gain("6k1/5p2/8/8/8/8/8/K4Q2 w - - 0 1", "f1", "f7");
        assert_eq!(alone, pawn - queen);
        let (guarded, _) = gain("6k1/5p2/8/8/8/1B6/8/K4Q2 w - - 0 1", "f1", "f7");
        assert_eq!(guarded, pawn);
    }

    #[test]
    fn a_quiet_move_where_a_pawn_takes_loses_the_piece() {
        let fen = "7k/8/8/8/4p3/8/8/K5N1 w - - 0 1";
        let (attacked, [_, knight, _, _]) = gain(fen, "g1", "f3");
        assert_eq!(attacked, -knight);
        assert_eq!(gain(fen, "g1", "h3").0, 0);
    }

    #[test]
    fn near_the_horizon_a_losing_capture_or_a_hanging_move_is_left_out() {
        // Black pawns d6, e5 and g4 (which attacks f3 and h3); White's queen, bishop, knight.
        let fen = "7k/8/3p4/4p3/6p1/8/1B2Q3/K5N1 w - - 0 1";
        let game = Game::new("chess", &[], Some(fen)).expect("a chess position");
        let variant = game.variant();
        let eval = Evaluator::new(variant.armory(), variant.eval_terms());
        let board = game.position().board();
        let exchanges = Exchanges::new(variant.armory(), board, eval.values().clone());
        let actions = game.legal_actions();
        let pruned = |name: &str, depth: i32, quiet: bool| {
            let [from, to] =
                [&name[..2], &name[2..]].map(|sq| Square::parse(sq).expect("a square"));
            let action = actions
                .iter()
                .find(|a| a.from == from && a.to == to)
                .expect("a legal action");
            exchanges.prunes(action, depth, quiet)
        };
        // The queen for a pawn: out at every depth the rule covers.
        assert!((1..=4).all(|depth| pruned("e2e5", depth, false)));
        // The bishop for a pawn (a piece less a pawn): out where it loses over a pawn a turn.
        assert!(pruned("b2e5", 2, false) && !pruned("b2e5", 3, false));
        // The knight where a pawn takes it: out up to three turns, not at four.
        assert!(pruned("g1f3", 3, true) && !pruned("g1f3", 4, true));
        // Not a quiet action the ordering put first (a killer), nor a safe one, nor a gain.
        assert!(!pruned("g1f3", 1, false));
        assert!(!pruned("e2e4", 1, true));
        assert!(!pruned("e2g4", 1, false));
    }
}
