//! Where an Impulschach turn stands, in the variant's own terms, and how it is stored in the
//! position's generic [`Phase`].

use crate::geometry::Bitboard;
use crate::position::{Phase, TurnState};

/// The decision the side to move faces within an Impulschach turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    /// The start of a turn: a move with one of the side's pieces.
    Move,
    /// Choose the order of the Resonance Shift after an Impulse move. `chain` holds the
    /// Catalyst chain to resume afterwards, if the Impulse moved inside one.
    ShiftOrder {
        /// Activated pieces not yet moved, when the shift interrupts a Catalyst chain.
        chain: Option<Bitboard>,
        /// Whether the turn so far restarts the fifty-move count (a capture, a pawn move).
        reset: bool,
    },
    /// Displace the enemy pawns of a Resonance Shift one by one.
    Displace {
        /// The pawns still to displace (fixed when the shift starts).
        pending: Bitboard,
        /// Files visited from a towards h, else from h towards a.
        from_a: bool,
        /// Activated pieces to resume after the shift, if any.
        chain: Option<Bitboard>,
        /// Whether the turn so far restarts the fifty-move count.
        reset: bool,
    },
    /// Move activated pieces of a Catalyst chain, or end it.
    Chain {
        /// Activated pieces that have not moved yet.
        activated: Bitboard,
        /// Whether the turn so far restarts the fifty-move count.
        reset: bool,
    },
}

// The stored form: step numbers, flag bits and square-set slots. The numbers keep the hash
// codes the positions had when these steps were the engine's own phases.
const SHIFT_ORDER: u8 = 1;
const DISPLACE: u8 = 2;
const CHAIN: u8 = 3;
const FROM_A: u8 = 0;
const RESET: u8 = 1;
const FIRST: usize = 0;
const PENDING: usize = 1;
const RESUMED_CHAIN: usize = 2;

impl Step {
    /// The step stored in `phase` (a turn's start for anything else).
    #[inline]
    pub fn of(phase: Phase) -> Step {
        let Some(state) = phase.within() else {
            return Step::Move;
        };
        let reset = state.flag(RESET);
        match state.step {
            SHIFT_ORDER => Step::ShiftOrder {
                chain: state.squares(FIRST),
                reset,
            },
            DISPLACE => Step::Displace {
                pending: state.squares(PENDING).unwrap_or_default(),
                from_a: state.flag(FROM_A),
                chain: state.squares(RESUMED_CHAIN),
                reset,
            },
            CHAIN => Step::Chain {
                activated: state.squares(FIRST).unwrap_or_default(),
                reset,
            },
            _ => Step::Move,
        }
    }
}

impl From<Step> for Phase {
    #[inline]
    fn from(step: Step) -> Phase {
        let flags = |reset: bool, from_a: bool| (reset as u8) << RESET | (from_a as u8) << FROM_A;
        Phase::Within(match step {
            Step::Move => return Phase::Move,
            Step::ShiftOrder { chain, reset } => {
                TurnState::new(SHIFT_ORDER, flags(reset, false)).with(FIRST, chain)
            }
            Step::Displace {
                pending,
                from_a,
                chain,
                reset,
            } => TurnState::new(DISPLACE, flags(reset, from_a))
                .with(PENDING, Some(pending))
                .with(RESUMED_CHAIN, chain),
            Step::Chain { activated, reset } => {
                TurnState::new(CHAIN, flags(reset, false)).with(FIRST, Some(activated))
            }
        })
    }
}
