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

    /// This referee's game of Immortal Chess with `options`, rebuilt from its public record:
    /// the start (`None`: the variant's) and the actions played, one each, as
    /// [`Game::from_record`] takes them. Each reveal in the record must be the deal's.
    pub fn resume(
        &self,
        options: &[(&str, &str)],
        start: Option<&str>,
        actions: &[&str],
    ) -> Result<Game> {
        let mut game = self.game(options, start)?;
        game.replay_all(actions)?;
        Ok(game)
    }

    /// For a server that keeps no game in memory: what the entry `entry` (`a5b5`) reveals
    /// after the public record (`options`, `start`, `actions`, as [`Referee::resume`] takes
    /// them), from this referee's deal. Refused if the record does not replay (a reveal the
    /// deal contradicts, an illegal action), if `entry` is not legal after it
    /// (`illegal_action`), or is no entry (`bad_request`). The answer is the deal: the
    /// server sends it once the player has made that entry, never before.
    ///
    /// ```
    /// use schachwerk::referee::Referee;
    /// let seed = "0000000000000000000000000000000000000000000000000000000000000000";
    /// let referee = Referee::new(Some(seed)).unwrap();
    /// let reveal = referee.reveal_for(&[], None, &["f3f5"], "a5b5").unwrap();
    /// assert_eq!((reveal.square.name(), reveal.to.name()), ("a5".into(), "b5".into()));
    /// ```
    pub fn reveal_for(
        &self,
        options: &[(&str, &str)],
        start: Option<&str>,
        actions: &[&str],
        entry: &str,
    ) -> Result<crate::game::Reveal> {
        self.resume(options, start, actions)?.reveal_of(entry)
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
        let reveal = entry.reveal()?;
        (deal.identity(reveal.square) != Some(reveal.piece)).then(|| {
            format!(
                "@{}-{}={}",
                reveal.square,
                reveal.to,
                armory.fen_char(reveal.piece)
            )
        })
    });
    Ok(Verdict {
        commitment_matches: commitment(&seed) == commitment_hex.trim().to_ascii_lowercase(),
        wrong_reveal,
    })
}
