//! The pieces' terms: mobility, the attack on the enemy king's zone, outposts, the king's
//! shelter, the bishop pair and bad bishops, file movers on open files, and threats.

use super::pawns::PawnEntry;
use super::{Attacks, Positional, Tapered, SQUARES};
use crate::geometry::{Bitboard, Square};
use crate::movement::{Armory, Color, LinesFrom, Piece, MAX_ROLES};
use crate::position::Position;

impl Positional {
    /// `color`'s king: its pawn shelter and how far it has left home (middlegame), its
    /// centralisation (endgame).
    pub(super) fn king(&self, position: &Position, color: Color, own_pawns: Bitboard) -> Tapered {
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
    /// attacked by an enemy pawn, above their average on the empty board), their attacks
    /// on the enemy king's zone, worth more the more pieces join in, and minor pieces on
    /// outposts (`pawns`: the pawn structure). What they and the king attack goes into
    /// `attacks`, which must come empty (each type's squares are added to it).
    pub(super) fn pieces(
        &self,
        position: &Position,
        armory: &Armory,
        color: Color,
        pawns: &PawnEntry,
        attacks: &mut Attacks,
    ) -> Tapered {
        let pawn_guarded = pawns.attacks[(!color).index()];
        let board = position.board();
        let occupied = board.occupied();
        let own = board.side(color);
        let zone = self
            .royal
            .and_then(|royal| board.pieces(!color, royal).first())
            .map_or(Bitboard::EMPTY, |king| self.zones[king.index() % SQUARES]);
        // The king's reach (its zone holds its own square too, where no enemy piece stands).
        attacks.all = self
            .royal
            .and_then(|royal| board.pieces(color, royal).first())
            .map_or(Bitboard::EMPTY, |king| self.zones[king.index() % SQUARES]);
        let mut score = Tapered::default();
        let (mut attackers, mut zone_hits) = (0usize, 0i32);
        for &(role, weight, mean, class) in &self.officers {
            let piece = Piece { color, role };
            // Standing where an enemy pawn attacks it.
            let threatened = (board.pieces(color, role) & pawn_guarded).count() as i32;
            score.add(self.weights.pawn_threat, -threatened);
            for sq in board.pieces(color, role) {
                if class == 0 && self.outpost(color, sq, pawns) {
                    score.add(self.weights.outpost, 1);
                }
                let reach = armory.attacks(piece, sq, occupied);
                let open_weight = self.open_weights[role.index() % MAX_ROLES];
                if open_weight != 0 {
                    attacks.open += open_weight * (reach & !own).count() as i32;
                }
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
        score
    }

    /// Whether `sq` is an outpost for a minor piece of `color`: from the rank before the
    /// enemy's half to the enemy's third rank, defended by a pawn, and out of every enemy
    /// pawn's reach. Out of line: the wasm compiles `pieces` for speed
    /// (tools/dist/hot-functions.txt) and this for size, where the page has little room.
    #[inline(never)]
    fn outpost(&self, color: Color, sq: Square, pawns: &PawnEntry) -> bool {
        if self.weights.outpost == Tapered::default() {
            return false;
        }
        let (progress, full) = self.progress(color, sq);
        let half = i32::from(self.shape.ranks) / 2 - 1;
        progress >= half
            && progress < full
            && pawns.attacks[color.index()].contains(sq)
            && (self.front_span[color.index()][sq.index() % SQUARES]
                & self.beside_files(usize::from(sq.file()))
                & pawns.pawns[(!color).index()])
            .is_empty()
    }
    /// `color`'s colour-bound pieces of a type on both colours (the bishop pair), and its
    /// file movers on files without pawns, or without its own (`pawns`: White's, Black's).
    pub(super) fn pair_and_files(
        &self,
        position: &Position,
        color: Color,
        pawns: [Bitboard; 2],
    ) -> Tapered {
        let board = position.board();
        let weights = &self.weights;
        let mut score = Tapered::default();
        let own = pawns[color.index()];
        for &role in &self.colour_bound {
            let pieces = board.pieces(color, role);
            if (pieces & self.dark).any() && (pieces & !self.dark).any() {
                score.add(Tapered::new(weights.colour_pair, weights.colour_pair), 1);
            }
            for sq in pieces {
                let light = self.shape.playable & !self.dark;
                let colour = if self.dark.contains(sq) {
                    self.dark
                } else {
                    light
                };
                score.add(weights.bad_bishop, (own & colour).count() as i32);
            }
        }
        if weights.open_file == 0 && weights.half_open_file == 0 {
            return score;
        }
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

    /// `color`'s threats against the enemy's pieces (neither pawns nor the king), given both
    /// sides' `attacks`: those attacked by a piece of a lower class, and those attacked and
    /// not defended.
    pub(super) fn threats(
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
            // A queen's lines are the rook's and the bishop's: each computed once.
            let mut lines = LinesFrom::default();
            for &(role, ..) in &self.officers {
                let reach = ours.by_role[role.index() % MAX_ROLES];
                if reach.is_empty() {
                    continue;
                }
                let piece = Piece {
                    color: !color,
                    role,
                };
                let checks = armory.attacks_sharing_lines(piece, king, occupied, &mut lines);
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
}
