//! Board shapes: a rectangle of up to 10x10 with some squares missing.

use super::{Bitboard, Square, MAX_FILES, MAX_RANKS};

/// The squares a variant plays on: `files` x `ranks`, less any missing squares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shape {
    /// Number of files (columns), 1 to 10.
    pub files: u8,
    /// Number of ranks (rows), 1 to 10.
    pub ranks: u8,
    /// The squares that exist.
    pub playable: Bitboard,
}

impl Shape {
    /// A full rectangle of `files` x `ranks` squares.
    ///
    /// ```
    /// use schachwerk::geometry::Shape;
    /// assert_eq!(Shape::rectangle(8, 7).playable.count(), 56);
    /// ```
    pub fn rectangle(files: u8, ranks: u8) -> Shape {
        let files = files.clamp(1, MAX_FILES);
        let ranks = ranks.clamp(1, MAX_RANKS);
        let playable = (0..ranks)
            .flat_map(|r| (0..files).filter_map(move |f| Square::new(f, r)))
            .collect();
        Shape {
            files,
            ranks,
            playable,
        }
    }

    /// The same rectangle without `holes`.
    pub fn without(self, holes: impl IntoIterator<Item = Square>) -> Shape {
        let removed: Bitboard = holes.into_iter().collect();
        Shape {
            playable: self.playable & !removed,
            ..self
        }
    }

    /// Whether `sq` exists on this board.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.playable.contains(sq)
    }

    /// The squares inside the rectangle that do not exist, in ascending order.
    pub fn holes(&self) -> Bitboard {
        Shape::rectangle(self.files, self.ranks).playable & !self.playable
    }

    /// The square `dx`, `dy` away from `sq`, if it exists on this board.
    #[inline]
    pub fn step(&self, sq: Square, dx: i8, dy: i8) -> Option<Square> {
        sq.offset(dx, dy).filter(|&t| self.contains(t))
    }

    /// Draws the board, rank by rank from the top: `.` a square, `*` a hole, and the
    /// character `mark` gives for marked squares.
    pub fn draw(&self, mark: impl Fn(Square) -> Option<char>) -> String {
        let mut out = String::new();
        for rank in (0..self.ranks).rev() {
            for file in 0..self.files {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                out.push(if !self.contains(sq) {
                    '*'
                } else {
                    mark(sq).unwrap_or('.')
                });
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn ten_by_ten_without_corners_has_84_squares() {
        let corners = ["a1", "b1", "a2", "b2", "i1", "j1", "i2", "j2"]
            .into_iter()
            .chain(["a9", "b9", "a10", "b10", "i9", "j9", "i10", "j10"])
            .map(sq);
        let shape = Shape::rectangle(10, 10).without(corners);
        assert_eq!(shape.playable.count(), 84);
        assert_eq!(shape.holes().count(), 16);
        assert!(!shape.contains(sq("b2")) && shape.contains(sq("c1")));
        let drawn = shape.draw(|s| (s == sq("d1")).then_some('Q'));
        let expected = "**......**\n**......**\n..........\n..........\n..........\n\
                        ..........\n..........\n..........\n**......**\n**.Q....**\n";
        assert_eq!(drawn, expected);
    }

    #[test]
    fn eight_by_seven_has_no_eighth_rank() {
        let shape = Shape::rectangle(8, 7);
        assert!(shape.contains(sq("h7")));
        assert!(!shape.contains(sq("a8")));
        assert!(!shape.contains(sq("i1")));
        assert_eq!(shape.step(sq("h7"), 0, 1), None);
    }
}
