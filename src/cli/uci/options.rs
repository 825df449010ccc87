//! The engine's UCI options: what `uci` declares, what `setoption` sets, and the game they
//! make (the variant, and Immortal Chess's deal).

use schachwerk::game::Game;
use schachwerk::variants::{by_name, NAMES};

/// `Hash`, in MiB: the default, and the most.
const DEFAULT_HASH: usize = 16;
const MAX_HASH: usize = 1024;
/// `MultiPV`: the most lines.
const MAX_MULTIPV: usize = 256;
/// `Move Overhead`, in milliseconds: the default, and the most.
const DEFAULT_MOVE_OVERHEAD: u64 = 10;
const MAX_MOVE_OVERHEAD: u64 = 5000;
/// `Noise`, in centipawns: the most (the page's Easy level plays with some).
const MAX_NOISE: u64 = 1000;

/// The options as set.
pub struct Options {
    pub variant: String,
    /// Immortal Chess's seed (64 hex digits): the engine then holds the deal.
    pub seed: Option<String>,
    pub hash: usize,
    pub multipv: usize,
    pub move_overhead: u64,
    /// Centipawns below the best a line may score and still be played (`search::Choice`).
    pub noise: u32,
    /// `Ponder`: the GUI's to set, as UCI has it, before it sends `go ponder`; the engine
    /// ponders when asked whatever it says.
    pub ponder: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            variant: "chess".into(),
            seed: None,
            hash: DEFAULT_HASH,
            multipv: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            noise: 0,
            ponder: false,
        }
    }
}

/// What a `setoption` changed, for the session to follow.
#[derive(Debug, PartialEq, Eq)]
pub enum OptionChange {
    Nothing,
    /// The table's size: a new table.
    Table,
    /// The variant or the deal: a new game from the start, and a new table.
    Game,
}

impl Options {
    /// The `option ...` lines `uci` answers with.
    pub fn declarations() -> Vec<String> {
        let variants: Vec<String> = NAMES.iter().map(|v| format!("var {v}")).collect();
        vec![
            format!("option name Hash type spin default {DEFAULT_HASH} min 1 max {MAX_HASH}"),
            "option name Threads type spin default 1 min 1 max 1".into(),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
            format!(
                "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD} min 0 max {MAX_MOVE_OVERHEAD}"
            ),
            format!(
                "option name UCI_Variant type combo default chess {}",
                variants.join(" ")
            ),
            "option name Seed type string default <empty>".into(),
            format!("option name Noise type spin default 0 min 0 max {MAX_NOISE}"),
            "option name Ponder type check default false".into(),
        ]
    }

    /// `setoption name NAME [value VALUE]`; names are read in any case, a refusal names the
    /// option and what it takes, and leaves the options as they were.
    pub fn set(&mut self, words: &[&str]) -> Result<OptionChange, String> {
        let (name, value) = name_and_value(words)?;
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash = number(&name, &value, 1, MAX_HASH as u64)? as usize;
                Ok(OptionChange::Table)
            }
            "threads" => match value.as_str() {
                "1" => Ok(OptionChange::Nothing),
                _ => Err(format!(
                    "Threads: this engine searches with one thread; '{value}' is refused and Threads stays 1"
                )),
            },
            "multipv" => {
                self.multipv = number(&name, &value, 1, MAX_MULTIPV as u64)? as usize;
                Ok(OptionChange::Nothing)
            }
            "move overhead" => {
                self.move_overhead = number(&name, &value, 0, MAX_MOVE_OVERHEAD)?;
                Ok(OptionChange::Nothing)
            }
            "noise" => {
                self.noise = number(&name, &value, 0, MAX_NOISE)? as u32;
                Ok(OptionChange::Nothing)
            }
            "ponder" => {
                self.ponder = check(&name, &value)?;
                Ok(OptionChange::Nothing)
            }
            "uci_variant" => self.set_variant(&value),
            "seed" => self.set_seed(&value),
            _ => Err(format!("unknown option '{name}'")),
        }
    }

    fn set_variant(&mut self, value: &str) -> Result<OptionChange, String> {
        let value = value.to_ascii_lowercase();
        if !NAMES.contains(&value.as_str()) {
            return Err(format!(
                "unknown variant '{value}'; variants: {}",
                NAMES.join(" ")
            ));
        }
        self.variant = value;
        Ok(OptionChange::Game)
    }

    fn set_seed(&mut self, value: &str) -> Result<OptionChange, String> {
        let seed = match value {
            "" | "<empty>" => None,
            hex => Some(hex.to_string()),
        };
        // Checked on Immortal Chess, whatever the variant now: the seed is for its deal.
        if let Some(hex) = &seed {
            Game::new("immortal", &[("seed", hex)], None)
                .map_err(|e| format!("Seed: {e}; the seed stays as it was"))?;
        }
        self.seed = seed;
        Ok(OptionChange::Game)
    }

    /// A game of the variant from its start or `fen`, whose draws wait for the GUI's claim;
    /// under the seed's deal in a variant with hidden pieces.
    pub fn new_game(&self, fen: Option<&str>) -> Result<Game, String> {
        let hidden = by_name(&self.variant, &[])
            .map_err(|e| e.to_string())?
            .hidden()
            .is_some();
        let seed = self.seed.as_deref().filter(|_| hidden);
        let options: Vec<(&str, &str)> = seed.map(|s| ("seed", s)).into_iter().collect();
        let game = Game::new(&self.variant, &options, fen).map_err(|e| e.to_string())?;
        Ok(game.with_draws_by_claim())
    }

    /// Plays one word of `position ... moves`: an action or a whole turn (actions joined by
    /// commas). Under a deal it is read as a record, so an entry may name the piece the deal
    /// reveals, and is refused if it names another.
    pub fn play(&self, game: &mut Game, turn: &str) -> Result<(), String> {
        let played = if game.dealer().is_some() {
            game.replay(turn)
        } else {
            game.play(turn)
        };
        played.map(|_| ()).map_err(|e| e.to_string())
    }
}

/// The name (words between `name` and `value`, which may have spaces: `Move Overhead`) and
/// the value (all after `value`) of `setoption`.
fn name_and_value(words: &[&str]) -> Result<(String, String), String> {
    let is = |word: &str, key: &str| word.eq_ignore_ascii_case(key);
    let name_at = words.iter().position(|w| is(w, "name"));
    let value_at = words.iter().position(|w| is(w, "value"));
    let Some(name_at) = name_at else {
        return Err("setoption needs 'name'".into());
    };
    let name_end = value_at.filter(|&v| v > name_at).unwrap_or(words.len());
    let name = words[name_at + 1..name_end].join(" ");
    if name.is_empty() {
        return Err("setoption needs an option's name after 'name'".into());
    }
    let value = value_at.map_or(String::new(), |v| words[v + 1..].join(" "));
    Ok((name, value))
}

fn check(name: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("{name}: '{value}' is not true or false")),
    }
}

fn number(name: &str, value: &str, min: u64, max: u64) -> Result<u64, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("{name}: '{value}' is not a number from {min} to {max}"))
}
