//! The piece types the variants share, defined as data.

use super::{Atom, PieceDef};

/// King: one step in any direction.
pub fn king() -> PieceDef {
    PieceDef::new('K', "king", vec![Atom::leap(1, 0), Atom::leap(1, 1)]).royal()
}

/// Queen: rook and bishop.
pub fn queen() -> PieceDef {
    PieceDef::new('Q', "queen", vec![Atom::ride(1, 0), Atom::ride(1, 1)])
}

/// Rook: orthogonal rider.
pub fn rook() -> PieceDef {
    PieceDef::new('R', "rook", vec![Atom::ride(1, 0)])
}

/// Bishop: diagonal rider.
pub fn bishop() -> PieceDef {
    PieceDef::new('B', "bishop", vec![Atom::ride(1, 1)])
}

/// Knight: the (1,2) leaper.
pub fn knight() -> PieceDef {
    PieceDef::new('N', "knight", vec![Atom::leap(1, 2)])
}

/// Pawn: steps forward without capturing and captures one step diagonally forward.
/// Double steps, en passant and promotion are rules of each variant.
pub fn pawn() -> PieceDef {
    PieceDef::new(
        'P',
        "pawn",
        vec![
            Atom::leap(0, 1).forward().move_only(),
            Atom::leap(1, 1).forward().capture_only(),
        ],
    )
    .pawn()
}

/// The FIDE set in the role order the orthodox-based variants share: pawn, knight, bishop,
/// rook, queen, king (roles 0 to 5).
pub fn fide() -> Vec<PieceDef> {
    vec![pawn(), knight(), bishop(), rook(), queen(), king()]
}

/// Cardinal (also Archbishop): bishop and knight.
pub fn cardinal() -> PieceDef {
    PieceDef::compound('A', "cardinal", &[&bishop(), &knight()])
}

/// Marshal (also Chancellor): rook and knight.
pub fn marshal() -> PieceDef {
    PieceDef::compound('M', "marshal", &[&rook(), &knight()])
}

/// Ace (also Amazon): queen and knight.
pub fn ace() -> PieceDef {
    PieceDef::compound('X', "ace", &[&queen(), &knight()])
}

/// Centurion (Quintessential Chess; also squirrel): leaps two squares in any direction (alfil
/// and dabbaba) and as a knight.
pub fn centurion() -> PieceDef {
    PieceDef::new(
        'C',
        "centurion",
        vec![Atom::leap(2, 2), Atom::leap(2, 0), Atom::leap(1, 2)],
    )
}

/// Quintessence: the crooked knight-rider that turns a right angle after every knight step.
pub fn quintessence() -> PieceDef {
    PieceDef::new('Q', "quintessence", vec![Atom::crooked(1, 2)])
}

/// Leeloo: rook and Quintessence.
pub fn leeloo() -> PieceDef {
    PieceDef::compound('L', "leeloo", &[&rook(), &quintessence()])
}

/// Janus: bishop and knight (Quintessential Chess's name for the cardinal).
pub fn janus() -> PieceDef {
    PieceDef::compound('J', "janus", &[&bishop(), &knight()])
}

/// Dragon horse: bishop and one orthogonal step.
pub fn dragon_horse() -> PieceDef {
    PieceDef::new(
        'D',
        "dragon horse",
        vec![Atom::ride(1, 1), Atom::leap(1, 0)],
    )
}

/// Impulse (Impulschach): moves and captures as a queen, but never takes the enemy Impulse
/// (a rule of the variant, not of the piece's move).
pub fn impulse() -> PieceDef {
    PieceDef::new('I', "impulse", vec![Atom::ride(1, 0), Atom::ride(1, 1)])
}

/// Catalyst (Impulschach): moves and captures as a knight.
pub fn catalyst() -> PieceDef {
    PieceDef::new('C', "catalyst", vec![Atom::leap(1, 2)])
}
