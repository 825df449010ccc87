//! `schachwerk`: rules engines for unusual chess variants, native and in the browser.
//!
//! The layers, bottom to top: [`geometry`] (squares, bitboards, board shapes), [`movement`]
//! (pieces as data), [`position`] (setups, positions, position strings), [`rules`] and
//! [`variants`] (the rules of each game), [`notation`], [`game`] (a game record with undo),
//! [`perft`], [`search`] (alpha-beta for every variant), [`referee`] (Immortal Chess's keeper of the seed), [`soak`] (random games checked for millions of plies), and the wasm boundary.
//!
//! ```
//! use schachwerk::game::Game;
//! let mut game = Game::new("chess", &[], None).unwrap();
//! game.play("e4").unwrap();
//! game.play("e7e5").unwrap();
//! assert_eq!(game.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
//! ```

pub mod error;
pub mod game;
pub mod geometry;
pub mod movement;
pub mod notation;
pub mod perft;
pub mod position;
pub mod referee;
mod rng;
pub mod rules;
pub mod search;
mod small_sort;
mod soak;
pub mod variants;
#[cfg(feature = "wasm")]
pub mod wasm;

pub use error::{Error, ErrorCode, Result};

/// What the `schachwerk` command line needs beyond the public API: the soak's random games and
/// the deterministic generator of soaks and matches. **Not a stable API**: these may change or
/// go in any release; a program using the library needs none of them.
#[doc(hidden)]
pub mod internals {
    pub use crate::rng::Rng;
    pub use crate::soak::{soak, SoakFailure, SoakReport};
}
