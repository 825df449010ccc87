//! The `schachwerk` command-line contract: perft, moves, play, and errors with non-zero exits.

use std::process::Command;

fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_schachwerk"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn perft_ends_with_a_nodes_line_and_divide_lists_first_actions() {
    let (ok, out, _) = run(&["perft", "--variant", "chess", "--depth", "3"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("nodes 8902"));
    let (ok, out, _) = run(&["perft", "--variant", "chess", "--depth", "2", "--divide"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"e2e4 20"));
    assert_eq!(lines[20], "nodes 400");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (ok, out, _) = run(&[
        "perft",
        "--variant",
        "chess",
        "--fen",
        kiwipete,
        "--depth",
        "2",
    ]);
    assert!(ok);
    assert_eq!(out.trim(), "nodes 2039");
}

#[test]
fn moves_prints_one_machine_string_per_line() {
    let (ok, out, _) = run(&[
        "moves",
        "--variant",
        "chess",
        "--fen",
        "8/P6k/8/8/8/8/8/K7 w - - 0 1",
    ]);
    assert!(ok);
    let mut lines: Vec<&str> = out.lines().collect();
    lines.sort();
    assert_eq!(
        lines,
        ["a1a2", "a1b1", "a1b2", "a7a8b", "a7a8n", "a7a8q", "a7a8r"]
    );
}

#[test]
fn play_prints_fen_and_status() {
    let (ok, out, _) = run(&["play", "--variant", "chess", "e4", "e7e5", "Nf3"]);
    assert!(ok);
    assert!(
        out.contains("\nfen rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"),
        "{out}"
    );
    assert!(out.ends_with("status ongoing\n"), "{out}");
    let (ok, out, _) = run(&["play", "--variant", "chess", "f3", "e5", "g4", "Qh4#"]);
    assert!(ok);
    assert!(out.ends_with("status black wins checkmate\n"), "{out}");
    let (_, out, _) = run(&[
        "play",
        "--variant",
        "chess",
        "--fen",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ]);
    assert!(out.ends_with("status draw stalemate\n"), "{out}");
}

#[test]
fn bad_input_fails_with_a_message_naming_it() {
    for (args, words) in [
        (
            vec!["play", "--variant", "chess", "e4", "e4"],
            "action 2 'e4'",
        ),
        (vec!["play", "--variant", "chess", "Nf6"], "illegal_action"),
        (vec!["play", "--variant", "chess", "xyzzy"], "'xyzzy'"),
        (
            vec!["perft", "--variant", "chass", "--depth", "1"],
            "unknown variant 'chass'",
        ),
        (
            vec![
                "perft",
                "--variant",
                "chess",
                "--fen",
                "8/8 w - - 0 1",
                "--depth",
                "1",
            ],
            "bad_fen",
        ),
        (
            vec![
                "perft",
                "--variant",
                "chess",
                "--option",
                "x=1",
                "--depth",
                "1",
            ],
            "unknown option 'x'",
        ),
        (
            vec![
                "perft",
                "--variant",
                "chess",
                "--option",
                "x",
                "--depth",
                "1",
            ],
            "key=value",
        ),
        (
            vec!["perft", "--variant", "chess", "--depth", "deep"],
            "--depth 'deep'",
        ),
        (vec!["perft", "--variant", "chess"], "--depth"),
        (vec!["moves"], "--variant"),
        (vec!["fly"], "unknown subcommand 'fly'"),
        (vec![], "no subcommand"),
    ] {
        let (ok, _, err) = run(&args);
        assert!(!ok, "{args:?} succeeded");
        assert!(err.contains(words), "{args:?}: '{err}' lacks '{words}'");
    }
}

#[test]
fn bench_prints_rates_for_its_fixed_positions() {
    let (ok, out, _) = run(&["bench", "--quick"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12, "{out}");
    assert!(
        lines[4].starts_with("native immortal depth 4: 2698059 nodes, best "),
        "{out}"
    );
    assert!(
        lines[3].starts_with("native impulschach depth 5: 2269958 nodes, best "),
        "{out}"
    );
    assert!(
        lines[0].starts_with("native startpos depth 5: 4865609 nodes, best "),
        "{out}"
    );
    assert!(
        lines[1].starts_with("native kiwipete depth 4: 4085603 nodes, best "),
        "{out}"
    );
    assert!(
        lines[2].starts_with("native quintessential depth 4: 1528606 nodes, best "),
        "{out}"
    );
    assert!(out.contains(" M nodes/s"));
    // Then the search, a fixed node budget in every variant.
    for (line, name) in lines[5..].iter().zip([
        "chess middlegame (Kiwipete)",
        "chess",
        "nietzsche",
        "nacht",
        "quintessential",
        "impulschach",
        "immortal",
    ]) {
        assert!(
            line.starts_with(&format!("native search {name}: 100000 nodes, best ")),
            "{out}"
        );
    }
    let (ok, _, err) = run(&["bench", "--slow"]);
    assert!(!ok && err.contains("--slow"));
}

#[test]
fn a_reader_that_stops_early_ends_the_tool_quietly() {
    // The read end is closed long before perft to depth 5 has its line to print, as when the
    // output goes to `head` and `head` has had enough.
    let mut child = Command::new(env!("CARGO_BIN_EXE_schachwerk"))
        .args(["perft", "--variant", "chess", "--depth", "5"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdout = None; // closes the read end
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "status {:?}: {err}", out.status);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn quintessential_through_the_cli() {
    let (ok, out, _) = run(&["perft", "--variant", "quintessential", "--depth", "2"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("nodes 956"));
    let (ok, out, _) = run(&["moves", "--variant", "quintessential"]);
    assert!(ok);
    assert_eq!(out.lines().count(), 31);
    assert!(
        out.lines().any(|l| l == "f1j8"),
        "the leeloo's zig-zag to j8"
    );
    let castling = "**c1k2c**/**6**/10/10/10/10/10/10/**6**/**C1K2C** w CHch - 0 1";
    let (ok, out, _) = run(&[
        "play",
        "--variant",
        "quintessential",
        "--fen",
        castling,
        "O-O",
        "e10g10",
    ]);
    assert!(ok);
    assert!(out.contains("record O-O O-O-O\n"), "{out}");
    assert!(
        out.contains("\nfen **c2ck1**/**6**/10/10/10/10/10/10/**6**/**KC3C** w - - 0 2\n"),
        "{out}"
    );
}

/// A shortened soak of every variant (the full one runs millions of plies; README).
#[test]
fn soak_checks_random_games_of_every_variant_and_names_its_seed() {
    let (ok, out, err) = run(&[
        "soak",
        "--variant",
        "all",
        "--plies",
        "20000",
        "--seed",
        "0x5eed",
    ]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"soak ok"));
    // Every variant the engine builds is soaked (a variant that lands joins `soak all`).
    let implemented = schachwerk::variants::NAMES
        .into_iter()
        .filter(|name| schachwerk::variants::by_name(name, &[]).is_ok());
    for name in implemented {
        assert!(
            lines.iter().any(|l| l.starts_with(&format!("soak {name}"))),
            "{out}"
        );
    }
    for line in &lines[..lines.len() - 1] {
        assert!(line.contains("seed 24301 plies 20000 games "), "{line}");
        let results: u64 = line
            .split_whitespace()
            .skip_while(|w| *w != "results")
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(results > 0, "no game reached a result: {line}");
    }
    let (ok, _, err) = run(&["soak", "--variant", "chess", "--plies", "-5"]);
    assert!(!ok);
    assert!(err.contains("--plies '-5'"), "{err}");
    let (ok, _, err) = run(&["soak", "--variant", "chass", "--plies", "5"]);
    assert!(!ok);
    assert!(err.contains("unknown variant"), "{err}");
}

/// Immortal Chess's deal, printed for anyone to check, and whole games played with a seed.
#[test]
fn deal_prints_the_border_and_the_commitment_and_play_discloses_the_seed_at_the_end() {
    let zero = "0".repeat(64);
    let (ok, out, err) = run(&["deal", "--seed", &zero]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 37);
    assert!(
        lines[0].starts_with("a1 ") && lines[20].starts_with("a2 "),
        "{out}"
    );
    assert_eq!(
        lines[36],
        "commitment 66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    );
    let letters: String = lines[..36].iter().map(|l| &l[l.len() - 1..]).collect();
    assert_eq!(letters.matches('P').count(), 8);
    assert_eq!(letters.matches('q').count(), 2);
    for bad in [
        vec!["deal"],
        vec!["deal", "--seed", "00"],
        vec!["deal", "--seed", &zero, "--option", "composition=Q"],
    ] {
        let (ok, _, err) = run(&bad);
        assert!(!ok && !err.is_empty(), "{bad:?}");
    }
    let seed = format!("seed={zero}");
    let (ok, out, err) = run(&[
        "play",
        "--variant",
        "immortal",
        "--option",
        &seed,
        "f5, @a5-b5",
        "f6",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("record f5, @a5-b5=n f6\n"), "{out}");
    assert!(out.contains("commitment 66687aad"), "{out}");
    assert!(!out.contains("\nseed "), "the seed before the end: {out}");
    // The actions are a record the seed holder replays: a reveal the deal contradicts is
    // refused, naming both; the deal's own replays.
    let (ok, _, err) = run(&[
        "play",
        "--variant",
        "immortal",
        "--option",
        &seed,
        "f3f5",
        "a5b5=q",
    ]);
    assert!(!ok, "a5b5=q against the deal's knight");
    assert!(
        err.contains("'a5b5=q' rejected")
            && err.contains("the record has @a5-b5=q, but the deal reveals @a5-b5=n"),
        "{err}"
    );
    let (ok, out, err) = run(&[
        "play",
        "--variant",
        "immortal",
        "--option",
        &seed,
        "f5, @a5-b5=n",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("record f5, @a5-b5=n\n"), "{out}");
    let mate = "9k/10/7K2/10/10/8Q1/10/10/10/10[] w - - 0 1";
    let (ok, out, _) = run(&[
        "play",
        "--variant",
        "immortal",
        "--option",
        &seed,
        "--fen",
        mate,
        "Qi9",
    ]);
    assert!(ok);
    assert!(out.contains("status white wins checkmate\n"), "{out}");
    assert!(out.contains(&format!("\nseed {zero}\n")), "{out}");
    // Perft needs the deal; the public game has none.
    let (ok, _, err) = run(&["perft", "--variant", "immortal", "--depth", "2"]);
    assert!(!ok && err.contains("seed"), "{err}");
    let (ok, out, _) = run(&[
        "perft",
        "--variant",
        "immortal",
        "--option",
        &seed,
        "--depth",
        "1",
    ]);
    assert!(ok);
    assert_eq!(out.trim(), "nodes 20");
}

/// A whole refereed game of Immortal Chess through the CLI: its record, turn by turn, plays to
/// the same result, and the seed comes out at the end.
#[test]
fn a_whole_immortal_game_plays_through_the_cli_with_its_seed() {
    let seed = "5e".repeat(32);
    let referee = schachwerk::referee::Referee::new(Some(&seed)).unwrap();
    let mut game = referee.game(&[], None).unwrap();
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    while game.outcome().is_none() && game.history().len() < 4000 {
        let legal = game.legal_actions();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        game.play_action(&legal[(state % legal.len() as u64) as usize])
            .unwrap();
    }
    let outcome = game.outcome().expect("the random game ends").describe();
    let turns: Vec<String> = game.turns().into_iter().map(|t| t.notation).collect();
    let option = format!("seed={seed}");
    let mut args = vec!["play", "--variant", "immortal", "--option", &option];
    args.extend(turns.iter().map(String::as_str));
    let (ok, out, err) = run(&args);
    assert!(ok, "{err}");
    assert!(out.contains(&format!("status {outcome}\n")), "{out}");
    assert!(out.contains(&format!("fen {}\n", game.fen())), "{out}");
    assert!(out.contains(&format!("\nseed {seed}\n")), "{out}");
    assert!(
        out.contains(&format!("commitment {}\n", referee.commitment())),
        "{out}"
    );
}

/// `think` reports each depth as UCI does and ends with the best action and the whole turn.
#[test]
fn think_reports_depths_and_ends_with_the_best_action_and_turn() {
    let (ok, out, err) = run(&[
        "think",
        "--variant",
        "chess",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "--depth",
        "3",
    ]);
    assert!(ok, "{err}");
    assert!(out.starts_with("info depth 1 score mate 1 nodes "), "{out}");
    assert!(out.ends_with("bestmove a1a8\nbestturn a1a8\n"), "{out}");
    let fen = "rcbikbcr/pp1p1ppp/2p5/1B2p3/4P3/8/PPPP1PPP/RCBIK1CR w - - 0 3";
    let (ok, out, _) = run(&[
        "think",
        "--variant",
        "impulschach",
        "--fen",
        fen,
        "--nodes",
        "200000",
    ]);
    assert!(ok);
    let turn = out
        .lines()
        .find_map(|l| l.strip_prefix("bestturn "))
        .unwrap_or_default();
    assert!(
        turn.starts_with("b1c3 ") && turn.ends_with(" b5e8"),
        "{out}"
    );
    for bad in [
        vec!["think", "--variant", "chess"],
        vec!["think", "--variant", "chess", "--depth", "0"],
    ] {
        let (ok, _, err) = run(&bad);
        assert!(!ok && !err.is_empty(), "{bad:?}");
    }
}

/// `match` plays whole games between two players and ends with the tally.
#[test]
fn match_plays_games_and_ends_with_the_result_line() {
    let (ok, out, err) = run(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "2",
        "--a",
        "search:nodes=3000",
        "--b",
        "random",
    ]);
    assert!(ok, "{err}");
    let tally: Vec<u32> = out
        .trim()
        .strip_prefix("result ")
        .unwrap_or_default()
        .split(' ')
        .filter_map(|n| n.parse().ok())
        .collect();
    assert_eq!(tally.len(), 3, "{out}");
    assert_eq!(tally.iter().sum::<u32>(), 2);
    assert_eq!(tally[2], 0, "the search lost to random moves: {out}");
    for variant in ["impulschach", "immortal", "nacht"] {
        let (ok, out, err) = run(&[
            "match",
            "--variant",
            variant,
            "--games",
            "1",
            "--a",
            "greedy",
            "--b",
            "search:nodes=500",
        ]);
        assert!(ok, "{variant}: {err}");
        assert!(out.starts_with("result "), "{out}");
    }
    // A time limit: 20 ms a turn against random moves.
    let (ok, out, err) = run(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "1",
        "--a",
        "search:ms=20",
        "--b",
        "random",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.trim().ends_with("result 1 0 0"),
        "search:ms=20 against random: {out}"
    );
    for spec in [
        "search:nodes",
        "search:ms=0",
        "search:ms=x",
        "search:time=5",
    ] {
        let (ok, _, err) = run(&[
            "match",
            "--variant",
            "chess",
            "--games",
            "1",
            "--a",
            spec,
            "--b",
            "random",
        ]);
        assert!(
            !ok && err.contains(spec) && err.contains("search:ms=T"),
            "{spec}: {err}"
        );
    }
}

/// A scripted UCI session: the handshake, the variant option, positions with moves, searches
/// by depth, nodes, time and the clock, and `stop` during `go infinite`.
#[test]
fn a_scripted_uci_session_gets_its_answers() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_schachwerk"))
        .arg("uci")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let script = "uci\nisready\nsetoption name UCI_Variant value nacht\nucinewgame\n\
                  position startpos moves e2e3 e6e5\ngo depth 2\nisready\n\
                  setoption name UCI_Variant value chess\n\
                  position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo nodes 5000\nisready\n\
                  position startpos moves e2e4\ngo movetime 50\nisready\n\
                  position startpos moves e2e4\ngo wtime 100000 btime 2000\nisready\n\
                  position startpos\ngo infinite\nstop\nisready\nquit\n";
    let mut stdin = child.stdin.take();
    // Each `go` is answered before the next command that needs the position: pace the
    // script so that every search runs.
    for line in script.lines() {
        if let Some(pipe) = stdin.as_mut() {
            pipe.write_all(format!("{line}\n").as_bytes()).unwrap();
        }
        if line.starts_with("go") && !line.contains("infinite") {
            std::thread::sleep(std::time::Duration::from_millis(400));
        }
    }
    // Closing standard input ends the session, as a GUI that goes away would.
    stdin = None;
    assert!(stdin.is_none());
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("id name schachwerk\n"), "{text}");
    assert!(text.contains("option name UCI_Variant type combo default chess var chess var nietzsche var nacht var quintessential var impulschach var immortal\n"), "{text}");
    assert!(
        text.contains("uciok\n") && text.matches("readyok\n").count() == 6,
        "{text}"
    );
    let best: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best.len(), 5, "{text}");
    assert_eq!(best[1], "a1a8", "the mate in one: {text}");
    // The clock search, Black to move, takes a thirtieth of Black's 2 s (White's 100 s would
    // give 3.3 s): its `bestmove` (the fourth) comes before the `isready` sent 400 ms after its
    // `go` is answered (the fifth `readyok`), where a longer search answers it while thinking.
    let nth = |pattern: &str, n: usize| {
        text.match_indices(pattern)
            .nth(n - 1)
            .map_or(usize::MAX, |(at, _)| at)
    };
    assert!(
        nth("bestmove ", 4) < nth("readyok", 5),
        "the clock search outlasted 400 ms: {text}"
    );
    assert!(best.iter().all(|m| m.len() >= 4 && *m != "0000"), "{text}");
    assert!(text.contains("score mate 1"), "{text}");
}

#[test]
fn play_takes_move_numbers_in_every_variant_and_checks_them() {
    for (variant, line) in [
        ("chess", ["1.", "e4", "e5", "2.", "Nf3"]),
        ("nietzsche", ["1.", "e4", "e5", "2.", "Nf3"]),
        ("nacht", ["1.", "e3", "e5", "2.", "Nf3"]),
        ("quintessential", ["1.", "e5", "e6", "2.", "De3"]),
        ("impulschach", ["1.", "e4", "e5", "2.", "Bb5"]),
        ("immortal", ["1.", "e5", "e6", "2.", "Nd4"]),
    ] {
        let mut args = vec!["play", "--variant", variant];
        args.extend(line);
        let (ok, out, err) = run(&args);
        assert!(ok, "{variant}: {err}");
        assert!(out.starts_with("record "), "{out}");
        assert_eq!(out.lines().next().unwrap().split(' ').count(), 4, "{out}");
        // Glued to the move, and Black's with three dots.
        let glued = [
            "play".to_string(),
            "--variant".to_string(),
            variant.to_string(),
            format!("1.{}", line[1]),
            format!("1...{}", line[2]),
            format!("2.{}", line[4]),
        ];
        let glued: Vec<&str> = glued.iter().map(String::as_str).collect();
        let (ok, again, err) = run(&glued);
        assert!(ok, "{variant}: {err}");
        assert_eq!(again, out);
        // A wrong number, a number at the end, a result: refused, saying why.
        let mut wrong = vec![
            "play",
            "--variant",
            variant,
            "1.",
            line[1],
            line[2],
            "3.",
            line[4],
        ];
        let (ok, _, err) = run(&wrong);
        assert!(!ok && err.contains("it is 2."), "{variant}: {err}");
        wrong.truncate(6);
        wrong.push("2.");
        let (ok, _, err) = run(&wrong);
        assert!(
            !ok && err.contains("must be followed by the move"),
            "{variant}: {err}"
        );
    }
    let (ok, _, err) = run(&["play", "--variant", "chess", "e4", "e5", "1-0"]);
    assert!(!ok && err.contains("result"), "{err}");
    let (ok, out, _) = run(&[
        "play",
        "--variant",
        "chess",
        "--fen",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 12",
        "12...Nf6",
        "13.",
        "O-O",
    ]);
    assert!(ok && out.starts_with("record Nf6 O-O\n"), "{out}");
}

#[test]
fn every_subcommand_has_its_help_and_the_tool_its_version() {
    for command in [
        "perft", "moves", "play", "pgn", "bench", "soak", "think", "match", "uci", "deal",
    ] {
        for flag in ["--help", "-h"] {
            let (ok, out, err) = run(&[command, flag]);
            assert!(ok, "{command} {flag}: {err}");
            assert!(out.starts_with("usage:\n"), "{command} {flag}: {out}");
            assert!(
                out.contains(&format!("schachwerk {command} "))
                    || out.contains(&format!("schachwerk {command}\n")),
                "{command} {flag}: {out}"
            );
            // Only that subcommand's usage (play and pgn have two forms).
            let forms: Vec<&str> = out
                .lines()
                .filter(|l| l.starts_with("  schachwerk "))
                .collect();
            assert!(!forms.is_empty(), "{command} {flag}: {out}");
            for form in forms {
                let name = form.split_whitespace().nth(1);
                assert_eq!(name, Some(command), "{command} {flag}: {out}");
            }
        }
    }
    // Anywhere among the arguments, and before a required one is missing.
    let (ok, out, _) = run(&["play", "--variant", "chess", "e4", "--help"]);
    assert!(ok && out.contains("move number"), "{out}");
    for flag in ["--version", "-V"] {
        let (ok, out, _) = run(&[flag]);
        assert!(ok);
        assert_eq!(out, format!("schachwerk {}\n", env!("CARGO_PKG_VERSION")));
    }
}

/// Spawns the tool with `args`, feeds it `input`, reads one line of its output (none with
/// `close_err`, whose standard error is closed at once) and closes the read end; then feeds it
/// `more`. Returns the exit code and what it wrote to standard error.
fn run_closing_early(
    args: &[&str],
    input: &str,
    more: &str,
    close_err: bool,
) -> (Option<i32>, String) {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_schachwerk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take();
    if close_err {
        stderr = None;
    }
    // Standard input closes at the end of this block, the read end of the output inside it.
    {
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
        let _ = stdin.flush();
        {
            let stdout = child.stdout.take().unwrap();
            if !close_err {
                let mut line = String::new();
                let _ = BufReader::new(stdout).read_line(&mut line);
            }
        }
        let _ = stdin.write_all(more.as_bytes());
    }
    let status = child.wait().unwrap();
    let mut err = String::new();
    if let Some(mut stderr) = stderr {
        let _ = stderr.read_to_string(&mut err);
    }
    (status.code(), err)
}

#[test]
fn a_closed_pipe_never_makes_the_tool_panic() {
    // UCI: the reader goes after the first line; the answers to come find the pipe closed.
    let (code, err) = run_closing_early(
        &["uci"],
        "uci\n",
        "isready\nposition startpos\ngo depth 3\nisready\nquit\n",
        false,
    );
    assert_ne!(code, Some(101), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // Progress lines (soak prints one per variant as it goes), and think's per depth.
    for args in [
        &["soak", "--variant", "all", "--plies", "300", "--seed", "1"][..],
        &["think", "--variant", "chess", "--depth", "4"][..],
        &["perft", "--variant", "chess", "--depth", "2", "--divide"][..],
    ] {
        let (code, err) = run_closing_early(args, "", "", false);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // An error with standard error closed: the exit status still says so, without a panic.
    for args in [
        &["play", "--variant", "chess", "zz"][..],
        &["perft", "--variant", "chess", "--depth", "2"][..],
        &["frobnicate"][..],
    ] {
        let (code, _) = run_closing_early(args, "", "", true);
        assert_ne!(code, Some(101), "{args:?}");
    }
    let (code, _) = run_closing_early(&["play", "--variant", "chess", "zz"], "", "", true);
    assert_eq!(code, Some(1));
}
