//! The players of `schachwerk match` as the command line names them, and the ones that play
//! in this process: random, greedy and the search.

use super::uci_spec::UciSpec;
use schachwerk::game::Game;
use schachwerk::internals::Rng;
use schachwerk::rules::Action;
use schachwerk::search::{turn_of, Limits, Searcher, Table, Values};

/// A player as `--a` or `--b` names it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlayerSpec {
    Local(Local),
    /// An outside UCI engine (`uci:PATH?nodes=N`).
    Uci(UciSpec),
}

/// A player in this process.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Local {
    Random,
    Greedy,
    Search(Limits),
}

/// Reads `random`, `greedy`, `search:KEY=N` or `uci:PATH[?KEY=VALUE&...]`.
pub fn parse_player(text: &str) -> Result<PlayerSpec, String> {
    if let Some(spec) = text.strip_prefix("uci:") {
        return UciSpec::parse(spec).map(PlayerSpec::Uci);
    }
    let bad = || {
        format!(
            "player '{text}' is not random, greedy, search:nodes=N, search:depth=D, search:ms=T \
             (N, D, T whole numbers from 1) or uci:PATH?nodes=N"
        )
    };
    match text {
        "random" => return Ok(PlayerSpec::Local(Local::Random)),
        "greedy" => return Ok(PlayerSpec::Local(Local::Greedy)),
        _ => {}
    }
    let spec = text.strip_prefix("search:").ok_or_else(bad)?;
    let (key, value) = spec.split_once('=').ok_or_else(bad)?;
    let n: u64 = value.parse().ok().filter(|n| *n > 0).ok_or_else(bad)?;
    let mut limits = Limits::default();
    match key {
        "nodes" => limits.nodes = Some(n),
        "depth" => limits.depth = Some(n.min(64) as u32),
        "ms" => limits.millis = Some(n.min(600_000)),
        _ => return Err(bad()),
    }
    Ok(PlayerSpec::Local(Local::Search(limits)))
}

/// The actions `player` plays now: a whole turn for the search (with `table`, kept through
/// the game), one action otherwise.
pub fn choose(
    player: Local,
    game: &Game,
    values: &Values,
    rng: &mut Rng,
    table: &mut Table,
) -> Vec<Action> {
    let legal = game.legal_actions();
    match player {
        Local::Random => vec![legal[rng.below(legal.len())]],
        Local::Greedy => {
            let variant = game.variant();
            let position = *game.position();
            let gain = |action: &Action| {
                // An action whose effect is hidden is worth what it leaves on the board now.
                let hidden = variant.hidden();
                if hidden.is_some_and(|h| h.chance(&position, action).is_some()) {
                    return 0;
                }
                let mut next = position;
                variant.play(&mut next, action);
                let after = values.material(&next);
                if next.turn() == position.turn() {
                    after
                } else {
                    -after
                }
            };
            let best = legal.iter().map(gain).max().unwrap_or(0);
            let top: Vec<&Action> = legal.iter().filter(|a| gain(a) == best).collect();
            vec![*top[rng.below(top.len())]]
        }
        Local::Search(limits) => {
            let start = std::time::Instant::now();
            let clock = move || start.elapsed().as_secs_f64() * 1000.0;
            let mut searcher = Searcher::with_table(game, limits, &clock, table.lend());
            let found = searcher.think(|_| {});
            *table = searcher.into_table();
            match found {
                Some(report) if !report.pv.is_empty() => turn_of(game, &report.pv),
                _ => vec![legal[rng.below(legal.len())]],
            }
        }
    }
}
