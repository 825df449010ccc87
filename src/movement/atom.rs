//! Movement atoms and piece definitions: the data a piece type is made of.

/// How far a movement atom goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reach {
    /// One jump of the step, over anything in between.
    Leap,
    /// The step repeated along a line until blocked.
    Ride,
    /// Alternating the step with the step turned a right angle, both ways (the
    /// Quintessence's zig-zag: d1-c3-e4-d6-...), until blocked.
    Crooked,
    /// Along the line over exactly one piece of either colour (the screen), to the squares
    /// beyond it up to and including the next piece: the Xiangqi Cannon's capture (XBetza
    /// `pR`). With nothing to hop over it reaches nothing.
    Hop,
    /// The ride from its second square on: the first square must be empty and is not reached
    /// itself (Timur's Picket, XBetza `yafF`: a bishop that goes at least two squares).
    FarRide,
}

/// Whether an atom moves, captures, or both.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Moves to empty squares and captures.
    Both,
    /// Only moves to empty squares (a pawn's step).
    MoveOnly,
    /// Only captures (a pawn's diagonal).
    CaptureOnly,
}

/// Which reflections of the step count.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Symmetry {
    /// All eight rotations and reflections.
    All,
    /// Forward only: `dy` points ahead of the mover, `dx` either way.
    Forward,
}

/// One movement component of a piece type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Atom {
    /// Files moved by one step.
    pub dx: i8,
    /// Ranks moved by one step.
    pub dy: i8,
    /// Leap, ride or zig-zag.
    pub reach: Reach,
    /// Move, capture or both.
    pub mode: Mode,
    /// All directions, or forward only.
    pub symmetry: Symmetry,
}

impl Atom {
    /// A leap in all directions that moves and captures.
    pub const fn leap(dx: i8, dy: i8) -> Atom {
        Atom {
            dx,
            dy,
            reach: Reach::Leap,
            mode: Mode::Both,
            symmetry: Symmetry::All,
        }
    }

    /// A ride in all directions that moves and captures.
    pub const fn ride(dx: i8, dy: i8) -> Atom {
        Atom {
            reach: Reach::Ride,
            ..Atom::leap(dx, dy)
        }
    }

    /// A zig-zag ride in all directions that moves and captures.
    pub const fn crooked(dx: i8, dy: i8) -> Atom {
        Atom {
            reach: Reach::Crooked,
            ..Atom::leap(dx, dy)
        }
    }

    /// A hop in all directions (see [`Reach::Hop`]); a Cannon's capture is
    /// `Atom::hop(1, 0).capture_only()`.
    pub const fn hop(dx: i8, dy: i8) -> Atom {
        Atom {
            reach: Reach::Hop,
            ..Atom::leap(dx, dy)
        }
    }

    /// A ride of at least two steps in all directions that moves and captures (see
    /// [`Reach::FarRide`]).
    pub const fn far_ride(dx: i8, dy: i8) -> Atom {
        Atom {
            reach: Reach::FarRide,
            ..Atom::leap(dx, dy)
        }
    }

    /// The same atom, forward only.
    pub const fn forward(self) -> Atom {
        Atom {
            symmetry: Symmetry::Forward,
            ..self
        }
    }

    /// The same atom, moving only.
    pub const fn move_only(self) -> Atom {
        Atom {
            mode: Mode::MoveOnly,
            ..self
        }
    }

    /// The same atom, capturing only.
    pub const fn capture_only(self) -> Atom {
        Atom {
            mode: Mode::CaptureOnly,
            ..self
        }
    }

    /// The concrete steps for a side whose forward direction is `forward` (+1 or -1).
    pub fn steps(&self, forward: i8) -> Vec<(i8, i8)> {
        let (dx, dy) = (self.dx, self.dy);
        let mut steps: Vec<(i8, i8)> = match self.symmetry {
            Symmetry::All => vec![
                (dx, dy),
                (-dx, dy),
                (dx, -dy),
                (-dx, -dy),
                (dy, dx),
                (-dy, dx),
                (dy, -dx),
                (-dy, -dx),
            ],
            Symmetry::Forward => vec![(dx, dy * forward), (-dx, dy * forward)],
        };
        crate::small_sort::insertion_sort(&mut steps);
        steps.dedup();
        steps
    }
}

/// A piece type: its FEN letter, its name and its movement atoms.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PieceDef {
    /// Upper-case FEN and notation letter.
    pub letter: char,
    /// English name.
    pub name: &'static str,
    /// Its movement.
    pub atoms: Vec<Atom>,
    /// Whether losing it loses the game (a king).
    pub royal: bool,
    /// Whether it is a pawn: no letter in notation, and the variant's pawn rules apply.
    pub pawn: bool,
}

impl PieceDef {
    /// A non-royal, non-pawn piece type.
    pub fn new(letter: char, name: &'static str, atoms: Vec<Atom>) -> PieceDef {
        PieceDef {
            letter,
            name,
            atoms,
            royal: false,
            pawn: false,
        }
    }

    /// The same type, made royal.
    pub fn royal(self) -> PieceDef {
        PieceDef {
            royal: true,
            ..self
        }
    }

    /// The same type, marked as a pawn.
    pub fn pawn(self) -> PieceDef {
        PieceDef { pawn: true, ..self }
    }

    /// A piece type that moves as all of `parts` together.
    pub fn compound(letter: char, name: &'static str, parts: &[&PieceDef]) -> PieceDef {
        PieceDef::new(
            letter,
            name,
            parts.iter().flat_map(|p| p.atoms.iter().copied()).collect(),
        )
    }
}

/// A non-royal, non-pawn piece type as constant data, for tables of many types (see
/// `pieces`): [`PieceData::def`] makes its [`PieceDef`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceData {
    letter: char,
    name: &'static str,
    atoms: &'static [Atom],
}

impl PieceData {
    /// The type with the letter `letter`, the name `name` and the movement `atoms`.
    pub const fn new(letter: char, name: &'static str, atoms: &'static [Atom]) -> PieceData {
        PieceData {
            letter,
            name,
            atoms,
        }
    }

    /// Its definition.
    pub fn def(&self) -> PieceDef {
        PieceDef::new(self.letter, self.name, self.atoms.to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_has_eight_steps_and_wazir_four() {
        assert_eq!(Atom::leap(1, 2).steps(1).len(), 8);
        assert_eq!(Atom::leap(1, 0).steps(1).len(), 4);
        assert_eq!(Atom::leap(1, 1).steps(1).len(), 4);
        assert_eq!(Atom::leap(2, 2).steps(1).len(), 4);
    }

    #[test]
    fn forward_atoms_mirror_for_black() {
        let capture = Atom::leap(1, 1).forward().capture_only();
        assert_eq!(capture.steps(1), vec![(-1, 1), (1, 1)]);
        assert_eq!(capture.steps(-1), vec![(-1, -1), (1, -1)]);
        assert_eq!(Atom::leap(0, 1).forward().steps(1), vec![(0, 1)]);
    }
}
