//! A variant's piece types compiled into attack tables for its board shape.

use super::crooked::CrookedTable;
use super::lines_of_attack::LinesOfAttack;
use super::orthodox::OrthodoxAttacks;
use super::threats::{Threats, MAX_ZIGZAGS};
use super::{Color, Mode, Piece, PieceDef, Reach, Role, MAX_ROLES};
use crate::geometry::{Bitboard, Rays, Shape, Square, MAX_LINES};

/// Most rider directions and zig-zag tables one piece type may have.
const MAX_DIRS: usize = 16;

/// The squares along each line from one square on one board, as far as they have been asked
/// (see [`Armory::attacks_sharing_lines`]).
#[derive(Clone, Copy, Default)]
pub struct LinesFrom {
    /// The lines asked, one bit a line.
    known: u8,
    lines: [Bitboard; MAX_LINES],
}

// `LinesFrom::known` has a bit for each line.
const _: () = assert!(MAX_LINES <= 8);

/// A short inline list of table indices (rider directions or zig-zag tables).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct TableList {
    items: [u8; MAX_DIRS],
    len: u8,
}

impl TableList {
    fn push(&mut self, item: usize) {
        let item = item as u8;
        if !self.as_slice().contains(&item) && (self.len as usize) < MAX_DIRS {
            self.items[self.len as usize] = item;
            self.len += 1;
        }
    }

    #[inline]
    fn as_slice(&self) -> &[u8] {
        &self.items[..self.len as usize]
    }
}

/// The sliding parts of one kind of reach (capturing, or moving to an empty square).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slides {
    /// Single rider directions.
    rides: TableList,
    /// Rider lines (pairs of opposite directions, see [`Rays::line_of`]), each computed in
    /// one pass.
    lines: TableList,
    crooked: TableList,
    /// Hopping directions (see [`Reach::Hop`]).
    hops: TableList,
    /// Directions ridden from the second square on (see [`Reach::FarRide`]).
    far_rides: TableList,
    /// Whether it has lines only (no single rides, zig-zags, hops or far rides), as most
    /// riders.
    only_lines: bool,
}

impl Slides {
    /// Whether there is nothing to slide along (a pure leaper).
    #[inline]
    fn is_empty(&self) -> bool {
        self.only_lines && self.lines.len == 0
    }

    /// Whether it hops or rides from the second square: moves that do not stop at the first
    /// piece on a line, which the lookups from a target ([`LinesOfAttack`]) do not cover.
    #[inline]
    fn irregular(&self) -> bool {
        self.hops.len > 0 || self.far_rides.len > 0
    }

    /// The directions it rides along, as a bit set.
    fn directions(&self, rays: &Rays) -> u16 {
        let lines = self.lines.as_slice().iter().flat_map(|&line| {
            let (up, down) = rays.line_directions(line as usize);
            [up, down]
        });
        let rides = self.rides.as_slice().iter().map(|&dir| dir as usize);
        lines.chain(rides).fold(0, |set, dir| set | 1 << dir)
    }

    /// Moves every pair of opposite rider directions from `rides` to `lines`, building the
    /// line tables.
    fn pair_lines(&mut self, rays: &mut Rays) {
        let dirs: Vec<u8> = self.rides.as_slice().to_vec();
        let mut single = TableList::default();
        for &d in &dirs {
            let (dx, dy) = rays.delta(d as usize);
            let opposite = rays.find((-dx, -dy)).filter(|&o| dirs.contains(&(o as u8)));
            match opposite {
                Some(o) => {
                    if rays.ascending(d as usize) {
                        self.lines.push(rays.line_of(d as usize, o));
                    }
                }
                None => single.push(d as usize),
            }
        }
        self.rides = single;
        self.only_lines = self.rides.len == 0 && self.crooked.len == 0 && !self.irregular();
    }
}

/// What one role of one colour captures with and moves with, beyond its leaps.
#[derive(Clone, Copy, Debug, Default)]
struct RoleTables {
    attack: Slides,
    advance: Slides,
    /// Whether it moves exactly as it captures, so one computation serves both.
    moves_as_it_captures: bool,
}

/// One leap table per colour, role and kind (capturing or moving).
const LEAP_TABLES: usize = 2 * MAX_ROLES * 2;

const ATTACK: usize = 0;
const ADVANCE: usize = 1;

/// The compiled piece set of a variant on its board shape.
#[derive(Clone, Debug)]
pub struct Armory {
    shape: Shape,
    defs: Vec<PieceDef>,
    rays: Rays,
    crooked: Vec<CrookedTable>,
    /// Leap destinations: `leaps[(slot * 2) + ATTACK or ADVANCE][square]`, where
    /// `slot = color * MAX_ROLES + role`.
    leaps: Box<[[Bitboard; 128]; LEAP_TABLES]>,
    tables: [[RoleTables; MAX_ROLES]; 2],
    /// Per colour, the roles that capture with a leap, as a bit set.
    leapers: [u16; 2],
    /// Per colour, the roles that capture by hopping or riding from the second square, as a
    /// bit set: found by asking each such piece, not by looking out from the target.
    irregular: [u16; 2],
    /// Per colour of the attacker: each zig-zag table (seen from the target square) with the
    /// roles of that colour that capture along it, as a bit set.
    crooked_attacks: [Vec<(u8, u16)>; 2],
    /// The riders, grouped for finding them from their targets.
    lines_of_attack: LinesOfAttack,
    /// The machine strings of the variant's actions without squares, by index.
    keywords: &'static [&'static str],
    /// Quicker attack questions, where the piece types are FIDE's alone (see
    /// [`OrthodoxAttacks`]).
    orthodox: Option<OrthodoxAttacks>,
}

impl Armory {
    /// Compiles `defs` (at most [`MAX_ROLES`]) for `shape`.
    pub fn new(shape: Shape, defs: Vec<PieceDef>) -> Armory {
        assert!(defs.len() <= MAX_ROLES, "too many piece types");
        let mut rays = Rays::default();
        let mut crooked_steps: Vec<Vec<(i8, i8)>> = Vec::new();
        let mut crooked = Vec::new();
        let mut leaps = Box::new([[Bitboard::EMPTY; 128]; LEAP_TABLES]);
        let mut tables = [[RoleTables::default(); MAX_ROLES]; 2];
        let mut leapers = [0u16; 2];
        for color in Color::ALL {
            for (role, def) in defs.iter().enumerate() {
                let slot = color.index() * MAX_ROLES + role;
                let t = &mut tables[color.index()][role];
                for atom in &def.atoms {
                    let steps = atom.steps(color.forward());
                    let kinds: &[usize] = match atom.mode {
                        Mode::Both => &[ATTACK, ADVANCE],
                        Mode::MoveOnly => &[ADVANCE],
                        Mode::CaptureOnly => &[ATTACK],
                    };
                    for &kind in kinds {
                        let slides = if kind == ATTACK {
                            &mut t.attack
                        } else {
                            &mut t.advance
                        };
                        match atom.reach {
                            Reach::Leap => {
                                for from in shape.playable {
                                    let cell = &mut leaps[slot * 2 + kind][from.index()];
                                    for &(dx, dy) in &steps {
                                        if let Some(to) = shape.step(from, dx, dy) {
                                            *cell = cell.with(to);
                                        }
                                    }
                                }
                                if kind == ATTACK {
                                    leapers[color.index()] |= 1 << role;
                                }
                            }
                            Reach::Ride | Reach::Hop | Reach::FarRide => {
                                let list = match atom.reach {
                                    Reach::Hop => &mut slides.hops,
                                    Reach::FarRide => &mut slides.far_rides,
                                    _ => &mut slides.rides,
                                };
                                for &d in &steps {
                                    list.push(rays.index_of(&shape, d));
                                }
                            }
                            Reach::Crooked => {
                                let id = match crooked_steps.iter().position(|s| *s == steps) {
                                    Some(id) => id,
                                    None => {
                                        crooked.push(CrookedTable::new(&shape, &steps));
                                        crooked_steps.push(steps.clone());
                                        crooked.len() - 1
                                    }
                                };
                                slides.crooked.push(id);
                            }
                        }
                    }
                }
                t.attack.pair_lines(&mut rays);
                t.advance.pair_lines(&mut rays);
                let same_leaps = leaps[slot * 2 + ATTACK] == leaps[slot * 2 + ADVANCE];
                t.moves_as_it_captures = same_leaps && t.attack == t.advance;
            }
        }
        let capture_directions =
            Color::ALL.map(|color| tables[color.index()].map(|t| t.attack.directions(&rays)));
        let lines_of_attack = LinesOfAttack::new(&shape, &mut rays, defs.len(), |color, role| {
            capture_directions[color.index()][role]
        });
        // A `by` crooked rider reaches a target along the paths the same role of the other
        // colour would take out of the target (paths reversed are paths).
        let crooked_attacks = Color::ALL.map(|by| {
            let mut groups: Vec<(u8, u16)> = Vec::new();
            for (role, t) in tables[(!by).index()].iter().enumerate().take(defs.len()) {
                for &id in t.attack.crooked.as_slice() {
                    match groups.iter_mut().find(|(table, _)| *table == id) {
                        Some((_, roles)) => *roles |= 1 << role,
                        None => groups.push((id, 1 << role)),
                    }
                }
            }
            assert!(groups.len() <= MAX_ZIGZAGS, "too many zig-zag tables");
            groups
        });
        let irregular = Color::ALL.map(|color| {
            (0..defs.len())
                .filter(|&role| tables[color.index()][role].attack.irregular())
                .fold(0u16, |set, role| set | 1 << role)
        });
        let orthodox = defs == super::pieces::fide();
        let mut armory = Armory {
            orthodox: None,
            shape,
            defs,
            rays,
            crooked,
            leaps,
            tables,
            leapers,
            irregular,
            crooked_attacks,
            lines_of_attack,
            keywords: &[],
        };
        if orthodox {
            armory.orthodox = Some(OrthodoxAttacks::new(&armory));
        }
        armory
    }

    /// The same, with the machine strings of the variant's actions without squares
    /// (`Action::keyword(i)` is written `keywords[i]`).
    pub fn with_keywords(mut self, keywords: &'static [&'static str]) -> Armory {
        self.keywords = keywords;
        self
    }

    /// The machine string of keyword action `index` (empty for an unknown index).
    pub fn keyword(&self, index: u8) -> &'static str {
        self.keywords.get(index as usize).copied().unwrap_or("")
    }

    /// The keyword action whose machine string is `text`, if the variant has one.
    pub fn keyword_index(&self, text: &str) -> Option<u8> {
        let index = self.keywords.iter().position(|k| *k == text)?;
        u8::try_from(index).ok()
    }

    /// The board shape the tables are built for.
    #[inline]
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The piece definitions, indexed by role.
    #[inline]
    pub fn defs(&self) -> &[PieceDef] {
        &self.defs
    }

    /// The definition of `role`.
    #[inline]
    pub fn def(&self, role: Role) -> &PieceDef {
        &self.defs[role.index()]
    }

    /// The role whose letter is `letter` (either case).
    pub fn role_of_letter(&self, letter: char) -> Option<Role> {
        let upper = letter.to_ascii_uppercase();
        self.defs
            .iter()
            .position(|d| d.letter == upper)
            .map(|i| Role(i as u8))
    }

    /// The FEN letter of `piece`: upper case for White.
    pub fn fen_char(&self, piece: Piece) -> char {
        let letter = self.def(piece.role).letter;
        match piece.color {
            Color::White => letter,
            Color::Black => letter.to_ascii_lowercase(),
        }
    }

    #[inline]
    fn leap(&self, piece: Piece, kind: usize, from: Square) -> Bitboard {
        let slot = piece.color.index() * MAX_ROLES + piece.role.index();
        self.leaps[(slot * 2 + kind) % LEAP_TABLES][from.index()]
    }

    #[inline]
    // extern "C-unwind": passes the bitboards as values in wasm (see the `Bitboard` docs).
    #[allow(improper_ctypes_definitions)]
    extern "C-unwind" fn slide(
        &self,
        slides: &Slides,
        from: Square,
        occupied: Bitboard,
    ) -> Bitboard {
        let line = |i: usize| {
            self.rays
                .line_attacks(slides.lines.items[i] as usize, from, occupied)
        };
        // The usual counts as straight-line code: a loop over a few 128-bit values makes the
        // compiler unroll it and run out of registers.
        let lines = match slides.lines.len {
            0 => Bitboard::EMPTY,
            1 => line(0),
            2 => line(0) | line(1),
            4 => line(0) | line(1) | line(2) | line(3),
            n => (0..n as usize).fold(Bitboard::EMPTY, |out, i| out | line(i)),
        };
        if slides.only_lines {
            lines
        } else {
            lines | self.ride_and_zigzag(slides, from, occupied)
        }
    }

    /// The single-direction rides and zig-zags of `slides`, kept out of line: most pieces
    /// have none.
    #[inline(never)]
    // extern "C-unwind": passes the bitboards as values in wasm (see the `Bitboard` docs).
    #[allow(improper_ctypes_definitions)]
    extern "C-unwind" fn ride_and_zigzag(
        &self,
        slides: &Slides,
        from: Square,
        occupied: Bitboard,
    ) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for &dir in slides.rides.as_slice() {
            out |= self.rays.attacks(dir as usize, from, occupied);
        }
        for &id in slides.crooked.as_slice() {
            out |= self.crooked[id as usize].attacks(from, occupied);
        }
        out | self.irregular_slides(slides, from, occupied)
    }

    /// The hops and far rides of `slides` from `from`.
    #[inline]
    fn irregular_slides(&self, slides: &Slides, from: Square, occupied: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for &dir in slides.hops.as_slice() {
            out |= self.rays.hop_attacks(dir as usize, from, occupied);
        }
        for &dir in slides.far_rides.as_slice() {
            out |= self.rays.far_attacks(dir as usize, from, occupied);
        }
        out
    }

    /// The squares `piece` on `from` attacks by hopping or riding from the second square: the
    /// part of [`Armory::attacks`] that [`Threats`] asks of each such piece in turn.
    #[inline]
    pub(super) fn irregular_attacks(
        &self,
        piece: Piece,
        from: Square,
        occupied: Bitboard,
    ) -> Bitboard {
        let t = &self.tables[piece.color.index()][piece.role.index()];
        self.irregular_slides(&t.attack, from, occupied)
    }

    /// The roles of `by` that attack by hopping or riding from the second square, as a bit set.
    #[inline]
    pub(super) fn irregular_roles(&self, by: Color) -> u16 {
        self.irregular[by.index()]
    }

    /// The ray directions along which `piece` hops or rides from the second square to
    /// capture.
    pub(super) fn irregular_directions(&self, piece: Piece) -> impl Iterator<Item = usize> + '_ {
        let t = &self.tables[piece.color.index()][piece.role.index() % MAX_ROLES].attack;
        let hops = t.hops.as_slice().iter();
        hops.chain(t.far_rides.as_slice()).map(|&d| d as usize)
    }

    /// [`Armory::attacks`] for several pieces asked from one square on one board: each line's
    /// squares are kept in `lines` (by line, from the first piece that rides it), so that a
    /// queen after a rook and a bishop reads theirs. `lines` must start empty for each square
    /// and board. Native only: in the wasm it took 190 bytes gzipped for no speed measured
    /// (2026-12-07), so there each piece is asked alone.
    #[inline]
    pub fn attacks_sharing_lines(
        &self,
        piece: Piece,
        from: Square,
        occupied: Bitboard,
        lines: &mut LinesFrom,
    ) -> Bitboard {
        let t = &self.tables[piece.color.index()][piece.role.index()].attack;
        if cfg!(target_arch = "wasm32") || !t.only_lines {
            return self.attacks(piece, from, occupied);
        }
        let mut found = self.leap(piece, ATTACK, from);
        for &line in t.lines.as_slice() {
            let line = usize::from(line) % MAX_LINES;
            let bit = 1u8 << line;
            if lines.known & bit == 0 {
                lines.lines[line] = self.rays.line_attacks(line, from, occupied);
                lines.known |= bit;
            }
            found |= lines.lines[line];
        }
        found
    }

    /// Squares `piece` on `from` attacks (could capture on) given the occupied squares.
    #[inline]
    pub fn attacks(&self, piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
        let t = &self.tables[piece.color.index()][piece.role.index()];
        let leaps = self.leap(piece, ATTACK, from);
        if t.attack.is_empty() {
            leaps
        } else {
            leaps | self.slide(&t.attack, from, occupied)
        }
    }

    /// Empty squares `piece` on `from` can move to without capturing.
    #[inline]
    pub fn advances(&self, piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
        let t = &self.tables[piece.color.index()][piece.role.index()];
        (self.leap(piece, ADVANCE, from) | self.slide(&t.advance, from, occupied)) & !occupied
    }

    /// Both at once: (squares attacked, empty squares reached by a non-capturing move).
    #[inline]
    pub fn reach(&self, piece: Piece, from: Square, occupied: Bitboard) -> (Bitboard, Bitboard) {
        self.mover(piece).reach(from, occupied)
    }

    /// `piece`'s tables, looked up once for generating the moves of all pieces of its type.
    #[inline]
    pub fn mover(&self, piece: Piece) -> Mover<'_> {
        let slot = piece.color.index() * MAX_ROLES + piece.role.index();
        Mover {
            armory: self,
            tables: &self.tables[piece.color.index()][piece.role.index()],
            attack_leaps: &self.leaps[(slot * 2 + ATTACK) % LEAP_TABLES],
            advance_leaps: &self.leaps[(slot * 2 + ADVANCE) % LEAP_TABLES],
        }
    }

    /// Pieces of `by` that attack `sq`, given the occupied squares, the pieces of each role
    /// (`role_sets`) and those of `by` (`own`). For many questions about one position, ask
    /// [`Armory::threats`] once instead.
    pub fn attackers(
        &self,
        sq: Square,
        by: Color,
        occupied: Bitboard,
        role_sets: &[Bitboard; MAX_ROLES],
        own: Bitboard,
    ) -> Bitboard {
        if let Some(orthodox) = &self.orthodox {
            return orthodox.attackers(sq, by, occupied, role_sets, own);
        }
        self.threats(by, role_sets, own).attackers(sq, occupied)
    }

    /// The quicker attack questions of FIDE's pieces, where they are the armory's only types.
    #[inline]
    pub fn orthodox(&self) -> Option<&OrthodoxAttacks> {
        self.orthodox.as_ref()
    }

    /// The pieces of `by` (those of `own`, with `role_sets` the pieces of each role), sorted
    /// for attack questions about one position.
    ///
    /// Always inlined, so that the result is built where the caller keeps it: returning it
    /// from a call costs a 176-byte copy, which wasm makes by calling out of the module.
    #[inline(always)]
    pub fn threats<'a>(
        &'a self,
        by: Color,
        role_sets: &'a [Bitboard; MAX_ROLES],
        own: Bitboard,
    ) -> Threats<'a> {
        let riders = self
            .lines_of_attack
            .riders(by, |roles| union_of(roles, role_sets), own);
        let mut zigzags = [Bitboard::EMPTY; MAX_ZIGZAGS];
        for (slot, &(_, roles)) in zigzags.iter_mut().zip(&self.crooked_attacks[by.index()]) {
            *slot = union_of(roles, role_sets) & own;
        }
        let leapers = self.leapers[by.index()];
        Threats::new(self, by, role_sets, own, leapers, riders, zigzags)
    }

    /// Where a leaper of `by` and of `role` must stand to attack a square, seen from the
    /// square: the leaps of the same role of the other colour.
    #[inline]
    pub(super) fn leaps_onto(&self, by: Color, role: usize) -> &[Bitboard; 128] {
        let slot = (!by).index() * MAX_ROLES + role;
        &self.leaps[(slot * 2 + ATTACK) % LEAP_TABLES]
    }

    /// The zig-zag tables that `by` attacks along (in the order of [`Threats`]' groups).
    #[inline]
    pub(super) fn zigzags_of(&self, by: Color) -> impl Iterator<Item = &u8> + '_ {
        self.crooked_attacks[by.index()].iter().map(|(id, _)| id)
    }

    /// The riders grouped for attack questions.
    #[inline]
    pub(super) fn lines_of_attack(&self) -> &LinesOfAttack {
        &self.lines_of_attack
    }

    /// The rider rays.
    #[inline]
    pub(super) fn rays(&self) -> &Rays {
        &self.rays
    }

    /// Zig-zag table `id`.
    #[inline]
    pub(super) fn zigzag(&self, id: u8) -> &CrookedTable {
        &self.crooked[id as usize % self.crooked.len().max(1)]
    }
}

/// The roles in the bit set `roles`.
#[inline]
pub(super) fn roles_in(roles: u16) -> impl Iterator<Item = usize> + Clone {
    let mut rest = roles;
    std::iter::from_fn(move || {
        let role = rest.trailing_zeros() as usize;
        rest &= rest.wrapping_sub(1);
        (role < MAX_ROLES).then_some(role)
    })
}

/// The squares of all roles in the bit set `roles`.
#[inline]
fn union_of(roles: u16, role_sets: &[Bitboard; MAX_ROLES]) -> Bitboard {
    let mut rest = roles;
    let mut set = Bitboard::EMPTY;
    while rest != 0 {
        set |= role_sets[(rest.trailing_zeros() as usize) % MAX_ROLES];
        rest &= rest - 1;
    }
    set
}

/// One piece type of one colour with its tables at hand (see [`Armory::mover`]).
#[derive(Clone, Copy)]
pub struct Mover<'a> {
    armory: &'a Armory,
    tables: &'a RoleTables,
    attack_leaps: &'a [Bitboard; 128],
    advance_leaps: &'a [Bitboard; 128],
}

impl Mover<'_> {
    /// (squares attacked, empty squares reached by a non-capturing move) from `from`.
    #[inline]
    pub fn reach(&self, from: Square, occupied: Bitboard) -> (Bitboard, Bitboard) {
        let t = self.tables;
        let mut attacks = self.attack_leaps[from.index()];
        if !t.attack.is_empty() {
            attacks |= self.armory.slide(&t.attack, from, occupied);
        }
        if t.moves_as_it_captures {
            return (attacks, attacks & !occupied);
        }
        let mut advances = self.advance_leaps[from.index()];
        if !t.advance.is_empty() {
            advances |= self.armory.slide(&t.advance, from, occupied);
        }
        (attacks, advances & !occupied)
    }
}

#[cfg(test)]
mod tests {
    use super::{Armory, LinesFrom};
    use crate::geometry::{Bitboard, Shape};
    use crate::movement::{pieces, Color, Piece, Role};
    use crate::rng::Rng;

    /// Every type of an armory asked in turn from one square with the lines shared answers as
    /// each asked alone, on random boards: FIDE's pieces (the queen reads the rook's and the
    /// bishop's lines) and Quintessential Chess's riders (zig-zags, which share nothing).
    #[test]
    fn attacks_sharing_lines_answer_as_attacks_alone() {
        let mut rng = Rng::new(11);
        let mut fairy = pieces::fide();
        fairy.extend([pieces::quintessence(), pieces::leeloo(), pieces::janus()]);
        for (shape, defs) in [
            (Shape::rectangle(8, 8), pieces::fide()),
            (Shape::rectangle(10, 10), fairy),
        ] {
            let roles = defs.len();
            let armory = Armory::new(shape, defs);
            let mut shared = 0;
            for _ in 0..300 {
                let occupied = shape
                    .playable
                    .squares()
                    .filter(|_| rng.below(3) == 0)
                    .fold(Bitboard::EMPTY, Bitboard::with);
                let color = Color::ALL[rng.below(2)];
                for from in shape.playable {
                    let mut lines = LinesFrom::default();
                    for role in (0..roles).rev() {
                        let piece = Piece {
                            color,
                            role: Role(role as u8),
                        };
                        let alone = armory.attacks(piece, from, occupied);
                        let sharing =
                            armory.attacks_sharing_lines(piece, from, occupied, &mut lines);
                        assert_eq!(sharing, alone, "{piece:?} from {from:?}");
                    }
                    shared += lines.known.count_ones();
                }
            }
            assert!(shared > 1_000, "lines kept {shared} times");
        }
    }
}
