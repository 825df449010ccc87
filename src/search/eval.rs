//! The static evaluation: material, placement, and the few terms a variant's rules make matter.
//!
//! **Material.** Each piece type's value is derived from its mobility on the variant's own
//! board, so fairy pieces are valued by the same rule as the FIDE ones. A type's mobility is
//! the average number of squares it attacks from each square of the empty board, averaged with
//! the number it moves to where the two differ (a Cannon moves as a rook but captures only over
//! a screen, which the empty board lacks: it counts half a rook, as a Xiangqi Cannon is worth
//! about half a Chariot); its value is
//! `35 * mobility + 120` centipawns, a line through the FIDE pieces on 8x8 (knight 5.25
//! squares: 304; bishop 8.75: 426; rook 14: 610; queen 22.75: 916). Pawns are 100, royal
//! pieces 0 (losing one ends the game, which the search sees).
//!
//! **Placement.** By the same rule, a piece is worth a little more where it reaches more:
//! `place_tenths` / 10 centipawns ([`EvalWeights`]) for each square its reach from that square on the empty board
//! is above its average (a knight in the corner, reaching 2 squares instead of 5.25, is worth
//! 26 less). Pawns gain by advancing, faster near the end of their run.
//!
//! **Fitted corrections.** A variant may add a [`PlacementFit`] (chess does): for each piece
//! type a change of value and a change for each square, each with a middlegame and an endgame
//! weight blended by the material left, fitted to an outside engine's scores of positions
//! (`schachwerk tune placement`). The value of a type is then the derived one plus the two
//! weights' average, which the exchanges and the pruning's margins use too.
//!
//! **Variant terms**, from the variant's [`EvalTerms`]: which terms count and at what weight,
//! given by the variant, computed here alike for every variant that asks. The weights are set
//! by hand, each a fraction of a pawn per unit, and judged by the strength table
//! (`bench/matches.sh`), not tuned:
//! - NAChT Schach (no legal move loses): every piece's open squares, kings included.
//! - Quintessential Chess: the Quintessence's open squares (its zig-zag lines).
//! - Nietzsche Chess: a piece of the side to move that stands en prise will be promoted after
//!   that side's move; half the gain is counted.
//! - Impulschach: for a side with an Impulse, enemy pawns near its first rank, most near its
//!   royal square (a Resonance Shift may push one home and win, or turn it into its own piece),
//!   and for every Catalyst the friends a knight's jump away that its move would activate.

use super::eval_cache::EvalCache;
use super::positional::Positional;
use crate::geometry::{Bitboard, Square};
use crate::movement::{Armory, Color, Piece, Role, MAX_ROLES};
use crate::position::Position;
use crate::rules::{EvalTerms, EvalWeights, PlacementFit};

/// For an enemy pawn `n` ranks from a side's first rank: what the side's Impulse makes of it.
const SHIFT_PULL: [i32; 4] = [0, 90, 40, 15];
/// How far outside the window a score of material and placement must be for the rest not to
/// be counted (see [`Evaluator::evaluate_within`]).
const LAZY_MARGIN: i32 = 200;
/// The whole game's phase: 256 with all the pieces, 0 with none (see [`Evaluator::phase`]).
pub(crate) const PHASES: i32 = 256;
/// The table's size: every square index of the largest board.
const SQUARES: usize = 128;

/// Centipawn values by role.
#[derive(Clone, Debug)]
pub struct Values {
    by_role: [i32; MAX_ROLES],
}

impl Values {
    /// The values of `armory`'s piece types on its board, by the hand-set weights.
    pub fn new(armory: &Armory) -> Values {
        Values::with_weights(armory, &EvalWeights::HAND)
    }

    /// The values of `armory`'s piece types on its board, by `weights`' line through the
    /// FIDE pieces (and the colour-bound types' discount).
    pub fn with_weights(armory: &Armory, weights: &EvalWeights) -> Values {
        let mut by_role = [0; MAX_ROLES];
        for (index, def) in armory.defs().iter().enumerate().take(MAX_ROLES) {
            let role = Role(index as u8);
            by_role[index] = if def.royal {
                0
            } else if def.pawn {
                100
            } else {
                let mobility = mean_reach(armory, role);
                let value =
                    f64::from(weights.material_slope) * mobility + f64::from(weights.material_base);
                let discount = if colour_bound(armory, role) {
                    f64::from(weights.colour_bound_percent) / 100.0
                } else {
                    0.0
                };
                (value * (1.0 - discount)).round() as i32
            };
        }
        Values { by_role }
    }

    /// The value of `role`.
    pub fn of(&self, role: Role) -> i32 {
        self.by_role[role.index() % MAX_ROLES]
    }

    /// Material balance for the side to move in `position`.
    pub fn material(&self, position: &Position) -> i32 {
        let board = position.board();
        let us = position.turn();
        let mut score = 0;
        for (index, &value) in self.by_role.iter().enumerate() {
            let role = Role(index as u8);
            let ours = board.pieces(us, role).count() as i32;
            let theirs = board.pieces(!us, role).count() as i32;
            score += value * (ours - theirs);
        }
        score
    }
}

/// The squares a White piece of `role` attacks from `sq` on the empty board, averaged with
/// those it moves to (the same squares for a piece that moves as it captures).
fn reach_from(armory: &Armory, role: Role, sq: Square) -> f64 {
    let piece = Piece {
        color: Color::White,
        role,
    };
    let playable = armory.shape().playable;
    let attacks = (armory.attacks(piece, sq, Bitboard::EMPTY) & playable).count();
    let moves = (armory.advances(piece, sq, Bitboard::EMPTY) & playable).count();
    f64::from(attacks + moves) / 2.0
}

/// Whether a piece of `role` only ever attacks squares of the colour it stands on (a
/// bishop), on a board of two colours. A type that attacks nothing is not colour-bound.
pub(crate) fn colour_bound(armory: &Armory, role: Role) -> bool {
    let piece = Piece {
        color: Color::White,
        role,
    };
    let playable = armory.shape().playable;
    let dark: Bitboard = playable
        .squares()
        .filter(|sq| (sq.file() + sq.rank()) % 2 == 0)
        .collect();
    let mut reaches = false;
    for sq in playable.squares() {
        let reach = armory.attacks(piece, sq, Bitboard::EMPTY) & playable;
        let other = if dark.contains(sq) { !dark } else { dark };
        if (reach & other).any() {
            return false;
        }
        reaches |= reach.any();
    }
    reaches
}

/// The average of [`reach_from`] over the board's squares.
fn mean_reach(armory: &Armory, role: Role) -> f64 {
    let squares: Vec<Square> = armory.shape().playable.squares().collect();
    let reach: f64 = squares.iter().map(|&sq| reach_from(armory, role, sq)).sum();
    reach / squares.len().max(1) as f64
}

/// What `fit` adds to a White piece of the `role_index`-th type on `sq`, in the middlegame and
/// the endgame, beyond the fitted values' average (which [`Values`] holds).
fn fitted(fit: &PlacementFit, role_index: usize, sq: Square) -> [i32; 2] {
    let material = fit.material.get(role_index).copied().unwrap_or_default();
    let squares = fit.squares.get(role_index);
    let half = PlacementFit::half_board(sq.file(), sq.rank());
    let mean = fit.value_change(role_index);
    [0, 1].map(|phase| {
        let square = squares.map_or(0, |tables| i32::from(tables[phase][half]));
        i32::from(material[phase]) - mean + square
    })
}

/// The whole evaluation for one variant.
pub struct Evaluator<'a> {
    armory: &'a Armory,
    values: Values,
    /// Material and placement by colour, role and square index, in the middlegame and the
    /// endgame (the same, but where the variant has a [`PlacementFit`]).
    placement: Vec<[[i32; 2]; SQUARES]>,
    /// Whether the middlegame's and the endgame's placement differ (a [`PlacementFit`]).
    tapered: bool,
    /// The number of piece types.
    roles: usize,
    terms: EvalTerms,
    positional: Positional,
    /// The value of both sides' pieces but pawns and kings at the start: the middlegame.
    opening_material: i32,
    /// The scores of the positions met so far.
    cache: EvalCache,
}

impl<'a> Evaluator<'a> {
    /// The evaluation of `armory`'s pieces with the variant's `terms`.
    pub fn new(armory: &'a Armory, terms: EvalTerms) -> Evaluator<'a> {
        let weights = terms.weights;
        let shape = armory.shape();
        let fit = terms
            .placement_fit
            .filter(|_| shape.files == 8 && shape.ranks == 8);
        let mut values = Values::with_weights(armory, &weights);
        if let Some(fit) = fit {
            // The fitted values' average counts as the type's value (for exchanges and the
            // pruning's margins); what the middlegame and endgame add beyond it, below.
            for (index, value) in values.by_role.iter_mut().enumerate() {
                *value += fit.value_change(index);
            }
        }
        let mut placement = vec![[[0; 2]; SQUARES]; 2 * MAX_ROLES];
        for (index, def) in armory.defs().iter().enumerate().take(MAX_ROLES) {
            let role = Role(index as u8);
            let mean = mean_reach(armory, role);
            for sq in shape.playable.squares() {
                let white = if def.royal {
                    0
                } else if def.pawn {
                    // Ranks advanced from the first, the last steps worth most.
                    let advanced = i32::from(sq.rank());
                    weights.pawn_advance_linear * advanced
                        + weights.pawn_advance_square * advanced * advanced
                } else {
                    let above = reach_from(armory, role, sq) - mean;
                    (f64::from(weights.place_tenths) * above / 10.0).round() as i32
                };
                // The table holds the material too, so one pass over the pieces counts both.
                let white = white + values.of(role);
                let fitted = fit.map_or([0, 0], |fit| fitted(fit, index, sq));
                let white = fitted.map(|change| white + change);
                placement[index][sq.index() % SQUARES] = white;
                // Black's table is White's seen from the other side of the board.
                if let Some(mirror) = Square::new(sq.file(), shape.ranks - 1 - sq.rank()) {
                    placement[MAX_ROLES + index][mirror.index() % SQUARES] = white;
                }
            }
        }
        let mut positional = Positional::new(armory, &weights, |role| values.of(role));
        let mut terms = terms;
        terms.open_squares = positional.count_open_squares(&terms.open_squares);
        Evaluator {
            armory,
            values,
            placement,
            tapered: fit.is_some(),
            roles: armory.defs().len().min(MAX_ROLES),
            terms,
            positional,
            opening_material: 0,
            cache: EvalCache::new(),
        }
    }

    /// The same, with the middlegame measured from the game's `start` position (before it,
    /// every position counts as an endgame for the terms that are tapered).
    pub fn with_start(mut self, start: &Position) -> Evaluator<'a> {
        self.opening_material = self.officer_material(start);
        self
    }

    /// The value of both sides' pieces that are neither pawns nor royal.
    fn officer_material(&self, position: &Position) -> i32 {
        let board = position.board();
        let defs = self.armory.defs();
        (0..self.roles)
            .filter(|&i| !defs[i].pawn && !defs[i].royal)
            .map(|i| {
                let role = Role(i as u8);
                let count = board.pieces(Color::White, role).count()
                    + board.pieces(Color::Black, role).count();
                self.values.of(role) * count as i32
            })
            .sum()
    }

    /// How much of the middlegame is left: [`PHASES`] with the start's pieces (or more), 0
    /// with pawns and kings alone.
    pub(crate) fn phase(&self, position: &Position) -> i32 {
        let material = self.officer_material(position);
        (material * PHASES / self.opening_material.max(1)).clamp(0, PHASES)
    }

    /// The shared positional terms for the side to move, tapered by the phase.
    fn positional(&self, position: &Position) -> i32 {
        let (terms, open) = self.positional.terms(position, self.armory);
        let phase = self.phase(position);
        let white = (terms.mg * phase + terms.eg * (PHASES - phase)) / PHASES + open;
        let tempo = self.terms.weights.tempo;
        match position.turn() {
            Color::White => white + tempo,
            Color::Black => tempo - white,
        }
    }

    /// The material values.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// What `piece` standing on `sq` is worth to its side: material and placement.
    pub fn placed(&self, piece: Piece, sq: Square) -> i32 {
        let table = piece.color.index() * MAX_ROLES + piece.role.index() % MAX_ROLES;
        self.placement[table][sq.index() % SQUARES][0]
    }

    /// The score for the side to move in `position`, in centipawns. Out of line: it is called
    /// off the hot path (leaves are scored by [`Evaluator::evaluate_within`]), from several
    /// places, and inlined in each it cost the wasm hundreds of bytes.
    #[inline(never)]
    pub fn evaluate(&self, position: &Position) -> i32 {
        let (rough, lines) = self.parts(position, None);
        rough + lines.unwrap_or(0)
    }

    /// [`Evaluator::evaluate`], or the score of material, placement and the variant's
    /// cheap terms alone where that is [`LAZY_MARGIN`] or more outside the window
    /// `alpha..beta` (lazy evaluation): following every piece's lines is the most of the
    /// evaluation's cost, and a score far outside the window is not used closely.
    pub fn evaluate_within(&self, position: &Position, alpha: i32, beta: i32) -> i32 {
        let (rough, lines) = self.parts(position, Some((alpha, beta)));
        rough + lines.unwrap_or(0)
    }

    /// The score's rough part (material, placement, the variant's cheap terms) and, unless
    /// the rough part is [`LAZY_MARGIN`] outside the `window`, the part that follows every
    /// piece's lines (the positional terms, the open squares), most of the cost. Whole scores
    /// are remembered by the position's hash, as the search meets a position again (in
    /// searches of 300,000 and 1,000,000 nodes from Kiwipete and the start, 19 to 34 % of the
    /// lines' parts were found remembered).
    fn parts(&self, position: &Position, window: Option<(i32, i32)>) -> (i32, Option<i32>) {
        let key = position.hash();
        let known = self.cache.get(key);
        let rough = match known {
            Some((rough, _)) => rough,
            None => self.without_mobility(position),
        };
        let lazy = window.is_some_and(|(alpha, beta)| {
            rough.saturating_sub(LAZY_MARGIN) >= beta || rough.saturating_add(LAZY_MARGIN) <= alpha
        });
        if lazy {
            return (rough, None);
        }
        if let Some((_, lines)) = known {
            return (rough, Some(lines));
        }
        let us = position.turn();
        let lines =
            self.positional(position) + self.mobility(position, us) - self.mobility(position, !us);
        self.cache.put(key, rough, lines);
        (rough, Some(lines))
    }

    /// The score for the side to move without the open squares.
    fn without_mobility(&self, position: &Position) -> i32 {
        let us = position.turn();
        let [ours, theirs] = [us, !us].map(|color| self.placement_of(position, color));
        let [mg, eg] = [0, 1].map(|phase| ours[phase] - theirs[phase]);
        let mut score = if self.tapered {
            let phase = self.phase(position);
            (mg * phase + eg * (PHASES - phase)) / PHASES
        } else {
            mg
        };
        score += self.side(position, us) - self.side(position, !us);
        if !self.terms.en_prise_becomes.is_empty() {
            score += self.coming_promotions(position);
        }
        score
    }

    /// `color`'s open squares, for the variants where they count, of the types the positional
    /// terms do not count them for (see [`Positional::count_open_squares`]).
    fn mobility(&self, position: &Position, color: Color) -> i32 {
        let board = position.board();
        let occupied = board.occupied();
        let own = board.side(color);
        let mut score = 0;
        for &(role, weight) in &self.terms.open_squares {
            let piece = Piece { color, role };
            for sq in board.pieces(color, role) {
                let open = self.armory.attacks(piece, sq, occupied) & !own;
                score += weight * open.count() as i32;
            }
        }
        score
    }

    /// `color`'s material and placement, in the middlegame and the endgame.
    fn placement_of(&self, position: &Position, color: Color) -> [i32; 2] {
        let board = position.board();
        let first = color.index() * MAX_ROLES;
        let mut score = [0, 0];
        for (index, table) in self.placement[first..first + self.roles].iter().enumerate() {
            for sq in board.pieces(color, Role(index as u8)) {
                let [mg, eg] = table[sq.index() % SQUARES];
                score = [score[0] + mg, score[1] + eg];
            }
        }
        score
    }

    /// The variant's cheap terms, for `color`.
    fn side(&self, position: &Position, color: Color) -> i32 {
        let board = position.board();
        let own = board.side(color);
        let mut score = 0;
        if let Some((puller, royal)) = self.terms.pawn_pull {
            if board.pieces(color, puller).any() {
                score += self.shift_pull(position, color, royal[color.index()]);
            }
        }
        if let Some((activator, weight)) = self.terms.activation {
            let piece = Piece {
                color,
                role: activator,
            };
            let friends = own & !board.role(activator);
            for sq in board.pieces(color, activator) {
                let activated = self.armory.attacks(piece, sq, Bitboard::EMPTY) & friends;
                score += weight * activated.count() as i32;
            }
        }
        score
    }

    /// What `color`'s Impulse may make of the enemy pawns near its first rank.
    fn shift_pull(&self, position: &Position, color: Color, royal: Square) -> i32 {
        let board = position.board();
        let pawns = self
            .armory
            .defs()
            .iter()
            .enumerate()
            .filter(|(_, d)| d.pawn);
        let mut score = 0;
        for (index, _) in pawns {
            for sq in board.pieces(!color, Role(index as u8)) {
                let away = match color {
                    Color::White => sq.rank(),
                    Color::Black => royal.rank().saturating_sub(sq.rank()),
                } as usize;
                let pull = SHIFT_PULL.get(away).copied().unwrap_or(0);
                // A shift moves a pawn one step, at most one file aside: those that can still reach
                // the royal square count double.
                let near = sq.file().abs_diff(royal.file()) <= away as u8;
                score += if near { 2 * pull } else { pull };
            }
        }
        score
    }

    /// Half the value the side to move's pieces en prise gain when they are promoted after
    /// its move (Nietzsche Chess).
    fn coming_promotions(&self, position: &Position) -> i32 {
        let board = position.board();
        let us = position.turn();
        let occupied = board.occupied();
        let mut attacked = Bitboard::EMPTY;
        for sq in board.side(!us) {
            if let Some(piece) = board.piece_at(sq) {
                attacked |= self.armory.attacks(piece, sq, occupied);
            }
        }
        let mut gain = 0;
        for (index, step) in self.terms.en_prise_becomes.iter().enumerate() {
            let role = Role(index as u8);
            let Some(next) = step.filter(|&next| next != role) else {
                continue;
            };
            let en_prise = (board.pieces(us, role) & attacked).count() as i32;
            gain += en_prise * (self.values.of(next) - self.values.of(role));
        }
        gain / 2
    }
}

#[cfg(test)]
mod tests {
    use super::{Evaluator, PHASES};
    use crate::game::Game;
    use crate::rules::{PlacementFit, HALF_BOARD};

    /// A fit that moves only a knight on d4 (or e4, its mirror): +40 in the middlegame, -20 in
    /// the endgame.
    static KNIGHT_ON_D4: PlacementFit = PlacementFit {
        material: &[[0, 0]; 6],
        squares: &[
            [[0; HALF_BOARD]; 2],
            [D4_ONLY[0], D4_ONLY[1]],
            [[0; HALF_BOARD]; 2],
            [[0; HALF_BOARD]; 2],
            [[0; HALF_BOARD]; 2],
            [[0; HALF_BOARD]; 2],
        ],
    };
    const D4_ONLY: [[i8; HALF_BOARD]; 2] = {
        let mut tables = [[0; HALF_BOARD]; 2];
        tables[0][3 * 4 + 3] = 40;
        tables[1][3 * 4 + 3] = -20;
        tables
    };

    #[test]
    fn a_placement_fit_counts_its_squares_mirrored_and_blended_by_the_phase() {
        let game = Game::new("chess", &[], None).expect("chess");
        let variant = game.variant();
        let start = *game.position();
        let mut terms = variant.eval_terms();
        terms.placement_fit = None;
        let plain = Evaluator::new(variant.armory(), terms.clone()).with_start(&start);
        terms.placement_fit = Some(&KNIGHT_ON_D4);
        let fitted = Evaluator::new(variant.armory(), terms).with_start(&start);
        let mut game = Game::new("chess", &[], None).expect("chess");
        // (position, the knight's sign for the side to move): White's knight on d4 or e4,
        // Black's on d5 or e5 (d4 and e4 as Black sees the board), in an opening and an ending.
        let cases = [
            (
                "r1bqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
                1,
            ),
            (
                "r1bqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKB1R b KQkq - 0 1",
                -1,
            ),
            (
                "rnbqkb1r/pppppppp/8/3n4/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
                -1,
            ),
            ("4k3/8/8/4n3/8/8/4P3/4K3 b - - 0 1", 1),
            ("4k3/8/8/8/3N4/8/4P3/4K3 w - - 0 1", 1),
            ("4k3/8/8/8/2N5/8/4P3/4K3 w - - 0 1", 0),
        ];
        for (fen, sign) in cases {
            game.set_fen(fen).expect(fen);
            let position = game.position();
            let phase = fitted.phase(position);
            assert_eq!(phase, plain.phase(position), "{fen}");
            let expected = sign * (40 * phase - 20 * (PHASES - phase)) / PHASES;
            let change = fitted.evaluate(position) - plain.evaluate(position);
            assert!(
                (change - expected).abs() <= 1,
                "{fen}: {change}, not {expected}"
            );
        }
        // The opening's knight gains, the ending's loses.
        game.set_fen(cases[0].0).expect("fen");
        assert!(fitted.evaluate(game.position()) > plain.evaluate(game.position()) + 30);
        game.set_fen(cases[4].0).expect("fen");
        assert!(fitted.evaluate(game.position()) < plain.evaluate(game.position()) - 10);
    }

    /// Each variant's positions along a game, scored twice over by one evaluator (the second
    /// time from what it remembers) and each by a new one, in full and lazily.
    #[test]
    fn a_remembered_score_is_the_score_computed_afresh() {
        for name in crate::variants::NAMES {
            let seed = "0".repeat(64);
            let options: &[(&str, &str)] = if name == "immortal" {
                &[("seed", &seed)]
            } else {
                &[]
            };
            let mut game = Game::new(name, options, None).expect(name);
            let start = *game.position();
            let mut positions = vec![start];
            for ply in 0..60 {
                let actions = game.legal_actions();
                let Some(action) = actions.get(ply * 7 % actions.len().max(1)) else {
                    break;
                };
                game.play_action(action).expect("a legal action");
                positions.push(*game.position());
            }
            let variant = game.variant();
            let fresh =
                || Evaluator::new(variant.armory(), variant.eval_terms()).with_start(&start);
            let shared = fresh();
            for round in 0..2 {
                for (ply, position) in positions.iter().enumerate() {
                    let said = format!("{name}, ply {ply}, round {round}");
                    assert_eq!(
                        shared.evaluate(position),
                        fresh().evaluate(position),
                        "{said}"
                    );
                    for (alpha, beta) in [(-10, 10), (-2000, -1000), (1000, 2000)] {
                        assert_eq!(
                            shared.evaluate_within(position, alpha, beta),
                            fresh().evaluate_within(position, alpha, beta),
                            "{said}, window {alpha}..{beta}"
                        );
                    }
                }
            }
        }
    }
}
