//! The turn model: where within a turn the side to move stands.
//!
//! A turn is a sequence of actions. Most variants need one action per turn ([`Phase::Move`]);
//! some continue the same side's turn with more decisions. What those decisions are is the
//! variant's business: the position only stores, hashes and compares the [`TurnState`] the
//! variant writes, and the variant reads it back in its own terms.

use crate::geometry::Bitboard;

/// The decision the side to move faces next.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Phase {
    /// The start of a turn: a move with one of the side's pieces.
    #[default]
    Move,
    /// A later decision of the same turn, as the variant describes it.
    Within(TurnState),
}

/// A decision inside a turn, as data the variant defines: which of its steps (`step`, from 1),
/// a few flags, and up to three square sets, each present or not.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TurnState {
    /// The variant's number for the kind of decision.
    pub step: u8,
    /// The variant's flags (at most 4 bits).
    pub flags: u8,
    /// Which of `squares` are present, one bit each.
    present: u8,
    squares: [Bitboard; 3],
}

impl TurnState {
    /// Step `step` with `flags` and no square sets.
    pub const fn new(step: u8, flags: u8) -> TurnState {
        TurnState {
            step,
            flags,
            present: 0,
            squares: [Bitboard::EMPTY; 3],
        }
    }

    /// The same, with square set `slot` (0 to 2) set to `squares`, or absent for `None`.
    pub fn with(mut self, slot: usize, squares: Option<Bitboard>) -> TurnState {
        let bit = 1 << slot;
        match squares {
            Some(set) => {
                self.present |= bit;
                self.squares[slot] = set;
            }
            None => {
                self.present &= !bit;
                self.squares[slot] = Bitboard::EMPTY;
            }
        }
        self
    }

    /// Square set `slot`, if present.
    pub fn squares(&self, slot: usize) -> Option<Bitboard> {
        (self.present & (1 << slot) != 0).then(|| self.squares[slot])
    }

    /// Whether flag bit `bit` is set.
    pub fn flag(&self, bit: u8) -> bool {
        self.flags & (1 << bit) != 0
    }
}

/// Where each square set's fold goes in a phase's code.
const SLOT_ROTATIONS: [u32; 3] = [8, 16, 40];

impl Phase {
    /// Whether this is the start of a turn. A tag test: the derived `==` compares the data of
    /// the other phases too, and the search asks at every node.
    #[inline]
    pub fn is_move(&self) -> bool {
        matches!(self, Phase::Move)
    }

    /// The decision inside a turn, if this is one.
    #[inline]
    pub fn within(&self) -> Option<&TurnState> {
        match self {
            Phase::Move => None,
            Phase::Within(state) => Some(state),
        }
    }

    /// A number that identifies the phase and its data, for hashing.
    pub fn code(&self) -> u64 {
        let Phase::Within(state) = self else {
            return 0;
        };
        let mut code = state.step as u64 ^ (state.flags as u64) << 4;
        for (slot, rotation) in SLOT_ROTATIONS.iter().enumerate() {
            if let Some(set) = state.squares(slot) {
                let bits = set.to_u128();
                code ^= ((bits as u64) ^ ((bits >> 64) as u64) ^ 1).rotate_left(*rotation);
            }
        }
        code
    }
}
