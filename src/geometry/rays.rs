//! Ray tables: for each direction, every square a rider could reach on an empty board.

use super::{Bitboard, Shape, Square};

/// The rays of every direction a variant's riders use, in one flat table.
///
/// A ray runs from a square in one step direction until the board ends or a missing square
/// interrupts the line.
#[derive(Clone, Debug, Default)]
pub struct Rays {
    deltas: Vec<(i8, i8)>,
    directions: Vec<Direction>,
}

/// The rays of one direction.
#[derive(Clone, Debug)]
struct Direction {
    /// Whether the step raises the square index, so the nearest blocker is the lowest bit.
    ascending: bool,
    /// The ray from each square (128 entries so any square index is in bounds).
    rays: [Bitboard; 128],
}

impl Rays {
    /// The index of the direction `delta`, building its rays on `shape` on first use.
    pub fn index_of(&mut self, shape: &Shape, delta: (i8, i8)) -> usize {
        if let Some(i) = self.find(delta) {
            return i;
        }
        let mut rays = [Bitboard::EMPTY; 128];
        for from in shape.playable {
            let mut cur = from;
            while let Some(next) = shape.step(cur, delta.0, delta.1) {
                rays[from.index()] = rays[from.index()].with(next);
                cur = next;
            }
        }
        self.deltas.push(delta);
        self.directions.push(Direction {
            ascending: delta.1 > 0 || (delta.1 == 0 && delta.0 > 0),
            rays,
        });
        self.deltas.len() - 1
    }

    /// The index of the direction `delta`, if it was built.
    pub fn find(&self, delta: (i8, i8)) -> Option<usize> {
        self.deltas.iter().position(|&d| d == delta)
    }

    /// Number of directions.
    pub fn len(&self) -> usize {
        self.deltas.len()
    }

    /// Whether no direction was built.
    pub fn is_empty(&self) -> bool {
        self.deltas.is_empty()
    }

    /// The step of direction `dir`.
    pub fn delta(&self, dir: usize) -> (i8, i8) {
        self.deltas[dir]
    }

    /// The empty-board ray from `from` in direction `dir`.
    #[inline]
    pub fn ray(&self, dir: usize, from: Square) -> Bitboard {
        self.directions[dir].rays[from.index()]
    }

    /// The first occupied square on the ray from `from`, if any.
    #[inline]
    pub fn first_blocker(&self, dir: usize, from: Square, occupied: Bitboard) -> Option<Square> {
        let direction = &self.directions[dir];
        let blockers = direction.rays[from.index()] & occupied;
        if direction.ascending {
            blockers.first()
        } else {
            blockers.last()
        }
    }

    /// Whether direction `dir` raises the square index.
    pub fn ascending(&self, dir: usize) -> bool {
        self.directions[dir].ascending
    }

    /// Squares a rider on `from` reaches both ways along a line: direction `up` (ascending) and
    /// its opposite `down`, each up to and including the first occupied square.
    ///
    /// One pass for both directions by the obstruction difference: the nearest blocker below
    /// (or bit 0) subtracted from the blockers above leaves exactly the span between them.
    #[inline]
    pub fn line_attacks(
        &self,
        up: usize,
        down: usize,
        from: Square,
        occupied: Bitboard,
    ) -> Bitboard {
        let up_ray = self.directions[up].rays[from.index()];
        let down_ray = self.directions[down].rays[from.index()];
        let upper = (up_ray & occupied).0;
        let below = (down_ray & occupied).0 | 1;
        let nearest_below = Square::from_index(127 - below.leading_zeros())
            .map_or(Bitboard::EMPTY, Bitboard::from_square)
            .0;
        let span = upper ^ upper.wrapping_sub(nearest_below);
        (up_ray | down_ray) & Bitboard(span)
    }

    /// Squares a rider on `from` reaches in direction `dir`: the ray up to and including the
    /// first occupied square.
    #[inline]
    pub fn attacks(&self, dir: usize, from: Square, occupied: Bitboard) -> Bitboard {
        let direction = &self.directions[dir];
        let ray = direction.rays[from.index()];
        let blockers = ray & occupied;
        let nearest = if direction.ascending {
            blockers.first()
        } else {
            blockers.last()
        };
        match nearest {
            Some(b) => ray ^ direction.rays[b.index()],
            None => ray,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn rook_ray_stops_at_blocker_and_hole() {
        let shape = Shape::rectangle(10, 10).without([sq("e7")]);
        let mut rays = Rays::default();
        let north = rays.index_of(&shape, (0, 1));
        let south = rays.index_of(&shape, (0, -1));
        assert_eq!(rays.index_of(&shape, (0, 1)), north, "built once");
        assert_eq!(
            rays.ray(north, sq("e1")).count(),
            5,
            "e2..e6, then the hole on e7"
        );
        let occ = Bitboard::from_square(sq("e4"));
        let attacks = rays.attacks(north, sq("e1"), occ);
        assert_eq!(
            attacks,
            [sq("e2"), sq("e3"), sq("e4")].into_iter().collect()
        );
        assert_eq!(
            rays.attacks(south, sq("e6"), occ),
            [sq("e5"), sq("e4")].into_iter().collect()
        );
        assert_eq!(rays.first_blocker(south, sq("e6"), occ), Some(sq("e4")));
        for from in ["e1", "e3", "e4", "e5", "e6", "e8", "e10"].map(sq) {
            for extra in [
                Bitboard::EMPTY,
                Bitboard::from_square(sq("e9")),
                Bitboard::from_square(sq("e2")),
            ] {
                let occ = occ | extra;
                assert_eq!(
                    rays.line_attacks(north, south, from, occ),
                    rays.attacks(north, from, occ) | rays.attacks(south, from, occ),
                    "line from {from}"
                );
            }
        }
        assert_eq!(
            rays.ray(north, sq("e8")),
            Bitboard::from_square(sq("e9")).with(sq("e10"))
        );
    }
}
