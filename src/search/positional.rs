//! The positional terms every variant shares: pawn structure, the king's safety, and the
//! pieces' mobility, each with a middlegame and an endgame weight blended by how much
//! material is left (a tapered evaluation). They are built from the variant's own pieces and
//! board, as the material values are: a "pawn" is any type the variant marks as a pawn
//! (moving up the board for White), a "king" the royal type, and mobility is what a piece's
//! own move rules reach on the board as it stands.
//!
//! Also the bishop pair (two colour-bound pieces of a type on both colours), file movers
//! (rooks, queens) on open and half-open files, threats (a piece attacked by a lesser one, or
//! attacked and undefended), safe checks to come, and the kings' distances from the passed
//! pawns' next squares. The weights, in centipawns, are the variant's
//! [`EvalWeights`]: set by hand from the usual sizes of these terms in chess programs
//! (`EvalWeights::HAND`), or fitted to game results by `schachwerk tune` (chess's).

use crate::geometry::{Bitboard, Shape, Square};
use crate::movement::{Armory, Color, Piece, Role, MAX_ROLES};
use crate::position::Position;
use crate::rules::EvalWeights;
use crate::search::eval::colour_bound;
use std::cell::RefCell;

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

/// Pawn structures remembered: the pawns change in few of the search's moves, so most
/// positions find their structure's score here (a direct-mapped table, a power of two).
const PAWN_CACHE: usize = 4096;

/// A pawn structure's score and the squares each side's pawns attack.
#[derive(Clone, Copy, Default)]
struct PawnEntry {
    pawns: [Bitboard; 2],
    structure: Tapered,
    attacks: [Bitboard; 2],
    /// Each side's passed pawns.
    passed: [Bitboard; 2],
}

/// What one side's pieces attack, for the threats between them.
#[derive(Clone, Copy, Default)]
struct Attacks {
    /// Everything the side attacks: pawns, king and the others.
    all: Bitboard,
    /// By type: the squares its pieces attack (types neither pawns nor royal).
    by_role: [Bitboard; MAX_ROLES],
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
            },
        }
    }

    /// The terms for White less those for Black, in `position`.
    pub fn white_minus_black(&self, position: &Position, armory: &Armory) -> Tapered {
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
            let guarded = entry.attacks[(!color).index()];
            let (pieces, reach) = self.pieces(position, armory, color, guarded);
            side.add(pieces, 1);
            side.add(self.pair_and_files(position, color, both), 1);
            side.add(self.passed_kings(position, color, entry.passed), 1);
            attacks[color.index()] = reach;
            attacks[color.index()].all |= entry.attacks[color.index()];
            score.add(side, color_sign(color));
        }
        for color in Color::ALL {
            let threats = self.threats(position, armory, color, &attacks);
            score.add(threats, color_sign(color));
        }
        score
    }

    /// The kings' distances from `color`'s passed pawns' next squares (`passed`: White's,
    /// Black's), in the endgame: its own near and the enemy's far, the more the further the
    /// pawn has come.
    fn passed_kings(&self, position: &Position, color: Color, passed: [Bitboard; 2]) -> Tapered {
        let weights = &self.weights;
        let own = passed[color.index()];
        if own.is_empty() || (weights.passed_king_own == 0 && weights.passed_king_enemy == 0) {
            return Tapered::default();
        }
        let Some(royal) = self.royal else {
            return Tapered::default();
        };
        let board = position.board();
        let kings = [color, !color].map(|side| board.pieces(side, royal).first());
        let distance = |king: Option<Square>, to: Square| {
            king.map_or(0, |k| {
                i32::from(
                    k.file()
                        .abs_diff(to.file())
                        .max(k.rank().abs_diff(to.rank())),
                )
            })
        };
        let mut eg = 0;
        for sq in own {
            let (progress, full) = self.progress(color, sq);
            let step = match color {
                Color::White => 1,
                Color::Black => -1,
            };
            let Some(next) = sq.offset(0, step) else {
                continue;
            };
            let weighed = weights.passed_king_own * distance(kings[0], next)
                + weights.passed_king_enemy * distance(kings[1], next);
            eg += weighed * progress * progress / (full * full);
        }
        Tapered::new(0, eg)
    }

    /// How far a pawn of `color` on `sq` has come (ranks from its first), and the most it
    /// comes to before its last rank (at least 1).
    fn progress(&self, color: Color, sq: Square) -> (i32, i32) {
        let last = i32::from(self.shape.ranks) - 1;
        let progress = match color {
            Color::White => i32::from(sq.rank()),
            Color::Black => last - i32::from(sq.rank()),
        };
        (progress, (last - 1).max(1))
    }

    /// `color`'s threats against the enemy's pieces (neither pawns nor the king), given both
    /// sides' `attacks`: those attacked by a piece of a lower class, and those attacked and
    /// not defended.
    fn threats(
        &self,
        position: &Position,
        armory: &Armory,
        color: Color,
        attacks: &[Attacks; 2],
    ) -> Tapered {
        let weights = &self.weights;
        let mut score = Tapered::default();
        let board = position.board();
        let ours = &attacks[color.index()];
        let defended = attacks[(!color).index()].all;
        let king = self
            .royal
            .and_then(|royal| board.pieces(!color, royal).first());
        if let Some(king) = king.filter(|_| weights.safe_check != 0) {
            // Where a piece of each type checks from: where one of the king's colour reaches
            // from the king's square (the same for pieces that move alike both ways).
            let occupied = board.occupied();
            let open = !defended & !board.side(color);
            for &(role, ..) in &self.officers {
                let reach = ours.by_role[role.index() % MAX_ROLES];
                if reach.is_empty() {
                    continue;
                }
                let checks = armory.attacks(
                    Piece {
                        color: !color,
                        role,
                    },
                    king,
                    occupied,
                );
                score.mg += weights.safe_check * (checks & reach & open).count() as i32;
            }
        }
        if weights.threat_lesser == Tapered::default() && weights.hanging == Tapered::default() {
            return score;
        }
        for &(role, _, _, class) in &self.officers {
            let targets = board.pieces(!color, role);
            if targets.is_empty() {
                continue;
            }
            let lesser = self
                .officers
                .iter()
                .filter(|&&(.., other)| other < class)
                .fold(Bitboard::EMPTY, |all, &(other, ..)| {
                    all | ours.by_role[other.index() % MAX_ROLES]
                });
            score.add(weights.threat_lesser, (targets & lesser).count() as i32);
            score.add(
                weights.hanging,
                (targets & ours.all & !defended).count() as i32,
            );
        }
        score
    }

    /// `color`'s colour-bound pieces of a type on both colours (the bishop pair), and its
    /// file movers on files without pawns, or without its own (`pawns`: White's, Black's).
    fn pair_and_files(&self, position: &Position, color: Color, pawns: [Bitboard; 2]) -> Tapered {
        let board = position.board();
        let weights = &self.weights;
        let mut score = Tapered::default();
        for &role in &self.colour_bound {
            let pieces = board.pieces(color, role);
            if (pieces & self.dark).any() && (pieces & !self.dark).any() {
                score.add(Tapered::new(weights.colour_pair, weights.colour_pair), 1);
            }
        }
        if weights.open_file == 0 && weights.half_open_file == 0 {
            return score;
        }
        let own = pawns[color.index()];
        let all = own | pawns[(!color).index()];
        for &role in &self.file_movers {
            for sq in board.pieces(color, role) {
                let file = self.files[usize::from(sq.file())];
                if (file & all).is_empty() {
                    score.mg += weights.open_file;
                } else if (file & own).is_empty() {
                    score.mg += weights.half_open_file;
                }
            }
        }
        score
    }

    /// The pawn structure `pawns` (White's, Black's): from the cache, or computed and kept.
    fn pawn_entry(&self, pawns: [Bitboard; 2]) -> PawnEntry {
        let [white, black] = pawns.map(Bitboard::to_u128);
        let mixed = (white ^ black.rotate_left(64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_mul(0xff51_afd7_ed55_8ccd);
        let slot = ((mixed >> 64) as usize ^ mixed as usize) % PAWN_CACHE;
        let mut cache = self.pawn_cache.borrow_mut();
        if cache[slot].pawns == pawns {
            return cache[slot];
        }
        let (mut structure, white_passed) = self.pawn_structure(Color::White, pawns);
        let (black, black_passed) = self.pawn_structure(Color::Black, pawns);
        structure.add(black, -1);
        let attacks = [Color::White, Color::Black].map(|color| {
            pawns[color.index()]
                .squares()
                .fold(Bitboard::EMPTY, |all, sq| {
                    all | self.pawn_attacks[color.index()][sq.index() % SQUARES]
                })
        });
        let entry = PawnEntry {
            pawns,
            structure,
            attacks,
            passed: [white_passed, black_passed],
        };
        cache[slot] = entry;
        entry
    }

    /// Doubled, isolated and passed pawns of `color`: their score, and the passed pawns.
    fn pawn_structure(&self, color: Color, pawns: [Bitboard; 2]) -> (Tapered, Bitboard) {
        let own = pawns[color.index()];
        let enemy = pawns[(!color).index()];
        let mut score = Tapered::default();
        if own.is_empty() {
            return (score, Bitboard::EMPTY);
        }
        for (file, &squares) in self.files.iter().enumerate() {
            let here = (own & squares).count() as i32;
            if here == 0 {
                continue;
            }
            score.add(self.weights.doubled, here - 1);
            let left = file.checked_sub(1).and_then(|f| self.files.get(f));
            let right = self.files.get(file + 1);
            let neighbours = left.copied().unwrap_or_default() | right.copied().unwrap_or_default();
            if (own & neighbours).is_empty() {
                score.add(self.weights.isolated, here);
            }
        }
        let mut passed = Bitboard::EMPTY;
        for sq in own {
            if (self.front_span[color.index()][sq.index() % SQUARES] & enemy).any() {
                continue;
            }
            passed = passed.with(sq);
            // By the square of the progress, full on the last rank but one.
            let (progress, full) = self.progress(color, sq);
            let scale = |bonus: i32| bonus * progress * progress / (full * full);
            let passed = self.weights.passed;
            score.add(Tapered::new(scale(passed.mg), scale(passed.eg)), 1);
        }
        (score, passed)
    }

    /// `color`'s king: its pawn shelter and how far it has left home (middlegame), its
    /// centralisation (endgame).
    fn king(&self, position: &Position, color: Color, own_pawns: Bitboard) -> Tapered {
        let Some(royal) = self.royal else {
            return Tapered::default();
        };
        let Some(king) = position.board().pieces(color, royal).first() else {
            return Tapered::default();
        };
        let home = match color {
            Color::White => 0,
            Color::Black => self.shape.ranks - 1,
        };
        let shelter = self.shelters[color.index()][king.index() % SQUARES];
        let shield = (own_pawns & shelter).count().min(3) as i32;
        let advanced = i32::from(king.rank().abs_diff(home).min(3));
        let from_edge = i32::from(king.file().min(self.shape.files - 1 - king.file()));
        Tapered::new(
            self.weights.shield * shield
                + self.weights.king_advanced * advanced
                + self.weights.king_file * from_edge,
            self.king_centre[king.index() % SQUARES],
        )
    }

    /// `color`'s pieces: their mobility (squares they reach not held by their side nor
    /// attacked by an enemy pawn, above their average on the empty board), and their attacks
    /// on the enemy king's zone, worth more the more pieces join in.
    fn pieces(
        &self,
        position: &Position,
        armory: &Armory,
        color: Color,
        pawn_guarded: Bitboard,
    ) -> (Tapered, Attacks) {
        let board = position.board();
        let occupied = board.occupied();
        let own = board.side(color);
        let zone = self
            .royal
            .and_then(|royal| board.pieces(!color, royal).first())
            .map_or(Bitboard::EMPTY, |king| self.zones[king.index() % SQUARES]);
        // The king's reach (its zone holds its own square too, where no enemy piece stands).
        let mut attacks = Attacks {
            all: self
                .royal
                .and_then(|royal| board.pieces(color, royal).first())
                .map_or(Bitboard::EMPTY, |king| self.zones[king.index() % SQUARES]),
            ..Attacks::default()
        };
        let mut score = Tapered::default();
        let (mut attackers, mut zone_hits) = (0usize, 0i32);
        for &(role, weight, mean, _) in &self.officers {
            let piece = Piece { color, role };
            // Standing where an enemy pawn attacks it.
            let threatened = (board.pieces(color, role) & pawn_guarded).count() as i32;
            score.add(self.weights.pawn_threat, -threatened);
            for sq in board.pieces(color, role) {
                let reach = armory.attacks(piece, sq, occupied);
                attacks.by_role[role.index() % MAX_ROLES] |= reach;
                attacks.all |= reach;
                let free = (reach & !own & !pawn_guarded).count() as i32;
                score.add(weight, free - mean);
                let hits = (reach & zone).count() as i32;
                if hits > 0 {
                    attackers += 1;
                    zone_hits += hits;
                }
            }
        }
        let zone_attack = self.weights.zone_attack;
        score.mg += zone_attack[attackers.min(zone_attack.len() - 1)] * zone_hits;
        (score, attacks)
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

#[cfg(test)]
mod tests {
    use super::{Positional, Tapered};
    use crate::game::Game;
    use crate::rules::EvalWeights;

    /// The shared terms of a chess position, White's less Black's, by `weights`.
    fn weighed(fen: &str, weights: &EvalWeights) -> Tapered {
        let game = Game::new("chess", &[], Some(fen)).expect("a legal position");
        let armory = game.variant().armory();
        let values = crate::search::Values::new(armory);
        Positional::new(armory, weights, |role| values.of(role))
            .white_minus_black(game.position(), armory)
    }

    /// The same by the hand-set weights.
    fn terms(fen: &str) -> Tapered {
        weighed(fen, &EvalWeights::HAND)
    }

    #[test]
    fn the_bishop_pair_and_rooks_on_open_files_count_their_weights() {
        let weights = EvalWeights {
            colour_pair: 40,
            open_file: 20,
            half_open_file: 10,
            ..EvalWeights::HAND
        };
        let minus = |a: Tapered, b: Tapered| (a.mg - b.mg, a.eg - b.eg);
        // Bishops on both colours against two on one colour (a promoted one): the pair, in
        // the middlegame and the endgame alike.
        let pair = weighed("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", &weights);
        let same = weighed("4k3/8/8/8/8/8/8/1B2KB2 w - - 0 1", &weights);
        let without = weighed("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", &EvalWeights::HAND);
        let without_same = weighed("4k3/8/8/8/8/8/8/1B2KB2 w - - 0 1", &EvalWeights::HAND);
        let (gained, gained_before) = (minus(pair, same), minus(without, without_same));
        assert_eq!(
            (gained.0 - gained_before.0, gained.1 - gained_before.1),
            (40, 40)
        );
        // A rook on an open file, on a file with only an enemy pawn, behind its own pawn.
        let rook = |fen: &str| minus(weighed(fen, &weights), weighed(fen, &EvalWeights::HAND));
        assert_eq!(rook("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), (20, 0));
        assert_eq!(rook("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1"), (10, 0));
        assert_eq!(rook("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1"), (0, 0));
        // A queen moves along its file too; a knight does not, and a lone bishop has no pair.
        assert_eq!(rook("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"), (20, 0));
        assert_eq!(rook("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"), (0, 0));
        assert_eq!(rook("4k3/8/8/8/8/8/8/B3K3 w - - 0 1"), (0, 0));
    }

    #[test]
    fn a_piece_an_enemy_pawn_attacks_costs_the_threats_weight() {
        let weights = EvalWeights {
            pawn_threat_mg: 30,
            pawn_threat_eg: 20,
            ..EvalWeights::HAND
        };
        let threat = |fen: &str| {
            let (with, without) = (weighed(fen, &weights), weighed(fen, &EvalWeights::HAND));
            (with.mg - without.mg, with.eg - without.eg)
        };
        // White's knight on d5 attacked by the e6 pawn; then also Black's bishop on b4 by the
        // a3 pawn; a pawn attacked by a pawn, or the king, costs nothing.
        assert_eq!(threat("4k3/8/4p3/3N4/8/8/8/4K3 w - - 0 1"), (-30, -20));
        assert_eq!(threat("4k3/8/4p3/3N4/1b6/P7/8/4K3 w - - 0 1"), (0, 0));
        assert_eq!(threat("4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1"), (0, 0));
        assert_eq!(threat("8/8/4p3/3K4/8/8/8/4k3 w - - 0 1"), (0, 0));
    }

    #[test]
    fn pieces_attacked_by_lesser_pieces_or_left_undefended_count_for_the_attacker() {
        let weights = EvalWeights {
            threat_lesser_mg: 30,
            threat_lesser_eg: 20,
            hanging_mg: 7,
            hanging_eg: 5,
            ..EvalWeights::HAND
        };
        let threat = |fen: &str| {
            let (with, without) = (weighed(fen, &weights), weighed(fen, &EvalWeights::HAND));
            (with.mg - without.mg, with.eg - without.eg)
        };
        // Black's rook on d6 attacked by White's knight on e4, defended by the c7 pawn.
        assert_eq!(threat("4k3/2p5/3r4/8/4N3/8/8/4K3 w - - 0 1"), (30, 20));
        // Undefended too.
        assert_eq!(threat("4k3/8/3r4/8/4N3/8/8/4K3 w - - 0 1"), (37, 25));
        // Black's knight on a4 attacked by White's rook on a1: not a lesser piece, but hanging;
        // defended by the b5 pawn, nothing.
        assert_eq!(threat("4k3/8/8/8/n7/8/8/R3K3 w - - 0 1"), (7, 5));
        assert_eq!(threat("4k3/8/8/1p6/n7/8/8/R3K3 w - - 0 1"), (0, 0));
        // The same for Black, with the sign turned.
        assert_eq!(threat("4k3/8/8/4n3/8/3R4/2P5/4K3 b - - 0 1"), (-30, -20));
    }

    #[test]
    fn a_passed_pawns_next_square_wants_its_king_near_and_the_enemys_far() {
        let weights = EvalWeights {
            passed_king_own: -10,
            passed_king_enemy: 10,
            ..EvalWeights::HAND
        };
        let kings = |fen: &str| {
            let (with, without) = (weighed(fen, &weights), weighed(fen, &EvalWeights::HAND));
            (with.mg - without.mg, with.eg - without.eg)
        };
        // The d7 pawn's next square d8: White's king on e1 seven squares away, Black's on a8
        // three; a pawn on its last rank but one counts in full.
        assert_eq!(kings("k7/3P4/8/8/8/8/8/4K3 w - - 0 1"), (0, -40));
        // White's king on d6, two away.
        assert_eq!(kings("k7/3P4/3K4/8/8/8/8/8 w - - 0 1"), (0, 10));
        // On d4 (three ranks come of six), a quarter: d5 is four from e1, three from a8.
        assert_eq!(kings("k7/8/8/8/3P4/8/8/4K3 w - - 0 1"), (0, -2));
        // Black's pawn, the sign turned; a pawn held by an enemy pawn is not passed.
        assert_eq!(kings("4k3/8/8/8/8/8/3p4/K7 w - - 0 1"), (0, 40));
        assert_eq!(kings("k7/2p5/3P4/8/8/8/8/4K3 w - - 0 1"), (0, 0));
    }

    #[test]
    fn a_king_costs_its_files_from_the_edge_in_the_middlegame() {
        let weights = EvalWeights {
            king_file: -10,
            ..EvalWeights::HAND
        };
        let king = |fen: &str| {
            let (with, without) = (weighed(fen, &weights), weighed(fen, &EvalWeights::HAND));
            (with.mg - without.mg, with.eg - without.eg)
        };
        // White's king on e1 (three files from the h-file), g1, h1, then b1 (one from the
        // a-file) against Black's on a8; Black's on d8 costs it three.
        assert_eq!(king("k7/8/8/8/8/8/8/4K3 w - - 0 1"), (-30, 0));
        assert_eq!(king("k7/8/8/8/8/8/8/6K1 w - - 0 1"), (-10, 0));
        assert_eq!(king("k7/8/8/8/8/8/8/7K w - - 0 1"), (0, 0));
        assert_eq!(king("k7/8/8/8/8/8/8/1K6 w - - 0 1"), (-10, 0));
        assert_eq!(king("3k4/8/8/8/8/8/8/7K w - - 0 1"), (30, 0));
    }

    #[test]
    fn pawn_structure_king_shelter_and_mobility_count_as_they_should() {
        // A passed pawn against one held by an enemy pawn on the next file: worth more, and
        // more in the endgame.
        let passed = terms("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
        let held = terms("4k3/4p3/8/3P4/8/8/8/4K3 w - - 0 1");
        assert!(passed.eg > held.eg + 20, "{passed:?} {held:?}");
        // Doubled and isolated pawns cost.
        let doubled = terms("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1");
        let side_by_side = terms("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1");
        assert!(doubled.mg < side_by_side.mg, "{doubled:?} {side_by_side:?}");
        // A castled king behind its pawns is safer than one whose pawns have gone.
        let sheltered = terms("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1");
        let bare = terms("6k1/8/8/8/8/8/PPP5/6K1 w - - 0 1");
        assert!(sheltered.mg > bare.mg, "{sheltered:?} {bare:?}");
        // A centralised knight reaches more than one in the corner.
        let central = terms("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
        let cornered = terms("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
        assert!(central.mg > cornered.mg, "{central:?} {cornered:?}");
        // The same position seen from the other side is the same score with the sign turned.
        let white = terms("4k3/8/8/8/3N4/8/PP6/4K3 w - - 0 1");
        let black = terms("4k3/pp6/8/3n4/8/8/8/4K3 b - - 0 1");
        assert_eq!((white.mg, white.eg), (-black.mg, -black.eg));
    }
}
