//! Zig-zag paths for crooked riders such as the Quintessence.

use crate::geometry::{Bitboard, Shape, Square};

/// One zig-zag path out of one square: where its points are in the flat point list.
#[derive(Clone, Copy, Debug, Default)]
struct Path {
    /// Index of its first point in [`CrookedTable::points`].
    start: u32,
    /// Number of points.
    len: u8,
    /// All its points, to skip the walk when none is occupied.
    all: Bitboard,
}

/// For every square, the squares along each zig-zag path of one crooked atom, in order.
///
/// A path read backwards is again a path of the same atom (the steps alternate the other way
/// round), so the squares a crooked rider on `s` reaches are also the squares from which one
/// reaches `s`: the same walk finds attacks, attackers and pins.
#[derive(Clone, Debug)]
pub struct CrookedTable {
    paths_per_square: usize,
    /// Per square and path, in square order.
    paths: Vec<Path>,
    /// The points of every path, in walking order.
    points: Vec<Square>,
    /// `prefix[i]`: the points of its path up to and including `points[i]`.
    prefix: Vec<Bitboard>,
}

impl CrookedTable {
    /// Builds the paths for steps `steps` (every orientation of the atom) on `shape`: each step
    /// `v` is followed by `v` turned a right angle either way, alternating.
    pub fn new(shape: &Shape, steps: &[(i8, i8)]) -> CrookedTable {
        let pairs: Vec<((i8, i8), (i8, i8))> = steps
            .iter()
            .flat_map(|&(x, y)| [((x, y), (-y, x)), ((x, y), (y, -x))])
            .collect();
        let mut table = CrookedTable {
            paths_per_square: pairs.len(),
            paths: Vec::with_capacity(128 * pairs.len()),
            points: Vec::new(),
            prefix: Vec::new(),
        };
        // Every square index a `Square` can have (they are below 128), on the board or not.
        for index in 0..128 {
            let start = Square::from_index(index).filter(|&s| shape.contains(s));
            for &(v, w) in &pairs {
                let mut path = Path {
                    start: table.points.len() as u32,
                    ..Path::default()
                };
                let mut cur = start;
                let mut turn = 0;
                while let Some(next) = cur.and_then(|c| {
                    let (dx, dy) = if turn % 2 == 0 { v } else { w };
                    shape.step(c, dx, dy)
                }) {
                    path.all = path.all.with(next);
                    path.len += 1;
                    table.points.push(next);
                    table.prefix.push(path.all);
                    cur = Some(next);
                    turn += 1;
                }
                table.paths.push(path);
            }
        }
        table
    }

    /// The paths out of `from`.
    #[inline]
    fn paths_from(&self, from: Square) -> &[Path] {
        let start = from.index() * self.paths_per_square;
        &self.paths[start..start + self.paths_per_square]
    }

    /// The index in `points` of the first occupied point of `path` at or after `skip` points.
    #[inline]
    fn first_occupied(&self, path: &Path, skip: usize, occupied: Bitboard) -> Option<usize> {
        let start = path.start as usize;
        let points = self.points.get(start + skip..start + path.len as usize)?;
        let found = points.iter().position(|&p| occupied.contains(p))?;
        Some(start + skip + found)
    }

    /// Squares reached from `from`: each path up to and including its first occupied square.
    /// A square on two paths is one square of the set.
    #[inline]
    pub fn attacks(&self, from: Square, occupied: Bitboard) -> Bitboard {
        let mut reached = Bitboard::EMPTY;
        for path in self.paths_from(from) {
            if (path.all & occupied).is_empty() {
                reached |= path.all;
            } else if let Some(i) = self.first_occupied(path, 0, occupied) {
                reached |= self.prefix[i];
            }
        }
        reached
    }

    /// The `riders` (crooked riders of this table) that attack `sq`: looking out from `sq`,
    /// those first on a path. [`CrookedTable::attacks`] from `sq` and the riders, but paths
    /// without a rider are skipped unwalked.
    #[inline]
    pub fn riders_reaching(&self, sq: Square, occupied: Bitboard, riders: Bitboard) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        for path in self.paths_from(sq) {
            if (path.all & riders).is_empty() {
                continue;
            }
            if let Some(first) = self.first_occupied(path, 0, occupied) {
                let first = self.points[first];
                if riders.contains(first) {
                    found = found.with(first);
                }
            }
        }
        found
    }

    /// Looking out from a king on `king`: the `riders` that reach it (checkers), and the pieces
    /// of `own` that stand alone between it and one of `riders` on a path (pinned).
    pub fn checks_and_pins(
        &self,
        king: Square,
        occupied: Bitboard,
        own: Bitboard,
        riders: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let (mut checkers, mut pinned) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for path in self.paths_from(king) {
            if (path.all & riders).is_empty() {
                continue;
            }
            let Some(i) = self.first_occupied(path, 0, occupied) else {
                continue;
            };
            let first = self.points[i];
            if riders.contains(first) {
                checkers = checkers.with(first);
            } else if own.contains(first) {
                let skip = i + 1 - path.start as usize;
                let second = self.first_occupied(path, skip, occupied);
                if second.is_some_and(|j| riders.contains(self.points[j])) {
                    pinned = pinned.with(first);
                }
            }
        }
        (checkers, pinned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::Atom;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn page_example_path_is_one_zig_zag() {
        let shape = Shape::rectangle(10, 10);
        let table = CrookedTable::new(&shape, &Atom::crooked(1, 2).steps(1));
        let path = ["c3", "e4", "d6", "f7", "e9", "g10"].map(sq);
        let reached = table.attacks(sq("d1"), Bitboard::EMPTY);
        assert!(path.iter().all(|&s| reached.contains(s)));
        let blocked = table.attacks(sq("d1"), Bitboard::from_square(path[1]));
        assert!(
            blocked.contains(path[1]),
            "the first occupied point is reached"
        );
        assert!(
            blocked.count() < reached.count(),
            "the blocker cuts its path short"
        );
    }

    #[test]
    fn a_piece_alone_on_a_path_to_the_king_is_pinned() {
        let shape = Shape::rectangle(10, 10);
        let table = CrookedTable::new(&shape, &Atom::crooked(1, 2).steps(1));
        // King d1, own piece on e4, enemy rider on f7: e4 is pinned along d1-c3-e4-d6-f7.
        let own = Bitboard::from_square(sq("e4"));
        let riders = Bitboard::from_square(sq("f7"));
        let occupied = own | riders | Bitboard::from_square(sq("d1"));
        let (checkers, pinned) = table.checks_and_pins(sq("d1"), occupied, own, riders);
        assert_eq!((checkers, pinned), (Bitboard::EMPTY, own));
        // Without the piece on e4 the rider checks.
        let (checkers, pinned) =
            table.checks_and_pins(sq("d1"), occupied.without(sq("e4")), own, riders);
        assert_eq!((checkers, pinned), (riders, Bitboard::EMPTY));
        // f7 also reaches d1 by f7-g5-e4-f2-d1: with a second piece on each path, no pin.
        let two = own.with(sq("c3")).with(sq("f2"));
        let (checkers, pinned) = table.checks_and_pins(sq("d1"), occupied | two, two, riders);
        assert_eq!((checkers, pinned), (Bitboard::EMPTY, Bitboard::EMPTY));
    }
}
