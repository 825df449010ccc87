//! The pawn structure's terms, kept in a cache by the pawns' squares: doubled, isolated,
//! passed, connected and backward pawns, and what the passed pawns are worth beside the kings
//! and the squares ahead of them.

use super::{Positional, Tapered, SQUARES};
use crate::geometry::{Bitboard, Square};
use crate::movement::Color;
use crate::position::Position;

/// Pawn structures remembered: the pawns change in few of the search's moves, so most
/// positions find their structure's score here (a direct-mapped table, a power of two).
pub(super) const PAWN_CACHE: usize = 4096;

/// A pawn structure's score and the squares each side's pawns attack.
#[derive(Clone, Copy, Default)]
pub(super) struct PawnEntry {
    pub(super) pawns: [Bitboard; 2],
    pub(super) structure: Tapered,
    pub(super) attacks: [Bitboard; 2],
    /// Each side's passed pawns.
    pub(super) passed: [Bitboard; 2],
}

impl Positional {
    /// The pawn structure `pawns` (White's, Black's): from the cache, or computed and kept.
    pub(super) fn pawn_entry(&self, pawns: [Bitboard; 2]) -> PawnEntry {
        let [white, black] = pawns.map(Bitboard::to_u128);
        let mixed = (white ^ black.rotate_left(64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_mul(0xff51_afd7_ed55_8ccd);
        let slot = ((mixed >> 64) as usize ^ mixed as usize) % PAWN_CACHE;
        let mut cache = self.pawn_cache.borrow_mut();
        if cache[slot].pawns == pawns {
            return cache[slot];
        }
        let attacks = [Color::White, Color::Black].map(|color| {
            pawns[color.index()]
                .squares()
                .fold(Bitboard::EMPTY, |all, sq| {
                    all | self.pawn_attacks[color.index()][sq.index() % SQUARES]
                })
        });
        let (mut structure, white_passed) = self.pawn_structure(Color::White, pawns, attacks);
        let (black, black_passed) = self.pawn_structure(Color::Black, pawns, attacks);
        structure.add(black, -1);
        let entry = PawnEntry {
            pawns,
            structure,
            attacks,
            passed: [white_passed, black_passed],
        };
        cache[slot] = entry;
        entry
    }

    /// Doubled, isolated, passed, connected and backward pawns of `color` (`attacks`: the
    /// squares White's and Black's pawns attack): their score, and the passed pawns.
    fn pawn_structure(
        &self,
        color: Color,
        pawns: [Bitboard; 2],
        attacks: [Bitboard; 2],
    ) -> (Tapered, Bitboard) {
        let own = pawns[color.index()];
        let enemy = pawns[(!color).index()];
        let mut score = Tapered::default();
        if own.is_empty() {
            return (score, Bitboard::EMPTY);
        }
        score.add(self.connected_and_backward(color, own, attacks), 1);
        // One bit for each file that holds a pawn of `color`: the doubled and isolated pawns
        // counted by bits, where asking each file's squares was a fifth of this function.
        let files = own
            .into_iter()
            .fold(0u32, |files, sq| files | 1 << sq.file());
        let doubled = own.count() as i32 - files.count_ones() as i32;
        score.add(self.weights.doubled, doubled);
        let mut passed = Bitboard::EMPTY;
        for sq in own {
            let file = 1u32 << sq.file();
            if files & (file >> 1 | file << 1) == 0 {
                score.add(self.weights.isolated, 1);
            }
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

    /// `color`'s connected pawns (defended by a pawn or with one beside them), by the square
    /// of their progress, and its backward pawns (none beside them level or behind, their
    /// next square attacked by an enemy pawn).
    fn connected_and_backward(
        &self,
        color: Color,
        own: Bitboard,
        attacks: [Bitboard; 2],
    ) -> Tapered {
        let weights = &self.weights;
        let mut score = Tapered::default();
        if weights.connected == Tapered::default() && weights.backward == Tapered::default() {
            return score;
        }
        let step = match color {
            Color::White => 1,
            Color::Black => -1,
        };
        for sq in own {
            let beside = |dx: i8| sq.offset(dx, 0).is_some_and(|s| own.contains(s));
            if beside(-1) || beside(1) || attacks[color.index()].contains(sq) {
                let (progress, full) = self.progress(color, sq);
                let scale = |bonus: i32| bonus * progress * progress / (full * full);
                let connected = weights.connected;
                score.add(Tapered::new(scale(connected.mg), scale(connected.eg)), 1);
            }
            // A pawn beside it on its rank or behind.
            let front = self.front_span[color.index()][sq.index() % SQUARES];
            let supportable = (self.beside_files(usize::from(sq.file())) & !front & own).any();
            let stop_attacked = sq
                .offset(0, step)
                .is_some_and(|next| attacks[(!color).index()].contains(next));
            if !supportable && stop_attacked {
                score.add(weights.backward, 1);
            }
        }
        score
    }

    /// `color`'s passed pawns in the endgame (`passed`: White's, Black's): the kings'
    /// distances from their next squares, its own near and the enemy's far, and the next
    /// square empty and not among the enemy's `enemy_attacks`; each the more the further the
    /// pawn has come.
    pub(super) fn passed_pawns(
        &self,
        position: &Position,
        color: Color,
        passed: [Bitboard; 2],
        enemy_attacks: Bitboard,
    ) -> i32 {
        let weights = &self.weights;
        let own = passed[color.index()];
        let unweighed = weights.passed_king_own == 0
            && weights.passed_king_enemy == 0
            && weights.passed_free == 0;
        if own.is_empty() || unweighed {
            return 0;
        }
        let board = position.board();
        let kings = [color, !color].map(|side| {
            self.royal
                .and_then(|royal| board.pieces(side, royal).first())
        });
        let distance = |king: Option<Square>, to: Square| {
            king.map_or(0, |k| {
                i32::from(
                    k.file()
                        .abs_diff(to.file())
                        .max(k.rank().abs_diff(to.rank())),
                )
            })
        };
        let step = match color {
            Color::White => 1,
            Color::Black => -1,
        };
        let blocked = board.occupied() | enemy_attacks;
        let mut eg = 0;
        for sq in own {
            let Some(next) = sq.offset(0, step) else {
                continue;
            };
            let (progress, full) = self.progress(color, sq);
            let scale = |bonus: i32| bonus * progress * progress / (full * full);
            eg += scale(
                weights.passed_king_own * distance(kings[0], next)
                    + weights.passed_king_enemy * distance(kings[1], next),
            );
            if self.shape.playable.contains(next) && !blocked.contains(next) {
                eg += scale(weights.passed_free);
            }
        }
        eg
    }
}
