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

const ALPHABET: &[u8] = b"pnbrqkPNBRQKAMXLCJDacdefghij0123456789/*?[]- wbKQkqlCHch@=";

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
    let cases: [(&str, &[(&str, &str)]); 7] = [
        ("chess", &[]),
        ("impulschach", &[]),
        ("immortal", &[]),
        ("quintessential", &[]),
        ("nietzsche", &[("sequence", "knighted")]),
        ("nacht", &[("castling", "true")]),
        ("nacht", &[]),
    ];
    let mut accepted = 0;
    for (variant, options) in cases {
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
