//! The referee of a variant with hidden identities (Immortal Chess): the keeper of the seed. It
//! publishes the commitment (the SHA-256 of the seed) before play, deals the hidden pieces so
//! that its game reveals each entry, and discloses the seed when the game is over, so that
//! anyone can check the commitment and replay the deal against the public record. The rules
//! (the variant) never hold the seed or the deal: the game keeps its referee apart, and the
//! search reads only the public game ([`Game::public`]).

use crate::error::{Error, ErrorCode, Result};
use crate::game::Game;
use crate::rules::{Dealer, Variant};
use crate::variants::immortal::deal::{commitment, hex, parse_seed, random_seed, Seed};
use std::fmt;
use std::sync::Arc;

/// A seed held for one game.
#[derive(Clone, PartialEq, Eq)]
pub struct Referee {
    seed: Seed,
}

impl fmt::Debug for Referee {
    /// Shows the commitment only: the seed stays secret.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Referee")
            .field("commitment", &self.commitment())
            .finish()
    }
}

impl Referee {
    /// A referee with the seed `seed` (64 hex digits), or a fresh one from the platform's
    /// secure source (`None`, or the word `random`).
    pub fn new(seed: Option<&str>) -> Result<Referee> {
        let seed = match seed {
            Some(text) if text != "random" => parse_seed(text)?,
            _ => random_seed()?,
        };
        Ok(Referee { seed })
    }

    /// A game of Immortal Chess with `options` (e.g. a composition) whose entries this
    /// referee's deal reveals.
    pub fn game(&self, options: &[(&str, &str)], fen: Option<&str>) -> Result<Game> {
        if options.iter().any(|(key, _)| *key == "seed") {
            return Err(Error::new(
                ErrorCode::BadOption,
                "the referee brings the seed: pass it to the referee, not as an option",
            ));
        }
        let rules = crate::variants::by_name("immortal", options)?;
        Game::with_referee(rules, self.clone(), fen).map(|game| game.with_options(options))
    }

    /// The deal of the seed for `variant`'s hidden pieces (`bad_option` for a variant without
    /// any).
    pub fn deal(&self, variant: &dyn Variant) -> Result<Arc<dyn Dealer>> {
        let hidden = variant.hidden().ok_or_else(|| {
            Error::new(
                ErrorCode::BadOption,
                format!(
                    "variant '{}' has no hidden pieces for a referee to deal",
                    variant.name()
                ),
            )
        })?;
        Ok(hidden.dealer(&self.seed))
    }

    /// The commitment to the deal, published before play.
    pub fn commitment(&self) -> String {
        commitment(&self.seed)
    }

    /// The seed, once `game` is over; before that it would tell the hidden identities.
    pub fn disclose(&self, game: &Game) -> Result<String> {
        if game.outcome().is_none() {
            return Err(Error::new(
                ErrorCode::BadRequest,
                "the seed is disclosed when the game is over",
            ));
        }
        Ok(hex(&self.seed))
    }
}

/// What checking a disclosed seed found: whether its SHA-256 is the commitment, and the first
/// reveal in the record that its deal contradicts, if any.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Verdict {
    /// The seed's SHA-256 equals the published commitment.
    pub commitment_matches: bool,
    /// The first entry whose revealed piece is not the deal's, as `@a1-c3=n`.
    pub wrong_reveal: Option<String>,
}

/// Checks a disclosed `seed` against a published `commitment` and the reveals of `game`
/// (public or not), with the deal the seed makes for the game's rules.
pub fn verify(seed: &str, commitment_hex: &str, game: &Game) -> Result<Verdict> {
    let seed = parse_seed(seed)?;
    let variant = game.variant();
    let hidden = variant.hidden().ok_or_else(|| {
        Error::new(
            ErrorCode::BadRequest,
            format!(
                "variant '{}' has no hidden pieces to verify",
                variant.name()
            ),
        )
    })?;
    let deal = hidden.dealer(&seed);
    let armory = variant.armory();
    let wrong_reveal = game.history().iter().find_map(|entry| {
        let (from, to, revealed) = entry.reveal()?;
        (deal.identity(from) != Some(revealed))
            .then(|| format!("@{from}-{to}={}", armory.fen_char(revealed)))
    });
    Ok(Verdict {
        commitment_matches: commitment(&seed) == commitment_hex.trim().to_ascii_lowercase(),
        wrong_reveal,
    })
}
