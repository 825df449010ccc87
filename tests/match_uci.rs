//! `schachwerk match` with an outside UCI engine as a player (`uci:PATH?nodes=N`): our own
//! engine over UCI against the search in the process, and engines that go wrong on purpose
//! (tests/engines/), which must lose their games without stopping the match.

use std::path::PathBuf;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_schachwerk");

/// A fake engine's path in tests/engines/.
fn engine(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "engines", name]
        .iter()
        .collect();
    path.to_string_lossy().into_owned()
}

/// `schachwerk match` with `args` and the environment `env`: success, stdout, stderr.
fn run_match(args: &[&str], env: &[(&str, &str)]) -> (bool, String, String) {
    let out = Command::new(BIN)
        .arg("match")
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("the tool runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The tally of `result A D B`.
fn tally(out: &str) -> [u32; 3] {
    let numbers: Vec<u32> = out
        .trim()
        .strip_prefix("result ")
        .unwrap_or_default()
        .split(' ')
        .filter_map(|n| n.parse().ok())
        .collect();
    numbers
        .try_into()
        .unwrap_or_else(|_| panic!("no tally in {out:?}"))
}

/// A temporary file's path for the log of what an engine was told, removed first.
fn log_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "schachwerk-match-uci-{}-{name}.log",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    path
}

/// The search against our own engine over UCI, two games from one opening, in variants with
/// one action a turn, several (Impulschach) and entries the referee reveals (Immortal Chess).
/// The engine is told whole turns as one word, the referee's reveals written out, and both
/// games of the pair start from the same opening.
#[test]
fn the_search_plays_our_engine_over_uci() {
    for (variant, nodes) in [
        ("chess", "2000"),
        ("impulschach", "1000"),
        ("immortal", "500"),
    ] {
        let log = log_path(variant);
        let spec = format!("uci:{}?args={BIN}&nodes={nodes}", engine("logging.sh"));
        let search = format!("search:nodes={nodes}");
        let args = [
            "--variant",
            variant,
            "--games",
            "2",
            "--a",
            &search,
            "--b",
            &spec,
        ];
        let log_text = log.to_string_lossy().into_owned();
        let (ok, out, err) = run_match(&args, &[("UCI_LOG", &log_text)]);
        assert!(ok, "{variant}: {err}");
        assert_eq!(tally(&out).iter().sum::<u32>(), 2, "{variant}: {out}");
        assert!(!err.contains("loses"), "{variant}: {err}");

        let told = std::fs::read_to_string(&log).expect("the engine's log");
        let _ = std::fs::remove_file(&log);
        assert!(
            told.contains(&format!("setoption name UCI_Variant value {variant}")),
            "{variant}: {told}"
        );
        assert!(!told.to_lowercase().contains("seed"), "{variant}: {told}");
        let games: Vec<&str> = told.split("ucinewgame\n").skip(1).collect();
        assert_eq!(games.len(), 2, "{variant}: {told}");
        let first_position = |game: &str| {
            game.lines()
                .find(|l| l.starts_with("position "))
                .unwrap_or_default()
                .to_string()
        };
        // A (the search) moves first after the opening in game 1, B (the engine) in game 2:
        // the engine's first position in game 2 is the opening, which game 1's starts with.
        let (one, two) = (first_position(games[0]), first_position(games[1]));
        assert!(
            two.starts_with("position startpos moves ") && one.starts_with(&two) && one != two,
            "{variant}: game 1 from '{one}', game 2 from '{two}'"
        );
        match variant {
            "impulschach" => assert!(told.contains(','), "no turn of several actions: {told}"),
            "immortal" => assert!(
                told.lines()
                    .any(|l| l.starts_with("position ") && l.contains('=')),
                "no entry with its piece: {told}"
            ),
            _ => {}
        }
    }
}

/// `newgame=turn`: `ucinewgame` before every turn as well as at the game's start, so that the
/// engine starts each turn afresh as the in-process search does.
#[test]
fn newgame_turn_starts_every_turn_afresh() {
    let log = log_path("newgame");
    let spec = format!(
        "uci:{}?args={BIN}&nodes=300&newgame=turn",
        engine("logging.sh")
    );
    let args = [
        "--variant",
        "chess",
        "--games",
        "1",
        "--a",
        "search:nodes=300",
        "--b",
        &spec,
    ];
    let log_text = log.to_string_lossy().into_owned();
    let (ok, _, err) = run_match(&args, &[("UCI_LOG", &log_text)]);
    assert!(ok, "{err}");
    let told = std::fs::read_to_string(&log).expect("the engine's log");
    let _ = std::fs::remove_file(&log);
    let count = |command: &str| told.lines().filter(|l| l.starts_with(command)).count();
    assert!(count("position ") > 0, "{told}");
    assert_eq!(count("ucinewgame"), count("position ") + 1, "{told}");
}

/// An engine that cannot be started, does not speak UCI or cannot play the variant ends the
/// match before it starts, with an error that names the problem.
#[test]
fn an_engine_that_cannot_play_is_a_clear_error() {
    let missing = "uci:/nonexistent/engine?nodes=5";
    let not_uci = "uci:cat?args=&nodes=5&timeout=1";
    let no_option = format!("uci:{BIN}?nodes=5");
    for (variant, option, spec, says) in [
        (
            "chess",
            "depth=1",
            missing,
            "cannot start the engine '/nonexistent/engine'",
        ),
        ("chess", "depth=1", not_uci, "no uciok"),
        (
            "nietzsche",
            "sequence=knighted",
            &no_option,
            "no option 'sequence'",
        ),
    ] {
        let mut args = vec![
            "--variant",
            variant,
            "--games",
            "1",
            "--a",
            "random",
            "--b",
            spec,
        ];
        if option != "depth=1" {
            args.extend(["--option", option]);
        }
        let (ok, out, err) = run_match(&args, &[]);
        assert!(!ok && out.is_empty(), "{spec}: {out}");
        assert!(err.contains(spec) && err.contains(says), "{spec}: {err}");
    }
    let (ok, _, err) = run_match(
        &[
            "--variant",
            "chess",
            "--games",
            "1",
            "--a",
            "random",
            "--b",
            "uci:x?nodes=0",
        ],
        &[],
    );
    assert!(!ok && err.contains("nodes='0'"), "{err}");
}

/// An engine that answers an illegal move, garbage, crashes or never answers loses each game,
/// said on stderr, and the match goes on to its tally (a crashed engine is started again).
#[test]
fn an_engine_that_goes_wrong_loses_its_games() {
    let broken = engine("broken.sh");
    for (mode, says) in [
        ("illegal", "'a1a1' is not a legal"),
        ("garbage", "'bestmove 0000' (no move)"),
        ("crash", "the engine exited"),
        ("silent", "timeout"),
    ] {
        let spec = format!("uci:{broken}?args={mode}&nodes=10&timeout=1");
        let args = [
            "--variant",
            "chess",
            "--games",
            "2",
            "--a",
            "random",
            "--b",
            &spec,
        ];
        let (ok, out, err) = run_match(&args, &[]);
        assert!(ok, "{mode}: {err}");
        assert_eq!(tally(&out), [2, 0, 0], "{mode}: {out} {err}");
        for game in ["game 1: B", "game 2: B"] {
            assert!(
                err.lines()
                    .any(|l| l.starts_with(game) && l.contains(&spec) && l.contains(says)),
                "{mode}: {err}"
            );
        }
    }
}

/// `--pgn FILE`: every game of the match as PGN, the players' specs as White and Black and the
/// results as the tally counts them, a game lost by failing to play marked as a forfeit; the
/// file reads back (`schachwerk pgn --pgn FILE` writes its first game's moves again), the
/// Immortal game with the seed that checks its deal.
#[test]
fn the_match_writes_its_games_as_pgn() {
    let path = log_path("games.pgn");
    let file = path.to_string_lossy().into_owned();
    let broken = format!(
        "uci:{}?args=illegal&nodes=10&timeout=1",
        engine("broken.sh")
    );
    for (variant, b, results, forfeit) in [
        ("chess", broken.as_str(), ["1-0", "0-1"], true),
        ("immortal", "search:nodes=300", ["", ""], false),
    ] {
        let args = [
            "--variant",
            variant,
            "--games",
            "2",
            "--a",
            "search:nodes=300",
            "--b",
            b,
            "--pgn",
            &file,
        ];
        let (ok, out, err) = run_match(&args, &[]);
        assert!(ok, "{variant}: {err}");
        let text = std::fs::read_to_string(&path).expect("the PGN file");
        let games: Vec<&str> = text.split("[Event ").skip(1).collect();
        assert_eq!(games.len(), 2, "{text}");
        let [a_wins, draws, b_wins] = tally(&out);
        let (mut a_counted, mut drawn, mut b_counted) = (0, 0, 0);
        for (number, game) in games.iter().enumerate() {
            assert!(game.starts_with("\"schachwerk match\"]"), "{game}");
            assert!(
                game.contains(&format!("[Round \"{}\"]", number + 1)),
                "{game}"
            );
            // A has the first turn after the opening (White's in chess) in the first game.
            let (a_color, b_color) = if number == 0 {
                ("White", "Black")
            } else {
                ("Black", "White")
            };
            assert!(
                game.contains(&format!("[{a_color} \"search:nodes=300\"]")),
                "{game}"
            );
            assert!(game.contains(&format!("[{b_color} \"{b}\"]")), "{game}");
            let result = game
                .lines()
                .find_map(|l| l.strip_prefix("[Result \"")?.strip_suffix("\"]"))
                .expect("a Result tag");
            match (result, a_color) {
                ("1-0", "White") | ("0-1", "Black") => a_counted += 1,
                ("1/2-1/2", _) => drawn += 1,
                _ => b_counted += 1,
            }
            if forfeit {
                assert_eq!(result, results[number], "{game}");
                assert!(game.contains("[Termination \"forfeit\"]"), "{game}");
            }
            if variant == "immortal" {
                assert!(game.contains("[Seed \""), "{game}");
            }
        }
        assert_eq!(
            [a_counted, drawn, b_counted],
            [a_wins, draws, b_wins],
            "{text}"
        );
        // The first game reads back and is written with the same moves.
        let again = Command::new(BIN)
            .args(["pgn", "--pgn", &file])
            .output()
            .expect("the tool runs");
        assert!(
            again.status.success(),
            "{}",
            String::from_utf8_lossy(&again.stderr)
        );
        let again = String::from_utf8_lossy(&again.stdout);
        let moves = |pgn: &str| {
            pgn.split("\n\n")
                .nth(1)
                .unwrap_or_default()
                .trim()
                .to_string()
        };
        assert_eq!(moves(&again), moves(games[0]), "{variant}");
    }
    let _ = std::fs::remove_file(&path);
}

/// `--pgn` at a path that cannot be written is an error before any game is played.
#[test]
fn a_pgn_file_that_cannot_be_written_is_a_clear_error() {
    let args = [
        "--variant",
        "chess",
        "--games",
        "2",
        "--a",
        "random",
        "--b",
        "random",
        "--pgn",
        "/nonexistent-dir/games.pgn",
    ];
    let (ok, out, err) = run_match(&args, &[]);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(
        err.contains("cannot write the PGN file '/nonexistent-dir/games.pgn'"),
        "{err}"
    );
}
