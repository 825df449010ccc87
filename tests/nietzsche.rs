//! Nietzsche Chess: en-prise promotions along the sequence, and every rule edge of RULES.md.

use schachwerk::game::Game;
use schachwerk::ErrorCode;

fn fast(fen: &str) -> Game {
    Game::new("nietzsche", &[], Some(fen)).unwrap()
}

fn knighted(fen: Option<&str>) -> Game {
    let options = vec![("sequence", "knighted")];
    Game::new("nietzsche", &options, fen).unwrap()
}

/// Plays `action` and returns its promotions as `e5=N` strings (upper-case letters).
fn promotions(game: &mut Game, action: &str) -> Vec<String> {
    let entry = game
        .play(action)
        .unwrap_or_else(|e| panic!("{action}: {e}"))
        .clone();
    let armory = game.variant().armory();
    entry
        .promotions
        .iter()
        .map(|p| format!("{}={}", p.square, armory.def(p.to.role).letter))
        .collect()
}

#[test]
fn worked_example_promotes_as_ruled_and_ends_in_the_ruled_position() {
    let mut game = Game::new("nietzsche", &[], None).unwrap();
    let expected: [(&str, &[&str]); 10] = [
        ("e4", &[]),
        ("e5", &[]),
        ("Nf3", &[]),
        ("Nc6", &["e5=N"]),
        ("Bb5", &["f3=B"]),
        ("Nf6", &["c6=B"]),
        ("Nc3", &["f3=R", "e4=N", "b5=R"]),
        ("Bb4", &["b4=R", "e5=B", "f6=B", "b7=N"]),
        ("O-O", &["b2=N", "h2=N", "c3=B", "e4=B", "b5=Q"]),
        ("O-O", &["b4=Q", "e5=R", "c6=R", "f6=R", "b7=B", "h7=N"]),
    ];
    for (action, ruled) in expected {
        let mut got = promotions(&mut game, action);
        let mut ruled: Vec<String> = ruled.iter().map(|s| s.to_string()).collect();
        got.sort();
        ruled.sort();
        assert_eq!(got, ruled, "after {action}");
    }
    assert_eq!(
        game.fen(),
        "r1bq1rk1/pbpp1ppn/2r2r2/1Q2r3/1q2B3/2B2R2/PNPP1PPN/R1BQ1RK1 w - - 8 6"
    );
    let record: Vec<&str> = game.history().iter().map(|e| e.notation.as_str()).collect();
    assert_eq!(record[3], "Nc6 (e5=N)");
    // Each recorded move reads back.
    let mut replay = Game::new("nietzsche", &[], None).unwrap();
    for notation in record {
        replay.play(notation).unwrap();
    }
    assert_eq!(replay.fen(), game.fen());
}

#[test]
fn an_enemy_king_threatens_only_unprotected_pieces() {
    // A lone knight is no dead position here: left to the king it grows.
    let mut alone = fast("8/8/8/4k3/8/6N1/8/7K w - - 0 1");
    assert_eq!(promotions(&mut alone, "Ne4"), ["e4=B"]);
    let mut guarded = fast("8/8/8/4k3/8/3P2N1/8/7K w - - 0 1");
    assert!(promotions(&mut guarded, "Ne4").is_empty());
    assert_eq!(
        fast("8/8/8/4k3/8/8/8/7K w - - 0 1").outcome(),
        Some(schachwerk::rules::Outcome::Draw {
            reason: "insufficient material"
        }),
        "bare kings draw"
    );
}

#[test]
fn a_pinned_attacker_still_promotes() {
    // The bishop on d7 is pinned to its king by the rook on d1, yet it attacks e6.
    let mut game = fast("3k4/3b4/8/6N1/8/8/8/3R3K w - - 0 1");
    assert_eq!(promotions(&mut game, "Ne6"), ["e6=B"]);
    // The new bishop no longer attacks d8: the knight's check is gone with the knight.
    assert_eq!(game.history()[0].notation, "Ne6 (e6=B)");
}

#[test]
fn en_passant_does_not_count_as_an_attack() {
    let mut game = fast("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    assert!(promotions(&mut game, "e4").is_empty());
    assert!(
        game.fen().contains(" e3 "),
        "the capture itself stays possible: {}",
        game.fen()
    );
    let mut attacked = fast("4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(promotions(&mut attacked, "e4"), ["e4=N"]);
}

#[test]
fn a_pawn_promoted_the_normal_way_is_not_promoted_again() {
    let mut game = fast("7r/P7/8/8/8/8/8/4K2k w - - 0 1");
    assert!(promotions(&mut game, "a8=N").is_empty());
    assert!(game.fen().starts_with("N6r/"), "{}", game.fen());
}

#[test]
fn castling_ends_when_the_rook_is_promoted() {
    let mut game = fast("4k3/8/8/8/8/8/1P4b1/R3K2R w KQ - 0 1");
    assert_eq!(promotions(&mut game, "b3"), ["h1=Q"]);
    assert_eq!(game.fen(), "4k3/8/8/8/8/1P6/6b1/R3K2Q b Q - 0 1");
    game.play("Kd7").unwrap();
    assert!(game.parse_action("O-O").is_err());
    assert_eq!(game.play("O-O-O").unwrap().machine, "e1c1");
}

#[test]
fn the_last_type_stays_and_the_knighted_queen_becomes_an_ace() {
    let mut game = fast("4k3/8/8/8/8/8/r7/Q3K3 w - - 0 1");
    assert!(promotions(&mut game, "Qb2").is_empty());
    let mut game = knighted(Some("4k3/8/8/8/8/8/r7/Q3K3 w - - 0 1"));
    assert_eq!(promotions(&mut game, "Qb2"), ["b2=X"]);
    // The Ace on b2 attacks the rook on a2: Rook, then Marshal, then Queen; the king never grows.
    assert_eq!(promotions(&mut game, "Kd7"), ["a2=M"]);
    game.play("Xa4+").unwrap();
    assert_eq!(promotions(&mut game, "Kd6"), ["a2=Q"]);
    // An Ace left en prise stays an Ace.
    let mut game = knighted(Some("4k3/8/8/8/8/8/r7/X3K3 w - - 0 1"));
    assert!(promotions(&mut game, "Xb2").is_empty());
}

#[test]
fn a_promotion_can_give_check() {
    let mut game = fast("4k3/8/3p4/8/8/8/1B6/7K w - - 0 1");
    assert_eq!(promotions(&mut game, "Be5"), ["e5=R"]);
    assert_eq!(game.history()[0].notation, "Be5+ (e5=R)");
    let replies: Vec<String> = game
        .describe_legal()
        .into_iter()
        .map(|i| i.machine)
        .collect();
    assert!(
        replies.iter().all(|m| m.starts_with("e8") || m == "d6e5"),
        "{replies:?}"
    );
}

#[test]
fn knighted_sequence_plays_a_full_game_to_a_result() {
    let mut game = knighted(None);
    let mut seed = 0x1234_5678_9abc_def0u64;
    let mut compounds_seen = false;
    for _ in 0..3000 {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let action = legal[(seed % legal.len() as u64) as usize];
        game.play_action(&action).unwrap();
        compounds_seen |= game
            .fen()
            .split(' ')
            .next()
            .unwrap()
            .contains(['A', 'M', 'X', 'a', 'm', 'x']);
    }
    assert!(
        game.outcome().is_some(),
        "no result after 3000 actions: {}",
        game.fen()
    );
    assert!(compounds_seen, "Cardinals, Marshals or Aces appeared");
    // Undo all the way back restores the start.
    while game.undo().is_ok() {}
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn options_and_letters_are_checked() {
    let bad = vec![("sequence", "slow")];
    assert_eq!(
        Game::new("nietzsche", &bad, None).err().unwrap().code,
        ErrorCode::BadOption
    );
    let bad = vec![("castling", "true")];
    assert_eq!(
        Game::new("nietzsche", &bad, None).err().unwrap().code,
        ErrorCode::BadOption
    );
    // The Fast sequence has no Ace.
    let ace = "4k3/8/8/8/8/8/8/X3K3 w - - 0 1";
    assert_eq!(
        Game::new("nietzsche", &[], Some(ace)).err().unwrap().code,
        ErrorCode::BadFen
    );
    assert!(knighted(Some(ace)).fen().starts_with("4k3/"));
}

/// A game of the sequence `name` from `fen`.
fn sequence(name: &str, fen: &str) -> Game {
    Game::new("nietzsche", &[("sequence", name)], Some(fen))
        .unwrap_or_else(|e| panic!("{name} {fen}: {e}"))
}

/// The notation of every legal action, sorted.
fn legal(game: &Game) -> Vec<String> {
    let mut all: Vec<String> = game
        .describe_legal()
        .into_iter()
        .map(|i| i.notation)
        .collect();
    all.sort();
    all
}

/// The legal actions of the piece on `from`, as machine strings, sorted.
fn moves_from(game: &Game, from: &str) -> Vec<String> {
    let mut all: Vec<String> = game
        .describe_legal()
        .into_iter()
        .map(|i| i.machine)
        .filter(|m| m.starts_with(from))
        .collect();
    all.sort();
    all
}

/// The option names of RULES.md, in its order.
const SEQUENCES: [&str; 14] = [
    "fast",
    "crowned",
    "timur",
    "eurasian",
    "mixed-timur",
    "mixed-eurasian",
    "knighted",
    "long-crowned",
    "long-timur",
    "long-eurasian",
    "ecumenical",
    "wildeurasian",
    "shogi",
    "courier",
];

#[test]
fn a_move_that_becomes_a_cannons_screen_gives_check() {
    // The Cannon on e2 sees e8 once a piece stands between: Ng4 to e5 or e3 is that piece.
    let mut game = sequence("eurasian", "4k3/8/8/8/6N1/8/4O3/K7 w - - 0 1");
    assert_eq!(game.play("Ne5").unwrap().notation, "Ne5+");
    assert!(game.check_squares().any());
    let mut game = sequence("eurasian", "4k3/8/8/8/6N1/8/4O3/K7 w - - 0 1");
    assert_eq!(game.play("Ne3").unwrap().notation, "Ne3+");
    // Without a screen the Cannon gives no check, and cannot take what it only moves onto.
    let game = sequence("eurasian", "4k3/8/8/8/8/8/4O3/K7 w - - 0 1");
    assert!(game.check_squares().is_empty());
    assert!(!game.is_legal("Oxe8") && !game.is_legal("e2e8"));
}

#[test]
fn a_move_that_makes_a_screen_for_an_enemy_cannon_is_illegal() {
    // The black Cannon on e8 would see the king on e1 over a knight on e5 or e3.
    let game = sequence("eurasian", "4o2k/8/8/8/6N1/8/8/4K3 w - - 0 1");
    let knight = moves_from(&game, "g4");
    assert_eq!(knight, ["g4f2", "g4f6", "g4h2", "g4h6"]);
}

#[test]
fn a_screen_stepping_off_the_line_gives_a_discovered_check() {
    // The Cannon on e1 hops the knight on e3 onto its own bishop on e5: no check yet. With
    // either gone, the other is the screen and the king on e8 is attacked.
    let start = "4k3/8/8/4B3/8/4N3/8/K3O3 w - - 0 1";
    let game = sequence("eurasian", start);
    assert!(game.check_squares().is_empty());
    let mut knight = sequence("eurasian", start);
    assert_eq!(knight.play("Nc4").unwrap().notation, "Nc4+");
    let mut bishop = sequence("eurasian", start);
    assert_eq!(bishop.play("Bd6").unwrap().notation, "Bd6+");
}

#[test]
fn two_screens_in_front_of_the_king_are_both_pinned() {
    // The Cannon on e8 hops the bishop on e5 onto the knight on e3: if either leaves the file,
    // the other is a screen in front of the king.
    let game = sequence("eurasian", "k3o3/8/8/4B3/8/4N3/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&game, "e3"), Vec::<String>::new());
    assert_eq!(moves_from(&game, "e5"), Vec::<String>::new());
    // The king may step up behind them: two screens shield e2.
    assert_eq!(
        moves_from(&game, "e1"),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
}

#[test]
fn a_double_check_with_a_cannon_can_be_answered_by_its_screen() {
    let game = sequence("eurasian", "4o2k/8/8/8/8/8/4N3/r3K3 w - - 0 1");
    // The Cannon on e8 hops the knight on e2 onto the king, and the rook on a1 checks along
    // the rank: a double check, yet Nc1 answers both, lifting the screen and blocking the rook.
    assert!(game.check_squares().any());
    let answers: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| !m.starts_with('K'))
        .collect();
    assert_eq!(answers, ["Nc1"]);
}

#[test]
fn a_piece_en_prise_to_a_cannon_over_a_screen_is_promoted() {
    // Eurasian: P, Camel, N, Arrow, B, Cannon, R, Tank, Q. The black pawn on e6 screens e4.
    let mut game = sequence("eurasian", "4o2k/8/4p3/8/8/8/5N2/K7 w - - 0 1");
    assert_eq!(promotions(&mut game, "Ne4"), ["e4=V"]);
    assert_eq!(game.history()[0].notation, "Ne4 (e4=V)");
    let mut game = sequence("eurasian", "4o2k/8/4p3/8/8/8/5N2/K7 w - - 0 1");
    assert!(promotions(&mut game, "Nd3").is_empty());
}

#[test]
fn a_cannon_never_takes_over_two_screens() {
    // The black pawns on e6 and e5 stand between the Cannon and e4: it attacks e5 (its own
    // pawn) and nothing further.
    let mut game = sequence("eurasian", "4o2k/8/4p3/4p3/8/8/5N2/K7 w - - 0 1");
    assert!(promotions(&mut game, "Ne4").is_empty());
    assert!(!game.is_legal("e8e4"));
    // One pawn fewer, and the knight is taken over the screen.
    let mut game = sequence("eurasian", "4o2k/8/4p3/8/8/8/5N2/K7 w - - 0 1");
    game.play("Ne4").unwrap();
    assert!(game.is_legal("Oxe4"));
}

#[test]
fn castling_is_barred_by_a_square_a_cannon_attacks() {
    // The Cannon on f8 hops the pawn on f5 and attacks f1, which the king passes.
    let game = sequence("eurasian", "k4o2/8/8/5p2/8/8/8/4K2R w K - 0 1");
    assert!(!game.is_legal("O-O"));
    let game = sequence("eurasian", "k4o2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(game.is_legal("O-O"));
}

#[test]
fn far_riders_are_blocked_on_their_first_square_and_never_stop_there() {
    // Timur: the Picket on c1 goes at least two squares: b2 is passed over, a3 reached; the
    // pawn on d2 blocks its other diagonal.
    let game = sequence("timur", "4k3/8/8/8/8/8/3P4/2J1K3 w - - 0 1");
    assert_eq!(moves_from(&game, "c1"), ["c1a3"]);
    // It takes on its second square, not on its first, and not past a piece on its first.
    let game = sequence("timur", "4k3/8/8/8/8/p7/1p1P4/2J1K3 w - - 0 1");
    assert_eq!(moves_from(&game, "c1"), Vec::<String>::new());
    let game = sequence("timur", "4k3/8/8/8/8/p7/3P4/2J1K3 w - - 0 1");
    assert_eq!(moves_from(&game, "c1"), ["c1a3"]);
    // The Pocket and the Fagin, the same along lines: a king next to a Pocket is not attacked
    // by it, two squares away it is.
    let game = sequence("timur", "8/8/8/8/8/8/3u4/3K3k w - - 0 1");
    assert!(game.check_squares().is_empty());
    let game = sequence("timur", "8/8/8/8/8/3u4/8/3K3k w - - 0 1");
    assert!(game.check_squares().any());
    // A piece between a Fagin and a king two squares apart is pinned: it is the first square.
    let game = sequence("timur", "7k/8/8/8/3f4/3N4/8/3K4 w - - 0 1");
    assert!(game.check_squares().is_empty());
    assert_eq!(moves_from(&game, "d3"), Vec::<String>::new());
}

#[test]
fn forward_pieces_turn_with_their_owner_and_stand_still_on_the_last_ranks() {
    // Shogi: the Helm (E) leaps two ranks forward and a file aside; Black's forward is down.
    let game = sequence("shogi", "4k3/8/8/4e3/8/8/8/K7 b - - 0 1");
    assert_eq!(moves_from(&game, "e5"), ["e5d3", "e5f3"]);
    let game = sequence("shogi", "4k3/8/8/8/4E3/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&game, "e4"), ["e4d6", "e4f6"]);
    // The Wing (L) goes straight ahead, the Silver (S) a diagonal or straight ahead, the Gold
    // (G) orthogonally or diagonally ahead.
    let game = sequence("shogi", "4k3/8/8/8/8/8/1L3S1G/K7 w - - 0 1");
    assert_eq!(moves_from(&game, "b2").len(), 6, "b3..b8");
    assert_eq!(
        moves_from(&game, "f2"),
        ["f2e1", "f2e3", "f2f3", "f2g1", "f2g3"]
    );
    assert_eq!(moves_from(&game, "h2"), ["h2g2", "h2g3", "h2h1", "h2h3"]);
    // A Wing on the last rank and a Helm on the seventh have no move; attacked, the Wing is
    // still promoted (Helm, Wing, Silver, ...).
    let mut game = sequence("shogi", "Lr2k3/7E/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&game, "a8"), Vec::<String>::new());
    assert_eq!(moves_from(&game, "h7"), Vec::<String>::new());
    assert_eq!(promotions(&mut game, "Kd1"), ["a8=S"]);
    assert_eq!(
        moves_from(&game, "a8"),
        Vec::<String>::new(),
        "Black to move"
    );
}

#[test]
fn every_sequence_walks_a_piece_through_all_its_types_to_the_last() {
    // A white piece of each type on d4, attacked by the rook on d8: after any white move it
    // is promoted one step; the last type stays.
    let orders: [(&str, &str); 14] = [
        ("fast", "PNBRQ"),
        ("crowned", "PCNIBHRDQ"),
        ("timur", "PCNJBURFQ"),
        ("eurasian", "PCNVBORTQ"),
        ("mixed-timur", "PCNJBURFIOQ"),
        ("mixed-eurasian", "PCNVBORTSWQ"),
        ("knighted", "PNBARMQX"),
        ("long-crowned", "PCNIBHYARDZMQEX"),
        ("long-timur", "PCNJBUYARFZMQEX"),
        ("long-eurasian", "PCNVBOYARTZMQEX"),
        ("ecumenical", "PCNBYWARZMQ"),
        ("wildeurasian", "PCNVBWORTQ"),
        ("shogi", "PELSGNBHRDQ"),
        ("courier", "PEDFWCNIBRQ"),
    ];
    assert_eq!(orders.map(|(name, _)| name), SEQUENCES);
    for (name, order) in orders {
        let letters: Vec<char> = order.chars().collect();
        for (i, &letter) in letters.iter().enumerate() {
            let fen = format!("1k1r4/8/8/8/3{letter}4/8/8/7K w - - 0 1");
            let mut game = sequence(name, &fen);
            let got = promotions(&mut game, "Kg1");
            match letters.get(i + 1) {
                Some(next) => assert_eq!(got, [format!("d4={next}")], "{name}: {letter}"),
                None => assert!(got.is_empty(), "{name}: the last type {letter} stays"),
            }
        }
        // Its types are the game's, besides the king.
        let game = sequence(name, "1k6/8/8/8/8/8/8/7K w - - 0 1");
        let mut types: Vec<char> = game
            .variant()
            .armory()
            .defs()
            .iter()
            .map(|d| d.letter)
            .filter(|&l| l != 'K')
            .collect();
        let mut want = letters.clone();
        types.sort();
        want.sort();
        assert_eq!(types, want, "{name}");
    }
}

#[test]
fn the_record_names_new_types_by_their_letters_and_reads_back() {
    // Crowned: the pawn on e5, attacked by the knight on f3, becomes a Camel.
    let mut game = Game::new("nietzsche", &[("sequence", "crowned")], None).unwrap();
    for action in ["e4", "e5", "Nf3"] {
        game.play(action).unwrap();
    }
    assert_eq!(promotions(&mut game, "Nc6"), ["e5=C"]);
    assert_eq!(game.history()[3].notation, "Nc6 (e5=C)");
    // Camel moves are written with its letter and read back.
    let mut game = sequence("crowned", "4k3/8/8/8/8/8/8/C3K3 w - - 0 1");
    assert_eq!(game.play("Cb4").unwrap().notation, "Cb4");
    assert!(game.fen().starts_with("4k3/8/8/8/1C6/"), "{}", game.fen());
}

#[test]
fn an_unknown_sequence_lists_every_valid_name() {
    let error = Game::new("nietzsche", &[("sequence", "slow")], None)
        .err()
        .unwrap();
    assert_eq!(error.code, ErrorCode::BadOption);
    for name in SEQUENCES {
        assert!(error.message.contains(name), "{name}: {}", error.message);
    }
    for name in SEQUENCES {
        assert!(Game::new("nietzsche", &[("sequence", name)], None).is_ok());
    }
}
