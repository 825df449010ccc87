//! Immortal Chess: entries and their legality from public information, the reveal, FIDE's
//! rules on the 10x10 coordinates, the referee's deal and commitment, a public game fed
//! reveals from outside, the no-leak property, and bad input.

use schachwerk::game::Game;
use schachwerk::referee::{verify, Referee};
use schachwerk::variants::immortal::deal::{border_squares, parse_seed, BORDER};
use schachwerk::variants::immortal::{Composition, Deal, Immortal};
use schachwerk::ErrorCode;

const ZERO: &str = "0000000000000000000000000000000000000000000000000000000000000000";

fn public(fen: Option<&str>) -> Game {
    Game::new("immortal", &[], fen).unwrap()
}

fn dealt(seed: &str) -> Game {
    Game::new("immortal", &[("seed", seed)], None).unwrap()
}

fn play_all(game: &mut Game, actions: &[&str]) {
    for a in actions {
        game.play(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
}

fn listed(game: &Game) -> Vec<String> {
    let mut out: Vec<String> = game
        .describe_legal()
        .into_iter()
        .map(|i| i.machine)
        .collect();
    out.sort();
    out
}

fn status(game: &Game) -> String {
    game.outcome().map_or("ongoing".into(), |o| o.describe())
}

fn entries_from(game: &Game, from: &str) -> Vec<String> {
    listed(game)
        .into_iter()
        .filter(|a| a.starts_with(from) && a.len() == 4)
        .collect()
}

#[test]
fn the_start_has_the_fide_armies_in_the_centre_and_36_immortals_on_the_border() {
    let g = public(None);
    assert_eq!(
        g.fen(),
        "??????????/?rnbqkbnr?/?pppppppp?/?8?/?8?/?8?/?8?/?PPPPPPPP?/?RNBQKBNR?/?????????? w KQkq - 0 1"
    );
    assert_eq!(g.position().board().hidden().count(), 36);
    // 16 pawn moves (single and double from rank 3) and 4 knight moves.
    assert_eq!(listed(&g).len(), 20);
    assert_eq!(g.decision().kind, "move");
}

#[test]
fn entries_leave_the_border_at_once_over_empty_squares_into_the_centre() {
    let mut g = public(None);
    play_all(&mut g, &["f3f5"]);
    assert_eq!(g.decision().kind, "entry");
    // From a4: along rank 4 to i4, and up the diagonal to d7 (e8 holds a pawn); never along
    // the border, never down onto the pawn on b3. Not e4 or g4, where a black knight would
    // attack the king on f2, nor f4, where a black queen would, down the file f5 opened.
    let mut expected: Vec<String> = ["b4", "c4", "d4", "h4", "i4", "b5", "c6", "d7"]
        .iter()
        .map(|to| format!("a4{to}"))
        .collect();
    expected.sort();
    assert_eq!(entries_from(&g, "a4"), expected);
    // From a5 the rank stops at the pawn on f5.
    assert!(entries_from(&g, "a5").contains(&"a5e5".to_string()));
    assert!(!entries_from(&g, "a5").contains(&"a5g5".to_string()));
    // Corners and the border squares next to an army have nowhere to go.
    for blocked in ["a1", "j10", "e1", "e10", "a2", "j9"] {
        assert!(entries_from(&g, blocked).is_empty(), "{blocked}");
    }
    assert!(listed(&g).contains(&"pass".to_string()));
}

#[test]
fn an_unrevealed_immortal_cannot_be_captured_gives_no_check_and_blocks_lines() {
    // White's rook on b1 between an Immortal on a1 and, up the file, one on b10; Black's king
    // on a9 beside two of them.
    let g = public(Some("??8/k9/10/10/10/10/10/10/10/?R3K4[NNN] w - - 0 1"));
    let moves = listed(&g);
    assert!(
        !moves.contains(&"b1a1".to_string()),
        "an Immortal was captured"
    );
    assert!(moves.contains(&"b1b9".to_string()) && !moves.contains(&"b1b10".to_string()));
    // The black king stands next to the Immortals on a10 and b10 and is not in check.
    let mut black = public(Some("??8/k9/10/10/10/10/10/10/10/?R3K4[NNN] b - - 0 1"));
    assert_eq!(status(&black), "ongoing");
    assert!(!black.variant().in_check(black.position()));
    assert!(black.play("a9a10").is_err(), "a king took an Immortal");
    assert!(black.play("a9b10").is_err(), "a king took an Immortal");
}

#[test]
fn an_entry_must_leave_the_king_safe_whatever_the_piece_may_be() {
    // White's king on d4, an Immortal on a6; with a black knight in the pool, no entry may
    // land a knight's jump from the king.
    let knight = public(Some("10/10/7k2/10/?9/10/3K6/10/10/10[n] w - - 0 1 entry"));
    let moves = entries_from(&knight, "a6");
    for square in ["b5", "c6", "e6", "e2"] {
        assert!(
            !moves.contains(&format!("a6{square}")),
            "{square} is a knight's jump"
        );
    }
    assert!(moves.contains(&"a6d6".to_string()) && moves.contains(&"a6c4".to_string()));
    // The same pool with White's knight: every square is safe.
    let own = public(Some("10/10/7k2/10/?9/10/3K6/10/10/10[N] w - - 0 1 entry"));
    assert_eq!(entries_from(&own, "a6").len(), 15);
    // A black pawn threatens diagonally downwards, and on rank 2 it is revealed a queen.
    let pawn = public(Some("10/10/7k2/10/10/?9/3K6/10/10/10[p] w - - 0 1 entry"));
    let moves = entries_from(&pawn, "a5");
    assert!(!moves.contains(&"a5c5".to_string()) && !moves.contains(&"a5e5".to_string()));
    assert!(moves.contains(&"a5b5".to_string()) && moves.contains(&"a5d5".to_string()));
    assert!(
        moves.contains(&"a5c3".to_string()),
        "a pawn on c3 attacks b2 and d2 only"
    );
    assert!(
        !moves.contains(&"a5d2".to_string()),
        "a pawn revealed on d2 is a queen"
    );
    // Vacating a6 would open the a-file from the black rook on a9 onto the king on a3.
    let line = public(Some("10/r8k/10/10/?8?/10/10/K9/10/10[NN] w - - 0 1 entry"));
    assert!(entries_from(&line, "a6").is_empty());
    assert!(!entries_from(&line, "j6").is_empty());
}

#[test]
fn an_entry_onto_the_en_passant_square_cancels_the_capture() {
    let fen = "10/10/7k2/10/10/7p2/?9/6P3/5K4/10[N] w - - 0 1";
    let mut g = public(Some(fen));
    play_all(&mut g, &["g3g5"]);
    assert!(g.fen().contains(" g4 "), "{}", g.fen());
    g.play("@a4-g4=N").unwrap();
    assert!(g.fen().contains(" b - - "), "{}", g.fen());
    // h5xg4 now takes the knight only: the pawn on g5 stays.
    g.play("h5g4").unwrap();
    let board = g.position().board();
    let g5 = schachwerk::geometry::Square::parse("g5").unwrap();
    assert!(board.piece_at(g5).is_some(), "{}", g.fen());
    // Without the entry, the same capture is en passant and takes the g5 pawn.
    let mut ep = public(Some(fen));
    play_all(&mut ep, &["g3g5", "pass", "h5g4"]);
    assert!(ep.position().board().piece_at(g5).is_none(), "{}", ep.fen());
}

#[test]
fn fide_rules_hold_on_the_ten_by_ten_coordinates() {
    // Castling Kf2-h2 with Ri2-g2 and Kf2-d2 with Rb2-e2.
    let castle = "??????????/?r3k2r?/?8?/?8?/?8?/?8?/?8?/?8?/?R3K2R?/?????????? w KQkq - 0 1";
    let mut short = public(Some(castle));
    short.play("O-O").unwrap();
    assert!(
        short
            .fen()
            .starts_with("??????????/?r3k2r?/?8?/?8?/?8?/?8?/?8?/?8?/?R4RK1?/"),
        "{}",
        short.fen()
    );
    let mut long = public(Some(castle));
    long.play("f2d2").unwrap();
    assert!(long.fen().contains("/?2KR3R?/"), "{}", long.fen());
    // Double steps from rank 8 and en passant on rank 7.
    let mut ep = public(Some("10/5k4/7p2/10/6P3/10/10/10/5K4/10[] w - - 0 1"));
    play_all(&mut ep, &["Kf3"]);
    play_all(&mut ep, &["h8h6"]);
    assert!(ep.fen().contains(" h7 "), "{}", ep.fen());
    ep.play("g6h7").unwrap();
    assert!(ep.fen().starts_with("10/5k4/10/7P2/10/"), "{}", ep.fen());
    // Promotion on rank 9; rank 10 is the border.
    let mut promote = public(Some("10/5k4/1P8/10/10/10/10/10/5K4/10[] w - - 0 1"));
    assert!(listed(&promote).contains(&"b8b9q".to_string()));
    promote.play("b9=N").unwrap();
    assert!(promote.fen().starts_with("10/1N3k4/"), "{}", promote.fen());
    // Check and mate, judged when the turn passes.
    // The corner is an ordinary square once its Immortal is gone.
    let mut mate = public(Some("9k/10/7K2/10/10/8Q1/10/10/10/10[] w - - 0 1"));
    let played = mate.play("Qi9").unwrap();
    assert_eq!(played.notation, "Qi9#");
    assert_eq!(status(&mate), "white wins checkmate");
}

#[test]
fn a_turn_is_written_with_its_entry_and_read_back_whole() {
    let mut g = dealt(ZERO);
    // The deal of the zero seed has a black knight on a5.
    let played = g.play("f5, @a5-b5").unwrap();
    assert_eq!(played.notation, "f5, @a5-b5=n");
    assert_eq!(g.turns()[0].notation, "f5, @a5-b5=n");
    // Notation alone is the whole turn, the entry passed.
    g.play("f8f6").unwrap();
    assert_eq!(g.decision().kind, "entry");
    g.play("pass").unwrap();
    let quiet = g.play("Nc2d4").unwrap();
    assert_eq!(quiet.notation, "Nd4");
    assert_eq!(g.decision().kind, "move");
    let turns: Vec<String> = g.turns().into_iter().map(|t| t.notation).collect();
    assert_eq!(turns, ["f5, @a5-b5=n", "f6", "Nd4"]);
    // The record replays in a public game, which has the identities from the notation.
    let mut replay = public(None);
    for turn in &turns {
        replay.play(turn).unwrap();
    }
    assert_eq!(replay.fen(), g.fen());
}

#[test]
fn a_public_game_needs_every_reveal_from_outside_and_checks_it_against_the_pool() {
    let mut g = public(None);
    play_all(&mut g, &["f3f5"]);
    let fen = g.fen();
    let err = g.play("a5b5").unwrap_err();
    assert_eq!(err.code, ErrorCode::BadRequest, "{err}");
    assert!(err.message.contains("@a5-b5=n"), "{err}");
    assert_eq!(g.play("@a5-b5=k").unwrap_err().code, ErrorCode::BadAction);
    assert_eq!(g.play("@a5-b5=x").unwrap_err().code, ErrorCode::BadAction);
    assert_eq!(
        g.play("@a5-j5=n").unwrap_err().code,
        ErrorCode::IllegalAction
    );
    assert_eq!(g.fen(), fen);
    g.play("@a5-b5=Q").unwrap();
    // The pool had two white queens: after two reveals a third is refused.
    let mut pool = public(Some("10/10/7k2/10/?9/10/3K6/10/10/10[Q] w - - 0 1 entry"));
    let err = pool.play("@a6-b6=q").unwrap_err();
    assert_eq!(err.code, ErrorCode::IllegalAction, "{err}");
    assert!(err.message.contains("contradicts the pool"), "{err}");
    pool.play("@a6-b6=Q").unwrap();
    assert!(pool.fen().contains("[] b"), "{}", pool.fen());
}

/// A game under the zero seed's deal (a black knight on a5), and one under the same deal with
/// a5's identity swapped for another square's: the two differ on a5 only.
fn two_deals_apart_on_a5() -> (Game, Game) {
    let composition = Composition::default();
    let zero = Deal::new(&parse_seed(ZERO).unwrap(), &composition);
    let mut identities: [schachwerk::movement::Piece; BORDER] = zero
        .squares()
        .map(|(_, p)| p)
        .collect::<Vec<_>>()
        .try_into()
        .unwrap();
    let a5 = border_squares()
        .iter()
        .position(|s| s.to_string() == "a5")
        .unwrap();
    let other = (0..BORDER)
        .find(|&k| identities[k] != identities[a5])
        .unwrap();
    identities.swap(a5, other);
    let game = |deal| with_deal(composition, deal);
    (
        game(zero).unwrap(),
        game(Deal::from_identities(identities)).unwrap(),
    )
}

#[test]
fn a_refereed_game_takes_no_identity_from_the_player_and_its_refusal_tells_nothing() {
    let (mut knight, mut other) = two_deals_apart_on_a5();
    for g in [&mut knight, &mut other] {
        g.play("f3f5").unwrap();
    }
    let fen = knight.fen();
    assert_eq!(other.fen(), fen);
    // Every identity, the deal's own (`n` in the first game) too, in each way of writing it:
    // refused with the same code and words under both deals, the game unchanged.
    for letter in "QRBNPqrbnp".chars() {
        for given in [format!("a5b5={letter}"), format!("@a5-b5={letter}")] {
            let refusals: Vec<_> = [&mut knight, &mut other]
                .into_iter()
                .map(|g| {
                    let err = g.play(&given).expect_err(&given);
                    assert_eq!(g.fen(), fen, "{given}");
                    assert_eq!(g.history().len(), 1, "{given}");
                    (err.code, err.message)
                })
                .collect();
            assert_eq!(refusals[0].0, ErrorCode::BadRequest, "{given}");
            assert_eq!(
                refusals[0], refusals[1],
                "{given}: the refusal depends on the deal"
            );
            assert!(
                refusals[0].1.contains("play a5b5 or @a5-b5"),
                "{}",
                refusals[0].1
            );
        }
    }
    // A whole turn with an identity is refused whole; the Rust API's revealing action too.
    let mut turn = dealt(ZERO);
    let err = turn.play("f5, @a5-b5=q").unwrap_err();
    assert_eq!(err.code, ErrorCode::BadRequest, "{err}");
    assert!(turn.history().is_empty(), "{}", turn.fen());
    let queen = knight.parse_action("@a5-b5=q").unwrap();
    assert_eq!(
        knight.play_action(&queen).unwrap_err().code,
        ErrorCode::BadRequest
    );
    assert_eq!(knight.fen(), fen);
    // Without an identity the deal reveals each entry.
    assert_eq!(knight.play("a5b5").unwrap().notation, "@a5-b5=n");
    assert_ne!(other.play("@a5-b5").unwrap().notation, "@a5-b5=n");
}

#[test]
fn the_seed_holder_replays_a_record_with_its_reveals_and_a_contradicting_one_is_refused() {
    let mut g = dealt(ZERO);
    let played = g.replay("f5, @a5-b5=n").unwrap();
    assert_eq!(played.notation, "f5, @a5-b5=n");
    g.replay("f8f6").unwrap();
    g.replay("pass").unwrap();
    let fen = g.fen();
    // The zero seed's deal has a black pawn on j5, not a white queen.
    let err = g.replay("Nd4, @j5-i5=Q").unwrap_err();
    assert_eq!(err.code, ErrorCode::IllegalAction, "{err}");
    assert!(
        err.message
            .contains("the record has @j5-i5=Q, but the deal reveals @j5-i5=p"),
        "{err}"
    );
    assert_eq!(g.fen(), fen);
    assert_eq!(g.history().len(), 4);
    g.replay("Nd4, @j5-i5=p").unwrap();
    // A public game takes the record's reveals as `play` does.
    let mut open = public(None);
    open.replay("f5, @a5-b5=Q").unwrap();
    assert!(open.fen().contains("/1Q3P3?/"), "{}", open.fen());
}

/// Plays `plies` random actions under `variant`'s deal, returning the machine strings.
fn random_line(seed: u64, plies: usize, game: &mut Game) -> Vec<String> {
    let mut state = seed | 1;
    let mut line = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let action = legal[(state % legal.len() as u64) as usize];
        line.push(action.machine(game.variant().armory()));
        game.play_action(&action).unwrap();
    }
    line
}

#[test]
fn two_deals_that_agree_on_everything_revealed_look_the_same_to_every_public_call() {
    let composition = Composition::default();
    let mut compared = 0;
    for seed in 0..12u8 {
        let deal = Deal::new(&[seed; 32], &composition);
        let mut first = with_deal(composition, deal.clone()).unwrap();
        let line = random_line(u64::from(seed) + 7, 160, &mut first);
        // Swap two identities that differ among the squares never entered in the line.
        let still_hidden: Vec<usize> = (0..BORDER)
            .filter(|&k| {
                first
                    .position()
                    .board()
                    .hidden()
                    .contains(border_squares()[k])
            })
            .collect();
        let identities: Vec<_> = deal.squares().map(|(_, p)| p).collect();
        let Some((i, j)) = still_hidden
            .iter()
            .flat_map(|&i| still_hidden.iter().map(move |&j| (i, j)))
            .find(|&(i, j)| identities[i] != identities[j])
        else {
            continue;
        };
        let mut swapped: [schachwerk::movement::Piece; BORDER] =
            identities.clone().try_into().unwrap();
        swapped.swap(i, j);
        let mut a = with_deal(composition, deal.clone()).unwrap();
        let mut b = with_deal(composition, Deal::from_identities(swapped)).unwrap();
        for action in &line {
            assert_eq!(a.fen(), b.fen());
            assert_eq!(a.outcome(), b.outcome());
            let (la, lb) = (a.describe_legal(), b.describe_legal());
            assert_eq!(la, lb, "legal actions differ at {}", a.fen());
            a.play(action).unwrap();
            b.play(action).unwrap();
            let notations = |g: &Game| {
                g.history()
                    .iter()
                    .map(|e| e.notation.clone())
                    .collect::<Vec<_>>()
            };
            assert_eq!(notations(&a), notations(&b));
            compared += 1;
        }
    }
    assert!(compared > 1000, "only {compared} plies compared");
}

#[test]
fn a_refereed_game_replays_from_its_public_record_and_the_disclosed_seed() {
    let referee = Referee::new(Some(&"5e".repeat(32))).unwrap();
    let commitment = referee.commitment();
    let mut game = referee.game(&[], None).unwrap();
    assert!(referee.disclose(&game).is_err(), "the seed before the end");
    random_line(99, 4000, &mut game);
    assert!(game.outcome().is_some(), "no result: {}", game.fen());
    let seed = referee.disclose(&game).unwrap();
    let mut replay = public(None);
    for turn in game.turns() {
        replay
            .play(&turn.notation)
            .unwrap_or_else(|e| panic!("{}: {e}", turn.notation));
    }
    assert_eq!(replay.fen(), game.fen());
    assert_eq!(replay.outcome(), game.outcome());
    let verdict = verify(&seed, &commitment, &replay).unwrap();
    assert!(verdict.commitment_matches);
    assert_eq!(verdict.wrong_reveal, None);
    // Another seed fails both checks.
    let other = verify(ZERO, &commitment, &replay).unwrap();
    assert!(!other.commitment_matches);
    assert!(other.wrong_reveal.is_some());
}

#[test]
fn bad_seeds_pools_and_compositions_are_refused() {
    for seed in ["", "00", &"0".repeat(63), &"x".repeat(64)] {
        let err = Game::new("immortal", &[("seed", seed)], None)
            .err()
            .unwrap();
        assert_eq!(err.code, ErrorCode::BadOption, "{seed}");
        assert!(Referee::new(Some(seed)).is_err());
    }
    assert!(parse_seed(ZERO).is_ok());
    for composition in ["2Q2R3B3N7P", "2Q2R3B3N8P1K", "Q2", "", "2Q2R3B3N9P"] {
        let err = Game::new("immortal", &[("composition", composition)], None)
            .err()
            .unwrap();
        assert_eq!(err.code, ErrorCode::BadOption, "{composition}");
    }
    let custom = Game::new("immortal", &[("composition", "4Q2R2B2N8P")], None).unwrap();
    assert!(custom.fen().starts_with("??????????/"));
    for fen in [
        // 35 '?' but no brackets: the pool is the whole composition.
        "?????????1/?rnbqkbnr?/?pppppppp?/?8?/?8?/?8?/?8?/?PPPPPPPP?/?RNBQKBNR?/?????????? w KQkq - 0 1",
        // A pool of two with one '?'.
        "10/10/7k2/10/?9/10/3K6/10/10/10[nn] w - - 0 1",
        // A '?' in the centre.
        "10/10/7k2/10/1?8/10/3K6/10/10/10[n] w - - 0 1",
        // More black knights in the pool than the composition has.
        "????9/10/7k2/10/10/10/3K6/10/10/10[nnnn] w - - 0 1",
        // An entry field where no entry is legal.
        "10/10/7k2/10/10/10/3K6/10/10/10[] w - - 0 1 entry",
    ] {
        let err = Game::new("immortal", &[], Some(fen)).err().unwrap();
        assert_eq!(err.code, ErrorCode::BadFen, "{fen}: {err}");
    }
}

#[test]
fn a_pawn_revealed_beside_a_double_step_may_take_en_passant() {
    // The zero seed's deal has a black pawn on j5: revealed on c5, it stands beside b5.
    let mut g = dealt(ZERO);
    play_all(&mut g, &["b3b5", "j5c5"]);
    assert_eq!(g.history()[1].notation, "@j5-c5=p");
    assert!(g.fen().contains(" b KQkq b4 "), "{}", g.fen());
    g.play("c5b4").unwrap();
    let b5 = schachwerk::geometry::Square::parse("b5").unwrap();
    assert!(g.position().board().piece_at(b5).is_none(), "{}", g.fen());
    // With nothing beside it, the square is not kept for Black.
    let mut plain = dealt(ZERO);
    play_all(&mut plain, &["b3b5", "pass"]);
    assert!(plain.fen().contains(" b KQkq - "), "{}", plain.fen());
}

/// The deals of `tests/deals.txt`, computed by the independent checker: (seed, letters,
/// commitment).
fn independent_deals() -> Vec<(String, String, String)> {
    include_str!("deals.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].to_string(), f[1].to_string(), f[2].to_string())
        })
        .collect()
}

#[test]
fn deals_and_commitments_agree_with_an_independent_computation() {
    let deals = independent_deals();
    assert!(deals.len() >= 4);
    for (seed, letters, expected_commitment) in deals {
        let parsed = parse_seed(&seed).unwrap();
        let deal = Deal::new(&parsed, &Composition::default());
        let game = dealt(&seed);
        let armory = game.variant().armory();
        let ours: String = deal.squares().map(|(_, p)| armory.fen_char(p)).collect();
        assert_eq!(ours, letters, "seed {seed}");
        let referee = Referee::new(Some(&seed)).unwrap();
        assert_eq!(referee.commitment(), expected_commitment, "seed {seed}");
    }
}

#[test]
fn draws_count_turns_and_an_entry_restarts_the_fifty_move_count() {
    // Knights out and back, the entries passed: the start stands a third time.
    let mut g = dealt(ZERO);
    for _ in 0..2 {
        for m in ["Nb4", "Nb7", "Nc2", "Nc9"] {
            g.play(m).unwrap();
        }
    }
    assert_eq!(status(&g), "draw threefold repetition");
    let mut fifty = public(Some("9?/5k4/10/10/10/10/10/10/5K4/10[Q] w - - 99 80"));
    let mut quiet = public(Some("9?/5k4/10/10/10/10/10/10/5K4/10[Q] w - - 99 80"));
    quiet.play("Kf3").unwrap();
    assert_eq!(status(&quiet), "draw fifty-move rule");
    fifty.play("f2f3").unwrap();
    fifty.play("@j10-i9=Q").unwrap();
    assert_eq!(status(&fifty), "ongoing");
    assert!(fifty.fen().ends_with(" 0 80"), "{}", fifty.fen());
    // Stalemate: Black's king in the corner, every square covered, no Immortal left.
    let stale = public(Some("k9/2Q7/1K8/10/10/10/10/10/10/10[] b - - 0 1"));
    assert_eq!(status(&stale), "draw stalemate");
}

#[test]
fn an_entry_reports_what_it_revealed_as_data_and_the_decision_marks_the_entries() {
    let mut g = dealt(ZERO);
    play_all(&mut g, &["f3f5"]);
    let decision = g.decision();
    assert_eq!(decision.kind, "entry");
    assert!(decision.marked("entry").contains(sq("a5")));
    assert_eq!(
        decision.prompt.as_deref(),
        Some("White: bring an Immortal in (click one on the border), or pass")
    );
    let played = g.play("@a5-b5").unwrap();
    let reveal = g.history()[1].reveal().expect("the entry revealed a piece");
    assert_eq!((reveal.square, reveal.to), (sq("a5"), sq("b5")));
    assert_eq!(g.variant().armory().fen_char(reveal.piece), 'n');
    assert_eq!(reveal.piece.color, schachwerk::movement::Color::Black);
    // Every way of playing reports it: the entry alone, and a whole turn, whose entry is its
    // last action.
    assert_eq!(played.reveal(), Some(reveal));
    assert!(played.squares.contains(sq("a5")) && played.squares.contains(sq("b5")));
    assert!(g.history()[0].reveal().is_none());
    let mut turn = dealt(ZERO);
    assert_eq!(turn.play("f5, @a5-b5").unwrap().reveal(), Some(reveal));
    let mut action = dealt(ZERO);
    action.play("f3f5").unwrap();
    let legal = action.legal_actions();
    let entry = legal
        .iter()
        .find(|a| a.from == sq("a5") && a.to == sq("b5"))
        .unwrap();
    assert_eq!(action.play_action(entry).unwrap().reveal(), Some(reveal));
    assert_eq!(action.history(), g.history());
}

fn sq(name: &str) -> schachwerk::geometry::Square {
    schachwerk::geometry::Square::parse(name).unwrap()
}

/// A game of `composition` whose entries `deal` reveals, without a seed.
fn with_deal(composition: Composition, deal: Deal) -> schachwerk::Result<Game> {
    Game::with_dealer(
        std::sync::Arc::new(Immortal::new(composition)),
        std::sync::Arc::new(deal),
        None,
    )
}

/// After the game is over, notation gets the same `game_over` a machine string does.
#[test]
fn notation_after_a_finished_game_says_the_game_is_over() {
    let mut mate = public(Some("9k/10/7K2/10/10/8Q1/10/10/10/10[] w - - 0 1"));
    mate.play("Qi9").unwrap();
    assert_eq!(status(&mate), "white wins checkmate");
    let fen = mate.fen();
    for text in [
        "Kj9",
        "j10j9",
        "Kj9, @a1-c3=n",
        "1... Kj9",
        "e4",
        "zz",
        "pass",
        "@a1-c3",
    ] {
        let err = mate.play(text).err().unwrap();
        assert_eq!(err.code, ErrorCode::GameOver, "{text}: {err}");
        assert_eq!(mate.fen(), fen);
    }
}

/// Plays `turns` whole turns on `game`, bringing an Immortal in whenever one may enter, with
/// actions picked by the generator `state`; returns the machine strings played.
fn turns_with_entries(game: &mut Game, turns: usize, state: &mut u64) -> Vec<String> {
    let mut played = Vec::new();
    let until = game.turns().len() + turns;
    while game.turns().len() < until || !game.position().phase().is_move() {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        let entries: Vec<_> = legal.iter().filter(|a| a.has_squares()).collect();
        let pick = if game.decision().kind == "entry" && !entries.is_empty() {
            *entries[(*state % entries.len() as u64) as usize]
        } else {
            legal[(*state % legal.len() as u64) as usize]
        };
        played.push(pick.machine(game.variant().armory()));
        game.play_action(&pick).unwrap();
    }
    played
}

#[test]
fn a_refereed_game_is_rebuilt_from_its_seed_and_public_record_and_goes_on_identically() {
    let seed = "5e".repeat(32);
    let mut game = dealt(&seed);
    let mut state = 0x9e37_79b9_7f4a_7c15;
    turns_with_entries(&mut game, 12, &mut state);
    let rules = schachwerk::variants::by_name("immortal", &[]).unwrap();
    let armory = rules.armory();
    let entries = game
        .history()
        .iter()
        .filter(|e| e.reveal().is_some())
        .count();
    assert!(entries >= 6, "only {entries} entries");
    let record: Vec<String> = game
        .history()
        .iter()
        .map(|e| e.replayable(armory))
        .collect();
    let record: Vec<&str> = record.iter().map(String::as_str).collect();
    assert!(record.iter().any(|a| a.contains('=')), "{record:?}");

    // Today's `play` refuses the record's named pieces under a deal; `from_record` takes them,
    // each checked against the deal.
    let mut rebuilt = Game::from_record("immortal", &[], None, &record, Some(&seed)).unwrap();
    assert_eq!(rebuilt.fen(), game.fen());
    assert_eq!(rebuilt.history(), game.history());
    assert_eq!(
        rebuilt.referee().unwrap().commitment(),
        game.referee().unwrap().commitment()
    );
    // The same referee, resumed, and the public copy without the seed.
    let referee = Referee::new(Some(&seed)).unwrap();
    assert_eq!(
        referee.resume(&[], None, &record).unwrap().fen(),
        game.fen()
    );
    let open = Game::from_record("immortal", &[], None, &record, None).unwrap();
    assert_eq!((open.fen(), open.referee().is_none()), (game.fen(), true));

    // Both go on identically: the next entries reveal the same pieces in both, and the
    // stateless answer from the record so far says the same before each is played.
    let mut again = state;
    let next = turns_with_entries(&mut game, 6, &mut state);
    let mut so_far: Vec<String> = record.iter().map(|a| a.to_string()).collect();
    let mut revealed = 0;
    for action in &next {
        let public: Vec<&str> = so_far.iter().map(String::as_str).collect();
        let played = rebuilt.play(action).unwrap();
        if let Some(reveal) = played.reveal() {
            assert_eq!(
                referee.reveal_for(&[], None, &public, action).unwrap(),
                reveal
            );
            revealed += 1;
        } else if played.machine != "pass" {
            // A move reveals nothing: refused, not answered.
            let refused = referee.reveal_for(&[], None, &public, action).unwrap_err();
            assert_eq!(refused.code, ErrorCode::BadRequest, "{}", refused.message);
        }
        so_far.push(played.replayable(armory));
    }
    assert!(revealed >= 3, "only {revealed} entries in the continuation");
    assert_eq!(rebuilt.history(), game.history());
    assert_eq!(rebuilt.fen(), game.fen());
    let mut replay = dealt(&seed);
    for action in record.iter().map(|a| a.split('=').next().unwrap()) {
        replay.play(action).unwrap();
    }
    assert_eq!(turns_with_entries(&mut replay, 6, &mut again), next);
}

#[test]
fn a_record_the_deal_contradicts_or_an_illegal_entry_is_refused() {
    let seed = "5e".repeat(32);
    let referee = Referee::new(Some(&seed)).unwrap();
    let mut game = referee.game(&[], None).unwrap();
    game.play("f3f5").unwrap();
    let reveal = game.reveal_of("a5b5").unwrap();
    let letter = game.variant().armory().fen_char(reveal.piece);
    assert_eq!(game.play("a5b5").unwrap().reveal(), Some(reveal));
    // The same answer without a game: from the seed and the record before the entry.
    assert_eq!(
        referee.reveal_for(&[], None, &["f3f5"], "@a5-b5").unwrap(),
        reveal
    );
    // Not legal after the record: an entry onto an occupied square, one from a corner, an
    // entry at the move's decision, garbage.
    for (record, entry) in [
        (&["f3f5"][..], "a5f5"),
        (&["f3f5"][..], "a1b2"),
        (&[][..], "a5b5"),
        (&["f3f5"][..], "x"),
    ] {
        let refused = referee.reveal_for(&[], None, record, entry).unwrap_err();
        assert!(
            matches!(
                refused.code,
                ErrorCode::IllegalAction | ErrorCode::BadAction
            ),
            "{entry}: {refused:?}"
        );
    }
    // A record the deal contradicts does not rebuild, naming both reveals.
    let wrong = if letter == 'q' { "a5b5=r" } else { "a5b5=q" };
    let refused = Game::from_record("immortal", &[], None, &["f3f5", wrong], Some(&seed))
        .err()
        .unwrap();
    assert_eq!(refused.code, ErrorCode::IllegalAction);
    assert!(
        refused.message.contains("but the deal reveals"),
        "{}",
        refused.message
    );
    assert!(referee
        .reveal_for(&[], None, &["f3f5", wrong, "f8f6", "pass"], "a6b6")
        .is_err());
    // The seed is apart from the options, and never "random".
    for (options, seed) in [
        (&[("seed", ZERO)][..], Some(ZERO)),
        (&[("seed", ZERO)][..], None),
        (&[][..], Some("random")),
    ] {
        assert!(Game::from_record("immortal", options, None, &[], seed).is_err());
    }
    // A public game has no deal to ask.
    let mut open = public(None);
    open.play("f3f5").unwrap();
    assert_eq!(
        open.reveal_of("a5b5").unwrap_err().code,
        ErrorCode::BadRequest
    );
}

#[test]
fn the_referee_discloses_the_seed_once_the_game_ends_by_a_declared_end() {
    let ends: [fn(&mut Game) -> schachwerk::Result<schachwerk::rules::Outcome>; 4] = [
        |g| g.resign(schachwerk::movement::Color::White),
        |g| g.resign(schachwerk::movement::Color::Black),
        Game::agree_draw,
        Game::abandon,
    ];
    for end in ends {
        let referee = Referee::new(Some(ZERO)).unwrap();
        let mut game = referee.game(&[], None).unwrap();
        game.play("f3f5").unwrap();
        assert!(referee.disclose(&game).is_err());
        // Inside the turn, at the entry's decision.
        assert_eq!(game.decision().kind, "entry");
        end(&mut game).unwrap();
        assert_eq!(referee.disclose(&game).unwrap(), ZERO);
        assert_eq!(game.decision().kind, "over");
        assert!(game.reveal_of("a5b5").is_err());
    }
}

#[test]
fn a_landing_a_knights_jump_from_the_king_is_no_entry_while_a_knight_may_be_revealed() {
    // White's one Immortal, on a2, can land only on b3 (b2 and c4 are held): a knight's jump
    // from the king on d4, and off its lines. With a black knight in the pool that landing
    // could check the king, so White has no entry and the turn passes to Black at once.
    let fen = "10/8k1/7R2/10/10/10/2PK6/10/?B8/10[n] w - - 0 1";
    let mut g = public(Some(fen));
    play_all(&mut g, &["h8h7"]);
    assert_eq!(g.decision().kind, "move", "{}", g.fen());
    assert_eq!(g.position().turn(), schachwerk::movement::Color::Black);
    // With a black bishop instead, b3 is safe: the entry is offered.
    let mut g = public(Some(&fen.replace("[n]", "[b]")));
    play_all(&mut g, &["h8h7"]);
    assert_eq!(g.decision().kind, "entry", "{}", g.fen());
    assert_eq!(listed(&g), ["a2b3", "pass"]);
}
