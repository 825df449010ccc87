//! `schachwerk`: rules engines for unusual chess variants, native and in the browser.
//!
//! The variants: orthodox chess (`chess`), Nietzsche Chess (`nietzsche`), NAChT Schach
//! (`nacht`), Quintessential Chess (`quintessential`), Impulschach (`impulschach`) and Immortal
//! Chess (`immortal`), each by the name in brackets ([`variants::NAMES`]). Built natively the
//! crate depends on nothing but RustCrypto's ChaCha20 and SHA-256 and `getrandom` (Immortal
//! Chess's deal); the browser build's `#[wasm_bindgen]` API is behind the `wasm` feature.
//!
//! # Playing a game
//!
//! [`game::Game`] keeps a game's positions and record. [`Game::play`](game::Game::play)
//! takes a machine string (`e2e4`, `e7e8q`, `e1g1`) or the variant's notation (`Nf3`, `O-O`);
//! a bad or illegal action is an [`Error`] with a stable [`ErrorCode`] and leaves the game as
//! it was.
//!
//! ```
//! use schachwerk::game::Game;
//! use schachwerk::ErrorCode;
//!
//! let mut game = Game::new("chess", &[], None)?;
//! game.play("e4")?;
//! let reply = game.play("e7e5")?;
//! assert_eq!(reply.notation, "e5");
//! assert_eq!(game.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
//! assert_eq!(game.play("e5e4").unwrap_err().code, ErrorCode::IllegalAction);
//! game.undo()?;
//! assert_eq!(game.history().len(), 1);
//! # Ok::<(), schachwerk::Error>(())
//! ```
//!
//! # Listing the legal moves
//!
//! [`Game::legal_actions`](game::Game::legal_actions) gives them as [`rules::Action`]s,
//! [`Game::describe_legal`](game::Game::describe_legal) with their machine strings and
//! notation. An action's machine string needs its variant's pieces for the promotion letter:
//! [`Action::display`](rules::Action::display) takes them.
//!
//! ```
//! use schachwerk::game::Game;
//!
//! let game = Game::new("nietzsche", &[("sequence", "knighted")], None)?;
//! let legal = game.describe_legal();
//! assert_eq!(legal.len(), 20);
//! assert!(legal.iter().any(|info| info.machine == "g1f3" && info.notation == "Nf3"));
//!
//! let armory = game.variant().armory();
//! let first = game.legal_actions()[0];
//! assert_eq!(first.display(armory).to_string(), legal[0].machine);
//! # Ok::<(), schachwerk::Error>(())
//! ```
//!
//! # Asking the computer
//!
//! [`search::best_turn`] searches within [`search::Limits`] (a depth in turns, a node budget,
//! milliseconds) and returns the whole turn of the side to move, playing it on the game it is
//! given. A node budget without a time limit gives the same answer on every machine.
//!
//! ```
//! use schachwerk::game::Game;
//! use schachwerk::search::{best_turn, Limits};
//! use std::time::Instant;
//!
//! let mut game = Game::new("quintessential", &[], None)?;
//! let start = Instant::now();
//! let clock = move || start.elapsed().as_secs_f64() * 1000.0; // milliseconds
//! let limits = Limits { nodes: Some(2_000), ..Limits::default() };
//! let thought = best_turn(&mut game, limits, &clock, |_report| {})?
//!     .expect("the side to move has a legal action");
//! assert!(!thought.turn.is_empty());
//! assert_eq!(game.history().len(), thought.turn.len()); // the turn is played on `game`
//! println!("played {} (score {})", game.history()[0].notation, thought.report.score_text());
//! # Ok::<(), schachwerk::Error>(())
//! ```
//!
//! # A refereed game of Immortal Chess
//!
//! In Immortal Chess the pieces entering from the border are hidden until they enter, dealt
//! from a secret seed. A [`referee::Referee`] keeps the seed on the server: it publishes the
//! seed's SHA-256 (the commitment) before play, its game reveals each entry, and it discloses
//! the seed once the game is over, so that anyone can [`verify`](referee::verify) the deal
//! against the public record. (`examples/referee.rs` is such a server on stdin and stdout.)
//!
//! ```
//! use schachwerk::referee::{verify, Referee};
//!
//! // `Referee::new(None)` takes a fresh seed from the platform's secure source.
//! let referee = Referee::new(Some(&"5e".repeat(32)))?;
//! let commitment = referee.commitment(); // publish this before the first move
//! let mut game = referee.game(&[], None)?;
//! game.play("g3g4")?; // a move, then an entry (or `pass`) in the same turn
//! let entry = game.play("j3i4")?;
//! assert_eq!(entry.notation, "@j3-i4=P"); // the deal revealed a white pawn
//! assert!(referee.disclose(&game).is_err()); // not while the game goes on
//! for action in ["f8f6", "pass", "h3h5", "pass", "e9i5", "pass"] {
//!     game.play(action)?;
//! }
//! let outcome = game.outcome().expect("the game is over");
//! assert_eq!(outcome.describe(), "black wins checkmate");
//!
//! let seed = referee.disclose(&game)?;
//! let verdict = verify(&seed, &commitment, &game)?;
//! assert!(verdict.commitment_matches);
//! assert_eq!(verdict.wrong_reveal, None);
//! # Ok::<(), schachwerk::Error>(())
//! ```
//!
//! # The layers
//!
//! Bottom to top: [`geometry`] (squares, bitboards, board shapes), [`movement`] (pieces as
//! data), [`position`] (setups, positions, position strings), [`rules`] and [`variants`] (the
//! rules of each game), [`notation`], [`game`] (a game record with undo), [`perft`],
//! [`search`] (alpha-beta for every variant), [`referee`] (Immortal Chess's keeper of the
//! seed), and with the `wasm` feature the wasm boundary (`wasm`).

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
