//! Bad input never panics: mutated position strings and garbled actions get errors, and a
//! rejected action leaves the game as it was.

use schachwerk::game::Game;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

const ALPHABET: &[u8] =
    b"pnbrqkPNBRQKAMXLCJDacdefghij0123456789/*?[]- wbKQkqlCHch@=IUOVTSWYZEGFiuovtswyzeg";

/// `text` with a few random characters replaced, deleted or inserted.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        let c = ALPHABET[rng.below(ALPHABET.len())];
        match rng.below(3) {
            0 if at < bytes.len() => bytes[at] = c,
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, c),
        }
    }
    String::from_utf8_lossy(&bytes).to_string()
}

#[test]
fn mutated_position_strings_are_accepted_or_refused_but_never_panic() {
    let mut rng = Rng(0x51ed_2701_f3a5_9c3b);
    let mut cases: Vec<(&str, Vec<(&str, &str)>)> = vec![
        ("chess", vec![]),
        ("impulschach", vec![]),
        ("immortal", vec![]),
        ("quintessential", vec![]),
        ("nacht", vec![("castling", "true")]),
        ("nacht", vec![]),
    ];
    // Nietzsche under every sequence: their letters differ.
    let sequences = schachwerk::variants::Nietzsche::sequences();
    cases.extend(sequences.map(|name| ("nietzsche", vec![("sequence", name)])));
    let mut accepted = 0;
    for (variant, options) in cases {
        let options = options.as_slice();
        let start = Game::new(variant, options, None).unwrap().fen();
        for _ in 0..3000 {
            let fen = mutate(&start, &mut rng);
            if let Ok(mut game) = Game::new(variant, options, Some(&fen)) {
                accepted += 1;
                // Whatever was accepted must be playable and print back to a readable string.
                let again = game.fen();
                assert!(
                    Game::new(variant, options, Some(&again)).is_ok(),
                    "{fen} -> {again}"
                );
                let legal = game.legal_actions();
                if let Some(action) = legal.first() {
                    game.play_action(action).unwrap();
                    // A public game with hidden pieces refuses perft: no panic either way.
                    let _ = game.perft(2);
                }
            }
        }
    }
    assert!(accepted > 0);
}

#[test]
fn garbled_actions_are_refused_and_leave_the_game_unchanged() {
    let mut rng = Rng(0x0bad_cafe_dead_beef);
    for variant in [
        "chess",
        "nietzsche",
        "nacht",
        "quintessential",
        "impulschach",
    ] {
        let mut game = Game::new(variant, &[], None).unwrap();
        for m in game.describe_legal().into_iter().take(1) {
            game.play(&m.notation).unwrap();
        }
        let fen = game.fen();
        let plies = game.history().len();
        for _ in 0..3000 {
            let len = 1 + rng.below(8);
            let text: String = (0..len)
                .map(|_| ALPHABET[rng.below(ALPHABET.len())] as char)
                .collect();
            let legal = game.legal_actions();
            match game.parse_action(&text) {
                Ok(action) => assert!(legal.contains(&action), "{text}"),
                Err(e) => {
                    assert!(!e.message.is_empty());
                    assert_eq!(game.fen(), fen);
                    assert_eq!(game.history().len(), plies);
                }
            }
        }
        for text in [
            "\u{0}",
            "é4",
            "e2e4\u{301}",
            "O-O-O-O",
            "exd",
            "=Q",
            "++",
            "a0a1",
            "j10j11",
            "Kxx",
        ] {
            if game.parse_action(text).is_err() {
                assert_eq!(game.fen(), fen);
            }
        }
    }
}

/// Impulschach turns written wrong (pieces of real turns in a random order, unpaired
/// parentheses): `play` takes them or refuses them, and a refusal leaves the game as it was.
#[test]
fn garbled_impulschach_turns_are_refused_and_leave_the_game_unchanged() {
    const PIECES: [&str; 16] = [
        "Cc3", "(", ")", ",", "a4", "Ie2", "aa6", "bb6", "cd5", "shift:a", "shift:h", "end", "e5",
        "Bxe8#", "zz9", "3.",
    ];
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut game = Game::new("impulschach", &[], None).unwrap();
    for m in ["e4", "e5", "Bb5", "c6"] {
        game.play(m).unwrap();
    }
    let fen = game.fen();
    let (mut taken, mut refused) = (0, 0);
    for _ in 0..4000 {
        let len = 1 + rng.below(9);
        let text: Vec<&str> = (0..len).map(|_| PIECES[rng.below(PIECES.len())]).collect();
        let text = text.join(" ");
        match game.play(&text) {
            Ok(_) => {
                taken += 1;
                while game.history().len() > 4 {
                    game.undo().unwrap();
                }
            }
            Err(e) => {
                refused += 1;
                assert!(!e.message.is_empty());
                assert_eq!(game.history().len(), 4, "{text}");
            }
        }
        assert_eq!(game.fen(), fen, "{text}");
    }
    assert!(
        taken > 0 && refused > taken,
        "{taken} taken, {refused} refused"
    );
}

/// Notation must be all move: trailing characters or parentheses that do not pair up are
/// refused (`bad_action`), not read as the move before them, and the game stays as it was.
#[test]
fn notation_with_something_after_the_move_is_refused() {
    let cases: [(&str, &[&str]); 6] = [
        (
            "chess",
            &[
                "e2-e4x", "e4x", "Nf3??x", "e4)", "e4 (a5", "e4 (e5)", "e4 e5", "Nf3+x", "e4!!!",
            ],
        ),
        (
            "nietzsche",
            &["e2-e4x", "e4)", "e4 (a5", "e4 (e5=N", "e4 (a5)"],
        ),
        ("nacht", &["e2-e3x", "Nf3??x", "e3)", "e3 (a4"]),
        ("quintessential", &["e3-e5x", "e5)", "e5 (a6", "e5!?x"]),
        (
            "impulschach",
            &["e2-e4x", "Nf3??x", "e4)", "e4 (a5", "Cc3x"],
        ),
        (
            "immortal",
            &["e3-e5x", "Nf3??x", "e5)", "e5 (a6", "e5, @a1-c3x"],
        ),
    ];
    for (variant, texts) in cases {
        let mut game = Game::new(variant, &[], None).unwrap();
        let fen = game.fen();
        for text in texts {
            let err = game
                .play(text)
                .err()
                .unwrap_or_else(|| panic!("{variant}: '{text}' was played"));
            assert_eq!(
                err.code,
                schachwerk::ErrorCode::BadAction,
                "{variant} {text}: {err}"
            );
            assert_eq!(game.fen(), fen, "{variant} {text}");
            assert!(game.history().is_empty());
        }
    }
}

/// What may legitimately follow a move: check marks, annotation marks, `e.p.`, a promotion,
/// the record's list of effects (Nietzsche), a whole turn's parentheses (Impulschach), an
/// entry with its identity (Immortal).
#[test]
fn notation_with_its_legitimate_marks_is_played() {
    for text in [
        "e4", "e4+", "e4#", "e4!", "e4?", "e4!!", "e4??", "e4!?", "e4?!", "e4+!?", "e2-e4", "e2e4",
        "e2-e4!",
    ] {
        let mut game = Game::new("chess", &[], None).unwrap();
        let played = game.play(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(played.machine, "e2e4", "{text}");
    }
    let mut ep = Game::new("chess", &[], Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")).unwrap();
    assert_eq!(ep.play("exd6 e.p.+").unwrap().machine, "e5d6");
    let mut promote = Game::new("chess", &[], Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")).unwrap();
    assert_eq!(promote.play("a8=Q+!").unwrap().machine, "a7a8q");
    let mut nietzsche = Game::new("nietzsche", &[], None).unwrap();
    for text in ["e4", "e5", "Nf3", "Nc6 (e5=N)"] {
        nietzsche
            .play(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let mut impulschach = Game::new("impulschach", &[], None).unwrap();
    for text in [
        "e4",
        "e5",
        "Bb5",
        "c6",
        "Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ef4, ff6, gg6, hh6), Bxe8#)",
    ] {
        impulschach
            .play(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let mut immortal = Game::new("immortal", &[], None).unwrap();
    immortal.play("f5, @a5-b5=n").unwrap();
    immortal.play("f8f6!?").unwrap();
}

/// A turn may start with its move number, checked against the game's: `1. e4`, `1.e4`,
/// `1... e5`, `12...Nf6`, in every variant. A wrong number, a number alone, a number inside
/// a turn and a game result are refused, and the game stays as it was.
#[test]
fn move_numbers_start_a_turn_and_must_be_the_games() {
    let firsts = [
        ("chess", "e4", "e5", "Nf3", "a6"),
        ("nietzsche", "e4", "e5", "Nf3", "a6"),
        ("nacht", "e3", "e5", "Nf3", "a5"),
        ("quintessential", "e5", "e6", "De3", "a6"),
        ("impulschach", "e4", "e5", "Bb5", "a6"),
        ("immortal", "e5", "e6", "Nd4", "b6"),
    ];
    for (variant, white, black, second, reply) in firsts {
        let mut game = Game::new(variant, &[], None).unwrap();
        for text in [
            format!("1. {white}"),
            format!("1... {black}"),
            format!("2.{second}"),
        ] {
            game.play(&text)
                .unwrap_or_else(|e| panic!("{variant} '{text}': {e}"));
        }
        assert_eq!(game.turns().len(), 3, "{variant}");
        let fen = game.fen();
        for text in [
            "2. a3".to_string(),
            "3... a6".to_string(),
            "2...".to_string(),
            "2..".to_string(),
            "2.. a6".to_string(),
            format!("{reply} 3."),
            "1-0".to_string(),
            "0-1".to_string(),
            "1/2-1/2".to_string(),
            "*".to_string(),
        ] {
            let err = game
                .play(&text)
                .err()
                .unwrap_or_else(|| panic!("{variant}: '{text}' was played"));
            assert_eq!(
                err.code,
                schachwerk::ErrorCode::BadAction,
                "{variant} '{text}': {err}"
            );
            assert_eq!(game.fen(), fen, "{variant} '{text}'");
        }
        let err = game.play("3. a6").err().unwrap();
        assert!(err.message.contains("2..."), "{variant}: {err}");
    }
    // After a position with Black to move, the position string's move number counts.
    let mut game = Game::new(
        "chess",
        &[],
        Some("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 12"),
    )
    .unwrap();
    game.play("12...Nf6").unwrap();
    game.play("13. O-O").unwrap();
}

/// `play("1. e4 e5 2. Nf3")`: several turns with their move numbers, as a game's moves are
/// pasted, in every variant; all or nothing; the error names the turn that failed.
#[test]
fn several_turns_with_move_numbers_play_in_one_call() {
    let cases: [(&str, &str, usize); 6] = [
        ("chess", "1. e4 e5 2. Nf3", 3),
        ("nietzsche", "1.e4 d5 2.exd5", 3),
        ("nacht", "1. e3 e5 2. Nc3 Nc5", 4),
        ("quintessential", "1. e3e5 e8e6", 2),
        (
            "impulschach",
            "1. e4 e5 2. Bb5 c6 3. Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ef4, ff6, gg6, hh6), Bxe8#)",
            17,
        ),
        ("immortal", "1. f5 f6 2. e5", 6),
    ];
    for (variant, text, actions) in cases {
        let mut game = Game::new(variant, &[], None).unwrap();
        let played = game
            .play(text)
            .unwrap_or_else(|e| panic!("{variant}: {text}: {e}"));
        assert_eq!(
            game.history().len(),
            actions,
            "{variant}: {}",
            played.machine
        );
        let turns: Vec<String> = game.turns().into_iter().map(|t| t.notation).collect();
        assert_eq!(played.notation, turns.join(" "), "{variant}");
    }
    // All or nothing, and the error names the turn that failed.
    let mut game = Game::new("chess", &[], None).unwrap();
    let err = game.play("1. e4 e5 2. Ke3 Nc6").unwrap_err();
    assert_eq!(err.code, schachwerk::ErrorCode::IllegalAction);
    assert!(err.message.starts_with("move 2. Ke3: "), "{}", err.message);
    assert!(game.history().is_empty(), "nothing played");
    let err = game.play("1. e4 e5 3. Nf3").unwrap_err();
    assert!(
        err.message
            .contains("move number 3, but the game is at move 2"),
        "{}",
        err.message
    );
    // A game record's parts are PGN's.
    let err = game.play("1. e4 e5 1-0").unwrap_err();
    assert_eq!(err.code, schachwerk::ErrorCode::BadAction);
    // Under a deal, a player's text of several turns still may not name a hidden piece.
    let seed = "0".repeat(64);
    let mut game = Game::new("immortal", &[("seed", &seed)], None).unwrap();
    assert!(game.play("1. f5, @a5-b5=n f6").is_err());
    assert!(game.history().is_empty());
    game.replay("1. f5, @a5-b5=n f6").unwrap();
    assert_eq!(
        game.turns().len(),
        2,
        "a record replayed names the deal's piece"
    );
}
