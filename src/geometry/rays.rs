//! Ray tables: for each direction, every square a rider could reach on an empty board.

use super::{Bitboard, Shape, Square};

/// Most rider directions one board's piece set may use (16 covers every unit and knight-like
/// step); fixed so that table lookups need no bounds checks.
pub const MAX_DIRECTIONS: usize = 16;
/// Most lines (pairs of opposite directions) one piece set may use.
pub const MAX_LINES: usize = 8;

/// The rays of every direction a variant's riders use, in fixed tables.
///
/// A ray runs from a square in one step direction until the board ends or a missing square
/// interrupts the line. A *line* pairs an ascending direction with its opposite, so that a rider
/// along it is computed in one pass (see [`Rays::line_attacks`]).
#[derive(Clone, Debug)]
pub struct Rays {
    deltas: Vec<(i8, i8)>,
    /// Per direction, whether the step raises the square index, so the nearest blocker is the
    /// lowest bit.
    ascending: [bool; MAX_DIRECTIONS],
    /// `rays[direction][square]`.
    rays: Box<[[Bitboard; 128]; MAX_DIRECTIONS]>,
    /// The directions (ascending, descending) of each line.
    lines: Vec<(usize, usize)>,
    /// `line_rays[line][square]`: the ascending and the descending ray, side by side.
    line_rays: Box<[[[Bitboard; 2]; 128]; MAX_LINES]>,
}

impl Default for Rays {
    fn default() -> Self {
        Rays {
            deltas: Vec::new(),
            ascending: [false; MAX_DIRECTIONS],
            rays: Box::new([[Bitboard::EMPTY; 128]; MAX_DIRECTIONS]),
            lines: Vec::new(),
            line_rays: Box::new([[[Bitboard::EMPTY; 2]; 128]; MAX_LINES]),
        }
    }
}

impl Rays {
    /// The index of the direction `delta`, building its rays on `shape` on first use.
    ///
    /// Panics past [`MAX_DIRECTIONS`]: the piece sets are the crate's own, so that is a bug.
    pub fn index_of(&mut self, shape: &Shape, delta: (i8, i8)) -> usize {
        if let Some(i) = self.find(delta) {
            return i;
        }
        let dir = self.deltas.len();
        assert!(dir < MAX_DIRECTIONS, "too many rider directions");
        for from in shape.playable {
            let mut cur = from;
            while let Some(next) = shape.step(cur, delta.0, delta.1) {
                self.rays[dir][from.index()] = self.rays[dir][from.index()].with(next);
                cur = next;
            }
        }
        self.deltas.push(delta);
        self.ascending[dir] = delta.1 > 0 || (delta.1 == 0 && delta.0 > 0);
        dir
    }

    /// The index of the line made of the ascending direction `up` and its opposite `down`,
    /// building it on first use.
    ///
    /// Panics past [`MAX_LINES`], like [`Rays::index_of`].
    pub fn line_of(&mut self, up: usize, down: usize) -> usize {
        if let Some(i) = self.lines.iter().position(|&l| l == (up, down)) {
            return i;
        }
        let line = self.lines.len();
        assert!(line < MAX_LINES, "too many rider lines");
        for sq in 0..128 {
            self.line_rays[line][sq] = [self.rays[up][sq], self.rays[down][sq]];
        }
        self.lines.push((up, down));
        line
    }

    /// The directions (ascending, descending) of `line`.
    pub fn line_directions(&self, line: usize) -> (usize, usize) {
        self.lines[line]
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
        self.rays[dir % MAX_DIRECTIONS][from.index()]
    }

    /// The first occupied square on the ray from `from`, if any.
    #[inline]
    pub fn first_blocker(&self, dir: usize, from: Square, occupied: Bitboard) -> Option<Square> {
        let blockers = self.ray(dir, from) & occupied;
        if self.ascending(dir) {
            blockers.first()
        } else {
            blockers.last()
        }
    }

    /// Whether direction `dir` raises the square index.
    #[inline]
    pub fn ascending(&self, dir: usize) -> bool {
        self.ascending[dir % MAX_DIRECTIONS]
    }

    /// Squares a rider on `from` reaches both ways along `line`, in each direction up to and
    /// including the first occupied square.
    ///
    /// One pass for both directions by the obstruction difference: the nearest blocker below
    /// (or bit 0) subtracted from the blockers above leaves exactly the span between them.
    #[inline]
    pub fn line_attacks(&self, line: usize, from: Square, occupied: Bitboard) -> Bitboard {
        let [up_ray, down_ray] = self.line_rays[line % MAX_LINES][from.index()];
        (up_ray | down_ray) & Bitboard::obstruction_span(up_ray & occupied, down_ray & occupied)
    }

    /// Squares a rider on `from` reaches in direction `dir`: the ray up to and including the
    /// first occupied square.
    #[inline]
    pub fn attacks(&self, dir: usize, from: Square, occupied: Bitboard) -> Bitboard {
        let ray = self.ray(dir, from);
        match self.first_blocker(dir, from, occupied) {
            Some(b) => ray ^ self.ray(dir, b),
            None => ray,
        }
    }

    /// Squares a hopper on `from` reaches in direction `dir` (see
    /// [`crate::movement::Reach::Hop`]): past the first occupied square (the screen), up to
    /// and including the next one. None without a screen.
    #[inline]
    pub fn hop_attacks(&self, dir: usize, from: Square, occupied: Bitboard) -> Bitboard {
        match self.first_blocker(dir, from, occupied) {
            Some(screen) => self.attacks(dir, screen, occupied),
            None => Bitboard::EMPTY,
        }
    }

    /// Squares a rider of at least two steps on `from` reaches in direction `dir` (see
    /// [`crate::movement::Reach::FarRide`]): the ride without its first square, which, when
    /// occupied, is the ride's only square, so nothing is left.
    #[inline]
    pub fn far_attacks(&self, dir: usize, from: Square, occupied: Bitboard) -> Bitboard {
        // With every square occupied, a ride reaches its first square only.
        let first = self.attacks(dir, from, Bitboard::ALL);
        self.attacks(dir, from, occupied) & !first
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn hops_go_past_one_screen_and_far_rides_skip_their_first_square() {
        let shape = Shape::rectangle(8, 8);
        let mut rays = Rays::default();
        let north = rays.index_of(&shape, (0, 1));
        let set = |names: &[&str]| names.iter().map(|n| sq(n)).collect::<Bitboard>();
        let occ = set(&["e3", "e6", "e8"]);
        assert_eq!(
            rays.hop_attacks(north, sq("e1"), occ),
            set(&["e4", "e5", "e6"])
        );
        assert_eq!(
            rays.hop_attacks(north, sq("e1"), Bitboard::EMPTY),
            Bitboard::EMPTY
        );
        assert_eq!(rays.far_attacks(north, sq("e1"), occ), set(&["e3"]));
        assert_eq!(rays.far_attacks(north, sq("e3"), occ), set(&["e5", "e6"]));
        assert_eq!(
            rays.far_attacks(north, sq("e2"), occ),
            Bitboard::EMPTY,
            "e3 blocks"
        );
    }

    #[test]
    fn rook_ray_stops_at_blocker_and_hole() {
        let shape = Shape::rectangle(10, 10).without([sq("e7")]);
        let mut rays = Rays::default();
        let north = rays.index_of(&shape, (0, 1));
        let south = rays.index_of(&shape, (0, -1));
        assert_eq!(rays.index_of(&shape, (0, 1)), north, "built once");
        let file = rays.line_of(north, south);
        assert_eq!(rays.line_of(north, south), file, "built once");
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
                    rays.line_attacks(file, from, occ),
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
