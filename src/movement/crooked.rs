//! Zig-zag paths for crooked riders such as the Quintessence.

use crate::geometry::{Bitboard, Shape, Square};

/// For every square, the squares along each zig-zag path of one crooked atom, in order.
#[derive(Clone, Debug)]
pub struct CrookedTable {
    paths_per_square: usize,
    paths: Vec<Vec<Square>>,
}

impl CrookedTable {
    /// Builds the paths for steps `steps` (every orientation of the atom) on `shape`: each step
    /// `v` is followed by `v` turned a right angle either way, alternating.
    pub fn new(shape: &Shape, steps: &[(i8, i8)]) -> CrookedTable {
        let pairs: Vec<((i8, i8), (i8, i8))> = steps
            .iter()
            .flat_map(|&(x, y)| [((x, y), (-y, x)), ((x, y), (y, -x))])
            .collect();
        let mut paths = Vec::with_capacity(100 * pairs.len());
        for index in 0..100 {
            for &(v, w) in &pairs {
                let mut path = Vec::new();
                if let Some(start) = Square::from_index(index).filter(|&s| shape.contains(s)) {
                    let mut cur = start;
                    let mut turn = 0;
                    loop {
                        let (dx, dy) = if turn % 2 == 0 { v } else { w };
                        match shape.step(cur, dx, dy) {
                            Some(next) => {
                                path.push(next);
                                cur = next;
                                turn += 1;
                            }
                            None => break,
                        }
                    }
                }
                paths.push(path);
            }
        }
        CrookedTable {
            paths_per_square: pairs.len(),
            paths,
        }
    }

    /// Squares reached from `from`: each path up to and including its first occupied square.
    /// A square on two paths is one square of the set.
    pub fn attacks(&self, from: Square, occupied: Bitboard) -> Bitboard {
        let start = from.index() * self.paths_per_square;
        let mut reached = Bitboard::EMPTY;
        for path in &self.paths[start..start + self.paths_per_square] {
            for &sq in path {
                reached = reached.with(sq);
                if occupied.contains(sq) {
                    break;
                }
            }
        }
        reached
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::Atom;

    #[test]
    fn page_example_path_is_one_zig_zag() {
        let shape = Shape::rectangle(10, 10);
        let table = CrookedTable::new(&shape, &Atom::crooked(1, 2).steps(1));
        let d1 = Square::parse("d1").unwrap();
        let path = ["c3", "e4", "d6", "f7", "e9", "g10"].map(|n| Square::parse(n).unwrap());
        let reached = table.attacks(d1, Bitboard::EMPTY);
        assert!(path.iter().all(|&s| reached.contains(s)));
        let blocked = table.attacks(d1, Bitboard::from_square(path[1]));
        assert!(
            blocked.contains(path[1]),
            "the first occupied point is reached"
        );
        assert!(
            blocked.count() < reached.count(),
            "the blocker cuts its path short"
        );
    }
}
