//! A player of `schachwerk match` for the whole match: one in this process, or an outside UCI
//! engine whose answers the match, as the referee, checks.

use super::players::{choose, Local, PlayerSpec};
use super::uci_player::UciPlayer;
use super::uci_turns::play_answer;
use schachwerk::game::Game;
use schachwerk::internals::Rng;
use schachwerk::search::{Table, Values};

pub struct Contestant {
    /// The player as the command line named it.
    pub name: String,
    kind: Kind,
}

enum Kind {
    /// A player in this process; a search keeps its table through a game, as a UCI engine
    /// and the page's computer do.
    Local(Local, Table),
    Uci(UciPlayer),
}

impl Contestant {
    /// The player `spec` (written `name`), an outside engine started and set up for the
    /// match's `variant` and `options`.
    pub fn new(
        name: String,
        spec: PlayerSpec,
        variant: &str,
        options: &[(&str, &str)],
    ) -> Result<Contestant, String> {
        let kind = match spec {
            PlayerSpec::Local(local) => {
                let table = match local {
                    Local::Search(_) => Table::default(),
                    _ => Table::new(2),
                };
                Kind::Local(local, table)
            }
            PlayerSpec::Uci(spec) => Kind::Uci(UciPlayer::start(spec, variant, options)?),
        };
        Ok(Contestant { name, kind })
    }

    /// Readies the player for a new game; an error loses the game.
    pub fn new_game(&mut self) -> Result<(), String> {
        match &mut self.kind {
            Kind::Local(_, table) => {
                table.clear();
                Ok(())
            }
            Kind::Uci(player) => player.new_game(),
        }
    }

    /// Plays the player's actions now: a whole turn, or for a player that gives less (random
    /// and greedy play one action; an engine's answer may stop at an entry) its start, the
    /// match asking again while the turn is the player's. An error loses the game.
    pub fn play(&mut self, game: &mut Game, values: &Values, rng: &mut Rng) -> Result<(), String> {
        let (local, table) = match &mut self.kind {
            Kind::Uci(player) => {
                let word = player.answer(game)?;
                return play_answer(game, &word);
            }
            Kind::Local(local, table) => (*local, table),
        };
        let before = game.history().len();
        for action in choose(local, game, values, rng, table) {
            if game.play_action(&action).is_err() {
                break;
            }
        }
        // A choice that was refused (a bug) must not stall the match.
        if game.history().len() == before {
            let legal = game.legal_actions();
            let action = legal.first().ok_or("no legal action to play")?;
            game.play_action(action).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}
