//! Riders seen from their target: which riders attack a square, and which pieces are pinned to
//! it, looked up from the square outwards.

use super::Color;
use crate::geometry::{Bitboard, Rays, Shape, Square, MAX_DIRECTIONS};

/// Most groups of riders one colour may have (orthodox pieces make two: along lines and
/// along diagonals).
pub const MAX_RIDER_SETS: usize = 4;

/// The pieces of each group of riders of one colour, on one position.
pub type RiderSquares = [Bitboard; MAX_RIDER_SETS];

/// Roles of one colour that capture along the same directions, with where those directions
/// reach.
#[derive(Clone, Debug)]
struct RiderSet {
    /// The roles, as a bit set.
    roles: u16,
    /// The directions looking out from a target towards such a rider, as a bit set.
    outward: u16,
    /// Per target square, all squares on those outward rays: where a rider of the set must
    /// stand to attack the target on an empty board.
    reach: Box<[Bitboard; 128]>,
}

/// The riders of both colours, grouped by the directions they capture along.
///
/// Finding the attackers of a square costs one lookup per group, plus a look between the square
/// and each rider that lines up with it (a *sniper*), instead of a walk along every direction.
#[derive(Clone, Debug)]
pub struct LinesOfAttack {
    /// Per colour of the attacker.
    sets: [Vec<RiderSet>; 2],
    /// Per colour, the roles of each set, and none past the last: the same as `sets`, but of
    /// fixed length, so that [`LinesOfAttack::riders`] builds its answer in place.
    set_roles: [[u16; MAX_RIDER_SETS]; 2],
    /// `directions_to[a][b]`: the directions (as a bit set) whose ray from `a` passes `b`.
    directions_to: Box<[[u16; 128]; 128]>,
}

impl LinesOfAttack {
    /// Groups the riders: `capture_directions(color, role)` gives, as a bit set of `rays`
    /// directions, the ways a piece rides when it captures (empty for roles that do not ride).
    /// Builds any outward direction `rays` lacks (the opposite of a one-way rider's).
    pub fn new(
        shape: &Shape,
        rays: &mut Rays,
        roles: usize,
        capture_directions: impl Fn(Color, usize) -> u16,
    ) -> LinesOfAttack {
        let sets = Color::ALL.map(|color| {
            let mut sets: Vec<RiderSet> = Vec::new();
            for dir in 0..rays.len() {
                let roles: u16 = (0..roles)
                    .filter(|&role| capture_directions(color, role) & (1 << dir) != 0)
                    .fold(0, |set, role| set | 1 << role);
                if roles == 0 {
                    continue;
                }
                // A rider moving along (dx, dy) reaches its target from the square that lies
                // the opposite way: look out from the target along (-dx, -dy).
                let (dx, dy) = rays.delta(dir);
                let outward = rays.index_of(shape, (-dx, -dy));
                let set = match sets.iter().position(|s| s.roles == roles) {
                    Some(i) => &mut sets[i],
                    None => {
                        sets.push(RiderSet {
                            roles,
                            outward: 0,
                            reach: Box::new([Bitboard::EMPTY; 128]),
                        });
                        let last = sets.len() - 1;
                        &mut sets[last]
                    }
                };
                set.outward |= 1 << outward;
            }
            assert!(sets.len() <= MAX_RIDER_SETS, "too many groups of riders");
            for set in &mut sets {
                for (index, reach) in set.reach.iter_mut().enumerate() {
                    for dir in directions(set.outward) {
                        *reach |= ray_at(rays, dir, index);
                    }
                }
            }
            sets
        });
        let mut directions_to = Box::new([[0u16; 128]; 128]);
        for (from, row) in directions_to.iter_mut().enumerate() {
            for dir in 0..rays.len() {
                for to in ray_at(rays, dir, from) {
                    row[to.index()] |= 1 << dir;
                }
            }
        }
        let set_roles = Color::ALL.map(|color| {
            let mut roles = [0; MAX_RIDER_SETS];
            for (slot, set) in roles.iter_mut().zip(&sets[color.index()]) {
                *slot = set.roles;
            }
            roles
        });
        LinesOfAttack {
            sets,
            set_roles,
            directions_to,
        }
    }

    /// For each rider set of `by`, its pieces: those of `own` whose roles the set holds, with
    /// `pieces_of` giving the squares of a role bit set.
    #[inline]
    pub fn riders(
        &self,
        by: Color,
        pieces_of: impl Fn(u16) -> Bitboard,
        own: Bitboard,
    ) -> RiderSquares {
        let roles = &self.set_roles[by.index()];
        std::array::from_fn(|i| pieces_of(roles[i]) & own)
    }

    /// The `riders` of `by` (from [`LinesOfAttack::riders`]) that attack `sq` given the
    /// occupied squares.
    #[inline]
    pub fn attackers(
        &self,
        rays: &Rays,
        sq: Square,
        by: Color,
        occupied: Bitboard,
        riders: &RiderSquares,
    ) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        for (set, &pieces) in self.sets[by.index()].iter().zip(riders) {
            for sniper in set.reach[sq.index()] & pieces {
                if self.open(rays, sq, sniper, set.outward, occupied) {
                    found = found.with(sniper);
                }
            }
        }
        found
    }

    /// Whether one of the `riders` of `by`, but for those on `removed`, attacks `sq`:
    /// [`LinesOfAttack::attackers`] stopping at the first found.
    #[inline]
    pub fn attacked(
        &self,
        rays: &Rays,
        sq: Square,
        by: Color,
        occupied: Bitboard,
        riders: &RiderSquares,
        removed: Bitboard,
    ) -> bool {
        let sets = self.sets[by.index()].iter().zip(riders);
        for (set, &pieces) in sets {
            for sniper in set.reach[sq.index()] & pieces & !removed {
                if self.open(rays, sq, sniper, set.outward, occupied) {
                    return true;
                }
            }
        }
        false
    }

    /// The `riders` of `by` that attack the king on `king`, and the pieces of `own` pinned to
    /// it (each alone between the king and such a rider).
    #[inline]
    pub fn checks_and_pins(
        &self,
        rays: &Rays,
        king: Square,
        by: Color,
        occupied: Bitboard,
        riders: &RiderSquares,
        own: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let mut checkers = Bitboard::EMPTY;
        let mut pinned = Bitboard::EMPTY;
        for (set, &pieces) in self.sets[by.index()].iter().zip(riders) {
            for sniper in set.reach[king.index()] & pieces {
                for between in self.between(rays, king, sniper, set.outward) {
                    let blockers = between & occupied;
                    if blockers.is_empty() {
                        checkers = checkers.with(sniper);
                    } else if !blockers.more_than_one() && (blockers & own).any() {
                        pinned |= blockers;
                    }
                }
            }
        }
        (checkers, pinned)
    }

    /// Whether nothing stands between `from` and `to` along one of the directions `allowed`.
    #[inline]
    fn open(
        &self,
        rays: &Rays,
        from: Square,
        to: Square,
        allowed: u16,
        occupied: Bitboard,
    ) -> bool {
        self.between(rays, from, to, allowed)
            .any(|between| (between & occupied).is_empty())
    }

    /// For each of the directions `allowed` whose ray from `from` passes `to`: the squares
    /// strictly between the two. (With unit steps there is at most one such direction.)
    #[inline]
    fn between<'r>(
        &self,
        rays: &'r Rays,
        from: Square,
        to: Square,
        allowed: u16,
    ) -> impl Iterator<Item = Bitboard> + 'r {
        let found = self.directions_to[from.index()][to.index()] & allowed;
        directions(found).map(move |dir| rays.ray(dir, from) ^ rays.ray(dir, to).with(to))
    }
}

/// The directions in a bit set.
#[inline]
fn directions(set: u16) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        let dir = rest.trailing_zeros() as usize;
        rest &= rest.wrapping_sub(1);
        (dir < MAX_DIRECTIONS).then_some(dir)
    })
}

/// The ray of `dir` from the square with bit index `index` (empty off the grid).
fn ray_at(rays: &Rays, dir: usize, index: usize) -> Bitboard {
    Square::from_index(index as u32).map_or(Bitboard::EMPTY, |sq| rays.ray(dir, sq))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    fn squares(names: &[&str]) -> Bitboard {
        names.iter().map(|n| sq(n)).collect()
    }

    /// White rooks (role 0) and bishops (role 1) on a 10x10 board with a hole on e7.
    fn setup() -> (Rays, LinesOfAttack) {
        let shape = Shape::rectangle(10, 10).without([sq("e7")]);
        let mut rays = Rays::default();
        let orthogonal = [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|d| rays.index_of(&shape, d));
        let diagonal = [(1, 1), (-1, -1), (-1, 1), (1, -1)].map(|d| rays.index_of(&shape, d));
        let set = |dirs: [usize; 4]| dirs.iter().fold(0u16, |s, &d| s | 1 << d);
        let lines = LinesOfAttack::new(&shape, &mut rays, 2, |color, role| match (color, role) {
            (Color::White, 0) => set(orthogonal),
            (Color::White, 1) => set(diagonal),
            _ => 0,
        });
        (rays, lines)
    }

    #[test]
    fn attackers_stop_at_blockers_and_holes() {
        let (rays, lines) = setup();
        let rooks = squares(&["e1", "e9", "a5", "j5"]);
        let bishops = squares(&["b2", "h8"]);
        let pieces_of = |roles: u16| {
            (if roles & 1 != 0 {
                rooks
            } else {
                Bitboard::EMPTY
            }) | (if roles & 2 != 0 {
                bishops
            } else {
                Bitboard::EMPTY
            })
        };
        let own = rooks | bishops;
        let blocker = squares(&["c5"]);
        let riders = lines.riders(Color::White, pieces_of, own);
        let occupied = own | blocker;
        let found = lines.attackers(&rays, sq("e5"), Color::White, occupied, &riders);
        // e9 is cut off by the hole on e7, a5 by the blocker on c5; b2 and h8 see e5.
        assert_eq!(found, squares(&["e1", "j5", "b2", "h8"]));
        let none = Bitboard::EMPTY;
        assert!(lines.attacked(&rays, sq("e5"), Color::White, occupied, &riders, none));
        let seeing = squares(&["e1", "j5", "b2", "h8"]);
        assert!(!lines.attacked(&rays, sq("e5"), Color::White, occupied, &riders, seeing));
        let riders = lines.riders(Color::Black, pieces_of, own);
        let none = lines.attackers(&rays, sq("e5"), Color::Black, own, &riders);
        assert!(none.is_empty(), "Black has no riders");
    }

    #[test]
    fn one_piece_between_is_pinned_two_are_not() {
        let (rays, lines) = setup();
        let rooks = squares(&["e1", "a5"]);
        let pieces_of = |roles: u16| {
            if roles & 1 != 0 {
                rooks
            } else {
                Bitboard::EMPTY
            }
        };
        let defenders = squares(&["e3", "c5", "d5"]);
        let occupied = rooks | defenders;
        let riders = lines.riders(Color::White, pieces_of, rooks);
        let (checks, pins) =
            lines.checks_and_pins(&rays, sq("e5"), Color::White, occupied, &riders, defenders);
        assert!(checks.is_empty());
        assert_eq!(pins, squares(&["e3"]), "c5 and d5 shield each other");
        let open = occupied.without(sq("e3"));
        let (checks, _) =
            lines.checks_and_pins(&rays, sq("e5"), Color::White, open, &riders, defenders);
        assert_eq!(checks, squares(&["e1"]));
    }
}
