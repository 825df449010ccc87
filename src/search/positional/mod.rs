//! The positional terms every variant shares: pawn structure, the king's safety, and the
//! pieces' mobility, each with a middlegame and an endgame weight blended by how much
//! material is left (a tapered evaluation). They are built from the variant's own pieces and
//! board, as the material values are: a "pawn" is any type the variant marks as a pawn
//! (moving up the board for White), a "king" the royal type, and mobility is what a piece's
//! own move rules reach on the board as it stands.
//!
//! Also the bishop pair (two colour-bound pieces of a type on both colours) and the pawns on
//! a bishop's colour, file movers (rooks, queens) on open and half-open files, minor pieces
//! on outposts, threats (a piece attacked by a lesser one, or attacked and undefended), safe
//! checks to come, the kings' distances from the passed pawns' next squares, and a lone
//! king driven to the edge (`cornering`). The
//! weights, in centipawns, are the variant's [`EvalWeights`]: set by hand from the usual
//! sizes of these terms in chess programs (`EvalWeights::HAND`), or fitted by `schachwerk
//! tune` (chess's). A term whose weight is 0 changes no score.
//!
//! The pawn structure's terms are in `pawns` (cached by the pawns' squares), the pieces' and
//! the king's in `pieces`.

use crate::geometry::{Bitboard, Shape, Square};
use crate::movement::{Armory, Color, Piece, Role, MAX_ROLES};
use crate::position::Position;
use crate::rules::EvalWeights;
use crate::search::eval::colour_bound;
use pawns::{PawnEntry, PAWN_CACHE};
use std::cell::RefCell;

mod cornering;
mod pawns;
mod pieces;
#[cfg(test)]
mod tests;

/// A middlegame and an endgame score.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Tapered {
    pub mg: i32,
    pub eg: i32,
}

impl Tapered {
    const fn new(mg: i32, eg: i32) -> Tapered {
        Tapered { mg, eg }
    }

    fn add(&mut self, other: Tapered, times: i32) {
        self.mg += other.mg * times;
        self.eg += other.eg * times;
    }
}

/// Piece values that make a type minor (at most) or major (at most) for its mobility weight.
const MINOR: i32 = 500;
const MAJOR: i32 = 800;

/// What one side's pieces attack, for the threats between them.
#[derive(Clone, Copy, Default)]
struct Attacks {
    /// Everything the side attacks: pawns, king and the others.
    all: Bitboard,
    /// By type: the squares its pieces attack (types neither pawns nor royal).
    by_role: [Bitboard; MAX_ROLES],
    /// Its pieces' open squares (those they attack that its own pieces do not hold), by the
    /// variant's weights for them (see [`Positional::count_open_squares`]).
    open: i32,
}

/// What the terms need of a variant, computed once.
pub struct Positional {
    /// Pawn structures met (see [`PAWN_CACHE`]). An empty entry is right as it is: it stands
    /// for no pawns, whose structure counts nothing and attacks nothing.
    pawn_cache: RefCell<Vec<PawnEntry>>,
    pawns: Vec<Role>,
    royal: Option<Role>,
    /// The other types, with their mobility weights, average reach on the empty board and
    /// class (0 minor, 1 rook-like, 2 queen-like; by value, see [`MINOR`] and [`MAJOR`]).
    officers: Vec<(Role, Tapered, i32, usize)>,
    /// By type: the weight of an open square of a piece of it, where the variant counts them
    /// (see [`Positional::count_open_squares`]).
    open_weights: [i32; MAX_ROLES],
    /// By file: the file's squares.
    files: Vec<Bitboard>,
    /// By colour and square index: the squares ahead of it on its file and those beside it.
    front_span: [Vec<Bitboard>; 2],
    /// By square index: the king's zone there (its square and those it reaches).
    zones: Vec<Bitboard>,
    /// By colour and square index: where a king there has its pawn shelter (its file and
    /// those beside it, one and two ranks in front).
    shelters: [Vec<Bitboard>; 2],
    /// By colour and square index: the squares the side's pawns there attack (the union over
    /// its pawn types, on the empty board: pawns capture by steps, which nothing blocks).
    pawn_attacks: [Vec<Bitboard>; 2],
    /// By square index: the king's reach there above its average, for the endgame.
    king_centre: Vec<i32>,
    /// The colour-bound types (bishops), for the pair on both colours.
    colour_bound: Vec<Role>,
    /// The types that move along their whole file (rooks, queens), for open files.
    file_movers: Vec<Role>,
    /// The squares of one colour (a1's).
    dark: Bitboard,
    shape: Shape,
    weights: Weights,
}

/// The weights as the terms use them (from [`EvalWeights`]).
#[derive(Clone, Copy)]
struct Weights {
    doubled: Tapered,
    isolated: Tapered,
    passed: Tapered,
    shield: i32,
    king_advanced: i32,
    king_file: i32,
    zone_attack: [i32; 5],
    colour_pair: i32,
    pawn_threat: Tapered,
    open_file: i32,
    half_open_file: i32,
    threat_lesser: Tapered,
    hanging: Tapered,
    passed_king_own: i32,
    passed_king_enemy: i32,
    safe_check: i32,
    connected: Tapered,
    backward: Tapered,
    outpost: Tapered,
    passed_free: i32,
    bad_bishop: Tapered,
    cornering: i32,
}

/// The square index table's size.
const SQUARES: usize = 128;

impl Positional {
    /// The terms for `armory`'s pieces; `value` gives each type's material value.
    pub fn new(armory: &Armory, weights: &EvalWeights, value: impl Fn(Role) -> i32) -> Positional {
        let shape = *armory.shape();
        let mobility = [
            Tapered::new(weights.mobility_minor_mg, weights.mobility_minor_eg),
            Tapered::new(weights.mobility_major_mg, weights.mobility_major_eg),
            Tapered::new(weights.mobility_queen_mg, weights.mobility_queen_eg),
        ];
        let defs = armory.defs();
        let role = |index: usize| Role(index as u8);
        let pawns: Vec<Role> = (0..defs.len())
            .filter(|&i| defs[i].pawn)
            .map(role)
            .collect();
        let royal = (0..defs.len()).find(|&i| defs[i].royal).map(role);
        let officers = (0..defs.len())
            .filter(|&i| !defs[i].pawn && !defs[i].royal)
            .map(|i| {
                let worth = value(role(i));
                let class = usize::from(worth > MINOR) + usize::from(worth > MAJOR);
                (
                    role(i),
                    mobility[class],
                    mean_attacks(armory, role(i)),
                    class,
                )
            })
            .collect();
        let files: Vec<Bitboard> = (0..shape.files)
            .map(|file| {
                (0..shape.ranks)
                    .filter_map(|rank| Square::new(file, rank))
                    .collect()
            })
            .collect();
        let mut front_span = [
            vec![Bitboard::EMPTY; SQUARES],
            vec![Bitboard::EMPTY; SQUARES],
        ];
        let mut zones = vec![Bitboard::EMPTY; SQUARES];
        let mut shelters = [
            vec![Bitboard::EMPTY; SQUARES],
            vec![Bitboard::EMPTY; SQUARES],
        ];
        let mut pawn_attacks = [
            vec![Bitboard::EMPTY; SQUARES],
            vec![Bitboard::EMPTY; SQUARES],
        ];
        let mut king_centre = vec![0; SQUARES];
        let king_mean = royal.map_or(0, |r| mean_attacks(armory, r));
        for sq in shape.playable.squares() {
            let beside = |file: u8| file.abs_diff(sq.file()) <= 1;
            for color in Color::ALL {
                let ahead = |rank: u8| match color {
                    Color::White => rank > sq.rank(),
                    Color::Black => rank < sq.rank(),
                };
                front_span[color.index()][sq.index() % SQUARES] = shape
                    .playable
                    .squares()
                    .filter(|s| beside(s.file()) && ahead(s.rank()))
                    .collect();
                let forward = match color {
                    Color::White => 1i8,
                    Color::Black => -1,
                };
                shelters[color.index()][sq.index() % SQUARES] = [-1i8, 0, 1]
                    .iter()
                    .flat_map(|&dx| [1i8, 2].map(|dy| sq.offset(dx, dy * forward)))
                    .flatten()
                    .collect();
                pawn_attacks[color.index()][sq.index() % SQUARES] =
                    pawns.iter().fold(Bitboard::EMPTY, |all, &role| {
                        all | armory.attacks(Piece { color, role }, sq, Bitboard::EMPTY)
                    }) & shape.playable;
            }
            if let Some(king) = royal {
                let piece = Piece {
                    color: Color::White,
                    role: king,
                };
                let reach = armory.attacks(piece, sq, Bitboard::EMPTY) & shape.playable;
                zones[sq.index() % SQUARES] = reach.with(sq);
                king_centre[sq.index() % SQUARES] =
                    weights.king_centre * (reach.count() as i32 - king_mean);
            }
        }
        // The types that attack their whole file from every square of the empty board.
        let file_movers: Vec<Role> = (0..defs.len())
            .map(role)
            .filter(|&r| {
                let piece = Piece {
                    color: Color::White,
                    role: r,
                };
                !defs[r.index()].pawn
                    && shape.playable.squares().all(|sq| {
                        let reach = armory.attacks(piece, sq, Bitboard::EMPTY).with(sq);
                        (files[usize::from(sq.file())] & !reach).is_empty()
                    })
            })
            .collect();
        Positional {
            pawn_cache: RefCell::new(vec![PawnEntry::default(); PAWN_CACHE]),
            pawns,
            royal,
            officers,
            open_weights: [0; MAX_ROLES],
            files,
            front_span,
            zones,
            shelters,
            pawn_attacks,
            king_centre,
            colour_bound: (0..defs.len())
                .map(role)
                .filter(|&r| !defs[r.index()].pawn && colour_bound(armory, r))
                .collect(),
            file_movers,
            dark: shape
                .playable
                .squares()
                .filter(|sq| (sq.file() + sq.rank()) % 2 == 0)
                .collect(),
            shape,
            weights: Weights {
                doubled: Tapered::new(weights.doubled_mg, weights.doubled_eg),
                isolated: Tapered::new(weights.isolated_mg, weights.isolated_eg),
                passed: Tapered::new(weights.passed_mg, weights.passed_eg),
                shield: weights.shield,
                king_advanced: weights.king_advanced,
                king_file: weights.king_file,
                zone_attack: [
                    0,
                    weights.zone_attack_1,
                    weights.zone_attack_2,
                    weights.zone_attack_3,
                    weights.zone_attack_4,
                ],
                colour_pair: weights.colour_pair,
                pawn_threat: Tapered::new(weights.pawn_threat_mg, weights.pawn_threat_eg),
                open_file: weights.open_file,
                half_open_file: weights.half_open_file,
                threat_lesser: Tapered::new(weights.threat_lesser_mg, weights.threat_lesser_eg),
                hanging: Tapered::new(weights.hanging_mg, weights.hanging_eg),
                passed_king_own: weights.passed_king_own,
                passed_king_enemy: weights.passed_king_enemy,
                safe_check: weights.safe_check,
                connected: Tapered::new(weights.connected_mg, weights.connected_eg),
                backward: Tapered::new(weights.backward_mg, weights.backward_eg),
                outpost: Tapered::new(weights.outpost_mg, weights.outpost_eg),
                passed_free: weights.passed_free,
                bad_bishop: Tapered::new(weights.bad_bishop_mg, weights.bad_bishop_eg),
                cornering: weights.cornering,
            },
        }
    }

    /// Counts the open squares of the types of `open_squares` that are officers (not pawns,
    /// not royal) with their attacks here, where they are followed anyway: following a
    /// Quintessence's zig-zag lines a second time was 7 % of Quintessential Chess's search.
    /// Returns the others, for the caller to count.
    pub fn count_open_squares(&mut self, open_squares: &[(Role, i32)]) -> Vec<(Role, i32)> {
        let mut others = Vec::new();
        for &(role, weight) in open_squares {
            if self.officers.iter().any(|&(officer, ..)| officer == role) {
                self.open_weights[role.index() % MAX_ROLES] += weight;
            } else {
                others.push((role, weight));
            }
        }
        others
    }

    /// The terms for White less those for Black, in `position`: those tapered, and those not
    /// (White's open squares less Black's, see [`Positional::count_open_squares`], and a lone
    /// king's cornering).
    pub fn terms(&self, position: &Position, armory: &Armory) -> (Tapered, i32) {
        let board = position.board();
        let pawns = |color: Color| {
            self.pawns.iter().fold(Bitboard::EMPTY, |all, &role| {
                all | board.pieces(color, role)
            })
        };
        let both = [pawns(Color::White), pawns(Color::Black)];
        let entry = self.pawn_entry(both);
        let mut score = entry.structure;
        let mut attacks = [Attacks::default(); 2];
        for color in Color::ALL {
            let mut side = self.king(position, color, both[color.index()]);
            // Filled in place: the attacks are 17 bit sets, and returned they were copied.
            let reach = &mut attacks[color.index()];
            side.add(self.pieces(position, armory, color, &entry, reach), 1);
            side.add(self.pair_and_files(position, color, both), 1);
            reach.all |= entry.attacks[color.index()];
            score.add(side, color_sign(color));
        }
        for color in Color::ALL {
            let mut threats = self.threats(position, armory, color, &attacks);
            let enemy_attacks = attacks[(!color).index()].all;
            threats.eg += self.passed_pawns(position, color, entry.passed, enemy_attacks);
            score.add(threats, color_sign(color));
        }
        let [white, black] = attacks.map(|side| side.open);
        (
            score,
            white - black + self.cornering(position, both[0] | both[1]),
        )
    }

    /// The squares of the files beside the `file`-th.
    pub(super) fn beside_files(&self, file: usize) -> Bitboard {
        let left = file.checked_sub(1).and_then(|f| self.files.get(f));
        let right = self.files.get(file + 1);
        left.copied().unwrap_or_default() | right.copied().unwrap_or_default()
    }

    /// How far a pawn of `color` on `sq` has come (ranks from its first), and the most it
    /// comes to before its last rank (at least 1).
    pub(super) fn progress(&self, color: Color, sq: Square) -> (i32, i32) {
        let last = i32::from(self.shape.ranks) - 1;
        let progress = match color {
            Color::White => i32::from(sq.rank()),
            Color::Black => last - i32::from(sq.rank()),
        };
        (progress, (last - 1).max(1))
    }
}

/// +1 for White's terms, -1 for Black's.
fn color_sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The average number of squares a White piece of `role` attacks on the empty board.
fn mean_attacks(armory: &Armory, role: Role) -> i32 {
    let playable = armory.shape().playable;
    let piece = Piece {
        color: Color::White,
        role,
    };
    let total: u32 = playable
        .squares()
        .map(|sq| (armory.attacks(piece, sq, Bitboard::EMPTY) & playable).count())
        .sum();
    (total as f64 / f64::from(playable.count().max(1))).round() as i32
}
