//! One side's pieces sorted by how they attack, for the many attack questions move generation
//! asks of one position: is the king in check, which pieces are pinned, may the king step
//! here, does castling pass an attacked square.

use super::armory::roles_in;
use super::crooked::CrookedTable;
use super::lines_of_attack::RiderSquares;
use super::{Armory, Color, MAX_ROLES};
use crate::geometry::{Bitboard, Square};

/// Most zig-zag tables one side may attack along.
pub const MAX_ZIGZAGS: usize = 2;

/// The pieces of `by` on one position, grouped by attack: built once (see [`Armory::threats`]),
/// then asked about any square.
///
/// Movement is point-symmetric between the colours, so a `by` leaper attacks a square exactly
/// when the same role of the other colour standing there would attack it; riders are found by
/// looking out from the square (see [`super::lines_of_attack`]).
#[derive(Clone, Copy, Debug)]
pub struct Threats<'a> {
    armory: &'a Armory,
    by: Color,
    /// The pieces of each role, both sides.
    role_sets: &'a [Bitboard; MAX_ROLES],
    /// The pieces of `by`.
    own: Bitboard,
    /// The leaping roles of `by` with pieces on the board, as a bit set.
    leapers: u16,
    /// The pieces of each group of line riders.
    riders: RiderSquares,
    /// The pieces that capture along each zig-zag table of `by`.
    zigzags: [Bitboard; MAX_ZIGZAGS],
}

impl<'a> Threats<'a> {
    /// Sorts the pieces of `by` (`own`, with `role_sets` the pieces of each role):
    /// `leapers` are its leaping roles, `riders` its line riders by group, `zigzags` its
    /// zig-zag riders by table.
    pub(super) fn new(
        armory: &'a Armory,
        by: Color,
        role_sets: &'a [Bitboard; MAX_ROLES],
        own: Bitboard,
        leapers: u16,
        riders: RiderSquares,
        zigzags: [Bitboard; MAX_ZIGZAGS],
    ) -> Threats<'a> {
        let mut present = 0;
        for role in roles_in(leapers) {
            if (role_sets[role % MAX_ROLES] & own).any() {
                present |= 1 << role;
            }
        }
        Threats {
            armory,
            by,
            role_sets,
            own,
            leapers: present,
            riders,
            zigzags,
        }
    }

    /// For each leaping role with pieces: where it attacks from, seen from the target, and
    /// its pieces.
    #[inline]
    fn leapers(&self) -> impl Iterator<Item = (&'a [Bitboard; 128], Bitboard)> + '_ {
        roles_in(self.leapers).map(|role| {
            let table = self.armory.leaps_onto(self.by, role);
            (table, self.role_sets[role % MAX_ROLES] & self.own)
        })
    }

    /// For each zig-zag table of `by`: the table and the pieces that capture along it.
    #[inline]
    fn zigzags(&self) -> impl Iterator<Item = (&'a CrookedTable, Bitboard)> + '_ {
        let tables = self.armory.zigzags_of(self.by);
        tables
            .zip(self.zigzags)
            .map(|(&id, pieces)| (self.armory.zigzag(id), pieces))
            .filter(|(_, pieces)| pieces.any())
    }

    /// The pieces that attack `sq`, given the occupied squares.
    pub fn attackers(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let armory = self.armory;
        let mut found = Bitboard::EMPTY;
        for (table, pieces) in self.leapers() {
            found |= table[sq.index()] & pieces;
        }
        found |=
            armory
                .lines_of_attack()
                .attackers(armory.rays(), sq, self.by, occupied, &self.riders);
        for (table, pieces) in self.zigzags() {
            found |= table.riders_reaching(sq, occupied, pieces);
        }
        found
    }

    /// Whether a piece not on `removed` (captured by the move being tried) attacks `sq`, given
    /// the occupied squares: [`Threats::attackers`] stopping at the first found.
    #[inline]
    // extern "C-unwind": passes the bitboards as values in wasm (see the `Bitboard` docs).
    #[allow(improper_ctypes_definitions)]
    pub extern "C-unwind" fn is_attacked(
        &self,
        sq: Square,
        occupied: Bitboard,
        removed: Bitboard,
    ) -> bool {
        let armory = self.armory;
        let mut leaps = self.leapers();
        if leaps.any(|(table, pieces)| (table[sq.index()] & pieces & !removed).any()) {
            return true;
        }
        let lines = armory.lines_of_attack();
        if lines.attacked(armory.rays(), sq, self.by, occupied, &self.riders, removed) {
            return true;
        }
        self.zigzags()
            .any(|(table, pieces)| table.riders_reaching(sq, occupied, pieces & !removed).any())
    }

    /// The pieces giving check to the king on `king`, and the pieces of `defenders` pinned to
    /// it (each alone on a line or zig-zag path between the king and a rider attacking along
    /// it).
    pub fn checks_and_pins(
        &self,
        king: Square,
        occupied: Bitboard,
        defenders: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let armory = self.armory;
        let mut checkers = Bitboard::EMPTY;
        for (table, pieces) in self.leapers() {
            checkers |= table[king.index()] & pieces;
        }
        let (line_checkers, mut pinned) = armory.lines_of_attack().checks_and_pins(
            armory.rays(),
            king,
            self.by,
            occupied,
            &self.riders,
            defenders,
        );
        checkers |= line_checkers;
        for (table, pieces) in self.zigzags() {
            let (checks, pins) = table.checks_and_pins(king, occupied, defenders, pieces);
            checkers |= checks;
            pinned |= pins;
        }
        (checkers, pinned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;
    use crate::movement::pieces;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn attacks_by_leap_line_and_what_a_capture_removes() {
        let armory = Armory::new(Shape::rectangle(8, 8), pieces::fide());
        let mut role_sets = [Bitboard::EMPTY; MAX_ROLES];
        // Black: knight f6 (role 1), rook a4 (role 3), pawn d5 (role 0).
        for (name, role) in [("f6", 1), ("a4", 3), ("d5", 0)] {
            role_sets[role] = role_sets[role].with(sq(name));
        }
        let black = role_sets
            .iter()
            .fold(Bitboard::EMPTY, |all, &set| all | set);
        let white_piece = sq("c4");
        let occupied = black.with(white_piece);
        let threats = armory.threats(Color::Black, &role_sets, black);
        let none = Bitboard::EMPTY;
        assert!(
            threats.is_attacked(sq("e4"), occupied, none),
            "knight and pawn"
        );
        assert!(
            threats.is_attacked(sq("c4"), occupied, none),
            "pawn d5 takes towards c4"
        );
        assert!(
            !threats.is_attacked(sq("d4"), occupied, none),
            "c4 shields d4 from a4"
        );
        assert!(threats.is_attacked(sq("d4"), occupied.without(white_piece), none));
        let rook = Bitboard::from_square(sq("a4"));
        assert!(!threats.is_attacked(sq("d4"), occupied.without(white_piece), rook));
        assert_eq!(
            threats.attackers(sq("e4"), occupied),
            [sq("f6"), sq("d5")].into_iter().collect()
        );
        let (checkers, pinned) = threats.checks_and_pins(sq("e4"), occupied, Bitboard::EMPTY);
        assert_eq!(checkers.count(), 2);
        assert!(pinned.is_empty());
    }
}
