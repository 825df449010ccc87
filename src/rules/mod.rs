//! Layer 4: the rules. Every variant implements [`Variant`]; shared move generation lives in
//! [`movegen`], [`safety`] and [`castling`].

mod action;
pub mod castling;
mod decision;
mod effect;
pub mod movegen;
mod outcome;
pub mod safety;
pub mod validation;
mod variant;

pub use action::{retain_actions, Action, ActionKind};
pub use decision::{Choice, DecisionPoint, Mark, TextEnd};
pub use effect::{Promotion, TurnPart};
pub use outcome::Outcome;
pub use variant::{EvalTraits, Variant};
