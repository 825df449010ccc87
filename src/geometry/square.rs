//! Squares on a board of up to 10x10, numbered the same way on every board shape.

use std::fmt;

/// Widest board the engine supports.
pub const MAX_FILES: u8 = 10;
/// Tallest board the engine supports.
pub const MAX_RANKS: u8 = 10;
/// Bits per rank in a bitboard. A fixed stride keeps square numbers independent of the shape,
/// so a square's name never needs the board to be printed or parsed.
pub const STRIDE: u8 = 10;

/// A square: `rank * 10 + file`, with a1 = 0 and file a = 0, rank 1 = 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// The corner a1, also the placeholder square of actions without squares (`end`).
    pub const A1: Square = Square(0);

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if both are below 10.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_FILES && rank < MAX_RANKS {
            Some(Square(rank * STRIDE + file))
        } else {
            None
        }
    }

    /// The square with this bit index, if it lies on a 10x10 grid.
    pub const fn from_index(index: u32) -> Option<Square> {
        if index < (STRIDE as u32) * (MAX_RANKS as u32) {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Bit index of the square in a bitboard, below 128 (the mask lets the compiler drop
    /// bounds checks on 128-entry tables).
    #[inline]
    pub const fn index(self) -> usize {
        (self.0 & 127) as usize
    }

    /// File, 0 = a.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % STRIDE
    }

    /// Rank, 0 = rank 1.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / STRIDE
    }

    /// The square `dx` files and `dy` ranks away, if it is still on the 10x10 grid.
    pub fn offset(self, dx: i8, dy: i8) -> Option<Square> {
        let f = self.file() as i8 + dx;
        let r = self.rank() as i8 + dy;
        if (0..MAX_FILES as i8).contains(&f) && (0..MAX_RANKS as i8).contains(&r) {
            Square::new(f as u8, r as u8)
        } else {
            None
        }
    }

    /// Parses a name such as `e2` or `c10`.
    pub fn parse(name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let file_char = chars.next()?;
        if !file_char.is_ascii_lowercase() {
            return None;
        }
        let file = file_char as u8 - b'a';
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') {
            return None;
        }
        // Read by hand, as `u8::from_str` reads it (a leading `+` included): the standard
        // parser costs the wasm download, and its other users read digits by hand too.
        let number = digits.strip_prefix('+').unwrap_or(digits);
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank = number.bytes().fold(0u8, |n, b| n * 10 + (b - b'0'));
        if rank == 0 {
            return None;
        }
        Square::new(file, rank - 1)
    }

    /// Letter of the file, `a` to `j`.
    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// Appends the name (`e2`, `c10`) to `out`. Written without `fmt`, as [`Square::name`]
    /// is: the formatting machinery that `to_string` inlines at each call costs the wasm
    /// download.
    pub fn push_name(self, out: &mut String) {
        out.push(self.file_char());
        push_number(out, u32::from(self.rank()) + 1);
    }

    /// The name, `e2` or `c10`.
    pub fn name(self) -> String {
        let mut out = String::with_capacity(3);
        self.push_name(&mut out);
        out
    }
}

/// Appends `n` in decimal to `out`, without `fmt` (see [`Square::push_name`]).
pub fn push_number(out: &mut String, n: u32) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_read_as_the_standard_parser_reads_them() {
        for digits in [
            "1", "9", "10", "+1", "+9", "++1", "+", "-1", "1+", " 1", "1a", "٣",
        ] {
            let name = format!("c{digits}");
            let standard = digits
                .parse::<u8>()
                .ok()
                .filter(|&r| r > 0 && digits.len() <= 2 && !digits.starts_with('0'))
                .and_then(|r| Square::new(2, r - 1));
            assert_eq!(Square::parse(&name), standard, "{name}");
        }
    }

    #[test]
    fn names_round_trip() {
        for name in ["a1", "e2", "h8", "c10", "j10", "j1"] {
            assert_eq!(Square::parse(name).unwrap().to_string(), name);
        }
        for bad in ["", "a", "a0", "k1", "a11", "A1", "a01", "e2x"] {
            assert!(Square::parse(bad).is_none(), "{bad} should not parse");
        }
    }

    #[test]
    fn offsets_stop_at_the_grid_edge() {
        let a1 = Square::parse("a1").unwrap();
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(1, 2), Square::parse("b3"));
        assert_eq!(Square::parse("j10").unwrap().offset(1, 0), None);
    }
}
