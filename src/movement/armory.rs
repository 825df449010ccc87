//! A variant's piece types compiled into attack tables for its board shape.

use super::crooked::CrookedTable;
use super::{Color, Mode, Piece, PieceDef, Reach, Role, MAX_ROLES};
use crate::geometry::{Bitboard, Rays, Shape, Square};

/// One kind of reach (capturing, or moving to an empty square) of one role and colour.
#[derive(Clone, Debug, Default)]
struct Reaches {
    /// Leap destinations per square.
    leaps: Vec<Bitboard>,
    /// Ray tables of the rider directions.
    rides: Vec<usize>,
    /// Zig-zag tables.
    crooked: Vec<usize>,
}

/// What one role of one colour can capture on and move to.
#[derive(Clone, Debug)]
struct RoleTables {
    attack: Reaches,
    advance: Reaches,
}

/// The compiled piece set of a variant on its board shape.
#[derive(Clone, Debug)]
pub struct Armory {
    shape: Shape,
    defs: Vec<PieceDef>,
    rays: Rays,
    crooked: Vec<CrookedTable>,
    tables: [Vec<RoleTables>; 2],
    /// Per colour, the roles that attack along each ray table (by index), for pins.
    riders_by_ray: [Vec<u16>; 2],
}

impl Armory {
    /// Compiles `defs` (at most [`MAX_ROLES`]) for `shape`.
    pub fn new(shape: Shape, defs: Vec<PieceDef>) -> Armory {
        assert!(defs.len() <= MAX_ROLES, "too many piece types");
        let mut rays = Rays::default();
        let mut crooked: Vec<(Vec<(i8, i8)>, CrookedTable)> = Vec::new();
        let mut tables: [Vec<RoleTables>; 2] = [Vec::new(), Vec::new()];
        for color in Color::ALL {
            for def in &defs {
                let mut attack = Reaches {
                    leaps: vec![Bitboard::EMPTY; 100],
                    ..Reaches::default()
                };
                let mut advance = attack.clone();
                for atom in &def.atoms {
                    let steps = atom.steps(color.forward());
                    let targets: Vec<&mut Reaches> = match atom.mode {
                        Mode::Both => vec![&mut attack, &mut advance],
                        Mode::MoveOnly => vec![&mut advance],
                        Mode::CaptureOnly => vec![&mut attack],
                    };
                    match atom.reach {
                        Reach::Leap => {
                            for reach in targets {
                                for from in shape.playable {
                                    for &(dx, dy) in &steps {
                                        if let Some(to) = shape.step(from, dx, dy) {
                                            reach.leaps[from.index()] =
                                                reach.leaps[from.index()].with(to);
                                        }
                                    }
                                }
                            }
                        }
                        Reach::Ride => {
                            let ids: Vec<usize> =
                                steps.iter().map(|&d| rays.index_of(&shape, d)).collect();
                            for reach in targets {
                                for &id in &ids {
                                    if !reach.rides.contains(&id) {
                                        reach.rides.push(id);
                                    }
                                }
                            }
                        }
                        Reach::Crooked => {
                            let id = match crooked.iter().position(|(s, _)| *s == steps) {
                                Some(id) => id,
                                None => {
                                    let table = CrookedTable::new(&shape, &steps);
                                    crooked.push((steps.clone(), table));
                                    crooked.len() - 1
                                }
                            };
                            for reach in targets {
                                if !reach.crooked.contains(&id) {
                                    reach.crooked.push(id);
                                }
                            }
                        }
                    }
                }
                tables[color.index()].push(RoleTables { attack, advance });
            }
        }
        let mut riders_by_ray: [Vec<u16>; 2] = [Vec::new(), Vec::new()];
        for color in Color::ALL {
            let mut by_ray = Vec::new();
            for ray in 0..rays.len() {
                let mut mask = 0u16;
                for (role, t) in tables[color.index()].iter().enumerate() {
                    if t.attack.rides.contains(&ray) {
                        mask |= 1 << role;
                    }
                }
                by_ray.push(mask);
            }
            riders_by_ray[color.index()] = by_ray;
        }
        Armory {
            shape,
            defs,
            rays,
            crooked: crooked.into_iter().map(|(_, t)| t).collect(),
            tables,
            riders_by_ray,
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

    /// Squares `piece` on `from` attacks (could capture on) given the occupied squares.
    #[inline]
    pub fn attacks(&self, piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
        let t = &self.tables[piece.color.index()][piece.role.index()];
        self.reach(&t.attack, from, occupied)
    }

    /// Empty squares `piece` on `from` can move to without capturing.
    #[inline]
    pub fn advances(&self, piece: Piece, from: Square, occupied: Bitboard) -> Bitboard {
        let t = &self.tables[piece.color.index()][piece.role.index()];
        self.reach(&t.advance, from, occupied) & !occupied
    }

    #[inline]
    fn reach(&self, r: &Reaches, from: Square, occupied: Bitboard) -> Bitboard {
        let mut out = r.leaps[from.index()];
        for &id in &r.rides {
            out |= self.rays.get(id).attacks(from, occupied);
        }
        for &id in &r.crooked {
            out |= self.crooked[id].attacks(from, occupied);
        }
        out
    }

    /// Pieces of `by` that attack `sq`, given the occupied squares and the pieces of each role
    /// (`role_sets`) and of `by` (`own`).
    ///
    /// Movement is point-symmetric between the colours, so a `by` piece attacks `sq` exactly when
    /// the same role of the other colour standing on `sq` would attack it.
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
        for (role, &set) in role_sets.iter().enumerate().take(self.defs.len()) {
            let candidates = set & own;
            if candidates.any() {
                let mirror = Piece {
                    color: !by,
                    role: Role(role as u8),
                };
                found |= self.attacks(mirror, sq, occupied) & candidates;
            }
        }
        found
    }

    /// Pieces of `defender` that stand alone between `king` and an attacking rider of `!defender`
    /// on one line: moving one off the line could expose the king.
    ///
    /// Only straight riders pin this way; variants with crooked riders must check moves by their
    /// resulting attacks instead.
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
        let enemy_riders = &self.riders_by_ray[(!defender).index()];
        for (ray, &roles) in enemy_riders.iter().enumerate() {
            if roles == 0 {
                continue;
            }
            // The pinner rides towards the king, so it needs the opposite ray; the king looks
            // out along this one.
            let table = self.rays.get(ray);
            let (dx, dy) = table.delta;
            let Some(outward) = self.rays.find((-dx, -dy)) else {
                continue;
            };
            let outward = self.rays.get(outward);
            let Some(first) = outward.first_blocker(king, occupied) else {
                continue;
            };
            if !own.contains(first) {
                continue;
            }
            let Some(second) = outward.first_blocker(first, occupied) else {
                continue;
            };
            if !enemy.contains(second) {
                continue;
            }
            let rides_here = (0..self.defs.len())
                .any(|r| roles >> r & 1 != 0 && role_sets[r].contains(second));
            if rides_here {
                pinned = pinned.with(first);
            }
        }
        pinned
    }

    /// Whether any piece type of the variant is a crooked rider.
    pub fn has_crooked(&self) -> bool {
        !self.crooked.is_empty()
    }
}
