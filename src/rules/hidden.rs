//! The optional part of a variant for hidden identities (Immortal Chess), and the dealer that
//! knows them. The variant knows only what is public; a dealer (a referee's deal) lives apart,
//! with the referee, and is handed in where an entry is revealed.

use super::Action;
use crate::error::Result;
use crate::geometry::Square;
use crate::movement::Piece;
use crate::position::Position;
use std::sync::Arc;

/// Who knows the hidden identities: the piece that stands face down on each square.
pub trait Dealer: Send + Sync {
    /// The hidden piece dealt to `square`, if one was.
    fn identity(&self, square: Square) -> Option<Piece>;
}

/// The rules of pieces whose identity is hidden until they enter.
pub trait HiddenIdentities: Send + Sync {
    /// The action to play and record for the legal `action`. With a `dealer` (a referee's
    /// game) an entry gets the identity the deal gives it, and one given with it is refused;
    /// without (a public game) an entry needs its identity given from outside, and it is
    /// checked against the public pool.
    fn resolve(
        &self,
        position: &Position,
        action: &Action,
        dealer: Option<&dyn Dealer>,
    ) -> Result<Action>;

    /// [`HiddenIdentities::chance`] into `outcomes` (cleared first), for the search, which
    /// asks it of every entry of every node and so keeps one list: whether the effect is
    /// hidden.
    fn chance_into(
        &self,
        position: &Position,
        action: &Action,
        outcomes: &mut Vec<(Action, u32)>,
    ) -> bool;

    /// What `action`, legal in `position`, may turn out to be when its effect is hidden: each
    /// possible action with its weight, from public information only. `None` for an action
    /// whose effect is known. The search averages over them.
    fn chance(&self, position: &Position, action: &Action) -> Option<Vec<(Action, u32)>> {
        let mut outcomes = Vec::new();
        self.chance_into(position, action, &mut outcomes)
            .then_some(outcomes)
    }

    /// Whether what `action` does after `before` is secret until it is played (an entry whose
    /// identity only the referee knows): its notation then has no `+` or `#`, which would tell
    /// what the piece is.
    fn hides_effect(&self, before: &Position, action: &Action) -> bool;

    /// Whether a referee with `dealer` could have reached `position` (a loaded one): its
    /// hidden pieces are what the deal put there.
    fn check_deal(&self, position: &Position, dealer: &dyn Dealer) -> Result<()>;

    /// The deal of a 32-byte `seed`: what every hidden piece is, for a referee.
    fn dealer(&self, seed: &[u8; 32]) -> Arc<dyn Dealer>;
}
