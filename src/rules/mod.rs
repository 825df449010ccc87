//! Layer 4: the rules. Every variant implements [`Variant`]; shared move generation lives in
//! [`movegen`], [`safety`] and [`castling`].

mod action;
pub mod castling;
mod effect;
pub mod movegen;
mod outcome;
pub mod safety;
pub mod validation;
mod variant;

pub(crate) use action::retain_actions;
pub use action::{Action, ActionDisplay, ActionKind};
pub use effect::{Promotion, TurnPart};
pub use outcome::Outcome;
pub use variant::{EvalTraits, Variant};
