//! `schachwerk think`: the search on one position, reporting each depth as UCI does.

use schachwerk::game::Game;
use schachwerk::rules::Action;
use schachwerk::search::{best_turn, Limits};
use schachwerk::variants::parse_options;
use std::time::Instant;

pub const USAGE: &str =
    "  schachwerk think --variant V [--fen FEN] [--option k=v ...] (--depth D | --nodes N | --ms T)
      `info depth D score cp S|mate M nodes N nps X pv ...` per depth, then `bestmove ACTION`
      and `bestturn ACTION...` (the whole turn where a turn has several actions)
";

/// Runs `schachwerk think` with `args` (after the subcommand).
pub fn run(args: &[String]) -> Result<String, String> {
    let mut variant = None;
    let mut fen = None;
    let mut options = Vec::new();
    let mut limits = Limits::default();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || {
            iter.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value"))
        };
        let number = |text: String, max: u64| {
            text.parse::<u64>()
                .ok()
                .filter(|n| (1..=max).contains(n))
                .ok_or_else(|| format!("{arg} '{text}' is not a number from 1 to {max}"))
        };
        match arg.as_str() {
            "--variant" => variant = Some(value()?),
            "--fen" => fen = Some(value()?),
            "--option" => options.push(value()?),
            "--depth" => limits.depth = Some(number(value()?, 64)? as u32),
            "--nodes" => limits.nodes = Some(number(value()?, u64::MAX / 2)?),
            "--ms" => limits.millis = Some(number(value()?, 86_400_000)?),
            other => return Err(format!("unexpected argument '{other}'\nusage:\n{USAGE}")),
        }
    }
    let variant = variant.ok_or_else(|| format!("--variant is required\nusage:\n{USAGE}"))?;
    if limits == Limits::default() {
        return Err(format!(
            "think needs --depth, --nodes or --ms\nusage:\n{USAGE}"
        ));
    }
    let options = parse_options(options.iter().map(String::as_str)).map_err(|e| e.to_string())?;
    let mut game = Game::new(&variant, &options, fen.as_deref()).map_err(|e| e.to_string())?;
    // The turn is played on `game` as it is found; this one names the actions.
    let names = Game::new(&variant, &options, fen.as_deref()).map_err(|e| e.to_string())?;
    let armory = names.variant().armory();
    let machine =
        |actions: &[Action]| -> Vec<String> { actions.iter().map(|a| a.machine(armory)).collect() };
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let found = best_turn(&mut game, limits, &clock, |report| {
        crate::cli::write_out(&format!(
            "info depth {} score {} nodes {} nps {} pv {}\n",
            report.depth,
            report.score_text(),
            report.nodes,
            report.nps(),
            machine(&report.pv).join(" ")
        ));
    })
    .map_err(|e| e.to_string())?;
    let Some(found) = found else {
        return Ok("bestmove (none)\n".to_string());
    };
    let turn = machine(&found.turn);
    let best = turn.first().cloned().unwrap_or_else(|| "(none)".into());
    Ok(format!("bestmove {best}\nbestturn {}\n", turn.join(" ")))
}
