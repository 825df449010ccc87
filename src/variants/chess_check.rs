//! The check test for FIDE's six pieces alone, on any board shape: after every move the search
//! asks whether the side to move is in check, and the general test (which sorts every enemy
//! piece for attack questions, whatever it moves like) was 8 % of a chess search's
//! instructions. This one looks up the few squares FIDE's pieces attack a king from.
//!
//! Native only: in the wasm it cost 950 bytes gzipped, and the page is at its byte budget
//! (docs/PERFORMANCE.md); the wasm keeps the general test.

use super::chess::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::geometry::{Bitboard, Shape, Square};
use crate::movement::Color;
use crate::position::Board;

/// The eight directions as (files, ranks); the opposite of direction `d` is `d ^ 1`.
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
pub struct OrthodoxAttacks {
    /// `leapers[by][square]`: where a pawn, a knight and a king of `by` attack the square from.
    leapers: Box<[[[Bitboard; 3]; 128]; 2]>,
    /// Where a rook's and a bishop's move would reach the square from on an empty board.
    lines: Box<[[Bitboard; 2]; 128]>,
    /// `rays[direction][square]`: the squares beyond `square` in `direction`, to the edge.
    rays: Box<[[Bitboard; 128]; 8]>,
}

impl OrthodoxAttacks {
    /// The tables for `shape`: a step that leaves the shape, or crosses a hole, ends a ray.
    pub fn new(shape: &Shape) -> OrthodoxAttacks {
        let mut rays = Box::new([[Bitboard::EMPTY; 128]; 8]);
        let mut lines = Box::new([[Bitboard::EMPTY; 2]; 128]);
        let mut leapers = Box::new([[[Bitboard::EMPTY; 3]; 128]; 2]);
        // Each leaper's steps as seen from its target (a pawn of White's attacks a square
        // from the rank below it).
        let steps: [&[(i8, i8)]; 3] = [
            &[(1, -1), (-1, -1)],
            &[
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ],
            &DIRECTIONS,
        ];
        for sq in shape.playable {
            for (dir, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                let mut cur = sq;
                while let Some(next) = shape.step(cur, dx, dy) {
                    rays[dir][sq.index()] = rays[dir][sq.index()].with(next);
                    cur = next;
                }
                lines[sq.index()][dir / 4] |= rays[dir][sq.index()];
            }
            for color in Color::ALL {
                // Black's pawns attack downwards: its steps seen from the target go up.
                let flip = if color == Color::White { 1 } else { -1 };
                for (kind, kind_steps) in steps.iter().enumerate() {
                    let flip = if kind == 0 { flip } else { 1 };
                    for &(dx, dy) in kind_steps.iter() {
                        if let Some(from) = shape.step(sq, dx, dy * flip) {
                            let slot = &mut leapers[color.index()][sq.index()][kind];
                            *slot = slot.with(from);
                        }
                    }
                }
            }
        }
        OrthodoxAttacks {
            leapers,
            lines,
            rays,
        }
    }

    /// Whether the side to move's king is attacked (false without a king).
    #[inline]
    pub fn king_attacked(&self, board: &Board, us: Color) -> bool {
        let Some(king) = board.pieces(us, KING).first() else {
            return false;
        };
        let them = !us;
        let theirs = board.side(them);
        let roles = board.role_sets();
        let [pawns, knights, kings] = &self.leapers[them.index()][king.index()];
        let leapers = (*pawns & roles[PAWN.index()])
            | (*knights & roles[KNIGHT.index()])
            | (*kings & roles[KING.index()]);
        if (leapers & theirs).any() {
            return true;
        }
        let queens = roles[QUEEN.index()];
        let [straight, diagonal] = self.lines[king.index()];
        let snipers = ((straight & (roles[ROOK.index()] | queens))
            | (diagonal & (roles[BISHOP.index()] | queens)))
            & theirs;
        let occupied = board.occupied();
        snipers
            .into_iter()
            .any(|sniper| (self.between(king, sniper) & occupied).is_empty())
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
    use crate::movement::{pieces, Armory, Piece, Role};
    use crate::rng::Rng;
    use crate::rules::safety::KingSafety;

    /// A board with both kings and `others` more pieces (and, on 10x10, hidden ones) at
    /// random squares of `shape`.
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

    /// The quick test against the general one (the armory's attacks of FIDE's pieces) for
    /// both kings of many random boards, sparse and crowded, on chess's and Immortal Chess's
    /// boards.
    #[test]
    fn agrees_with_the_general_attack_test() {
        let mut rng = Rng::new(7);
        let mut checks = 0;
        for (shape, hidden) in [(Shape::rectangle(8, 8), 0), (Shape::rectangle(10, 10), 12)] {
            let armory = Armory::new(shape, pieces::fide());
            let quick = OrthodoxAttacks::new(&shape);
            for round in 0..20_000 {
                let others = 1 + round % 24;
                let board = random_board(&mut rng, &shape, others, hidden * (round % 2));
                for us in Color::ALL {
                    let Some(king) = board.pieces(us, KING).first() else {
                        continue;
                    };
                    let general = KingSafety::square_attacked(&armory, &board, !us, king);
                    assert_eq!(
                        quick.king_attacked(&board, us),
                        general,
                        "{us:?} king on {king:?}\n{board:?}"
                    );
                    checks += usize::from(general);
                }
            }
        }
        // Both answers came up often enough for the comparison to mean something.
        assert!(checks > 10_000, "only {checks} checks");
    }
}
