//! Ray tables: for one direction, every square that a rider could reach on an empty board.

use super::{Bitboard, Shape, Square};

/// Squares reached from each square by repeating the step (`dx`, `dy`) until the board ends
/// or a missing square interrupts the line.
#[derive(Clone, Debug)]
pub struct RayTable {
    /// The step.
    pub delta: (i8, i8),
    /// Whether the step raises the square index, so the nearest blocker is the lowest bit.
    ascending: bool,
    rays: Vec<Bitboard>,
}

impl RayTable {
    /// Builds the table for `delta` on `shape`.
    pub fn new(shape: &Shape, delta: (i8, i8)) -> RayTable {
        let mut rays = vec![Bitboard::EMPTY; 100];
        for from in shape.playable {
            let mut ray = Bitboard::EMPTY;
            let mut cur = from;
            while let Some(next) = shape.step(cur, delta.0, delta.1) {
                ray = ray.with(next);
                cur = next;
            }
            rays[from.index()] = ray;
        }
        RayTable {
            delta,
            ascending: delta.1 > 0 || (delta.1 == 0 && delta.0 > 0),
            rays,
        }
    }

    /// The empty-board ray from `from`.
    #[inline]
    pub fn ray(&self, from: Square) -> Bitboard {
        self.rays[from.index()]
    }

    /// Squares a rider on `from` reaches given the occupied squares `occupied`: the ray up to
    /// and including the first occupied square.
    #[inline]
    pub fn attacks(&self, from: Square, occupied: Bitboard) -> Bitboard {
        let ray = self.rays[from.index()];
        let blockers = ray & occupied;
        let nearest = if self.ascending {
            blockers.first()
        } else {
            blockers.last()
        };
        match nearest {
            Some(b) => ray ^ self.rays[b.index()],
            None => ray,
        }
    }

    /// The first occupied square on the ray from `from`, if any.
    #[inline]
    pub fn first_blocker(&self, from: Square, occupied: Bitboard) -> Option<Square> {
        let blockers = self.rays[from.index()] & occupied;
        if self.ascending {
            blockers.first()
        } else {
            blockers.last()
        }
    }
}

/// All ray tables a variant needs, found by their step.
#[derive(Clone, Debug, Default)]
pub struct Rays {
    tables: Vec<RayTable>,
}

impl Rays {
    /// The index of the table for `delta`, building it on first use.
    pub fn index_of(&mut self, shape: &Shape, delta: (i8, i8)) -> usize {
        if let Some(i) = self.tables.iter().position(|t| t.delta == delta) {
            return i;
        }
        self.tables.push(RayTable::new(shape, delta));
        self.tables.len() - 1
    }

    /// The table at `index`.
    #[inline]
    pub fn get(&self, index: usize) -> &RayTable {
        &self.tables[index]
    }

    /// The table at `index`, if there is one.
    pub fn try_get(&self, index: usize) -> Option<&RayTable> {
        self.tables.get(index)
    }

    /// Number of tables.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Whether no table was built.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The index of the table for `delta`, if it was built.
    pub fn find(&self, delta: (i8, i8)) -> Option<usize> {
        self.tables.iter().position(|t| t.delta == delta)
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
        let north = RayTable::new(&shape, (0, 1));
        assert_eq!(north.ray(sq("e1")).count(), 5, "e2..e6, then the hole on e7");
        let occ = Bitboard::from_square(sq("e4"));
        let attacks = north.attacks(sq("e1"), occ);
        assert_eq!(attacks, [sq("e2"), sq("e3"), sq("e4")].into_iter().collect());
        let south = RayTable::new(&shape, (0, -1));
        assert_eq!(
            south.attacks(sq("e6"), occ),
            [sq("e5"), sq("e4")].into_iter().collect()
        );
        assert_eq!(south.first_blocker(sq("e6"), occ), Some(sq("e4")));
    }
}
