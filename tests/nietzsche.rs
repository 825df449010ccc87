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
