//! `schachwerk tune`: the evaluation's weights fitted to game results (README, "How the
//! evaluation is tuned"). `tune play` plays quick self-play games from random openings and
//! writes their quiet positions with each game's result; `tune fit` fits the weights to such
//! files (`search::tune`) and prints them as the Rust constant to put in the variant.

use super::matches::{new_game, play_random_actions};
use schachwerk::game::Game;
use schachwerk::internals::Rng;
use schachwerk::movement::Color;
use schachwerk::rules::{EvalWeights, Outcome};
use schachwerk::search::fit_placement::{fit_placement, FitOptions};
use schachwerk::search::tune::{Sample, Tuner};
use schachwerk::search::{best_turn, Limits};
use schachwerk::variants::parse_options;
use std::fmt::Write as _;

pub const USAGE: &str =
    "  schachwerk tune play --variant V --games N --nodes K --out FILE [--seed S] [--option k=v ...]
      self-play games of K nodes a turn from random openings; writes a line per quiet position
      (not in check, no capture just made or about to be): the game's result for White
      (1, 0.5 or 0) and the position string
  schachwerk tune fit --variant V --samples FILE [--samples FILE ...] [--only W,W...]
                     [--option k=v ...]
      fits the evaluation's weights (or only those named) to those positions (Texel's method)
      and prints them; a line's score is its game's result for White, or any expected score
      for White between 0 and 1 (tools/strength/relabel.py writes Stockfish's)
  schachwerk tune placement --variant V --samples FILE [--samples FILE ...] [--epochs N]
                     [--l2 X] [--option k=v ...]
      fits corrections to the pieces' values and placement, middlegame and endgame, to such
      files (by gradient descent, N passes, default 1500; X pulls the squares' corrections
      towards 0, default 3e-10) and prints them as the variant's PlacementFit
";

/// Random actions at the start of each self-play game, so that the games differ.
const OPENING_ACTIONS: usize = 6;
/// The longest self-play game, in turns, before it is called a draw.
const MAX_TURNS: usize = 300;

/// Runs `schachwerk tune` with `args` (after the subcommand).
pub fn run(args: &[String]) -> Result<String, String> {
    let Some((mode, rest)) = args.split_first() else {
        return Err(format!("tune needs play or fit\nusage:\n{USAGE}"));
    };
    let parsed = Args::parse(rest)?;
    match mode.as_str() {
        "play" => play(&parsed),
        "fit" => fit(&parsed),
        "placement" => placement(&parsed),
        other => Err(format!(
            "tune {other}: not play, fit or placement\nusage:\n{USAGE}"
        )),
    }
}

/// The arguments of either mode.
#[derive(Default)]
struct Args {
    variant: Option<String>,
    games: Option<u64>,
    nodes: Option<u64>,
    out: Option<String>,
    seed: u64,
    options: Vec<String>,
    samples: Vec<String>,
    /// `--only a,b`: the weights to fit (all by default).
    only: Option<String>,
    /// `tune placement`'s passes and pull towards 0.
    epochs: Option<u64>,
    l2: Option<f64>,
}

impl Args {
    fn parse(args: &[String]) -> Result<Args, String> {
        let mut parsed = Args {
            seed: 1,
            ..Args::default()
        };
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
                "--variant" => parsed.variant = Some(value()?),
                "--games" => parsed.games = Some(number(value()?)?),
                "--nodes" => parsed.nodes = Some(number(value()?)?),
                "--seed" => parsed.seed = number(value()?)?,
                "--out" => parsed.out = Some(value()?),
                "--option" => parsed.options.push(value()?),
                "--samples" => parsed.samples.push(value()?),
                "--only" => parsed.only = Some(value()?),
                "--epochs" => parsed.epochs = Some(number(value()?)?),
                "--l2" => {
                    let text = value()?;
                    let l2 = text.parse::<f64>().ok().filter(|x| *x >= 0.0);
                    parsed.l2 =
                        Some(l2.ok_or_else(|| format!("--l2 '{text}' is not a number >= 0"))?);
                }
                other => return Err(format!("unexpected argument '{other}'\nusage:\n{USAGE}")),
            }
        }
        Ok(parsed)
    }

    fn variant(&self) -> Result<&str, String> {
        self.variant
            .as_deref()
            .ok_or_else(|| format!("--variant is required\nusage:\n{USAGE}"))
    }
}

/// `tune play`: the games, their quiet positions written to `--out`.
fn play(args: &Args) -> Result<String, String> {
    let variant = args.variant()?;
    let required = |what: &str| format!("{what} is required\nusage:\n{USAGE}");
    let games = args.games.ok_or_else(|| required("--games"))?;
    let nodes = args.nodes.ok_or_else(|| required("--nodes"))?;
    let out = args.out.as_deref().ok_or_else(|| required("--out"))?;
    let options =
        parse_options(args.options.iter().map(String::as_str)).map_err(|e| e.to_string())?;
    let mut rng = Rng::new(args.seed);
    let mut text = String::new();
    let (mut positions, mut results) = (0usize, [0u32; 3]);
    for _ in 0..games {
        let deal: String = (0..32).map(|_| format!("{:02x}", rng.below(256))).collect();
        let mut game = new_game(variant, &options, &deal)?;
        play_random_actions(&mut game, &mut rng, OPENING_ACTIONS)?;
        let (quiet, white_score) = self_play(&mut game, nodes)?;
        results[(white_score * 2.0) as usize] += 1;
        positions += quiet.len();
        for fen in quiet {
            let _ = writeln!(text, "{white_score} {fen}");
        }
    }
    std::fs::write(out, text).map_err(|e| format!("--out '{out}': {e}"))?;
    Ok(format!(
        "games {games} (White wins {}, draws {}, Black wins {}) positions {positions} written to {out}\n",
        results[2], results[1], results[0]
    ))
}

/// Plays `game` out with the search at `nodes` a turn: its quiet positions (as position
/// strings) and its result for White.
fn self_play(game: &mut Game, nodes: u64) -> Result<(Vec<String>, f64), String> {
    let clock = || 0.0;
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let pieces = |game: &Game| game.position().board().occupied().count();
    let mut quiet: Vec<String> = Vec::new();
    // The position before the last turn, kept only if no capture follows it.
    let mut pending: Option<String> = None;
    for _ in 0..MAX_TURNS {
        if game.outcome().is_some() {
            break;
        }
        let before = pieces(game);
        let candidate = game.check_squares().is_empty().then(|| game.fen());
        let mut copy = game.clone();
        let Some(thought) =
            best_turn(&mut copy, limits, &clock, |_| {}).map_err(|e| e.to_string())?
        else {
            break;
        };
        for action in &thought.turn {
            game.play_action(action).map_err(|e| e.to_string())?;
        }
        let captured = pieces(game) < before;
        // A capture makes the position before it, and the one before that (which it answers),
        // loud: their static scores miss what is about to be taken.
        if captured {
            pending = None;
        } else {
            quiet.extend(pending.take());
            pending = candidate;
        }
    }
    quiet.extend(pending);
    let white_score = match game.outcome() {
        Some(Outcome::Win {
            winner: Color::White,
            ..
        }) => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    };
    Ok((quiet, white_score))
}

/// The game of `--variant` at its start, and the samples of the `--samples` files.
fn read_samples(args: &Args) -> Result<(Game, Vec<Sample>), String> {
    let variant = args.variant()?;
    if args.samples.is_empty() {
        return Err(format!("--samples is required\nusage:\n{USAGE}"));
    }
    let options =
        parse_options(args.options.iter().map(String::as_str)).map_err(|e| e.to_string())?;
    let mut game = Game::new(variant, &options, None).map_err(|e| e.to_string())?;
    let start = game.fen();
    let mut samples = Vec::new();
    for path in &args.samples {
        let text = std::fs::read_to_string(path).map_err(|e| format!("--samples '{path}': {e}"))?;
        for (number, line) in text.lines().enumerate() {
            let bad = |why: String| format!("{path}:{}: {why}", number + 1);
            let Some((score, fen)) = line.trim().split_once(' ') else {
                continue;
            };
            let white_score = parse_score(score).map_err(bad)?;
            game.set_fen(fen).map_err(|e| bad(e.to_string()))?;
            samples.push(Sample {
                position: *game.position(),
                white_score,
            });
        }
    }
    game.set_fen(&start).map_err(|e| e.to_string())?;
    Ok((game, samples))
}

/// `tune placement`: corrections to the pieces' values and placement fitted to the
/// `--samples` files, printed.
fn placement(args: &Args) -> Result<String, String> {
    let (game, samples) = read_samples(args)?;
    let variant = game.variant();
    let shape = variant.armory().shape();
    if (shape.files, shape.ranks) != (8, 8) {
        return Err(format!(
            "tune placement: {} is not played on 8x8",
            variant.name()
        ));
    }
    let start = *game.position();
    let mut terms = variant.eval_terms();
    terms.placement_fit = None;
    let tuner = Tuner::new(variant, start, &samples).with_terms(terms.clone());
    let scale = tuner.fit_scale(&terms.weights);
    let options = FitOptions {
        // The settings chess's fit was measured with (README, "Chess's fitted placement").
        epochs: args.epochs.unwrap_or(1500) as usize,
        l2: args.l2.unwrap_or(3e-10),
        scale,
    };
    let fitted = fit_placement(variant, &start, &samples, options);
    let roles: Vec<&str> = variant.armory().defs().iter().map(|d| d.name).collect();
    let [train_before, train_after] = fitted.fitted_error;
    let [held_before, held_after] = fitted.held_out_error;
    Ok(format!(
        "// {} samples (scale {scale:.2}, {} passes, l2 {}): error {train_before:.6} -> \
         {train_after:.6}; held out (every tenth) {held_before:.6} -> {held_after:.6}\n{}",
        samples.len(),
        options.epochs,
        options.l2,
        fitted.to_rust("PLACEMENT", &roles)
    ))
}

/// `tune fit`: the weights fitted to the `--samples` files, printed.
fn fit(args: &Args) -> Result<String, String> {
    let (game, samples) = read_samples(args)?;
    let start = *game.position();
    let free: Vec<usize> = match &args.only {
        None => (0..EvalWeights::NAMES.len()).collect(),
        Some(names) => names
            .split(',')
            .map(|name| {
                EvalWeights::NAMES
                    .iter()
                    .position(|n| *n == name.trim())
                    .ok_or_else(|| {
                        format!(
                            "--only: no weight '{name}'; weights: {}",
                            EvalWeights::NAMES.join(" ")
                        )
                    })
            })
            .collect::<Result<_, String>>()?,
    };
    let tuner = Tuner::new(game.variant(), start, &samples);
    let hand = game.variant().eval_terms().weights;
    let scale = tuner.fit_scale(&hand);
    let before = tuner.error(&hand, scale);
    crate::cli::write_err(&format!(
        "{} samples; scale {scale:.2}; error {before:.6} with the variant's weights\n",
        samples.len()
    ));
    let fitted = tuner.fit(hand, scale, &free, |step, error, _| {
        crate::cli::write_err(&format!("step {step}: error {error:.6}\n"));
    });
    let mut out = format!(
        "// {} samples, error {before:.6} -> {:.6} (scale {scale:.2})\nEvalWeights {{\n",
        samples.len(),
        tuner.error(&fitted, scale)
    );
    for (index, name) in EvalWeights::NAMES.iter().enumerate() {
        let value = fitted.get(index).unwrap_or_default();
        let _ = writeln!(out, "    {name}: {value},");
    }
    out.push_str("}\n");
    Ok(out)
}

/// A sample's score for White: a game's result (1, 0.5, 0) or an expected score between them.
fn parse_score(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| (0.0..=1.0).contains(s))
        .ok_or_else(|| format!("'{text}' is not a score for White between 0 and 1"))
}

#[cfg(test)]
mod tests {
    use super::{parse_score, run};

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn tune_placement_prints_a_placement_fit_and_names_bad_input() {
        let dir = std::env::temp_dir().join(format!("schachwerk-tune-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let samples = dir.join("samples.txt");
        // White a knight up wins; level material is drawn.
        let text = "0.9 4k3/8/8/8/8/2N5/4P3/4K3 w - - 0 1\n\
                    0.5 4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 1\n\
                    0.1 4k3/4p3/2n5/8/8/8/8/4K3 w - - 0 1\n";
        std::fs::write(&samples, text).expect("the samples");
        let path = samples.to_string_lossy().to_string();
        let fitted = run(&args(&[
            "placement",
            "--variant",
            "chess",
            "--samples",
            &path,
            "--epochs",
            "20",
        ]))
        .expect("a fit");
        assert!(fitted.contains("3 samples"), "{fitted}");
        assert!(
            fitted.contains("pub const PLACEMENT: PlacementFit = PlacementFit {")
                && fitted.contains("// knight: middlegame, endgame"),
            "{fitted}"
        );
        // `tune placement --variant chess` with the samples and `extra`, which must fail
        // naming `named`.
        let bad = |extra: &[&str], named: &str| {
            let mut list = vec!["placement", "--variant", "chess", "--samples", &path];
            list.extend_from_slice(extra);
            let error = run(&args(&list)).expect_err(named);
            assert!(error.contains(named), "{error}");
        };
        bad(&["--l2", "-1"], "--l2 '-1'");
        bad(&["--epochs", "x"], "--epochs 'x'");
        let error = run(&args(&["placement", "--variant", "chess"])).expect_err("no samples");
        assert!(error.contains("--samples is required"), "{error}");
        std::fs::write(&samples, "2 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n").expect("bad samples");
        bad(&[], "between 0 and 1");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_score_is_a_result_or_an_expected_score_between_0_and_1() {
        assert_eq!(parse_score("1"), Ok(1.0));
        assert_eq!(parse_score("0.5"), Ok(0.5));
        assert_eq!(parse_score("0.7315"), Ok(0.7315));
        for bad in ["1.2", "-0.1", "NaN", "win", ""] {
            let error = parse_score(bad).expect_err(bad);
            assert!(error.contains("between 0 and 1"), "{error}");
        }
    }
}
