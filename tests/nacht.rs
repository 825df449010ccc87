//! NAChT Schach: each rule of RULES.md, with a test that fails when the rule is broken.

use schachwerk::game::Game;
use schachwerk::rules::Outcome;
use schachwerk::ErrorCode;

fn nacht(options: &str, fen: Option<&str>) -> Game {
    let options = schachwerk::variants::parse_options(options.split_whitespace()).unwrap();
    Game::new("nacht", &options, fen).unwrap_or_else(|e| panic!("{fen:?}: {e}"))
}

fn moves(game: &Game) -> Vec<String> {
    let mut v: Vec<String> = game
        .describe_legal()
        .into_iter()
        .map(|i| i.machine)
        .collect();
    v.sort();
    v
}

fn play_all(game: &mut Game, line: &str) {
    for m in line.split_whitespace() {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn both_setups_start_on_eight_by_seven_with_single_step_pawns() {
    let traditional = nacht("", None);
    assert_eq!(
        traditional.fen(),
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    );
    let start = moves(&traditional);
    assert_eq!(
        start.len(),
        12,
        "8 single steps and 4 knight moves: {start:?}"
    );
    assert!(!start.iter().any(|m| m == "e2e4"), "no double step");
    let reverse = nacht("setup=reverse", None);
    assert_eq!(
        reverse.fen(),
        "rnbkqbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    );
    let mut board = reverse.variant().armory().shape().playable.count();
    board -= 56;
    assert_eq!(board, 0);
}

#[test]
fn promotion_needs_a_captured_piece_and_brings_it_back_once() {
    // Nothing captured: the pawn cannot enter the last rank at all.
    let empty = nacht("", Some("3k4/P7/8/8/8/8/4K3[] w - - 0 1"));
    assert!(!moves(&empty).iter().any(|m| m.starts_with("a6a7")));
    // With a queen and a knight in the pool, exactly those two.
    let pool = nacht("", Some("3k4/P7/8/8/8/8/4K3[QN] w - - 0 1"));
    let promotions: Vec<String> = moves(&pool)
        .into_iter()
        .filter(|m| m.starts_with("a6a7"))
        .collect();
    assert_eq!(promotions, ["a6a7n", "a6a7q"]);
    // A capture puts the piece in its owner's pool; promoting takes it out again.
    let mut game = nacht("", Some("1r1k4/P7/8/8/8/R7/4K3[] b - - 0 1"));
    play_all(&mut game, "Rb2 Rxb2");
    assert!(
        game.fen().contains("[r]"),
        "black's rook waits in black's pool: {}",
        game.fen()
    );
    let mut white = nacht("", Some("3k4/P7/8/8/7K/1q6/R7[] b - - 0 1"));
    play_all(&mut white, "Qxa1");
    assert!(
        white.fen().contains("[R]"),
        "white's rook is in white's pool: {}",
        white.fen()
    );
    assert_eq!(white.play("a7=R").unwrap().notation, "a7=R+");
    assert!(white.fen().starts_with("R2k4/"), "{}", white.fen());
    assert!(
        white.fen().contains("[]"),
        "each captured piece returns once: {}",
        white.fen()
    );
}

#[test]
fn kings_may_not_face_on_a_file_or_a_rank() {
    // On a rank: c4 and b4 would face the king on e4; d3 and d4 touch it.
    let rank = nacht("", Some("8/8/8/4k3/2K5/8/8 w - - 0 1"));
    assert_eq!(moves(&rank), ["c3b2", "c3b3", "c3c2", "c3d2"]);
    // On a file: a pawn between the kings may step along the file but not capture off it.
    let file = nacht("", Some("4k3/8/8/3n1n2/4P3/8/4K3 w - - 0 1"));
    assert_eq!(moves(&file), ["e1d1", "e1d2", "e1f1", "e1f2", "e3e4"]);
    // A position with the kings facing is refused.
    let err = Game::new("nacht", &[], Some("4k3/8/8/3n1n2/8/8/4K3 w - - 0 1"))
        .err()
        .unwrap();
    assert_eq!(err.code, ErrorCode::BadFen);
    assert!(err.message.contains("face"));
}

#[test]
fn a_player_may_not_repeat_a_position_of_their_own_making() {
    let mut game = nacht("", None);
    play_all(&mut game, "Nc3 Nc5 Nb1");
    // Black may go back: the start position was made by no move of Black's.
    assert!(moves(&game).contains(&"c5b7".to_string()));
    play_all(&mut game, "Nb7");
    // White's Nc3 would remake the position White's first move made.
    assert!(!moves(&game).contains(&"b1c3".to_string()));
    let refused = game.play("Nc3").unwrap_err();
    assert_eq!(refused.code, ErrorCode::IllegalAction);
    assert!(
        refused.message.contains("repetition ban"),
        "{}",
        refused.message
    );
    assert!(game
        .play("b1c3")
        .unwrap_err()
        .message
        .contains("repeat a position"));
    assert!(
        !game.play("b1b3").unwrap_err().message.contains("repeat"),
        "plainly illegal"
    );
    // The shuffle goes on; each side's own earlier positions stay banned for it alone.
    play_all(&mut game, "Na3 Na5 Nb1");
    assert!(
        !moves(&game).contains(&"a5b7".to_string()),
        "black made that position on move 2"
    );
    assert!(moves(&game).contains(&"a5c4".to_string()));
    play_all(&mut game, "Nc4");
    assert!(
        moves(&game).contains(&"b1c3".to_string()),
        "a new placement is no repetition"
    );
    // Undo restores the ban's memory exactly.
    let before = moves(&game);
    let last = game.undo().unwrap();
    game.play(&last.machine).unwrap();
    assert_eq!(moves(&game), before);
    while game.history().len() > 3 {
        game.undo().unwrap();
    }
    play_all(&mut game, "Nb7");
    assert!(!moves(&game).contains(&"b1c3".to_string()));
    while game.undo().is_ok() {}
    assert!(moves(&game).contains(&"b1c3".to_string()));
}

#[test]
fn no_legal_move_loses_and_the_status_says_why() {
    let stalemate = nacht("", Some("7k/5Q2/8/8/8/8/K7 b - - 0 1"));
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::Win {
            winner: schachwerk::movement::Color::White,
            reason: "stalemate"
        })
    );
    let mate = nacht("", Some("6Rk/5Q2/8/8/8/8/K7 b - - 0 1"));
    assert!(matches!(
        mate.outcome(),
        Some(Outcome::Win {
            reason: "checkmate",
            ..
        })
    ));
    // Black's king can only shuttle h7-g7; White's king returns to a1, remaking the loaded
    // position (made by no move), and Black's only move would remake its own.
    let mut banned = nacht("", Some("7k/7p/7P/8/8/8/K4R2 b - - 0 1"));
    play_all(&mut banned, "Kg7 Kb1 Kh7 Ka1");
    assert_eq!(
        banned.outcome(),
        Some(Outcome::Win {
            winner: schachwerk::movement::Color::White,
            reason: "repetition ban"
        })
    );
    assert!(banned.legal_actions().is_empty());
}

#[test]
fn castling_is_off_unless_asked_for_and_lands_on_c_and_g() {
    let fen = "r2k3r/pppppppp/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    assert_eq!(
        Game::new("nacht", &[], Some(fen)).err().unwrap().code,
        ErrorCode::BadFen
    );
    let mut game = nacht("castling=true", Some(fen));
    let castles: Vec<String> = moves(&game)
        .into_iter()
        .filter(|m| m == "e1g1" || m == "e1c1")
        .collect();
    assert_eq!(castles, ["e1c1", "e1g1"]);
    play_all(&mut game, "O-O");
    // Black's king on d7 castles to g7 (three squares) or c7 (one square). The one-square
    // castling is written king-takes-rook, d7a7, since d7c7 is the king's plain step.
    let all = moves(&game);
    assert!(all.contains(&"d7g7".to_string()) && all.contains(&"d7a7".to_string()));
    assert_eq!(all.iter().filter(|m| *m == "d7c7").count(), 1);
    assert_eq!(
        game.parse_action("O-O-O").unwrap(),
        game.parse_action("d7a7").unwrap()
    );
    assert_ne!(
        game.parse_action("d7c7").unwrap(),
        game.parse_action("d7a7").unwrap()
    );
    play_all(&mut game, "d7a7");
    assert_eq!(game.history()[1].notation, "O-O-O");
    assert_eq!(
        game.fen().split(' ').next().unwrap().split('/').next(),
        Some("2kr3r")
    );
    let off = nacht("", None);
    assert!(off.fen().contains(" w - "));
    assert!(nacht("castling=true", None).fen().contains(" w KQkq "));
}

#[test]
fn the_fifty_move_rule_only_when_asked_for() {
    let fen = "3k4/8/8/8/8/8/R3K3 w - - 99 80";
    let mut off = nacht("", Some(fen));
    off.play("Ra2").unwrap();
    assert_eq!(off.outcome(), None);
    let mut on = nacht("fifty=true", Some(fen));
    on.play("Ra2").unwrap();
    assert_eq!(
        on.outcome(),
        Some(Outcome::Draw {
            reason: "fifty-move rule"
        })
    );
}

#[test]
fn bad_options_and_positions_are_refused() {
    for (key, value) in [
        ("setup", "mirror"),
        ("castling", "maybe"),
        ("speed", "fast"),
    ] {
        let opts = vec![(key, value)];
        assert_eq!(
            Game::new("nacht", &opts, None).err().unwrap().code,
            ErrorCode::BadOption,
            "{key}={value}"
        );
    }
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "3k4/8/8/8/8/8/P3K3 w - - 0 1",
        "3k3P/8/8/8/8/8/4K3 w - - 0 1",
        "3k4/8/8/8/4P3/8/4K3 b - e3 0 1",
    ] {
        assert_eq!(
            Game::new("nacht", &[], Some(fen)).err().unwrap().code,
            ErrorCode::BadFen,
            "{fen}"
        );
    }
}

#[test]
fn both_setups_play_full_games_through_the_cli() {
    for options in ["", "setup=reverse castling=true"] {
        let mut game = nacht(options, None);
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        while game.outcome().is_none() {
            let legal = game.legal_actions();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            game.play_action(&legal[(seed % legal.len() as u64) as usize])
                .unwrap();
            assert!(game.history().len() < 5000, "no result: {}", game.fen());
        }
        let mut args = vec![
            "play".to_string(),
            "--variant".to_string(),
            "nacht".to_string(),
        ];
        for option in options.split_whitespace() {
            args.extend(["--option".to_string(), option.to_string()]);
        }
        args.extend(game.history().iter().map(|e| e.notation.clone()));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_schachwerk"))
            .args(&args)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            stdout.contains(&format!("\nfen {}\n", game.fen())),
            "{stdout}"
        );
        let status = game.outcome().unwrap().describe();
        assert!(stdout.ends_with(&format!("status {status}\n")), "{stdout}");
        eprintln!("{options}: {} plies, {status}", game.history().len());
    }
}

/// The pool holds captured pieces a pawn may promote to: never a king or a pawn, and never
/// more of a type than the army had, counting the pieces of that type on the board.
#[test]
fn a_pool_that_no_game_could_have_is_refused() {
    for (fen, named) in [
        ("3k4/8/8/8/8/8/4K3[Kq] w - - 0 1", "king"),
        ("3k4/8/8/8/8/8/4K3[P] w - - 0 1", "pawn"),
        ("3k4/8/8/8/8/8/4K3[p] w - - 0 1", "pawn"),
        ("3k4/8/8/8/8/8/4K3[QQ] w - - 0 1", "2 queens"),
        ("3k4/8/8/8/8/8/Q3K3[Q] w - - 0 1", "2 queens"),
        ("3k4/8/8/8/8/8/R3K2R[R] w - - 0 1", "3 rooks"),
        ("3k4/8/8/8/8/8/4K3[nnn] w - - 0 1", "3 knights"),
        ("1bbk4/8/8/8/8/8/4K3[b] w - - 0 1", "3 bishops"),
        // Without brackets too: a promotion only brings back a captured piece.
        ("3k4/8/8/8/8/8/QQ2K3 w - - 0 1", "2 queens"),
        ("3k4/pppppppp/p7/8/8/8/4K3 w - - 0 1", "9 pawns"),
    ] {
        let err = Game::new("nacht", &[], Some(fen)).err().unwrap();
        assert_eq!(err.code, ErrorCode::BadFen, "{fen}");
        assert!(err.message.contains(named), "{fen}: {}", err.message);
    }
    // As many as the army had is fine, on the board and in the pool together.
    for fen in [
        "3k4/8/8/8/8/8/4K3[QRRBBNNqrrbbnn] w - - 0 1",
        "3k4/8/8/8/8/8/Q3K2R[RBBNN] w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1",
    ] {
        assert!(Game::new("nacht", &[], Some(fen)).is_ok(), "{fen}");
    }
    let err = Game::new(
        "nacht",
        &[("setup", "reverse")],
        Some("3k4/8/8/8/8/8/4K3[qq] w - - 0 1"),
    )
    .err()
    .unwrap();
    assert!(err.message.contains("2 queens"), "{}", err.message);
}
