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
    /// `via[from * 128 + to]`: the paths out of `from` that pass through `to`, each as what
    /// stands between them (see [`Via`]), so that the riders attacking a square are found
    /// rider by rider instead of path by path.
    via: Vec<[Via; MAX_VIA]>,
}

/// Most paths of one atom from one square through another: two on the boards here, as d1 to
/// f7 by c3, e4, d6 and by f2, e4, g5 (checked when the table is built).
const MAX_VIA: usize = 2;

/// One path from a square through another, packed in a `u32`: none, through the next point
/// (nothing between), or the points before it as an index in `prefix` (see [`after`]).
type Via = u32;
const NO_PATH: Via = 0;
const NEXT_POINT: Via = 1;

/// The [`Via`] of a path whose points before the square are `prefix[index]`.
fn after(index: usize) -> Via {
    index as Via + 2
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
            via: vec![[NO_PATH; MAX_VIA]; 128 * 128],
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
                    // The path so far (the last point pushed, and those before) stands between.
                    let via = match table.points.len().checked_sub(1) {
                        Some(last) if path.len > 0 => after(last),
                        _ => NEXT_POINT,
                    };
                    let slots = &mut table.via[index as usize * 128 + next.index()];
                    let free = slots.iter_mut().find(|slot| **slot == NO_PATH);
                    *free.expect("at most MAX_VIA paths from one square through another") = via;
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
    /// those first on a path, that is, with nothing between on one of the paths from `sq`
    /// through them. Asked rider by rider (a side has one or two), where walking the paths
    /// asked sixteen of them.
    #[inline]
    pub fn riders_reaching(&self, sq: Square, occupied: Bitboard, riders: Bitboard) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        let row = sq.index() * 128;
        for rider in riders {
            let Some(paths) = self.via.get(row + rider.index()) else {
                continue;
            };
            let open = |&via: &Via| match via {
                NO_PATH => false,
                NEXT_POINT => true,
                packed => self
                    .prefix
                    .get(packed as usize - after(0) as usize)
                    .is_some_and(|&between| (between & occupied).is_empty()),
            };
            if paths.iter().any(open) {
                found = found.with(rider);
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
    fn the_riders_reaching_a_square_are_those_whose_paths_reach_it() {
        // A path read backwards is a path: a rider reaches a square exactly when its own
        // paths, walked out from it, do.
        let mut rng = crate::rng::Rng::new(7);
        for (files, ranks) in [(8, 8), (10, 10), (10, 8)] {
            let shape = Shape::rectangle(files, ranks);
            let table = CrookedTable::new(&shape, &Atom::crooked(1, 2).steps(1));
            for _ in 0..100 {
                let mut pick = |one_in: usize| -> Bitboard {
                    shape
                        .playable
                        .into_iter()
                        .filter(|_| rng.below(one_in) == 0)
                        .collect()
                };
                let occupied = pick(3);
                let riders = occupied & pick(4);
                for sq in shape.playable {
                    let expected: Bitboard = riders
                        .into_iter()
                        .filter(|&rider| table.attacks(rider, occupied).contains(sq))
                        .collect();
                    assert_eq!(
                        table.riders_reaching(sq, occupied, riders),
                        expected,
                        "{sq}"
                    );
                }
            }
        }
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
