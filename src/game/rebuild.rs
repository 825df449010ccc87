//! A game rebuilt from its public record, with or without the seed of its deal, and what a
//! record's next entry reveals, for a referee that keeps no game in memory.

use super::{Game, Reveal};
use crate::error::{Error, ErrorCode, Result};

impl Game {
    /// Rebuilds a game from its public record: the variant, its options (without a seed),
    /// the start position (`None`: the variant's start) and the actions played, one action
    /// each, as [`RecordEntry::replayable`] writes them (machine strings, entries with the
    /// piece they revealed: `a5b5=n`; one action's notation is read too). With `seed`, the game gets the referee of that seed, whose deal must reveal
    /// each entry as the record says (else `illegal_action`, naming both), and continues as
    /// the original did: the same commitment and the same reveals to come. Without, the game
    /// is public and takes the record's reveals.
    ///
    /// ```
    /// use schachwerk::game::Game;
    /// let seed = "0000000000000000000000000000000000000000000000000000000000000000";
    /// let mut game = Game::new("immortal", &[("seed", seed)], None).unwrap();
    /// game.play("f3f5").unwrap();
    /// game.play("a5b5").unwrap(); // the deal reveals a black knight
    /// let rebuilt = Game::from_record("immortal", &[], None, &["f3f5", "a5b5=n"], Some(seed)).unwrap();
    /// assert_eq!(rebuilt.fen(), game.fen());
    /// ```
    pub fn from_record(
        variant: &str,
        options: &[(&str, &str)],
        start: Option<&str>,
        actions: &[&str],
        seed: Option<&str>,
    ) -> Result<Game> {
        if options.iter().any(|(key, _)| *key == "seed") {
            return Err(Error::new(
                ErrorCode::BadOption,
                "a record's options carry no seed: give the seed apart",
            ));
        }
        let mut with_seed = options.to_vec();
        if let Some(seed) = seed {
            if seed == "random" {
                return Err(Error::new(
                    ErrorCode::BadOption,
                    "a game is rebuilt with its own seed, not a random one",
                ));
            }
            with_seed.push(("seed", seed));
        }
        let mut game = Game::new(variant, &with_seed, start)?;
        game.replay_all(actions)?;
        Ok(game)
    }

    /// Replays `actions`, a record's, on this game; the error names the action refused.
    pub(crate) fn replay_all(&mut self, actions: &[&str]) -> Result<()> {
        for (i, action) in actions.iter().enumerate() {
            if let Err(error) = self.replay_action(action) {
                return Err(Error::new(
                    error.code,
                    format!(
                        "the record's action {} '{action}': {}",
                        i + 1,
                        error.message
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Plays one action of a record, as [`Game::replay`] does: in a game with a deal, an
    /// entry that names its piece (`a5b5=n`) is checked against the deal, which reveals it.
    /// One action only, so that the wasm carries no second copy of the turn reader.
    fn replay_action(&mut self, text: &str) -> Result<()> {
        let action = self.parse_action(text)?;
        if self.dealer().is_none() || action == action.public() {
            return self.play_as(&action, false).map(|_| ());
        }
        // The deal reveals the entry, and the record must say the same.
        let dealt = self.play_as(&action.public(), false)?.action;
        if dealt != action {
            let dealt = self.record[self.record.len() - 1].replayable(self.variant.armory());
            self.undo()?;
            return Err(Error::new(
                ErrorCode::IllegalAction,
                format!("the record has {text}, but the deal reveals {dealt}"),
            ));
        }
        Ok(())
    }

    /// What the legal entry `entry` (`a5b5`, `@a5-b5`) would reveal, without playing it: the
    /// deal's piece, for a referee that answers from a record (see
    /// [`Referee::reveal_for`](crate::referee::Referee::reveal_for)). Never hand this to a
    /// player: it is the deal. Refused for an action that is not legal here
    /// (`illegal_action`), for one that is no entry, and in a game without a deal
    /// (`bad_request`).
    pub fn reveal_of(&self, entry: &str) -> Result<Reveal> {
        let action = self.parse_action(entry)?;
        if self.dealer().is_none() {
            return Err(Error::new(
                ErrorCode::BadRequest,
                "only a game with a deal (a referee's) knows what an entry reveals",
            ));
        }
        let dealt = self.resolve(&action, false)?;
        Reveal::of(&dealt).ok_or_else(|| {
            Error::new(
                ErrorCode::BadRequest,
                format!("'{entry}' is no entry: it reveals nothing"),
            )
        })
    }
}
