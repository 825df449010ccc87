//! An outside UCI engine playing `schachwerk match`: one process for the whole match, started
//! again only when it died. The handshake (`uci`, the variant and its options, `isready`),
//! `ucinewgame` before each game, and each turn `position ...` and `go ...` until `bestmove`.

use super::engine::Engine;
use super::uci_spec::UciSpec;
use super::uci_turns::position_command;
use schachwerk::game::Game;

/// What `uci` answered: the options the engine declares.
struct Declared {
    /// Each `option name NAME type ...` line's name and the words after it.
    options: Vec<(String, Vec<String>)>,
}

impl Declared {
    fn read(lines: &[String]) -> Declared {
        let options = lines
            .iter()
            .filter_map(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                if words.first() != Some(&"option") || words.get(1) != Some(&"name") {
                    return None;
                }
                let type_at = words.iter().position(|w| *w == "type")?;
                let name = words.get(2..type_at)?.join(" ");
                let rest = words[type_at..].iter().map(|w| w.to_string()).collect();
                Some((name, rest))
            })
            .collect();
        Declared { options }
    }

    /// The option's name as declared, and the words after it, found in any case.
    fn find(&self, name: &str) -> Option<&(String, Vec<String>)> {
        self.options
            .iter()
            .find(|(declared, _)| declared.eq_ignore_ascii_case(name))
    }
}

/// An outside engine as a player.
pub struct UciPlayer {
    spec: UciSpec,
    /// The `setoption` commands that make it play the match's variant with its options.
    setup: Vec<String>,
    engine: Option<Engine>,
}

impl UciPlayer {
    /// Starts the engine and sets it up for `variant` with the match's `options`; a program
    /// that does not start, speak UCI or offer the variant is an error for the whole match.
    pub fn start(
        spec: UciSpec,
        variant: &str,
        options: &[(&str, &str)],
    ) -> Result<UciPlayer, String> {
        let name = format!("uci:{}", spec.text);
        let (mut engine, declared) = handshake(&spec).map_err(|e| format!("player {name}: {e}"))?;
        let setup = setup_commands(&spec, &declared, variant, options)
            .map_err(|e| format!("player {name}: {e}"))?;
        ready(&mut engine, &spec, &setup).map_err(|e| format!("player {name}: {e}"))?;
        Ok(UciPlayer {
            spec,
            setup,
            engine: Some(engine),
        })
    }

    /// Readies the engine for a new game: started again if it died, then `ucinewgame`.
    pub fn new_game(&mut self) -> Result<(), String> {
        let timeout = self.spec.timeout;
        let engine = self.running()?;
        let result = engine.send("ucinewgame").and_then(|()| {
            engine.send("isready")?;
            engine.wait_for("readyok", timeout, |l| l == "readyok")
        });
        self.keep_if_ok(result).map(|_| ())
    }

    /// The engine's answer for the turn of the side to move in `game`: the word after
    /// `bestmove`. A crash or a timeout is an error, and the engine is started again next game.
    pub fn answer(&mut self, game: &Game) -> Result<String, String> {
        let (go, timeout) = (self.spec.go.clone(), self.spec.timeout);
        let newgame = self.spec.newgame_every_turn;
        let position = position_command(game);
        let engine = self.running()?;
        let fresh = if newgame {
            engine.send("ucinewgame")
        } else {
            Ok(())
        };
        let result = fresh.and_then(|()| {
            engine.send(&position)?;
            engine.send(&go)?;
            engine.wait_for("bestmove", timeout, |l| {
                l.split_whitespace().next() == Some("bestmove")
            })
        });
        let line = self.keep_if_ok(result)?;
        Ok(line.split_whitespace().nth(1).unwrap_or("").to_string())
    }

    /// The engine, started again (with its handshake and options) if it is not running.
    fn running(&mut self) -> Result<&mut Engine, String> {
        if !self.engine.as_mut().is_some_and(Engine::is_running) {
            // Dropped first: a hung engine is killed before another starts.
            self.engine = None;
            let (mut engine, _) = handshake(&self.spec)?;
            ready(&mut engine, &self.spec, &self.setup)?;
            self.engine = Some(engine);
        }
        self.engine
            .as_mut()
            .ok_or_else(|| "the engine is not running".to_string())
    }

    /// `result`; on an error the engine is let go (told to quit, killed if it hangs), since
    /// it is out of step or gone.
    fn keep_if_ok<T>(&mut self, result: Result<T, String>) -> Result<T, String> {
        if result.is_err() {
            self.engine = None;
        }
        result
    }
}

/// Starts the program and reads what `uci` answers up to `uciok`.
fn handshake(spec: &UciSpec) -> Result<(Engine, Declared), String> {
    let mut engine = Engine::start(&spec.program, &spec.args)?;
    engine.send("uci")?;
    let mut lines = Vec::new();
    engine.wait_for("uciok (is it a UCI engine?)", spec.timeout, |line| {
        lines.push(line.to_string());
        line == "uciok"
    })?;
    Ok((engine, Declared::read(&lines)))
}

/// Sends the setup's `setoption`s and waits until the engine is ready.
fn ready(engine: &mut Engine, spec: &UciSpec, setup: &[String]) -> Result<(), String> {
    for command in setup {
        engine.send(command)?;
    }
    engine.send("isready")?;
    engine.wait_for("readyok", spec.timeout, |line| line == "readyok")?;
    Ok(())
}

/// The `setoption`s for the variant (`UCI_Variant`, which an engine without it may leave
/// out only for chess), the match's variant options (each one the engine must declare: one it
/// lacks would have it play other rules), and the spec's own. Immortal Chess's `seed` is the
/// referee's deal and never goes to a player: the engine sees the public game only.
fn setup_commands(
    spec: &UciSpec,
    declared: &Declared,
    variant: &str,
    options: &[(&str, &str)],
) -> Result<Vec<String>, String> {
    let mut commands = Vec::new();
    match declared.find("UCI_Variant") {
        Some((name, rest)) => {
            let offered = rest
                .windows(2)
                .any(|w| w[0] == "var" && w[1].eq_ignore_ascii_case(variant));
            if !offered {
                return Err(format!(
                    "the engine's UCI_Variant does not offer '{variant}'"
                ));
            }
            commands.push(format!("setoption name {name} value {variant}"));
        }
        None if variant == "chess" => {}
        None => {
            return Err(format!(
                "the engine declares no UCI_Variant option, so it plays chess, not {variant}"
            ))
        }
    }
    for &(key, value) in options {
        if key == "seed" {
            continue;
        }
        let (name, _) = declared.find(key).ok_or_else(|| {
            format!(
                "the engine declares no option '{key}' for --option {key}={value}: it would play other rules"
            )
        })?;
        commands.push(format!("setoption name {name} value {value}"));
    }
    for (key, value) in &spec.options {
        let (name, _) = declared.find(key).ok_or_else(|| {
            format!("the engine declares no option '{key}' (option.{key}={value})")
        })?;
        commands.push(format!("setoption name {name} value {value}"));
    }
    Ok(commands)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declared(lines: &[&str]) -> Declared {
        Declared::read(&lines.iter().map(|l| l.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn the_setup_sets_the_variant_and_the_declared_options_and_never_the_seed() {
        let spec = UciSpec::parse("engine?nodes=1&option.hash=64").unwrap();
        let ours = declared(&[
            "id name schachwerk",
            "option name Hash type spin default 16 min 1 max 1024",
            "option name Move Overhead type spin default 10 min 0 max 5000",
            "option name UCI_Variant type combo default chess var chess var immortal",
            "option name Seed type string default <empty>",
            "uciok",
        ]);
        let commands = setup_commands(&spec, &ours, "immortal", &[("seed", "00")]).unwrap();
        assert_eq!(
            commands,
            [
                "setoption name UCI_Variant value immortal",
                "setoption name Hash value 64"
            ]
        );
        let error = setup_commands(&spec, &ours, "nacht", &[]).unwrap_err();
        assert!(error.contains("does not offer 'nacht'"), "{error}");
        let error = setup_commands(&spec, &ours, "chess", &[("fifty", "true")]).unwrap_err();
        assert!(error.contains("no option 'fifty'"), "{error}");

        let plain = declared(&["option name Hash type spin default 16 min 1 max 33554432"]);
        assert!(setup_commands(&spec, &plain, "chess", &[]).is_ok());
        let error = setup_commands(&spec, &plain, "nacht", &[]).unwrap_err();
        assert!(error.contains("no UCI_Variant"), "{error}");
    }
}
