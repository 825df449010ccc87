//! `schachwerk depth`: how deep the search gets in a variant's middlegames within a node
//! budget, in whole turns. The positions come from games the search plays against itself
//! quickly from random openings, taken after a number of turns; each is then searched with the
//! budget. Node budgets make every figure repeatable, whatever else the machine is doing.

use super::matches::{new_game, play_random_actions};
use schachwerk::game::Game;
use schachwerk::internals::Rng;
use schachwerk::search::{best_turn, Limits, Searcher};
use schachwerk::variants::parse_options;

pub const USAGE: &str =
    "  schachwerk depth --variant V --nodes N [--fens FILE | --positions K [--turns T] [--seed S]]
                  [--option k=v ...]
      the depth in whole turns the search completes within N nodes on middlegame positions:
      those of FILE (a position string a line; bench/middlegames/ has a set per variant), or
      K positions (default 20) taken T turns (default 20) into quick self-play games from
      random openings; prints a line per position and `depth min A median B mean C`
      (positions where the search proves a forced result are listed, not counted)
";

/// Random actions at the start of each self-play game.
const OPENING_ACTIONS: usize = 4;
/// The budget of each self-play turn: enough to play sensibly, small enough to be quick.
const PLAY_NODES: u64 = 3_000;

/// Runs `schachwerk depth` with `args` (after the subcommand).
pub fn run(args: &[String]) -> Result<String, String> {
    let (mut variant, mut nodes, mut positions, mut turns, mut seed) = (None, None, 20, 20, 1);
    let mut options = Vec::new();
    let mut fens: Option<Vec<String>> = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || {
            iter.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value"))
        };
        let number = |text: String| {
            text.parse::<u64>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| format!("{arg} '{text}' is not a positive whole number"))
        };
        match arg.as_str() {
            "--variant" => variant = Some(value()?),
            "--nodes" => nodes = Some(number(value()?)?),
            "--positions" => positions = number(value()?)?.min(10_000),
            "--turns" => turns = number(value()?)?.min(1_000),
            "--seed" => seed = number(value()?)?,
            "--option" => options.push(value()?),
            "--fens" => {
                let path = value()?;
                let text =
                    std::fs::read_to_string(&path).map_err(|e| format!("--fens '{path}': {e}"))?;
                fens = Some(
                    text.lines()
                        .map(str::trim)
                        .filter(|l| !l.is_empty() && !l.starts_with('#'))
                        .map(String::from)
                        .collect(),
                );
            }
            other => return Err(format!("unexpected argument '{other}'\nusage:\n{USAGE}")),
        }
    }
    let missing = |what: &str| format!("{what} is required\nusage:\n{USAGE}");
    let variant = variant.ok_or_else(|| missing("--variant"))?;
    let nodes = nodes.ok_or_else(|| missing("--nodes"))?;
    let options = parse_options(options.iter().map(String::as_str)).map_err(|e| e.to_string())?;
    let games = match fens {
        Some(fens) => fens
            .iter()
            .map(|fen| {
                Game::new(&variant, &options, Some(fen)).map_err(|e| format!("'{fen}': {e}"))
            })
            .collect::<Result<Vec<Game>, String>>()?,
        None => self_play_positions(&variant, &options, positions, turns, seed)?,
    };
    let clock = || 0.0;
    let mut out = String::new();
    let mut depths = Vec::new();
    for (number, game) in games.iter().enumerate() {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let Some(report) = Searcher::new(game, limits, &clock).think(|_| {}) else {
            continue;
        };
        // A forced result ends the search early, at whatever depth proved it: not a measure.
        let forced = report.score_text().starts_with("mate");
        out.push_str(&format!(
            "position {} depth {} nodes {} {}fen {}\n",
            number + 1,
            report.depth,
            report.nodes,
            if forced { "forced " } else { "" },
            game.fen()
        ));
        if !forced {
            depths.push(report.depth);
        }
    }
    if depths.is_empty() {
        return Err("no position to measure: every game ended first or was decided".into());
    }
    depths.sort_unstable();
    let mean = depths.iter().sum::<u32>() as f64 / depths.len() as f64;
    out.push_str(&format!(
        "depth min {} median {} mean {mean:.2}\n",
        depths[0],
        depths[depths.len() / 2]
    ));
    Ok(out)
}

/// `positions` positions, each `turns` turns into a quick self-play game from a random
/// opening (games that end first are replaced, up to a limit).
fn self_play_positions(
    variant: &str,
    options: &[(&str, &str)],
    positions: u64,
    turns: u64,
    seed: u64,
) -> Result<Vec<Game>, String> {
    let mut rng = Rng::new(seed);
    let clock = || 0.0;
    let mut found = Vec::new();
    for _ in 0..positions * 10 {
        if found.len() as u64 >= positions {
            break;
        }
        let deal: String = (0..32).map(|_| format!("{:02x}", rng.below(256))).collect();
        let mut game = new_game(variant, options, &deal)?;
        play_random_actions(&mut game, &mut rng, OPENING_ACTIONS)?;
        let quick = Limits {
            nodes: Some(PLAY_NODES),
            ..Limits::default()
        };
        for _ in 0..turns {
            if game.outcome().is_some() {
                break;
            }
            let mut copy = game.clone();
            let Some(thought) = best_turn(&mut copy, quick, &clock, |_| {}).ok().flatten() else {
                break;
            };
            for action in &thought.turn {
                game.play_action(action).map_err(|e| e.to_string())?;
            }
        }
        if game.outcome().is_none() {
            found.push(game);
        }
    }
    Ok(found)
}
