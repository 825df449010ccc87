//! A variant's piece types compiled into attack tables for its board shape.

use super::crooked::CrookedTable;
use super::{Color, Mode, Piece, PieceDef, Reach, Role, MAX_ROLES};
use crate::geometry::{Bitboard, Rays, Shape, Square};

/// Most rider directions and zig-zag tables one piece type may have.
const MAX_DIRS: usize = 16;

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

    fn push_pair(&mut self, a: u8, b: u8) {
        if (self.len as usize) + 2 <= MAX_DIRS {
            self.items[self.len as usize] = a;
            self.items[self.len as usize + 1] = b;
            self.len += 2;
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
    /// Rider lines as pairs of opposite directions (ascending, descending), each pair stored as
    /// two consecutive items; computed in one pass.
    lines: TableList,
    crooked: TableList,
}

impl Slides {
    /// Whether there is nothing to slide along (a pure leaper).
    #[inline]
    fn is_empty(&self) -> bool {
        self.rides.len == 0 && self.lines.len == 0 && self.crooked.len == 0
    }

    /// Moves every pair of opposite rider directions from `rides` to `lines`.
    fn pair_lines(&mut self, rays: &Rays) {
        let dirs: Vec<u8> = self.rides.as_slice().to_vec();
        let mut single = TableList::default();
        for &d in &dirs {
            let (dx, dy) = rays.delta(d as usize);
            let opposite = rays.find((-dx, -dy)).map(|o| o as u8);
            match opposite {
                Some(o) if dirs.contains(&o) => {
                    if rays.ascending(d as usize) {
                        self.lines.push_pair(d, o);
                    }
                }
                _ => single.push(d as usize),
            }
        }
        self.rides = single;
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

/// Most distinct sets of roles sharing a line of attack (rook-like, bishop-like, ...).
const MAX_RIDER_SETS: usize = 8;

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
    leaps: Vec<[Bitboard; 128]>,
    tables: [[RoleTables; MAX_ROLES]; 2],
    /// Per colour, the roles that capture with a leap, as a bit set.
    leapers: [u16; 2],
    /// Per colour of the attacker: each zig-zag table (seen from the target square) with the
    /// roles of that colour that capture along it, as a bit set.
    crooked_attacks: [Vec<(u8, u16)>; 2],
    /// Per colour of the attacker: each direction looking out from a target square, with the
    /// index (into `rider_sets`) of the roles of that colour that capture back along it.
    lines_of_attack: [Vec<(u8, u8)>; 2],
    /// Per colour, the distinct sets of roles (as bits) that ride one line.
    rider_sets: [Vec<u16>; 2],
}

impl Armory {
    /// Compiles `defs` (at most [`MAX_ROLES`]) for `shape`.
    pub fn new(shape: Shape, defs: Vec<PieceDef>) -> Armory {
        assert!(defs.len() <= MAX_ROLES, "too many piece types");
        let mut rays = Rays::default();
        let mut crooked_steps: Vec<Vec<(i8, i8)>> = Vec::new();
        let mut crooked = Vec::new();
        let mut leaps = vec![[Bitboard::EMPTY; 128]; 2 * MAX_ROLES * 2];
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
                            Reach::Ride => {
                                for &d in &steps {
                                    slides.rides.push(rays.index_of(&shape, d));
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
                t.attack.pair_lines(&rays);
                t.advance.pair_lines(&rays);
                let same_leaps = leaps[slot * 2 + ATTACK] == leaps[slot * 2 + ADVANCE];
                t.moves_as_it_captures = same_leaps && t.attack == t.advance;
            }
        }
        let mut rider_sets: [Vec<u16>; 2] = [Vec::new(), Vec::new()];
        let lines_of_attack = Color::ALL.map(|color| {
            let sets = &mut rider_sets[color.index()];
            let mut lines = Vec::new();
            for dir in 0..rays.len() {
                let (dx, dy) = rays.delta(dir);
                // A rider of `color` moving along (dx, dy) reaches a target from the square that
                // lies the opposite way, so look out from the target along (-dx, -dy).
                let Some(outward) = rays.find((-dx, -dy)) else {
                    continue;
                };
                let mut roles = 0u16;
                for (role, t) in tables[color.index()].iter().enumerate().take(defs.len()) {
                    let d = dir as u8;
                    if t.attack.rides.as_slice().contains(&d)
                        || t.attack.lines.as_slice().contains(&d)
                    {
                        roles |= 1 << role;
                    }
                }
                if roles != 0 {
                    let set = match sets.iter().position(|&r| r == roles) {
                        Some(i) => i,
                        None => {
                            sets.push(roles);
                            sets.len() - 1
                        }
                    };
                    assert!(set < MAX_RIDER_SETS, "too many distinct rider sets");
                    lines.push((outward as u8, set as u8));
                }
            }
            lines
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
            groups
        });
        Armory {
            shape,
            defs,
            rays,
            crooked,
            leaps,
            tables,
            leapers,
            crooked_attacks,
            lines_of_attack,
            rider_sets,
        }
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
        self.leaps[slot * 2 + kind][from.index()]
    }

    #[inline]
    fn slide(&self, slides: &Slides, from: Square, occupied: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for pair in slides.lines.as_slice().chunks_exact(2) {
            out |= self
                .rays
                .line_attacks(pair[0] as usize, pair[1] as usize, from, occupied);
        }
        for &dir in slides.rides.as_slice() {
            out |= self.rays.attacks(dir as usize, from, occupied);
        }
        for &id in slides.crooked.as_slice() {
            out |= self.crooked[id as usize].attacks(from, occupied);
        }
        out
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
        let t = &self.tables[piece.color.index()][piece.role.index()];
        let attacks = self.attacks(piece, from, occupied);
        if t.moves_as_it_captures {
            (attacks, attacks & !occupied)
        } else {
            (attacks, self.advances(piece, from, occupied))
        }
    }

    /// Pieces of `by` that attack `sq`, given the occupied squares, the pieces of each role
    /// (`role_sets`) and those of `by` (`own`).
    ///
    /// Movement is point-symmetric between the colours, so a `by` leaper attacks `sq` exactly
    /// when the same role of the other colour standing on `sq` would attack it; riders are found
    /// by looking out from `sq` along each line of attack.
    #[inline]
    pub fn attackers(
        &self,
        sq: Square,
        by: Color,
        occupied: Bitboard,
        role_sets: &[Bitboard; MAX_ROLES],
        own: Bitboard,
    ) -> Bitboard {
        let mut found = self.leaping_attackers(sq, by, role_sets, own);
        let riders_by_set = self.riders_by_set(by, role_sets, own);
        for &(dir, set) in &self.lines_of_attack[by.index()] {
            let riders = riders_by_set[set as usize % MAX_RIDER_SETS];
            if (self.rays.ray(dir as usize, sq) & riders).is_empty() {
                continue;
            }
            if let Some(blocker) = self.rays.first_blocker(dir as usize, sq, occupied) {
                if riders.contains(blocker) {
                    found = found.with(blocker);
                }
            }
        }
        found | self.crooked_attackers(sq, by, occupied, role_sets, own)
    }

    /// Checkers of the king of `defender` on `king`, and the `defender` pieces pinned to it
    /// (those alone on a line or zig-zag path between the king and an enemy rider of it), in
    /// one pass over the lines and paths through the king.
    pub fn checks_and_pins(
        &self,
        king: Square,
        defender: Color,
        occupied: Bitboard,
        role_sets: &[Bitboard; MAX_ROLES],
        own: Bitboard,
        enemy: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let by = !defender;
        let mut checkers = self.leaping_attackers(king, by, role_sets, enemy);
        let mut pinned = Bitboard::EMPTY;
        let riders_by_set = self.riders_by_set(by, role_sets, enemy);
        for &(dir, set) in &self.lines_of_attack[by.index()] {
            let dir = dir as usize;
            let riders = riders_by_set[set as usize % MAX_RIDER_SETS];
            if (self.rays.ray(dir, king) & riders).is_empty() {
                continue;
            }
            let Some(first) = self.rays.first_blocker(dir, king, occupied) else {
                continue;
            };
            if riders.contains(first) {
                checkers = checkers.with(first);
            } else if own.contains(first) {
                let second = self.rays.first_blocker(dir, first, occupied);
                if second.is_some_and(|s| riders.contains(s)) {
                    pinned = pinned.with(first);
                }
            }
        }
        for &(id, roles) in &self.crooked_attacks[by.index()] {
            let riders = union_of(roles, role_sets) & enemy;
            if riders.any() {
                let (checks, pins) =
                    self.crooked[id as usize].checks_and_pins(king, occupied, own, riders);
                checkers |= checks;
                pinned |= pins;
            }
        }
        (checkers, pinned)
    }

    /// For each rider set of `by`, the squares of its pieces among `own`.
    #[inline]
    fn riders_by_set(
        &self,
        by: Color,
        role_sets: &[Bitboard; MAX_ROLES],
        own: Bitboard,
    ) -> [Bitboard; MAX_RIDER_SETS] {
        let mut out = [Bitboard::EMPTY; MAX_RIDER_SETS];
        for (slot, &roles) in out.iter_mut().zip(&self.rider_sets[by.index()]) {
            *slot = union_of(roles, role_sets) & own;
        }
        out
    }

    /// Leapers of `by` (pieces `own`) that attack `sq`.
    #[inline]
    fn leaping_attackers(
        &self,
        sq: Square,
        by: Color,
        role_sets: &[Bitboard; MAX_ROLES],
        own: Bitboard,
    ) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        let mut leapers = self.leapers[by.index()];
        while leapers != 0 {
            let role = leapers.trailing_zeros() as usize;
            leapers &= leapers - 1;
            let candidates = role_sets[role] & own;
            if candidates.any() {
                let mirror = Piece {
                    color: !by,
                    role: Role(role as u8),
                };
                found |= self.leap(mirror, ATTACK, sq) & candidates;
            }
        }
        found
    }

    /// Zig-zag riders of `by` (pieces `own`) that attack `sq`.
    #[inline(always)]
    fn crooked_attackers(
        &self,
        sq: Square,
        by: Color,
        occupied: Bitboard,
        role_sets: &[Bitboard; MAX_ROLES],
        own: Bitboard,
    ) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        for &(id, roles) in &self.crooked_attacks[by.index()] {
            let riders = union_of(roles, role_sets) & own;
            if riders.any() {
                found |= self.crooked[id as usize].attacks(sq, occupied) & riders;
            }
        }
        found
    }
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
