//! The piece types the variants share, defined as data.

use super::{Atom, PieceData, PieceDef};

/// King: one step in any direction.
pub fn king() -> PieceDef {
    PieceDef::new('K', "king", vec![Atom::leap(1, 0), Atom::leap(1, 1)]).royal()
}

/// Queen: rook and bishop.
pub fn queen() -> PieceDef {
    PieceData::new('Q', "queen", &[ROOK_RIDE, BISHOP_RIDE]).def()
}

/// Rook: orthogonal rider.
pub fn rook() -> PieceDef {
    PieceData::new('R', "rook", &[ROOK_RIDE]).def()
}

/// Bishop: diagonal rider.
pub fn bishop() -> PieceDef {
    PieceData::new('B', "bishop", &[BISHOP_RIDE]).def()
}

/// Knight: the (1,2) leaper.
pub fn knight() -> PieceDef {
    PieceData::new('N', "knight", &[KNIGHT_LEAP]).def()
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

/// Centurion (Quintessential Chess; also squirrel): leaps two squares in any direction (alfil
/// and dabbaba) and as a knight.
pub fn centurion() -> PieceDef {
    const ATOMS: &[Atom] = &[Atom::leap(2, 2), Atom::leap(2, 0), KNIGHT_LEAP];
    PieceData::new('C', "centurion", ATOMS).def()
}

/// Quintessence: the crooked knight-rider that turns a right angle after every knight step.
pub fn quintessence() -> PieceDef {
    PieceData::new('Q', "quintessence", &[QUINTESSENCE_PATH]).def()
}

/// Leeloo: rook and Quintessence.
pub fn leeloo() -> PieceDef {
    PieceData::new('L', "leeloo", &[ROOK_RIDE, QUINTESSENCE_PATH]).def()
}

/// Janus: bishop and knight (Quintessential Chess's name for the cardinal).
pub fn janus() -> PieceDef {
    PieceData::new('J', "janus", &[BISHOP_RIDE, KNIGHT_LEAP]).def()
}

/// Dragon horse: bishop and one orthogonal step.
pub fn dragon_horse() -> PieceDef {
    PieceData::new('D', "dragon horse", &[BISHOP_RIDE, WAZIR_STEP]).def()
}

/// Impulse (Impulschach): moves and captures as a queen, but never takes the enemy Impulse
/// (a rule of the variant, not of the piece's move).
pub fn impulse() -> PieceDef {
    PieceData::new('I', "impulse", &[ROOK_RIDE, BISHOP_RIDE]).def()
}

/// Catalyst (Impulschach): moves and captures as a knight.
pub fn catalyst() -> PieceDef {
    PieceData::new('C', "catalyst", &[KNIGHT_LEAP]).def()
}

// The compounds and fairy pieces of Nietzsche Chess's promotion sequences, as constant data
// (RULES.md gives each move in XBetza; the letters are docs/RULINGS.md's, after
// Fairy-Stockfish's where it has the piece). A piece is `NAME.def()`; statics, so that the
// sequences that list a piece share one copy of it.

const BISHOP_RIDE: Atom = Atom::ride(1, 1);
const ROOK_RIDE: Atom = Atom::ride(1, 0);
const KNIGHT_LEAP: Atom = Atom::leap(1, 2);
const QUINTESSENCE_PATH: Atom = Atom::crooked(1, 2);
const CAMEL_LEAP: Atom = Atom::leap(1, 3);
const WAZIR_STEP: Atom = Atom::leap(1, 0);
const FERZ_STEP: Atom = Atom::leap(1, 1);
/// Picket and Pocket: a bishop's and a rook's ride from the second square on.
const PICKET_RIDE: Atom = Atom::far_ride(1, 1);
const POCKET_RIDE: Atom = Atom::far_ride(1, 0);
/// Cannon: moves as a rook, captures by hopping one piece (`mRcpR`).
const CANNON_MOVE: Atom = Atom::ride(1, 0).move_only();
const CANNON_CAPTURE: Atom = Atom::hop(1, 0).capture_only();
/// Arrow: the same along diagonals (`mBcpB`).
const ARROW_MOVE: Atom = Atom::ride(1, 1).move_only();
const ARROW_CAPTURE: Atom = Atom::hop(1, 1).capture_only();

/// Cardinal (also Archbishop): bishop and knight.
pub static CARDINAL: PieceData = PieceData::new('A', "cardinal", &[BISHOP_RIDE, KNIGHT_LEAP]);
/// Marshal (also Chancellor): rook and knight.
pub static MARSHAL: PieceData = PieceData::new('M', "marshal", &[ROOK_RIDE, KNIGHT_LEAP]);
/// Ace (also Amazon): queen and knight.
pub static ACE: PieceData = PieceData::new('X', "ace", &[ROOK_RIDE, BISHOP_RIDE, KNIGHT_LEAP]);
/// Camel: the (1,3) leaper.
pub static CAMEL: PieceData = PieceData::new('C', "camel", &[CAMEL_LEAP]);
/// Prince (also commoner): moves as a king, but is not royal.
pub static PRINCE: PieceData = PieceData::new('I', "prince", &[WAZIR_STEP, FERZ_STEP]);
/// Primate (the crowned bishop, also dragon horse): bishop and wazir.
pub static PRIMATE: PieceData = PieceData::new('H', "primate", &[BISHOP_RIDE, WAZIR_STEP]);
/// Chatelaine (the crowned rook, also dragon king): rook and ferz.
pub static CHATELAINE: PieceData = PieceData::new('D', "chatelaine", &[ROOK_RIDE, FERZ_STEP]);
/// Picket: a bishop that goes at least two squares; a piece on its first square blocks it.
pub static PICKET: PieceData = PieceData::new('J', "picket", &[PICKET_RIDE]);
/// Pocket: a rook that goes at least two squares; a piece on its first square blocks it.
pub static POCKET: PieceData = PieceData::new('U', "pocket", &[POCKET_RIDE]);
/// Fagin: Picket and Pocket.
pub static FAGIN: PieceData = PieceData::new('F', "fagin", &[PICKET_RIDE, POCKET_RIDE]);
/// Inquion: bishop and Pocket.
pub static INQUION: PieceData = PieceData::new('I', "inquion", &[BISHOP_RIDE, POCKET_RIDE]);
/// Infanon: rook and Picket.
pub static INFANON: PieceData = PieceData::new('O', "infanon", &[ROOK_RIDE, PICKET_RIDE]);
/// Arrow: moves as a bishop, captures by hopping one piece on a diagonal.
pub static ARROW: PieceData = PieceData::new('V', "arrow", &[ARROW_MOVE, ARROW_CAPTURE]);
/// Cannon (the Xiangqi cannon): moves as a rook, captures by hopping one piece on a line.
pub static CANNON: PieceData = PieceData::new('O', "cannon", &[CANNON_MOVE, CANNON_CAPTURE]);
/// Tank: Cannon and Arrow (`mQcpQ`).
pub static TANK: PieceData = PieceData::new(
    'T',
    "tank",
    &[CANNON_MOVE, CANNON_CAPTURE, ARROW_MOVE, ARROW_CAPTURE],
);
/// Saint: bishop and Cannon.
pub static SAINT: PieceData =
    PieceData::new('S', "saint", &[BISHOP_RIDE, CANNON_MOVE, CANNON_CAPTURE]);
/// Sparrow: rook and Arrow.
pub static SPARROW: PieceData =
    PieceData::new('W', "sparrow", &[ROOK_RIDE, ARROW_MOVE, ARROW_CAPTURE]);
/// Caliph: bishop and camel.
pub static CALIPH: PieceData = PieceData::new('Y', "caliph", &[BISHOP_RIDE, CAMEL_LEAP]);
/// Canvasser: rook and camel.
pub static CANVASSER: PieceData = PieceData::new('Z', "canvasser", &[ROOK_RIDE, CAMEL_LEAP]);
/// Acme: queen and camel.
pub static ACME: PieceData = PieceData::new('E', "acme", &[ROOK_RIDE, BISHOP_RIDE, CAMEL_LEAP]);
/// Gnu (also wildebeest): knight and camel.
pub static GNU: PieceData = PieceData::new('W', "gnu", &[KNIGHT_LEAP, CAMEL_LEAP]);
/// Helm (the shogi knight): two ranks forward and one file aside (`ffN`).
pub static HELM: PieceData = PieceData::new('E', "helm", &[KNIGHT_LEAP.forward()]);
/// Wing (the lance): straight forward any distance (`fR`).
pub static WING: PieceData = PieceData::new('L', "wing", &[Atom::ride(0, 1).forward()]);
/// Silver (the silver general): a diagonal step, or a step straight forward (`FfW`).
pub static SILVER: PieceData =
    PieceData::new('S', "silver", &[FERZ_STEP, Atom::leap(0, 1).forward()]);
/// Gold (the gold general): an orthogonal step, or a diagonal step forward (`WfF`).
pub static GOLD: PieceData = PieceData::new('G', "gold", &[WAZIR_STEP, FERZ_STEP.forward()]);
/// Elephant (also alfil): leaps two squares diagonally.
pub static ELEPHANT: PieceData = PieceData::new('E', "elephant", &[Atom::leap(2, 2)]);
/// Dabbaba: leaps two squares orthogonally.
pub static DABBABA: PieceData = PieceData::new('D', "dabbaba", &[Atom::leap(2, 0)]);
/// Ferz: one step diagonally.
pub static FERZ: PieceData = PieceData::new('F', "ferz", &[FERZ_STEP]);
/// Wazir: one step orthogonally.
pub static WAZIR: PieceData = PieceData::new('W', "wazir", &[WAZIR_STEP]);
