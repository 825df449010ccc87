//! Games as PGN, the format players keep and share games in: written by [`Game::pgn`] and read
//! by [`Game::from_pgn`], with the conventions of lichess, pychess-variants and
//! Fairy-Stockfish for variants (`[Variant "..."]`, `[SetUp "1"]` and `[FEN "..."]`), and tags
//! of this project's own for what they have no word for: `VariantOptions` (the variant's
//! options as `key=value` pairs), `Commitment` and `Seed` (Immortal Chess's deal, so that any
//! reader can check it).
//!
//! [`Game::pgn`]: crate::game::Game::pgn
//! [`Game::from_pgn`]: crate::game::Game::from_pgn

mod movetext;
mod read;
mod turns;
mod write;

use crate::movement::Color;
use crate::rules::Outcome;

/// The comment after the last turn of a game saved in the middle of that turn: without it,
/// a turn's text is the whole turn (an Immortal Chess move passes the entry, a Catalyst's
/// chain ends where its text does).
const UNFINISHED: &str = "unfinished turn";

/// The seven-tag roster in its order, with the value written when nothing is known.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The result as PGN writes it: `1-0`, `0-1`, `1/2-1/2`, or `*` for a game not over.
fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Win {
            winner: Color::White,
            ..
        }) => "1-0",
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        }) => "0-1",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
        Some(Outcome::Unfinished { .. }) | None => "*",
    }
}
