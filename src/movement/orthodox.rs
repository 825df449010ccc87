//! Attack questions for FIDE's six pieces alone, on any board shape (chess, Immortal Chess,
//! Nietzsche Chess's default sequence): which of them attack a square. The general answer
//! ([`super::Threats`]) sorts every piece for the question, whatever it moves like; after every
//! move the search asks whether the side to move is in check, and near the horizon what
//! attacks a square an exchange is played out on: 11 % of a chess search's instructions
//! between them. These tables look up the few squares FIDE's pieces attack from.
//!
//! The wasm has them too since the page's bundle was minified again (terser), which made room
//! in the page's byte budget: they cost it 1.4 KB gzipped and took its Kiwipete search from
//! 0.65 to 0.72 of native's speed (docs/PERFORMANCE.md).

use super::{Armory, Color, Role, MAX_ROLES};
use crate::geometry::{Bitboard, Square};

// The roles in the order of `pieces::fide()`, which an armory must have for these tables.
const PAWN: Role = Role(0);
const KNIGHT: Role = Role(1);
const BISHOP: Role = Role(2);
const ROOK: Role = Role(3);
const QUEEN: Role = Role(4);
const KING: Role = Role(5);

/// The eight directions as (files, ranks): four along lines, then four along diagonals.
const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

/// The index in [`DIRECTIONS`] of the step (dx, dy), at `(dy + 1) * 3 + dx + 1` (the centre,
/// no step, never asked).
const DIRECTION_OF: [usize; 9] = [5, 3, 7, 1, 0, 0, 6, 2, 4];

/// Per square, where FIDE's pieces stand to attack it on one board shape.
#[derive(Clone, Debug)]
pub struct OrthodoxAttacks {
    /// `leapers[by][square]`: where a pawn, a knight and a king of `by` attack the square from.
    leapers: Box<[[[Bitboard; 3]; 128]; 2]>,
    /// Where a rook's and a bishop's move would reach the square from on an empty board.
    lines: Box<[[Bitboard; 2]; 128]>,
    /// `rays[direction][square]`: the squares beyond `square` in `direction`, to the edge.
    rays: Box<[[Bitboard; 128]; 8]>,
}

impl OrthodoxAttacks {
    /// The tables for `armory`'s board, whose types are FIDE's in `pieces::fide()`'s order: the
    /// leaps copied from the armory's own tables (one table a role, where this asks three
    /// at once), the rays built for the board (a step that leaves it, or crosses a hole,
    /// ends one).
    pub fn new(armory: &Armory) -> OrthodoxAttacks {
        let shape = armory.shape();
        let mut rays = Box::new([[Bitboard::EMPTY; 128]; 8]);
        let mut lines = Box::new([[Bitboard::EMPTY; 2]; 128]);
        let mut leapers = Box::new([[[Bitboard::EMPTY; 3]; 128]; 2]);
        for sq in shape.playable {
            for (dir, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                let mut cur = sq;
                while let Some(next) = shape.step(cur, dx, dy) {
                    rays[dir][sq.index()] = rays[dir][sq.index()].with(next);
                    cur = next;
                }
                lines[sq.index()][dir / 4] |= rays[dir][sq.index()];
            }
            for by in Color::ALL {
                for (slot, role) in leapers[by.index()][sq.index()]
                    .iter_mut()
                    .zip([PAWN, KNIGHT, KING])
                {
                    *slot = armory.leaps_onto(by, role.index())[sq.index()];
                }
            }
        }
        OrthodoxAttacks {
            leapers,
            lines,
            rays,
        }
    }

    /// The pieces of `by` (those of `own`, with `role_sets` the pieces of each role) that
    /// attack `sq`, given the occupied squares: what [`super::Armory::attackers`] answers.
    #[inline]
    pub fn attackers(
        &self,
        sq: Square,
        by: Color,
        occupied: Bitboard,
        role_sets: &[Bitboard; MAX_ROLES],
        own: Bitboard,
    ) -> Bitboard {
        let (mut found, snipers) = self.leapers_and_snipers(sq, by, role_sets, own);
        for sniper in snipers {
            if (self.between(sq, sniper) & occupied).is_empty() {
                found = found.with(sniper);
            }
        }
        found
    }

    /// The pieces of `by` giving check to the king on `king`, and the pieces of `defenders`
    /// pinned to it (each alone between the king and a rider of `by` on its line): what
    /// [`super::Threats::checks_and_pins`] answers.
    #[inline]
    pub fn checks_and_pins(
        &self,
        king: Square,
        by: Color,
        occupied: Bitboard,
        role_sets: &[Bitboard; MAX_ROLES],
        own: Bitboard,
        defenders: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let (mut checkers, snipers) = self.leapers_and_snipers(king, by, role_sets, own);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let between = self.between(king, sniper) & occupied;
            if between.is_empty() {
                checkers = checkers.with(sniper);
            } else if between.count() == 1 {
                pinned |= between & defenders;
            }
        }
        (checkers, pinned)
    }

    /// The leapers of `by` (of `own`) that attack `sq`, and its riders on a line through
    /// `sq` that attack along it (whatever stands between).
    #[inline]
    fn leapers_and_snipers(
        &self,
        sq: Square,
        by: Color,
        role_sets: &[Bitboard; MAX_ROLES],
        own: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let [pawns, knights, kings] = &self.leapers[by.index()][sq.index()];
        let leapers = (*pawns & role_sets[PAWN.index()])
            | (*knights & role_sets[KNIGHT.index()])
            | (*kings & role_sets[KING.index()]);
        let queens = role_sets[QUEEN.index()];
        let [straight, diagonal] = self.lines[sq.index()];
        let snipers = (straight & (role_sets[ROOK.index()] | queens))
            | (diagonal & (role_sets[BISHOP.index()] | queens));
        (leapers & own, snipers & own)
    }

    /// The squares strictly between `from` and `to`, which share a line or a diagonal.
    #[inline]
    fn between(&self, from: Square, to: Square) -> Bitboard {
        let dx = (to.file() as i8 - from.file() as i8).signum();
        let dy = (to.rank() as i8 - from.rank() as i8).signum();
        let dir = DIRECTION_OF[((dy + 1) * 3 + dx + 1) as usize % 9];
        self.rays[dir][from.index()] ^ self.rays[dir][to.index()].with(to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;
    use crate::movement::{pieces, Piece};
    use crate::position::Board;
    use crate::rng::Rng;

    /// A board with both kings and `others` more pieces, and `hidden` hidden ones (which block
    /// lines and attack nothing), at random squares of `shape`.
    fn random_board(rng: &mut Rng, shape: &Shape, others: usize, hidden: usize) -> Board {
        let squares: Vec<Square> = shape.playable.into_iter().collect();
        let mut board = Board::default();
        let free = |rng: &mut Rng, board: &Board| loop {
            let sq = squares[rng.below(squares.len())];
            if board.at(sq).is_none() {
                return sq;
            }
        };
        for color in Color::ALL {
            let sq = free(rng, &board);
            board.put(sq, Piece { color, role: KING });
        }
        for _ in 0..others {
            let sq = free(rng, &board);
            let color = Color::ALL[rng.below(2)];
            let role = Role(rng.below(5) as u8);
            board.put(sq, Piece { color, role });
        }
        for _ in 0..hidden {
            let sq = free(rng, &board);
            board.put_hidden(sq);
        }
        board
    }

    /// The tables' attackers against the general answer (the armory's attacks of FIDE's
    /// pieces, sorted by [`Armory::threats`]) for every square and both colours of many random
    /// boards, sparse and crowded, on chess's and Immortal Chess's boards.
    #[test]
    fn agree_with_the_general_attack_test() {
        let mut rng = Rng::new(7);
        let (mut attacked, mut pinned) = (0, 0);
        for (shape, hidden) in [(Shape::rectangle(8, 8), 0), (Shape::rectangle(10, 10), 12)] {
            let armory = Armory::new(shape, pieces::fide());
            let quick = OrthodoxAttacks::new(&armory);
            for round in 0..2_000 {
                let others = 1 + round % 24;
                let board = random_board(&mut rng, &shape, others, hidden * (round % 2));
                let (occupied, sets) = (board.occupied(), board.role_sets());
                for by in Color::ALL {
                    let own = board.side(by);
                    let general = armory.threats(by, sets, own);
                    // A piece of `by` taken by the move being tried, for `is_attacked`.
                    let removed = own
                        .squares()
                        .nth(round % 3)
                        .map_or(Bitboard::EMPTY, Bitboard::from_square);
                    for sq in shape.playable {
                        let expected = general.sorted_attackers(sq, occupied);
                        let found = quick.attackers(sq, by, occupied, sets, own);
                        assert_eq!(found, expected, "{by:?} onto {sq:?}\n{board:?}");
                        assert_eq!(general.attackers(sq, occupied), expected);
                        assert_eq!(
                            general.is_attacked(sq, occupied, removed),
                            general.sorted_is_attacked(sq, occupied, removed),
                            "{by:?} onto {sq:?} without {removed:?}\n{board:?}"
                        );
                        // A king on `sq` of the other side, every other piece a defender.
                        let defenders = board.side(!by);
                        let pins = general.sorted_checks_and_pins(sq, occupied, defenders);
                        assert_eq!(general.checks_and_pins(sq, occupied, defenders), pins);
                        pinned += usize::from(pins.1.any());
                        attacked += usize::from(expected.any());
                    }
                }
            }
        }
        // Both answers came up often enough for the comparison to mean something.
        assert!(attacked > 100_000, "only {attacked} squares attacked");
        assert!(pinned > 10_000, "only {pinned} squares with a pin");
    }
}
