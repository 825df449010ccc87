//! PGN: random games of every variant written and read back to the same record and position;
//! what readers meet in the wild (comments, NAGs, variations, annotation marks, `%` lines,
//! move numbers glued on); the variant's tags; Immortal Chess's deal in its tags; and errors
//! that name the line and the move.

use schachwerk::game::Game;
use schachwerk::variants::NAMES;
use schachwerk::ErrorCode;

const SEED: &str = "00000000000000000000000000000000000000000000000000000000000000a7";

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

/// Plays up to `actions` random legal actions (fewer if the game ends).
fn random_play(game: &mut Game, rng: &mut Rng, actions: usize) {
    for _ in 0..actions {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.below(legal.len())];
        game.play_action(&action).unwrap();
    }
}

/// The error reading `text` gives (a game has no `Debug`, so no `unwrap_err`).
fn refused(text: &str) -> schachwerk::Error {
    match Game::from_pgn(text) {
        Ok(game) => panic!("read {text:?}: {} actions", game.history().len()),
        Err(err) => err,
    }
}

fn machines(game: &Game) -> Vec<String> {
    game.history().iter().map(|e| e.machine.clone()).collect()
}

/// Writes `game`, reads it back, and checks the copy against it.
fn round_trip(game: &Game) -> String {
    let pgn = game.pgn(&[("Event", "round trip")]).unwrap();
    let copy = Game::from_pgn(&pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    assert_eq!(copy.variant().name(), game.variant().name(), "{pgn}");
    assert_eq!(machines(&copy), machines(game), "{pgn}");
    assert_eq!(copy.fen(), game.fen(), "{pgn}");
    assert_eq!(copy.outcome(), game.outcome(), "{pgn}");
    assert_eq!(copy.options(), game.options(), "{pgn}");
    pgn
}

#[test]
fn random_games_of_every_variant_round_trip() {
    let options: [(&str, &[(&str, &str)]); 3] = [
        ("nietzsche", &[("sequence", "knighted")]),
        ("nacht", &[("castling", "true"), ("setup", "reverse")]),
        ("immortal", &[("seed", SEED)]),
    ];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut cases: Vec<(&str, &[(&str, &str)])> = NAMES.iter().map(|n| (*n, &[][..])).collect();
    cases.extend(options);
    for (variant, options) in cases {
        for length in [0, 1, 7, 40, 160] {
            let mut game = Game::new(variant, options, None).unwrap();
            if variant == "immortal" && options.is_empty() {
                // A public game takes the identities its record names: a refereed game's.
                let mut dealt = Game::new("immortal", &[("seed", SEED)], None).unwrap();
                random_play(&mut dealt, &mut rng, length);
                for entry in dealt.history() {
                    // Machine strings, but an entry's, which leaves its piece out.
                    let text = if entry.reveal().is_some() {
                        &entry.notation
                    } else {
                        &entry.machine
                    };
                    game.replay(text).unwrap();
                }
            } else {
                random_play(&mut game, &mut rng, length);
            }
            let pgn = round_trip(&game);
            assert_eq!(pgn.contains("[Variant "), variant != "chess", "{pgn}");
            assert!(
                pgn.lines().all(|l| l.len() <= 79 || l.starts_with('[')),
                "{pgn}"
            );
        }
    }
}

#[test]
fn a_game_from_a_position_writes_setup_and_fen() {
    let fen = "8/P6k/8/8/8/8/8/K7 b - - 3 41";
    let mut game = Game::new("chess", &[], Some(fen)).unwrap();
    game.play("Kg6").unwrap();
    game.play("a8=Q").unwrap();
    let pgn = round_trip(&game);
    assert!(
        pgn.contains("[SetUp \"1\"]\n[FEN \"8/P6k/8/8/8/8/8/K7 b - - 3 41\"]\n"),
        "{pgn}"
    );
    assert!(pgn.ends_with("\n41... Kg6 42. a8=Q *\n"), "{pgn}");
}

#[test]
fn whole_turns_of_impulschach_and_immortal_chess_are_written_in_their_notation() {
    let mut game = Game::new("impulschach", &[], None).unwrap();
    for turn in [
        "e4",
        "e5",
        "Bb5",
        "c6",
        "Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ef4, ff6, gg6, hh6), Bxe8#)",
    ] {
        game.play(turn).unwrap();
    }
    let pgn = round_trip(&game).replace('\n', " ");
    assert!(
        pgn.contains("3. Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ef4, ff6, gg6, hh6), Bxe8#) 1-0"),
        "{pgn}"
    );

    // A game saved in the middle of a turn says so, and reads back in the middle of it.
    let mut game = Game::new("impulschach", &[], None).unwrap();
    game.play("e4").unwrap();
    game.play("e5").unwrap();
    game.play("b1c3").unwrap();
    assert_eq!(game.decision().kind, "chain");
    let pgn = round_trip(&game);
    assert!(pgn.ends_with("2. b1c3 {unfinished turn} *\n"), "{pgn}");
    let closed = Game::from_pgn(&pgn.replace(" {unfinished turn}", "")).unwrap();
    assert_eq!(
        closed.history().len(),
        4,
        "without the mark the text is the whole turn: the chain ends"
    );
    // The direction of a Resonance Shift chosen before any pawn is displaced is kept.
    let mut game = Game::new("impulschach", &[], None).unwrap();
    for action in ["e4", "e5", "d1h5", "shift:a"] {
        game.play(action).unwrap();
    }
    let pgn = round_trip(&game);
    assert!(
        pgn.ends_with("2. d1h5, shift:a {unfinished turn} *\n"),
        "{pgn}"
    );

    let mut game = Game::new("immortal", &[("seed", SEED)], None).unwrap();
    game.play("f3f5").unwrap();
    game.play("a5b5").unwrap();
    let pgn = round_trip(&game);
    let entry = &game.history()[1].notation;
    assert!(pgn.contains(&format!("1. f5, {entry} *")), "{pgn}");
    let commitment = game.referee().unwrap().commitment();
    assert!(
        pgn.contains(&format!("[Commitment \"{commitment}\"]")),
        "{pgn}"
    );
    assert!(
        !pgn.contains("[Seed "),
        "the seed stays secret while the game goes on:\n{pgn}"
    );
}

#[test]
fn a_finished_refereed_game_discloses_its_seed_and_any_reader_checks_it() {
    let mut game = Game::new("immortal", &[("seed", SEED)], None).unwrap();
    let mut rng = Rng(7);
    while game.outcome().is_none() {
        random_play(&mut game, &mut rng, 1);
    }
    let pgn = round_trip(&game);
    assert!(pgn.contains(&format!("[Seed \"{SEED}\"]")), "{pgn}");
    let copy = Game::from_pgn(&pgn).unwrap();
    assert!(
        copy.referee().is_some(),
        "read with its seed, the game has its referee"
    );
    let shown = format!("{copy:?}");
    assert!(
        shown.contains("commitment") && !shown.contains(SEED),
        "Debug shows no seed: {shown}"
    );
    // A seed that is not the promised one is refused.
    let other = SEED.replace("a7", "a8");
    let err = refused(&pgn.replace(SEED, &other));
    assert_eq!(err.code, ErrorCode::BadRequest);
    assert!(
        err.message.contains("does not match the Commitment"),
        "{}",
        err.message
    );
}

#[test]
fn reads_what_other_programs_write() {
    let text = "% a line for other programs\n\
        [Event \"Casual \\\"blitz\\\"\"]\n[Site \"?\"] [Date \"2026.12.02\"]\n\
        [White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
        1.e4 {King's pawn} e5 2. Nf3 $1 Nc6 (2... d6 3. d4 (3. Bc4) exd4) 3. Bc4!? Nd4?!\n\
        4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# ; mate\n0-1\n\n\
        [Event \"the next game\"]\n1. d4 *\n";
    let game = Game::from_pgn(&text.replace("[Result \"1-0\"]", "[Result \"0-1\"]")).unwrap();
    assert_eq!(game.history().len(), 14);
    assert_eq!(game.outcome().unwrap().describe(), "black wins checkmate");
    // The result must be the game's, and the tag's.
    let err = refused(text);
    assert_eq!(err.code, ErrorCode::BadPgn);
    assert!(
        err.message
            .contains("the result 0-1 is not the Result tag's, 1-0"),
        "{}",
        err.message
    );
    let err = refused(&text.replace("\n0-1\n", "\n1-0\n"));
    assert!(
        err.message
            .contains("the result 1-0 is not the game's: black wins checkmate"),
        "{}",
        err.message
    );
    // Variants by title, in any case; Standard is chess.
    for (tag, name) in [
        ("NAChT Schach", "nacht"),
        ("IMPULSCHACH", "impulschach"),
        ("Standard", "chess"),
    ] {
        let game = Game::from_pgn(&format!("[Variant \"{tag}\"]\n*")).unwrap();
        assert_eq!(game.variant().name(), name);
    }
}

#[test]
fn errors_name_the_line_and_the_move() {
    let cases: [(&str, ErrorCode, &str); 9] = [
        (
            "1. e4 e5\n2. Ke3 *",
            ErrorCode::IllegalAction,
            "PGN line 2, move 2. Ke3: ",
        ),
        (
            "1. e4 e5 2. Nf3\nNc6 3. Zz9 *",
            ErrorCode::BadAction,
            "PGN line 2, move 3. Zz9: ",
        ),
        (
            "1. e4 e5 3. Nf3 *",
            ErrorCode::BadPgn,
            "PGN line 1: move number 3, but the game is at move 2",
        ),
        ("1. e4 (1. d4\n\ne5 *", ErrorCode::BadPgn, "never closed"),
        (
            "1. e4 ) e5 *",
            ErrorCode::BadPgn,
            "PGN line 1: ')' closes no variation",
        ),
        (
            "1. e4 {\nno end",
            ErrorCode::BadPgn,
            "PGN line 1: a comment",
        ),
        (
            "[Variant \"fischerandom\"]\n*",
            ErrorCode::UnknownVariant,
            "PGN line 1: [Variant \"fischerandom\"]",
        ),
        (
            "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8 w\"]\n*",
            ErrorCode::BadFen,
            "PGN line 3: ",
        ),
        (
            "[Variant \"nacht\"]\n[VariantOptions \"castling=maybe\"]\n*",
            ErrorCode::BadOption,
            "PGN line 2: ",
        ),
    ];
    for (text, code, start) in cases {
        let err = refused(text);
        assert_eq!(err.code, code, "{text}: {err}");
        assert!(err.message.contains(start), "{text}: {}", err.message);
    }
}

#[test]
fn the_writer_refuses_tags_pgn_cannot_hold() {
    let game = Game::new("chess", &[], None).unwrap();
    assert_eq!(
        game.pgn(&[("Bad Name", "x")]).unwrap_err().code,
        ErrorCode::BadRequest
    );
    assert_eq!(
        game.pgn(&[("Event", "two\nlines")]).unwrap_err().code,
        ErrorCode::BadRequest
    );
    let pgn = game
        .pgn(&[
            ("Event", "a \"quoted\" \\ name"),
            ("Result", "1-0"),
            ("Variant", "x"),
        ])
        .unwrap();
    assert!(
        pgn.contains("[Event \"a \\\"quoted\\\" \\\\ name\"]"),
        "{pgn}"
    );
    assert!(
        pgn.contains("[Result \"*\"]") && !pgn.contains("[Variant"),
        "the game's own tags are its own:\n{pgn}"
    );
    assert_eq!(Game::from_pgn(&pgn).unwrap().history().len(), 0);
}

/// Runs the `schachwerk` tool with `args` and `stdin`: (success, stdout, stderr).
fn tool(args: &[&str], stdin: &str) -> (bool, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_schachwerk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).to_string();
    (out.status.success(), text(out.stdout), text(out.stderr))
}

#[test]
fn the_command_line_writes_pgn_and_plays_from_it() {
    let (ok, pgn, err) = tool(
        &[
            "pgn",
            "--variant",
            "nacht",
            "--option",
            "castling=true",
            "--tag",
            "White=Anna",
            "--tag",
            "Round=3",
            "e3",
            "e5",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(pgn.contains("[Round \"3\"]\n[White \"Anna\"]\n"), "{pgn}");
    assert!(
        pgn.contains("[Variant \"nacht\"]\n[VariantOptions \"castling=true\"]\n"),
        "{pgn}"
    );
    assert!(pgn.ends_with("\n1. e3 e5 *\n"), "{pgn}");

    let file = std::env::temp_dir().join(format!("schachwerk-pgn-{}.pgn", std::process::id()));
    std::fs::write(&file, &pgn).unwrap();
    let path = file.to_str().unwrap();
    let (ok, out, err) = tool(&["play", "--pgn", path, "Nc3"], "");
    assert!(ok, "{err}");
    assert!(out.starts_with("record e3 e5 Nc3\n"), "{out}");
    // From standard input, and written again with one more move.
    let (ok, again, err) = tool(&["pgn", "--pgn", "-", "Nc3"], &pgn);
    assert!(ok, "{err}");
    assert!(
        again.ends_with("\n1. e3 e5 2. Nc3 *\n") && again.contains("[White \"?\"]"),
        "{again}"
    );
    // Errors: the tags are the variant; a file that is not there; PGN that is not.
    let (ok, _, err) = tool(&["play", "--pgn", path, "--variant", "chess"], "");
    assert!(!ok && err.contains("no --variant"), "{err}");
    let (ok, _, err) = tool(&["play", "--pgn", "/nonexistent/x.pgn"], "");
    assert!(
        !ok && err.contains("cannot read the PGN file '/nonexistent/x.pgn'"),
        "{err}"
    );
    let (ok, _, err) = tool(&["play", "--pgn", "-"], "1. e4 e5\n2. Qxf7 *");
    assert!(!ok && err.contains("PGN line 2, move 2. Qxf7: "), "{err}");
    // A game's moves pasted as one argument, move numbers and all.
    let (ok, out, err) = tool(&["play", "--variant", "nacht", "1. e3 e5 2. Nc3"], "");
    assert!(ok && out.starts_with("record e3 e5 Nc3\n"), "{out}{err}");
    let (ok, _, err) = tool(&["pgn", "--variant", "chess", "--tag", "White"], "");
    assert!(
        !ok && err.contains("--tag 'White' is not Name=Value"),
        "{err}"
    );
    std::fs::remove_file(&file).ok();
}

#[test]
fn resignations_agreed_draws_and_abandoned_games_read_back() {
    use schachwerk::movement::Color;
    let start = |game: &mut Game| {
        game.play("e4").unwrap();
        game.play("e5").unwrap();
    };
    let mut resigned = Game::new("nacht", &[], None).unwrap();
    resigned.play("e3").unwrap();
    resigned.resign(Color::Black).unwrap();
    let pgn = round_trip(&resigned);
    assert!(
        pgn.contains("[Result \"1-0\"]") && pgn.ends_with("1. e3 1-0\n"),
        "{pgn}"
    );
    let mut drawn = Game::new("chess", &[], None).unwrap();
    start(&mut drawn);
    drawn.agree_draw().unwrap();
    let pgn = round_trip(&drawn);
    assert!(pgn.ends_with("1. e4 e5 1/2-1/2\n"), "{pgn}");
    let mut abandoned = Game::new("immortal", &[("seed", SEED)], None).unwrap();
    abandoned.play("f3f5").unwrap();
    abandoned.abandon().unwrap();
    let pgn = round_trip(&abandoned);
    assert!(
        pgn.contains("[Termination \"abandoned\"]") && pgn.ends_with(" *\n"),
        "{pgn}"
    );
    assert!(
        pgn.contains(&format!("[Seed \"{SEED}\"]")),
        "the seed is disclosed however the game ends:\n{pgn}"
    );
    // A result that the tag and the moves disagree on is refused.
    let err = refused("[Result \"1-0\"]\n1. e4 e5 0-1");
    assert!(
        err.message
            .contains("the result 0-1 is not the Result tag's, 1-0"),
        "{}",
        err.message
    );
}
