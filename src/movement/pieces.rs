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

// The pieces of Nietzsche Chess's longer promotion sequences (RULES.md gives each move in
// XBetza; the letters are docs/RULINGS.md's, after Fairy-Stockfish's where it has the piece).

/// Camel: the (1,3) leaper.
pub fn camel() -> PieceDef {
    PieceDef::new('C', "camel", vec![Atom::leap(1, 3)])
}

/// Prince (also commoner): moves as a king, but is not royal.
pub fn prince() -> PieceDef {
    PieceDef {
        letter: 'I',
        name: "prince",
        royal: false,
        ..king()
    }
}

/// Wazir: one step orthogonally.
pub fn wazir() -> PieceDef {
    PieceDef::new('W', "wazir", vec![Atom::leap(1, 0)])
}

/// Ferz: one step diagonally.
pub fn ferz() -> PieceDef {
    PieceDef::new('F', "ferz", vec![Atom::leap(1, 1)])
}

/// Elephant (also alfil): leaps two squares diagonally.
pub fn elephant() -> PieceDef {
    PieceDef::new('E', "elephant", vec![Atom::leap(2, 2)])
}

/// Dabbaba: leaps two squares orthogonally.
pub fn dabbaba() -> PieceDef {
    PieceDef::new('D', "dabbaba", vec![Atom::leap(2, 0)])
}

/// Primate (the crowned bishop, also dragon horse): bishop and wazir.
pub fn primate() -> PieceDef {
    PieceDef::compound('H', "primate", &[&bishop(), &wazir()])
}

/// Chatelaine (the crowned rook, also dragon king): rook and ferz.
pub fn chatelaine() -> PieceDef {
    PieceDef::compound('D', "chatelaine", &[&rook(), &ferz()])
}

/// Picket: a bishop that goes at least two squares; a piece on its first square blocks it.
pub fn picket() -> PieceDef {
    PieceDef::new('J', "picket", vec![Atom::far_ride(1, 1)])
}

/// Pocket: a rook that goes at least two squares; a piece on its first square blocks it.
pub fn pocket() -> PieceDef {
    PieceDef::new('U', "pocket", vec![Atom::far_ride(1, 0)])
}

/// Fagin: Picket and Pocket.
pub fn fagin() -> PieceDef {
    PieceDef::compound('F', "fagin", &[&picket(), &pocket()])
}

/// Inquion: bishop and Pocket.
pub fn inquion() -> PieceDef {
    PieceDef::compound('I', "inquion", &[&bishop(), &pocket()])
}

/// Infanon: rook and Picket.
pub fn infanon() -> PieceDef {
    PieceDef::compound('O', "infanon", &[&rook(), &picket()])
}

/// Arrow: moves as a bishop, captures by hopping one piece on a diagonal (`mBcpB`).
pub fn arrow() -> PieceDef {
    PieceDef::new(
        'V',
        "arrow",
        vec![Atom::ride(1, 1).move_only(), Atom::hop(1, 1).capture_only()],
    )
}

/// Cannon (the Xiangqi cannon): moves as a rook, captures by hopping one piece on a line
/// (`mRcpR`).
pub fn cannon() -> PieceDef {
    PieceDef::new(
        'O',
        "cannon",
        vec![Atom::ride(1, 0).move_only(), Atom::hop(1, 0).capture_only()],
    )
}

/// Tank: Cannon and Arrow (`mQcpQ`).
pub fn tank() -> PieceDef {
    PieceDef::compound('T', "tank", &[&cannon(), &arrow()])
}

/// Saint: bishop and Cannon.
pub fn saint() -> PieceDef {
    PieceDef::compound('S', "saint", &[&bishop(), &cannon()])
}

/// Sparrow: rook and Arrow.
pub fn sparrow() -> PieceDef {
    PieceDef::compound('W', "sparrow", &[&rook(), &arrow()])
}

/// Caliph: bishop and camel.
pub fn caliph() -> PieceDef {
    PieceDef::compound('Y', "caliph", &[&bishop(), &camel()])
}

/// Canvasser: rook and camel.
pub fn canvasser() -> PieceDef {
    PieceDef::compound('Z', "canvasser", &[&rook(), &camel()])
}

/// Acme: queen and camel.
pub fn acme() -> PieceDef {
    PieceDef::compound('E', "acme", &[&queen(), &camel()])
}

/// Gnu (also wildebeest): knight and camel.
pub fn gnu() -> PieceDef {
    PieceDef::compound('W', "gnu", &[&knight(), &camel()])
}

/// Helm (the shogi knight): two ranks forward and one file aside (`ffN`).
pub fn helm() -> PieceDef {
    PieceDef::new('E', "helm", vec![Atom::leap(1, 2).forward()])
}

/// Wing (the lance): straight forward any distance (`fR`).
pub fn wing() -> PieceDef {
    PieceDef::new('L', "wing", vec![Atom::ride(0, 1).forward()])
}

/// Silver (the silver general): a diagonal step, or a step straight forward (`FfW`).
pub fn silver() -> PieceDef {
    PieceDef::new(
        'S',
        "silver",
        vec![Atom::leap(1, 1), Atom::leap(0, 1).forward()],
    )
}

/// Gold (the gold general): an orthogonal step, or a diagonal step forward (`WfF`).
pub fn gold() -> PieceDef {
    PieceDef::new(
        'G',
        "gold",
        vec![Atom::leap(1, 0), Atom::leap(1, 1).forward()],
    )
}
