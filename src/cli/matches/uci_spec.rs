//! `uci:PATH?nodes=N&...`: an outside UCI engine as a player of `schachwerk match`, as the
//! command line names it.

use std::time::Duration;

/// How long an engine may take to answer, unless the spec says (`timeout=S`).
const DEFAULT_TIMEOUT_SECONDS: u64 = 60;
/// The longest timeout a spec may ask for: an hour.
const MAX_TIMEOUT_SECONDS: u64 = 3600;

/// What the spec's keys mean, for the error that names a wrong one.
pub const KEYS: &str = "nodes=N, depth=D, movetime=T (ms), timeout=S (seconds to wait for an \
                        answer, default 60), args=A,B (the program's arguments, default uci), \
                        newgame=game|turn, option.NAME=VALUE";

/// An outside engine: the program, its arguments, and how it is asked to think.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UciSpec {
    /// The spec as written after `uci:`, to name the player in messages.
    pub text: String,
    pub program: String,
    /// The program's arguments: `uci` unless the spec gives others (our engine needs it; an
    /// engine that speaks UCI from its start, as Stockfish does, takes `args=`).
    pub args: Vec<String>,
    /// `go nodes 200000`, `go depth 6 movetime 500`: the limits, sent every turn.
    pub go: String,
    /// How long to wait for each answer before the engine loses the game.
    pub timeout: Duration,
    /// `setoption`s of the spec's own (`option.Hash=64`), sent after the handshake.
    pub options: Vec<(String, String)>,
    /// `newgame=turn`: `ucinewgame` before every turn, not only every game, so that an engine
    /// that keeps what it found through a game (our engine's table) starts each turn afresh,
    /// as the in-process `search:` player does; the fair match of one search against another.
    pub newgame_every_turn: bool,
}

impl UciSpec {
    /// Reads `PATH?KEY=VALUE&KEY=VALUE` (the text after `uci:`); the first `?` ends the path.
    pub fn parse(text: &str) -> Result<UciSpec, String> {
        let (program, query) = text.split_once('?').unwrap_or((text, ""));
        if program.is_empty() {
            return Err(format!(
                "player 'uci:{text}' names no program: write uci:PATH?nodes=N"
            ));
        }
        let mut spec = UciSpec {
            text: text.to_string(),
            program: program.to_string(),
            args: vec!["uci".to_string()],
            go: String::from("go"),
            timeout: Duration::from_secs(DEFAULT_TIMEOUT_SECONDS),
            options: Vec::new(),
            newgame_every_turn: false,
        };
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').ok_or_else(|| {
                format!("player 'uci:{text}': '{pair}' is not KEY=VALUE; keys: {KEYS}")
            })?;
            spec.read(key, value)
                .map_err(|why| format!("player 'uci:{text}': {why}"))?;
        }
        if spec.go == "go" {
            return Err(format!(
                "player 'uci:{text}' needs a limit for the engine's `go`: ?nodes=N, ?depth=D or ?movetime=T"
            ));
        }
        Ok(spec)
    }

    fn read(&mut self, key: &str, value: &str) -> Result<(), String> {
        let number = |most: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=most).contains(n))
                .ok_or_else(|| format!("{key}='{value}' is not a whole number from 1 to {most}"))
        };
        match key {
            "nodes" | "depth" | "movetime" => {
                let n = number(u64::MAX)?;
                if self.go.split(' ').any(|word| word == key) {
                    return Err(format!("{key} is given twice"));
                }
                self.go.push_str(&format!(" {key} {n}"));
            }
            "newgame" => {
                self.newgame_every_turn = match value {
                    "game" => false,
                    "turn" => true,
                    _ => return Err(format!("newgame='{value}' is not game or turn")),
                }
            }
            "timeout" => self.timeout = Duration::from_secs(number(MAX_TIMEOUT_SECONDS)?),
            "args" => {
                self.args = value
                    .split(',')
                    .filter(|a| !a.is_empty())
                    .map(str::to_string)
                    .collect();
            }
            _ => match key.strip_prefix("option.") {
                Some(name) if !name.is_empty() => {
                    self.options.push((name.to_string(), value.to_string()))
                }
                _ => return Err(format!("unknown key '{key}'; keys: {KEYS}")),
            },
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_gives_the_program_its_arguments_and_the_go_command() {
        let spec = UciSpec::parse("target/base/schachwerk?nodes=200000").unwrap();
        assert_eq!(spec.program, "target/base/schachwerk");
        assert_eq!(spec.args, ["uci"]);
        assert_eq!(spec.go, "go nodes 200000");
        assert_eq!(spec.timeout, Duration::from_secs(60));
        assert!(!spec.newgame_every_turn);

        let spec = UciSpec::parse(
            "/usr/games/stockfish?args=&depth=8&movetime=500&timeout=5&option.Hash=64&newgame=turn",
        )
        .unwrap();
        assert!(spec.newgame_every_turn);
        assert!(spec.args.is_empty());
        assert_eq!(spec.go, "go depth 8 movetime 500");
        assert_eq!(spec.timeout, Duration::from_secs(5));
        assert_eq!(spec.options, [("Hash".to_string(), "64".to_string())]);

        let spec = UciSpec::parse("engine?args=-q,uci&nodes=1").unwrap();
        assert_eq!(spec.args, ["-q", "uci"]);
    }

    #[test]
    fn a_wrong_spec_is_named() {
        for (text, says) in [
            ("engine", "needs a limit"),
            ("?nodes=5", "names no program"),
            ("engine?nodes=0", "nodes='0'"),
            ("engine?nodes=x", "nodes='x'"),
            ("engine?nodes=5&nodes=6", "given twice"),
            ("engine?nodes", "not KEY=VALUE"),
            ("engine?nodes=5&speed=3", "unknown key 'speed'"),
            ("engine?nodes=5&timeout=0", "timeout='0'"),
            ("engine?nodes=5&option.=3", "unknown key 'option.'"),
            ("engine?nodes=5&newgame=move", "newgame='move'"),
        ] {
            let error = UciSpec::parse(text).unwrap_err();
            assert!(
                error.contains(says) && error.contains(text),
                "{text}: {error}"
            );
        }
    }
}
