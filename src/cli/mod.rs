//! Command-line parsing and the subcommands of the `schachwerk` tool.

mod bench;
mod deal;
mod depth;
mod matches;
mod pgn;
mod soak;
mod think;
mod tune;
mod uci;

use schachwerk::game::Game;
use schachwerk::perft::divide;
use schachwerk::variants::parse_options;
use std::io::{ErrorKind, Write};

/// What every subcommand that works on a game reads: `--variant`, `--fen`, `--option k=v`.
struct GameArgs {
    variant: String,
    fen: Option<String>,
    options: Vec<String>,
    depth: Option<u32>,
    divide: bool,
    /// `--pgn FILE`: the game read from a PGN file (`-` for standard input).
    pgn: Option<String>,
    /// `--tag Name=Value`: tags for the PGN written.
    tags: Vec<String>,
    rest: Vec<String>,
}

const USAGE_HEAD: &str = "usage:
  schachwerk --version
  schachwerk SUBCOMMAND --help
  schachwerk perft --variant V [--fen FEN] [--option k=v ...] --depth D [--divide]
  schachwerk moves --variant V [--fen FEN] [--option k=v ...]
  schachwerk play  --variant V [--fen FEN] [--option k=v ...] ACTION...
      ACTION: a machine string (e2e4) or notation (Nf3, a whole turn); a turn may start
      with its move number, checked against the game's (`1.` `e4`, `1.e4`, `12...Nf6`);
  schachwerk play  --pgn FILE [ACTION...]
      prints `record` (the notation), a `promotion PLY SQUARE FROM TO` line per effect,
      `fen` and `status`; --pgn reads the game from a PGN file (`-`: standard input)
  schachwerk pgn   --variant V [--fen FEN] [--option k=v ...] [--tag Name=Value ...] ACTION...
  schachwerk pgn   --pgn FILE [--tag Name=Value ...] [ACTION...]
      the game as PGN (tags: Event, Site, Date, Round, White, Black or any other)
  schachwerk bench [--quick]
{soak}{think}{match}{depth}{tune}  schachwerk uci
      the UCI protocol for every variant (option UCI_Variant; a turn of several actions is
      one word, its machine strings joined by commas: b1c3,a2a4,end)
  schachwerk deal  --seed HEX [--option composition=2Q2R3B3N8P]
      Immortal Chess's deal: a `SQUARE LETTER` line per border square, then `commitment HEX`
variants: chess, nietzsche, nacht, quintessential, impulschach, immortal
";

/// The whole usage text.
fn usage() -> String {
    USAGE_HEAD
        .replace("{soak}", soak::USAGE)
        .replace("{think}", think::USAGE)
        .replace("{match}", matches::USAGE)
        .replace("{depth}", depth::USAGE)
        .replace("{tune}", tune::USAGE)
}

/// The subcommands, in the order the usage lists them.
const SUBCOMMANDS: [&str; 12] = [
    "perft", "moves", "play", "pgn", "bench", "soak", "think", "match", "depth", "tune", "uci",
    "deal",
];

/// One subcommand's part of the usage: its lines, and the variants where it takes `--variant`.
fn subcommand_usage(name: &str) -> String {
    let full = usage();
    let head = format!("  schachwerk {name} ");
    let bare = format!("  schachwerk {name}");
    let mut out = String::from("usage:\n");
    let mut inside = false;
    for line in full.lines() {
        if line.starts_with("  schachwerk ") {
            inside = line.starts_with(&head) || line == bare;
        } else if !line.starts_with("      ") {
            inside = false;
        }
        if inside {
            out.push_str(line);
            out.push('\n');
        }
    }
    if out.contains("--variant") {
        if let Some(variants) = full.lines().find(|l| l.starts_with("variants:")) {
            out.push_str(variants);
            out.push('\n');
        }
    }
    out
}

/// Runs the tool with `args` (without the program name), returning what to print.
pub fn run(args: &[String]) -> Result<String, String> {
    let Some((command, rest)) = args.split_first() else {
        return Err(format!("no subcommand given\n{}", usage()));
    };
    if SUBCOMMANDS.contains(&command.as_str()) && rest.iter().any(|a| a == "--help" || a == "-h") {
        return Ok(subcommand_usage(command));
    }
    match command.as_str() {
        "--version" | "-V" | "version" => Ok(format!("schachwerk {}\n", env!("CARGO_PKG_VERSION"))),
        "perft" => perft(parse_game_args(rest)?),
        "moves" => moves(parse_game_args(rest)?),
        "play" => play(parse_game_args(rest)?),
        "pgn" => pgn::write(parse_game_args(rest)?),
        "bench" => bench::run(rest),
        "soak" => soak::run(rest),
        "deal" => deal::run(rest),
        "think" => think::run(rest),
        "match" => matches::run(rest),
        "depth" => depth::run(rest),
        "tune" => tune::run(rest),
        "uci" => uci::run(rest),
        "help" | "--help" | "-h" => match rest.first() {
            Some(name) if SUBCOMMANDS.contains(&name.as_str()) => Ok(subcommand_usage(name)),
            _ => Ok(usage()),
        },
        other => Err(format!("unknown subcommand '{other}'\n{}", usage())),
    }
}

/// Writes `text` to standard output. A reader that stops early (`| head`) ends the tool quietly,
/// where `print!` would panic on the closed pipe; any other failure to write is an error.
/// Everything the tool prints goes through here or [`write_err`].
pub fn write_out(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(err) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if err.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        write_err(&format!("error: cannot write the output: {err}\n"));
        std::process::exit(1);
    }
}

/// Writes `text` to standard error, ignoring a failure: with nowhere to say it, the exit
/// status still tells. `eprintln!` would panic on a closed pipe.
pub fn write_err(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}

fn parse_game_args(args: &[String]) -> Result<GameArgs, String> {
    let mut parsed = GameArgs {
        variant: String::new(),
        fen: None,
        options: Vec::new(),
        depth: None,
        divide: false,
        pgn: None,
        tags: Vec::new(),
        rest: Vec::new(),
    };
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = |name: &str| {
            iter.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "--variant" => parsed.variant = value("--variant")?,
            "--fen" => parsed.fen = Some(value("--fen")?),
            "--option" => parsed.options.push(value("--option")?),
            "--depth" => {
                let text = value("--depth")?;
                let depth = text
                    .parse::<u32>()
                    .ok()
                    .filter(|d| *d <= 20)
                    .ok_or_else(|| format!("--depth '{text}' is not a number from 0 to 20"))?;
                parsed.depth = Some(depth);
            }
            "--divide" => parsed.divide = true,
            "--pgn" => parsed.pgn = Some(value("--pgn")?),
            "--tag" => parsed.tags.push(value("--tag")?),
            flag if flag.starts_with("--") => {
                return Err(format!("unknown flag '{flag}'\n{}", usage()))
            }
            action => parsed.rest.push(action.to_string()),
        }
    }
    if parsed.pgn.is_some()
        && (!parsed.variant.is_empty() || parsed.fen.is_some() || !parsed.options.is_empty())
    {
        return Err("--pgn takes the variant, options and start from the PGN's tags: no --variant, --fen or --option".into());
    }
    if parsed.variant.is_empty() && parsed.pgn.is_none() {
        return Err(format!("--variant is required\n{}", usage()));
    }
    Ok(parsed)
}

fn options_of(args: &GameArgs) -> Result<Vec<(&str, &str)>, String> {
    parse_options(args.options.iter().map(String::as_str)).map_err(|e| e.to_string())
}

/// The game the arguments describe: from `--pgn`, or new from `--variant`, `--fen` and
/// `--option`.
fn new_game(args: &GameArgs) -> Result<Game, String> {
    if let Some(path) = &args.pgn {
        return pgn::read(path);
    }
    let options = options_of(args)?;
    Game::new(&args.variant, &options, args.fen.as_deref()).map_err(|e| e.to_string())
}

/// Plays the actions after the flags on `game`, as a record.
fn play_rest(game: &mut Game, args: &GameArgs) -> Result<(), String> {
    // The actions are a record: with `seed=HEX` the caller holds the seed (this tool is the
    // referee), so a record's reveals (`f5, @a5-b5=n`) are checked against the deal rather than
    // refused as a player's would be.
    // A move number given as an argument of its own (`1.` `e4`) belongs to the turn after it.
    let mut turns: Vec<String> = Vec::new();
    let mut number: Option<&str> = None;
    for arg in &args.rest {
        match number.take() {
            Some(n) => turns.push(format!("{n} {arg}")),
            None if is_bare_move_number(arg) => number = Some(arg),
            None => turns.push(arg.clone()),
        }
    }
    // A number with nothing after it: the game says what is wrong with it.
    turns.extend(number.map(str::to_string));
    for (i, text) in turns.iter().enumerate() {
        game.replay(text)
            .map_err(|e| format!("action {} '{text}' rejected: {e}", i + 1))?;
    }
    Ok(())
}

fn no_extra(args: &GameArgs) -> Result<(), String> {
    match args.rest.first() {
        Some(extra) => Err(format!("unexpected argument '{extra}'")),
        None => Ok(()),
    }
}

fn perft(args: GameArgs) -> Result<String, String> {
    no_extra(&args)?;
    let depth = args.depth.ok_or("perft needs --depth D")?;
    let game = new_game(&args)?;
    if game.variant().hidden().is_some() && game.referee().is_none() {
        return Err(format!(
            "perft in {} needs the deal that reveals the entries: --option seed=HEX",
            game.variant().name()
        ));
    }
    let mut out = String::new();
    let total = if args.divide {
        let mut line = vec![*game.position()];
        let dealer = game.dealer();
        let rows = divide(game.variant(), dealer, &mut line, depth);
        for (action, n) in &rows {
            out.push_str(&format!("{action} {n}\n"));
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        game.perft(depth).map_err(|e| e.to_string())?
    };
    out.push_str(&format!("nodes {total}\n"));
    Ok(out)
}

fn moves(args: GameArgs) -> Result<String, String> {
    no_extra(&args)?;
    let game = new_game(&args)?;
    let mut out = String::new();
    if game.variant().notation().turns_have_many_actions() {
        out.push_str(&decision_line(&game));
    }
    for info in game.describe_legal() {
        out.push_str(&info.machine);
        out.push('\n');
    }
    Ok(out)
}

/// `decision white chain a2 b5 d1`, `decision black displace e5`, `decision white shift`,
/// `decision white move`, `decision over`: whose decision comes next, what kind, and the
/// squares it marks (the pawn to displace, the activated pieces, the Immortals that may enter).
fn decision_line(game: &Game) -> String {
    let decision = game.decision();
    if decision.is_over() {
        return "decision over\n".to_string();
    }
    let mut line = format!("decision {} {}", decision.color.name(), decision.kind);
    for mark in &decision.marks {
        for sq in mark.squares {
            line.push_str(&format!(" {sq}"));
        }
    }
    line.push('\n');
    line
}

/// `12.` or `12...` alone.
fn is_bare_move_number(arg: &str) -> bool {
    let digits = arg.trim_end_matches('.');
    digits.len() < arg.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

fn play(args: GameArgs) -> Result<String, String> {
    let mut game = new_game(&args)?;
    play_rest(&mut game, &args)?;
    let status = match game.outcome() {
        Some(outcome) => outcome.describe(),
        None => "ongoing".to_string(),
    };
    let record: Vec<String> = game.turns().into_iter().map(|t| t.notation).collect();
    let mut out = format!("record {}\n", record.join(" "));
    let armory = game.variant().armory();
    for (ply, entry) in game.history().iter().enumerate() {
        for p in &entry.promotions {
            out.push_str(&format!(
                "promotion {} {} {} {}\n",
                ply + 1,
                p.square,
                armory.fen_char(p.from),
                armory.fen_char(p.to)
            ));
        }
    }
    out.push_str(&format!("fen {}\nstatus {status}\n", game.fen()));
    // A game with a deal: the commitment, and the seed itself once the game is over.
    if let Some(referee) = game.referee() {
        out.push_str(&format!("commitment {}\n", referee.commitment()));
        if let Ok(seed) = referee.disclose(&game) {
            out.push_str(&format!("seed {seed}\n"));
        }
    }
    Ok(out)
}
