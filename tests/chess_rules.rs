//! Orthodox chess rules through the public game API: special moves, results, notation and errors.

use schachwerk::game::Game;
use schachwerk::rules::Outcome;
use schachwerk::ErrorCode;

fn game(fen: &str) -> Game {
    Game::new("chess", &[], Some(fen)).unwrap()
}

fn play_all(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn machine_moves(game: &Game) -> Vec<String> {
    let mut v: Vec<String> = game
        .describe_legal()
        .into_iter()
        .map(|i| i.machine)
        .collect();
    v.sort();
    v
}

#[test]
fn castling_both_sides_moves_king_and_rook() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let moves = machine_moves(&g);
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
    let entry = g.play("O-O").unwrap();
    assert_eq!(
        (entry.machine.as_str(), entry.notation.as_str()),
        ("e1g1", "O-O")
    );
    let entry = g.play("e8c8").unwrap();
    assert_eq!(entry.notation, "O-O-O");
    assert_eq!(g.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn castling_is_refused_through_check_out_of_check_and_after_rook_moves() {
    // f1 attacked by the rook on f8: no O-O; O-O-O is fine.
    let g = game("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let moves = machine_moves(&g);
    assert!(!moves.contains(&"e1g1".to_string()));
    assert!(moves.contains(&"e1c1".to_string()));
    // In check: neither.
    let g = game("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!machine_moves(&g).iter().any(|m| m == "e1g1" || m == "e1c1"));
    // b1 attacked does not stop O-O-O (the king does not cross b1).
    let g = game("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(machine_moves(&g).contains(&"e1c1".to_string()));
    // A rook that moved and came back has lost its right.
    let mut g = game("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    play_all(&mut g, "Rh2 Kd8 Rh1 Ke8");
    assert!(!machine_moves(&g).contains(&"e1g1".to_string()));
    assert!(machine_moves(&g).contains(&"e1c1".to_string()));
    // Capturing a rook removes the opponent's right.
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    g.play("Rxa8+").unwrap();
    assert!(g.fen().contains(" Kk "), "{}", g.fen());
}

#[test]
fn en_passant_only_right_after_the_double_step_and_never_exposing_the_king() {
    let mut g = game("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    g.play("e4").unwrap();
    assert_eq!(g.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    let entry = g.play("dxe3").unwrap();
    assert_eq!(
        (entry.machine.as_str(), entry.notation.as_str()),
        ("d4e3", "dxe3")
    );
    assert_eq!(g.fen(), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
    // Not one move later.
    let mut g = game("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play_all(&mut g, "e4 Kd7 Kd2");
    assert!(g.play("dxe3").is_err());
    // Horizontal pin through both pawns: the capture would expose the king.
    let g = game("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
    assert!(!machine_moves(&g).contains(&"d4e3".to_string()));
    // No en-passant square is written when no pawn can take.
    let mut g = Game::new("chess", &[], None).unwrap();
    g.play("e4").unwrap();
    assert!(g.fen().contains(" b KQkq - "), "{}", g.fen());
}

#[test]
fn promotion_offers_four_pieces_and_notation_reads_them() {
    let mut g = game("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let promos: Vec<String> = machine_moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("a7a8"))
        .collect();
    assert_eq!(promos, ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    assert_eq!(
        g.parse_action("a8=N").unwrap(),
        g.parse_action("a7a8n").unwrap()
    );
    assert_eq!(
        g.parse_action("a8n").unwrap(),
        g.parse_action("a7a8n").unwrap()
    );
    let entry = g.play("a8=Q").unwrap();
    assert_eq!(entry.notation, "a8=Q");
    assert!(g.play("a7a8").is_err());
}

#[test]
fn checkmate_stalemate_and_check_notation() {
    let mut g = Game::new("chess", &[], None).unwrap();
    play_all(&mut g, "f3 e5 g4");
    let entry = g.play("Qh4").unwrap();
    assert_eq!(entry.notation, "Qh4#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: schachwerk::movement::Color::Black,
            reason: "checkmate"
        })
    );
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.play("e4").unwrap_err().code, ErrorCode::GameOver);

    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "stalemate"
        })
    );

    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(g.play("Ra8").unwrap().notation, "Ra8+");
}

#[test]
fn draws_by_fifty_moves_repetition_and_bare_kings() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(g.outcome(), None);
    g.play("Ra2").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "fifty-move rule"
        })
    );

    let mut g = Game::new("chess", &[], None).unwrap();
    play_all(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(
        g.outcome(),
        None,
        "the start position has occurred twice only"
    );
    g.play("Ng8").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "threefold repetition"
        })
    );

    for (fen, dead) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true),
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true),
        ("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false),
    ] {
        let outcome = game(fen).outcome();
        assert_eq!(
            outcome
                == Some(Outcome::Draw {
                    reason: "insufficient material"
                }),
            dead,
            "{fen}: {outcome:?}"
        );
    }
}

#[test]
fn san_disambiguates_by_file_then_rank_then_square() {
    let g = game("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
    let notations: Vec<String> = g.describe_legal().into_iter().map(|i| i.notation).collect();
    assert!(notations.contains(&"Rad1".to_string()) && notations.contains(&"Rhd1".to_string()));
    assert!(
        notations.contains(&"Ra5".to_string()),
        "no disambiguation when only one rook can go"
    );
    let g = game("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    let notations: Vec<String> = g.describe_legal().into_iter().map(|i| i.notation).collect();
    assert!(notations.contains(&"R1a3".to_string()) && notations.contains(&"R5a3".to_string()));
    let g = game("k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1");
    let notations: Vec<String> = g.describe_legal().into_iter().map(|i| i.notation).collect();
    assert!(notations.contains(&"Qc3d2".to_string()), "{notations:?}");
    assert_eq!(
        g.parse_action("Qc3d2").unwrap(),
        g.parse_action("c3d2").unwrap()
    );
    assert_eq!(
        g.parse_action("Qd2").unwrap_err().code,
        ErrorCode::BadAction
    );
}

#[test]
fn bad_fens_are_rejected_with_a_reason() {
    for (fen, words) in [
        ("", "empty"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8 ranks"),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "wider",
        ),
        (
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "7 files",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
            "unknown piece letter 'Z'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "en-passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "en-passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            "fullmove",
        ),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "kings",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "castling right",
        ),
        ("4k3/8/8/8/8/8/8/4K2R w Qk - 0 1", "castling right"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn"),
        ("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", "in check"),
        ("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", "pool"),
        ("4k3/8/8/8/8/8/8/?3K3 w - - 0 1", "hidden"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "fields"),
    ] {
        let err = Game::new("chess", &[], Some(fen))
            .err()
            .unwrap_or_else(|| panic!("accepted {fen}"));
        assert_eq!(err.code, ErrorCode::BadFen, "{fen}");
        assert!(
            err.message.contains(words),
            "{fen}: '{}' lacks '{words}'",
            err.message
        );
    }
}

#[test]
fn fen_round_trips_and_clocks_default() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1",
    ] {
        assert_eq!(game(fen).fen(), fen);
    }
    assert_eq!(
        game("4k3/8/8/8/8/8/8/4K3 b").fen(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn rejected_actions_leave_the_game_unchanged() {
    let mut g = Game::new("chess", &[], None).unwrap();
    play_all(&mut g, "e4 e5");
    let before = (g.fen(), g.history().to_vec());
    for (bad, code) in [
        ("e2e5", ErrorCode::IllegalAction),
        ("Ke3", ErrorCode::IllegalAction),
        ("e7e8q", ErrorCode::IllegalAction),
        ("hello", ErrorCode::BadAction),
        ("", ErrorCode::BadAction),
        ("z9z9", ErrorCode::BadAction),
        ("Nf3 Nc6", ErrorCode::BadAction),
    ] {
        let err = g.play(bad).unwrap_err();
        assert_eq!(err.code, code, "{bad}: {err}");
        assert!(err.message.contains(bad.trim()), "{bad}: {}", err.message);
        assert_eq!(
            (g.fen(), g.history().to_vec()),
            before,
            "{bad} changed the game"
        );
    }
    assert_eq!(g.undo().unwrap().machine, "e7e5");
    assert_eq!(g.undo().unwrap().notation, "e4");
    assert_eq!(g.undo().unwrap_err().code, ErrorCode::NothingToUndo);
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn unknown_variants_and_options_are_refused() {
    assert_eq!(
        Game::new("chass", &[], None).err().unwrap().code,
        ErrorCode::UnknownVariant
    );
    let opts = vec![("castling".to_string(), "true".to_string())];
    assert_eq!(
        Game::new("chess", &opts, None).err().unwrap().code,
        ErrorCode::BadOption
    );
}

#[test]
fn the_checked_king_and_a_moves_squares_come_from_the_engine() {
    let mut g = game("4k3/8/8/8/8/8/4q3/R3K2R w KQ - 0 1");
    let checked: Vec<String> = g.check_squares().squares().map(|s| s.name()).collect();
    assert_eq!(checked, ["e1"]);
    let calm = game("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(calm.check_squares().is_empty());
    // Castling changes four squares; an en-passant capture three.
    let mut g = game("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let castled = g.play("O-O").unwrap();
    let names: Vec<String> = castled.squares.squares().map(|s| s.name()).collect();
    assert_eq!(names, ["e1", "f1", "g1", "h1"]);
    let mut g = game("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let taken = g.play("exd6").unwrap();
    let names: Vec<String> = taken.squares.squares().map(|s| s.name()).collect();
    assert_eq!(names, ["d5", "e5", "d6"]);
}
