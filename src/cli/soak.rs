//! `schachwerk soak`: random games checked ply by ply (`schachwerk::internals::soak`), with their speed.

use schachwerk::internals::soak;
use schachwerk::variants::{parse_options, Nietzsche};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// What `--variant all` soaks: every implemented variant under each of its option sets
/// (Immortal Chess with a deal of its own for each game), Nietzsche Chess under every
/// promotion sequence.
fn all_runs() -> Vec<(&'static str, String)> {
    let mut runs = vec![("chess", String::new())];
    runs.extend(Nietzsche::sequences().map(|name| ("nietzsche", format!("sequence={name}"))));
    let others = [
        ("nacht", ""),
        ("nacht", "setup=reverse castling=true"),
        ("nacht", "fifty=true"),
        ("quintessential", ""),
        ("impulschach", ""),
        ("immortal", ""),
    ];
    runs.extend(others.map(|(name, options)| (name, options.to_string())));
    runs
}

pub const USAGE: &str = "  schachwerk soak  --variant V|all [--option k=v ...] --plies N [--seed S]
      random games checked after every ply (hash, position string, undo, the actions play
      takes); prints plies per second, or the failure and the seed that replays it
";

/// Runs `schachwerk soak` with `args` (after the subcommand).
pub fn run(args: &[String]) -> Result<String, String> {
    let mut variant = None;
    let mut options = Vec::new();
    let mut plies = None;
    let mut seed = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || {
            iter.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value"))
        };
        match arg.as_str() {
            "--variant" => variant = Some(value()?),
            "--option" => options.push(value()?),
            "--plies" => {
                let text = value()?;
                let n = text.parse::<u64>().ok().filter(|n| *n > 0);
                plies =
                    Some(n.ok_or_else(|| format!("--plies '{text}' is not a positive number"))?);
            }
            "--seed" => {
                let text = value()?;
                seed = Some(parse_seed(&text).ok_or_else(|| {
                    format!("--seed '{text}' is not a number (decimal, or hex after 0x)")
                })?);
            }
            other => return Err(format!("unexpected argument '{other}'\nusage:\n{USAGE}")),
        }
    }
    let variant = variant.ok_or_else(|| format!("--variant is required\nusage:\n{USAGE}"))?;
    let plies = plies.ok_or_else(|| format!("--plies is required\nusage:\n{USAGE}"))?;
    let seed = seed.unwrap_or_else(clock_seed);
    let option_text = options.join(" ");
    let runs: Vec<(&str, String)> = if variant == "all" {
        if !options.is_empty() {
            return Err("--variant all takes no --option: it soaks every option set".into());
        }
        all_runs()
    } else {
        vec![(variant.as_str(), option_text)]
    };
    let mut out = String::new();
    for (name, option_text) in runs {
        let options = parse_options(option_text.split_whitespace()).map_err(|e| e.to_string())?;
        let started = Instant::now();
        let report = soak(name, &options, plies, seed)
            .map_err(|e| e.to_string())?
            .map_err(|failure| format!("soak {name} {option_text} failed: {failure}"))?;
        let seconds = started.elapsed().as_secs_f64();
        let label = if option_text.is_empty() {
            name.to_string()
        } else {
            format!("{name} {option_text}")
        };
        out.push_str(&format!(
            "soak {label}: seed {seed} plies {} games {} results {} refusals {} seconds {seconds:.1} plies/s {:.0}\n",
            report.plies,
            report.games,
            report.results,
            report.refusals,
            report.plies as f64 / seconds.max(1e-9),
        ));
        // Each variant's line is printed as soon as it is done: a long run shows progress.
        crate::cli::write_out(&out);
        out.clear();
    }
    out.push_str("soak ok\n");
    Ok(out)
}

fn parse_seed(text: &str) -> Option<u64> {
    match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

/// A seed from the clock, for a run not given one (printed, so it can be replayed).
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}
