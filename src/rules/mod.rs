//! Layer 4: the rules. Every variant implements [`Variant`] (its core), and where it needs
//! them [`VariantNotation`] and [`HiddenIdentities`]; shared move generation lives in
//! [`movegen`], [`safety`] and [`castling`].

mod action;
pub mod castling;
mod decision;
mod effect;
mod eval_terms;
mod eval_weights;
mod hidden;
pub mod movegen;
mod notation_part;
mod outcome;
pub mod safety;
pub mod validation;
mod variant;

pub(crate) use action::retain_actions;
pub use action::{Action, ActionDisplay, ActionKind};
pub use decision::{Choice, DecisionPoint, Mark, TextEnd};
pub use effect::{Promotion, TurnPart};
pub use eval_terms::{EvalTerms, PlacementFit, HALF_BOARD};
pub use eval_weights::EvalWeights;
pub use hidden::{Dealer, HiddenIdentities};
pub use notation_part::{StandardNotation, VariantNotation};
pub use outcome::Outcome;
pub use variant::Variant;
