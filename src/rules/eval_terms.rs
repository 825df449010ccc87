//! What a variant's rules make matter to a position's evaluation, as terms with their
//! parameters: the search (`search::eval`) computes each term the same way for every variant
//! that asks for it.

use super::EvalWeights;
use crate::geometry::Square;
use crate::movement::Role;

/// The evaluation's terms beyond material and placement. The default has none.
#[derive(Clone, Debug, Default)]
pub struct EvalTerms {
    /// Open squares that count: each role's attacked squares not held by its own side, at
    /// the weight given in centipawns a square.
    pub open_squares: Vec<(Role, i32)>,
    /// By role, the type a piece left en prise after its side's move becomes; half of what
    /// the side to move's pieces en prise would gain counts.
    pub en_prise_becomes: Vec<Option<Role>>,
    /// A role whose move activates the friends it attacks from its square on an empty board,
    /// at the weight given for each friend it would activate.
    pub activation: Option<(Role, i32)>,
    /// A role whose move pushes enemy pawns towards its side's royal square (White's first),
    /// where a pawn's landing wins: enemy pawns near its first rank count for a side that has
    /// one.
    pub pawn_pull: Option<(Role, [Square; 2])>,
    /// Whether having to move can lose where passing would not (NAChT Schach, where having
    /// no legal move loses): the search then never tries a null move, which assumes the
    /// side to move could always do at least as well as by passing.
    pub zugzwang: bool,
    /// The promotion the search's quiescence tries without a capture (a pawn's step onto the
    /// last rank), where it was measured to win (chess's queen: docs/PERFORMANCE.md, "a pawn's
    /// promotion past the horizon"); elsewhere only captures that promote.
    pub quiet_promotion: Option<Role>,
    /// The weights of the terms every variant shares (hand-set, or fitted by
    /// `schachwerk tune`).
    pub weights: EvalWeights,
    /// Corrections to the pieces' values and placement fitted to an outside engine's scores
    /// (chess's), if the variant has them.
    pub placement_fit: Option<&'static PlacementFit>,
}

/// The squares of half an 8x8 board: its ranks' first four files (the other four mirror them).
pub const HALF_BOARD: usize = 32;

/// Corrections to the pieces' values and placement, each with a middlegame and an endgame
/// weight blended by the material left, fitted to an outside engine's scores of positions
/// (`schachwerk tune placement`; README, "How the evaluation is tuned"). For an 8x8 board: a
/// square's correction is its mirror's across the board's middle file, and Black's are
/// White's seen from the other side.
#[derive(Debug)]
pub struct PlacementFit {
    /// By role: centipawns added to the type's value, in the middlegame and the endgame.
    pub material: &'static [[i16; 2]],
    /// By role: centipawns added for each of [`HALF_BOARD`]'s squares (a1 b1 c1 d1 a2 ..., as
    /// White), in the middlegame and the endgame.
    pub squares: &'static [[[i8; HALF_BOARD]; 2]],
}

impl PlacementFit {
    /// The index into [`PlacementFit::squares`]' tables of a White piece on `file` and `rank`
    /// of an 8x8 board.
    pub fn half_board(file: u8, rank: u8) -> usize {
        let (file, rank) = (file.min(7), rank.min(7));
        // Files e-h fold onto d-a.
        let folded = if file < 4 { file } else { 7 - file };
        usize::from(rank) * 4 + usize::from(folded)
    }

    /// The change of the `role_index`-th type's value that counts outside the middlegame and
    /// endgame blend (for exchanges and the pruning's margins): the two figures' average.
    pub fn value_change(&self, role_index: usize) -> i32 {
        let [mg, eg] = self.material.get(role_index).copied().unwrap_or_default();
        (i32::from(mg) + i32::from(eg)) / 2
    }
}
