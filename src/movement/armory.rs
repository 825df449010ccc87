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

    #[inline]
    fn as_slice(&self) -> &[u8] {
        &self.items[..self.len as usize]
    }
}

/// The sliding parts of one kind of reach (capturing, or moving to an empty square).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slides {
    rides: TableList,
    crooked: TableList,
}

/// What one role of one colour captures with and moves with, beyond its leaps.
#[derive(Clone, Copy, Debug, Default)]
struct RoleTables {
    attack: Slides,
    advance: Slides,
    /// Whether it moves exactly as it captures, so one computation serves both.
    moves_as_it_captures: bool,
}

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
    /// Per colour, the roles that capture along zig-zags, as a bit set.
    crooked_riders: [u16; 2],
    /// Per colour of the attacker: each direction looking out from a target square, with the
    /// roles of that colour that capture back along it.
    lines_of_attack: [Vec<(u8, u16)>; 2],
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
        let mut crooked_riders = [0u16; 2];
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
                                if kind == ATTACK {
                                    crooked_riders[color.index()] |= 1 << role;
                                }
                            }
                        }
                    }
                }
                let same_leaps = leaps[slot * 2 + ATTACK] == leaps[slot * 2 + ADVANCE];
                t.moves_as_it_captures = same_leaps && t.attack == t.advance;
            }
        }
        let lines_of_attack = Color::ALL.map(|color| {
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
                    if t.attack.rides.as_slice().contains(&(dir as u8)) {
                        roles |= 1 << role;
                    }
                }
                if roles != 0 {
                    lines.push((outward as u8, roles));
                }
            }
            lines
        });
        Armory {
            shape,
            defs,
            rays,
            crooked,
            leaps,
            tables,
            leapers,
            crooked_riders,
            lines_of_attack,
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
        self.leap(piece, ATTACK, from) | self.slide(&t.attack, from, occupied)
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
        for &(dir, roles) in &self.lines_of_attack[by.index()] {
            if let Some(blocker) = self.rays.first_blocker(dir as usize, sq, occupied) {
                if own.contains(blocker) && role_in(roles, role_sets, blocker) {
                    found = found.with(blocker);
                }
            }
        }
        let mut crooked = self.crooked_riders[by.index()];
        while crooked != 0 {
            let role = crooked.trailing_zeros() as usize;
            crooked &= crooked - 1;
            let candidates = role_sets[role] & own;
            if candidates.any() {
                let mirror = Piece {
                    color: !by,
                    role: Role(role as u8),
                };
                let t = &self.tables[mirror.color.index()][role];
                let zigzag = Slides {
                    rides: TableList::default(),
                    crooked: t.attack.crooked,
                };
                found |= self.slide(&zigzag, sq, occupied) & candidates;
            }
        }
        found
    }

    /// Pieces of `defender` that stand alone between `king` and an enemy rider on a straight
    /// line: moving one off the line could expose the king.
    ///
    /// Zig-zag riders are not covered; with them, check every move by its resulting attacks.
    pub fn pinned(
        &self,
        king: Square,
        defender: Color,
        occupied: Bitboard,
        role_sets: &[Bitboard; MAX_ROLES],
        own: Bitboard,
        enemy: Bitboard,
    ) -> Bitboard {
        let mut pinned = Bitboard::EMPTY;
        for &(dir, roles) in &self.lines_of_attack[(!defender).index()] {
            let dir = dir as usize;
            let Some(first) = self.rays.first_blocker(dir, king, occupied) else {
                continue;
            };
            if !own.contains(first) {
                continue;
            }
            if let Some(second) = self.rays.first_blocker(dir, first, occupied) {
                if enemy.contains(second) && role_in(roles, role_sets, second) {
                    pinned = pinned.with(first);
                }
            }
        }
        pinned
    }

    /// Whether any piece type of the variant is a crooked rider.
    pub fn has_crooked(&self) -> bool {
        !self.crooked.is_empty()
    }
}

/// Whether the piece on `sq` has one of the roles in the bit set `roles`.
#[inline]
fn role_in(roles: u16, role_sets: &[Bitboard; MAX_ROLES], sq: Square) -> bool {
    let mut rest = roles;
    while rest != 0 {
        let role = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if role_sets[role].contains(sq) {
            return true;
        }
    }
    false
}
