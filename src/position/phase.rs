//! The turn model: where within a turn the side to move stands.
//!
//! A turn is a sequence of actions. Most variants need one action per turn ([`Phase::Move`]);
//! some continue the same side's turn with more decisions, and the position says which.

use crate::geometry::Bitboard;

/// The decision the side to move faces next.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Phase {
    /// The start of a turn: a move with one of the side's pieces.
    #[default]
    Move,
    /// Impulschach: choose the order of the Resonance Shift after an Impulse move. `chain`
    /// holds the Catalyst chain to resume afterwards, if the Impulse moved inside one.
    ShiftOrder {
        /// Activated pieces not yet moved, when the shift interrupts a Catalyst chain.
        chain: Option<Bitboard>,
        /// Whether the turn so far restarts the fifty-move count (a capture, a pawn move).
        reset: bool,
    },
    /// Impulschach: displace the enemy pawns of a Resonance Shift one by one.
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
    /// Impulschach: move activated pieces of a Catalyst chain, or end it.
    Chain {
        /// Activated pieces that have not moved yet.
        activated: Bitboard,
        /// Whether the turn so far restarts the fifty-move count.
        reset: bool,
    },
    /// Immortal Chess: optionally bring one Immortal into play.
    Entry {
        /// Whether the turn's move restarts the fifty-move count.
        reset: bool,
    },
}

impl Phase {
    /// Whether this is the start of a turn. A tag test: the derived `==` compares the data of
    /// the other phases too, and the search asks at every node.
    #[inline]
    pub fn is_move(&self) -> bool {
        matches!(self, Phase::Move)
    }

    /// A number that identifies the phase and its data, for hashing.
    pub fn code(&self) -> u64 {
        let fold = |b: Option<Bitboard>| {
            b.map_or(0, |b| {
                let bits = b.to_u128();
                (bits as u64) ^ ((bits >> 64) as u64) ^ 1
            })
        };
        match *self {
            Phase::Move => 0,
            Phase::ShiftOrder { chain, reset } => {
                1 ^ (reset as u64) << 5 ^ fold(chain).rotate_left(8)
            }
            Phase::Displace {
                pending,
                from_a,
                chain,
                reset,
            } => {
                2 ^ (from_a as u64) << 4
                    ^ (reset as u64) << 5
                    ^ fold(Some(pending)).rotate_left(16)
                    ^ fold(chain).rotate_left(40)
            }
            Phase::Chain { activated, reset } => {
                3 ^ (reset as u64) << 5 ^ fold(Some(activated)).rotate_left(8)
            }
            Phase::Entry { reset } => 4 ^ (reset as u64) << 5,
        }
    }
}
