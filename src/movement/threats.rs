//! One side's pieces sorted by how they attack, for the many attack questions move generation
//! asks of one position: is the king in check, which pieces are pinned, may the king step
//! here, does castling pass an attacked square.

use super::armory::roles_in;
use super::crooked::CrookedTable;
use super::lines_of_attack::RiderSquares;
use super::{Armory, Color, Piece, Role, MAX_ROLES};
use crate::geometry::{Bitboard, Square};

/// Most zig-zag tables one side may attack along.
pub const MAX_ZIGZAGS: usize = 2;

/// The pieces of `by` on one position, grouped by attack: built once (see [`Armory::threats`]),
/// then asked about any square.
///
/// Movement is point-symmetric between the colours, so a `by` leaper attacks a square exactly
/// when the same role of the other colour standing there would attack it; riders are found by
/// looking out from the square (see [`super::lines_of_attack`]). Hoppers and far riders (see
/// [`super::Reach::Hop`]) do not stop at the first piece on a line, so those lookups miss them:
/// each such piece is asked in turn. Variants without them never pay for that.
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
    /// The hopping and far-riding roles of `by` with pieces on the board, as a bit set.
    irregular: u16,
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
        let present = |roles: u16| {
            roles_in(roles)
                .filter(|&role| (role_sets[role % MAX_ROLES] & own).any())
                .fold(0u16, |set, role| set | 1 << role)
        };
        Threats {
            armory,
            by,
            role_sets,
            own,
            leapers: present(leapers),
            riders,
            zigzags,
            irregular: present(armory.irregular_roles(by)),
        }
    }

    /// For each hopping or far-riding role with pieces: a piece of it, and where they stand.
    #[inline]
    fn irregulars(&self) -> impl Iterator<Item = (Piece, Bitboard)> + '_ {
        roles_in(self.irregular).map(|role| {
            let piece = Piece {
                color: self.by,
                role: Role(role as u8),
            };
            (piece, self.role_sets[role % MAX_ROLES] & self.own)
        })
    }

    /// The hoppers and far riders, but for those on `removed`, that attack `sq`, each asked in
    /// turn.
    #[inline(never)]
    fn irregular_attackers(&self, sq: Square, occupied: Bitboard, removed: Bitboard) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        for (piece, pieces) in self.irregulars() {
            for from in pieces & !removed {
                if self
                    .armory
                    .irregular_attacks(piece, from, occupied)
                    .contains(sq)
                {
                    found = found.with(from);
                }
            }
        }
        found
    }

    /// The squares where a move that arrives or leaves may let a hopper or far rider attack
    /// the king on `king`: those strictly between the king and each such piece on a line it
    /// captures along, when at most two pieces stand there (no piece: arriving makes a screen;
    /// two: leaving leaves a screen; one is a check or, for a far rider, a pin). Moves from or
    /// to these squares are tested in full.
    #[inline]
    pub fn screen_lines(&self, king: Square, occupied: Bitboard) -> Bitboard {
        if self.irregular == 0 {
            Bitboard::EMPTY
        } else {
            self.irregular_lines(king, occupied)
        }
    }

    /// [`Threats::screen_lines`] when there are hoppers or far riders, out of line: the
    /// variants without them never need it.
    #[inline(never)]
    fn irregular_lines(&self, king: Square, occupied: Bitboard) -> Bitboard {
        let rays = self.armory.rays();
        let mut watched = Bitboard::EMPTY;
        for (piece, pieces) in self.irregulars() {
            for from in pieces {
                for dir in self.armory.irregular_directions(piece) {
                    let ray = rays.ray(dir, from);
                    if !ray.contains(king) {
                        continue;
                    }
                    let between = (ray & !rays.ray(dir, king)).without(king);
                    if (between & occupied).count() <= 2 {
                        watched |= between;
                    }
                }
            }
        }
        watched
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
        // As in `is_attacked`: FIDE's pieces alone are asked of their tables.
        if let Some(orthodox) = self.armory.orthodox() {
            return orthodox.attackers(sq, self.by, occupied, self.role_sets, self.own);
        }
        self.sorted_attackers(sq, occupied)
    }

    /// [`Threats::attackers`] by the sorted pieces, whatever the armory (the orthodox
    /// tables' test compares the two).
    pub(crate) fn sorted_attackers(&self, sq: Square, occupied: Bitboard) -> Bitboard {
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
        if self.irregular != 0 {
            found |= self.irregular_attackers(sq, occupied, Bitboard::EMPTY);
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
        // FIDE's pieces alone: their tables answer in a third of the instructions,
        // and the king's steps and castling ask this for every square they try.
        if let Some(orthodox) = self.armory.orthodox() {
            let own = self.own & !removed;
            return orthodox
                .attackers(sq, self.by, occupied, self.role_sets, own)
                .any();
        }
        self.sorted_is_attacked(sq, occupied, removed)
    }

    /// [`Threats::is_attacked`] by the sorted pieces, whatever the armory.
    #[inline]
    // extern "C-unwind": passes the bitboards as values in wasm (see the `Bitboard` docs).
    #[allow(improper_ctypes_definitions)]
    pub(crate) extern "C-unwind" fn sorted_is_attacked(
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
        if self
            .zigzags()
            .any(|(table, pieces)| table.riders_reaching(sq, occupied, pieces & !removed).any())
        {
            return true;
        }
        self.irregular != 0 && self.irregular_attackers(sq, occupied, removed).any()
    }

    /// The squares where a piece put between the king on `king` and its one checker on
    /// `checker` ends the check: those of the straight line between them that stop every
    /// attack on the king once occupied. None where the checker leaps, or stands on no line
    /// with the king.
    pub fn blocking_squares(&self, king: Square, checker: Square, occupied: Bitboard) -> Bitboard {
        let rays = self.armory.rays();
        let Some(dir) = (0..rays.len()).find(|&dir| rays.ray(dir, king).contains(checker)) else {
            return Bitboard::EMPTY;
        };
        let between = (rays.ray(dir, king) & !rays.ray(dir, checker)).without(checker);
        between
            .squares()
            .filter(|&sq| !self.is_attacked(king, occupied.with(sq), Bitboard::EMPTY))
            .collect()
    }

    /// Whether some of `pieces` attack along zig-zag paths, which no straight line between
    /// them and their target describes.
    #[inline]
    pub fn any_zigzag(&self, pieces: Bitboard) -> bool {
        self.zigzags().any(|(_, theirs)| (theirs & pieces).any())
    }

    /// Whether some of `pieces` hop or ride from the second square: a check by one may be
    /// answered by moving its screen away or adding one, not only by capturing or blocking.
    #[inline]
    pub fn any_irregular(&self, pieces: Bitboard) -> bool {
        self.irregular != 0 && self.irregulars().any(|(_, theirs)| (theirs & pieces).any())
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
        // As in `is_attacked`: FIDE's pieces alone are asked of their tables.
        if let Some(orthodox) = self.armory.orthodox() {
            let (by, sets) = (self.by, self.role_sets);
            return orthodox.checks_and_pins(king, by, occupied, sets, self.own, defenders);
        }
        self.sorted_checks_and_pins(king, occupied, defenders)
    }

    /// [`Threats::checks_and_pins`] by the sorted pieces, whatever the armory.
    pub(crate) fn sorted_checks_and_pins(
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
        if self.irregular != 0 {
            checkers |= self.irregular_attackers(king, occupied, Bitboard::EMPTY);
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
