//! The referee of Immortal Chess: the keeper of the seed. It publishes the commitment (the
//! SHA-256 of the seed) before play, lets its game reveal each entry from the deal, and
//! discloses the seed when the game is over, so that anyone can check the commitment and
//! replay the deal against the public record. The public game never holds the seed.

use crate::error::{Error, ErrorCode, Result};
use crate::game::Game;
use crate::movement::Piece;
use crate::rules::ActionKind;
use crate::variants::immortal::deal::{commitment, hex, parse_seed, random_seed, Seed};
use crate::variants::immortal::{Composition, Deal};

/// A seed held for one game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Referee {
    seed: Seed,
}

impl Referee {
    /// A referee with the seed `seed` (64 hex digits), or a fresh one from the platform's
    /// secure source.
    pub fn new(seed: Option<&str>) -> Result<Referee> {
        let seed = match seed {
            Some(text) => parse_seed(text)?,
            None => random_seed()?,
        };
        Ok(Referee { seed })
    }

    /// A game of Immortal Chess with `options` (e.g. a composition) whose entries this
    /// referee's deal reveals.
    pub fn game(&self, options: &[(String, String)], fen: Option<&str>) -> Result<Game> {
        if options.iter().any(|(key, _)| key == "seed") {
            return Err(Error::new(
                ErrorCode::BadOption,
                "the referee brings the seed: pass it to the referee, not as an option",
            ));
        }
        let mut options = options.to_vec();
        options.push(("seed".into(), hex(&self.seed)));
        Game::new("immortal", &options, fen)
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
/// (public or not), with the deal of `composition`.
pub fn verify(
    seed: &str,
    commitment_hex: &str,
    game: &Game,
    composition: &Composition,
) -> Result<Verdict> {
    let seed = parse_seed(seed)?;
    let deal = Deal::new(&seed, composition);
    let armory = game.variant().armory();
    let wrong_reveal = game.history().iter().find_map(|entry| {
        let action = entry.action;
        let ActionKind::Reveal { color } = action.kind else {
            return None;
        };
        let role = action.promotion?;
        let revealed = Piece { color, role };
        (deal.identity(action.from) != Some(revealed)).then(|| {
            format!(
                "@{}-{}={}",
                action.from,
                action.to,
                armory.fen_char(revealed)
            )
        })
    });
    Ok(Verdict {
        commitment_matches: commitment(&seed) == commitment_hex.trim().to_ascii_lowercase(),
        wrong_reveal,
    })
}
