//! The exported wasm API, run in headless Chromium by wasm-bindgen-test (`./build.sh test`).
#![cfg(all(target_arch = "wasm32", feature = "wasm"))]

#[path = "common/perft_file.rs"]
mod perft_file;

use schachwerk::geometry::{Bitboard, Square};
use schachwerk::wasm::{variants, Game};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(value: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(value, &key.into()).unwrap()
}

fn text(value: &JsValue, key: &str) -> String {
    get(value, key).as_string().unwrap_or_default()
}

fn error_code(err: JsValue) -> String {
    assert!(
        err.is_instance_of::<js_sys::Error>(),
        "errors are JS Error objects"
    );
    text(&err, "code")
}

fn new_game(fen: Option<&str>) -> Game {
    Game::new(
        "chess".into(),
        JsValue::NULL,
        fen.map_or(JsValue::NULL, JsValue::from),
    )
    .unwrap()
}

/// Plays actions picked by a xorshift generator from `seed`, each given as its `field`
/// ("action" or "notation"), until the game ends; fails after `limit` plies. Returns the plies.
fn play_random_game(game: &mut Game, mut seed: u64, field: &str, limit: u32) -> u32 {
    let mut plies = 0;
    while text(&game.status().unwrap(), "state") == "ongoing" {
        let actions: js_sys::Array = game.legal_actions(None).unwrap().unchecked_into();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let pick = actions.get((seed % actions.length() as u64) as u32);
        game.play(text(&pick, field).into()).unwrap();
        plies += 1;
        assert!(plies < limit, "no result: {}", game.fen());
    }
    plies
}

#[wasm_bindgen_test]
fn lists_variants_and_legal_actions_with_squares_and_notation() {
    assert_eq!(variants()[0], "chess");
    let game = new_game(None);
    let actions: js_sys::Array = game.legal_actions(None).unwrap().unchecked_into();
    assert_eq!(actions.length(), 20);
    let knight = actions
        .iter()
        .find(|a| text(a, "action") == "g1f3")
        .expect("g1f3 is listed");
    assert_eq!(text(&knight, "from"), "g1");
    assert_eq!(text(&knight, "to"), "f3");
    assert_eq!(text(&knight, "notation"), "Nf3");
    assert!(get(&knight, "promotion").is_null());
}

#[wasm_bindgen_test]
fn plays_undoes_and_reports_status() {
    let mut game = new_game(None);
    let played = game.play("e4".into()).unwrap();
    assert_eq!(text(&played, "action"), "e2e4");
    assert_eq!(text(&get(&played, "status"), "state"), "ongoing");
    for m in ["e5", "Bc4", "Nc6", "Qh5", "Nf6"] {
        game.play(m.into()).unwrap();
    }
    let mate = game.play("Qxf7#".into()).unwrap();
    assert_eq!(text(&mate, "notation"), "Qxf7#");
    let status = game.status().unwrap();
    assert_eq!(text(&status, "state"), "white wins");
    assert_eq!(text(&status, "winner"), "white");
    assert_eq!(text(&status, "reason"), "checkmate");
    let history: js_sys::Array = game.history().unwrap().unchecked_into();
    assert_eq!(history.length(), 7);
    assert_eq!(error_code(game.play("a6".into()).unwrap_err()), "game_over");
    let undone = game.undo().unwrap();
    assert_eq!(text(&undone, "action"), "h5f7");
    assert_eq!(text(&game.status().unwrap(), "state"), "ongoing");
    assert_eq!(game.turn(), "white");
}

#[wasm_bindgen_test]
fn rejected_input_throws_coded_errors_and_keeps_the_game() {
    let mut game = new_game(None);
    game.play("d4".into()).unwrap();
    let fen = game.fen();
    assert_eq!(
        error_code(game.play("d4".into()).unwrap_err()),
        "illegal_action"
    );
    assert_eq!(
        error_code(game.play("??".into()).unwrap_err()),
        "bad_action"
    );
    assert_eq!(
        error_code(game.set_fen("8/8/8 w - - 0 1".into()).unwrap_err()),
        "bad_fen"
    );
    assert_eq!(game.fen(), fen);
    let history: js_sys::Array = game.history().unwrap().unchecked_into();
    assert_eq!(history.length(), 1);
    assert_eq!(
        error_code(
            Game::new("nope".into(), JsValue::NULL, JsValue::NULL)
                .err()
                .unwrap()
        ),
        "unknown_variant"
    );
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"castling".into(), &true.into()).unwrap();
    assert_eq!(
        error_code(
            Game::new("chess".into(), options.into(), JsValue::NULL)
                .err()
                .unwrap()
        ),
        "bad_option"
    );
    assert_eq!(
        error_code(
            Game::new("chess".into(), JsValue::from_str("x"), JsValue::NULL)
                .err()
                .unwrap()
        ),
        "bad_option"
    );
    let mut fresh = new_game(None);
    assert_eq!(error_code(fresh.undo().unwrap_err()), "nothing_to_undo");
}

#[wasm_bindgen_test]
fn board_fen_and_perft() {
    let mut game = new_game(Some("8/P6k/8/8/8/8/8/K7 w - - 0 1"));
    let board = game.board().unwrap();
    assert_eq!(get(&board, "files").as_f64(), Some(8.0));
    let holes: js_sys::Array = get(&board, "holes").unchecked_into();
    assert_eq!(holes.length(), 0);
    let pieces: js_sys::Array = get(&board, "pieces").unchecked_into();
    assert_eq!(pieces.length(), 3);
    let played = game.play("a7a8n".into()).unwrap();
    assert_eq!(text(&played, "notation"), "a8=N");
    assert_eq!(game.fen(), "N7/7k/8/8/8/8/8/K7 b - - 0 1");
    game.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into())
        .unwrap();
    assert_eq!(game.perft(3.into()).unwrap(), 8902.0);
}

/// `inCheck`: whether the side to move is in check, in a position loaded that way as after a
/// move that gives it, and never in Impulschach, which has no check.
#[wasm_bindgen_test]
fn in_check_is_for_the_side_to_move() {
    let loaded = new_game(Some("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"));
    assert!(loaded.in_check(), "a position loaded with Black in check");
    let mut game = new_game(None);
    assert!(!game.in_check());
    for m in ["e4", "f5"] {
        game.play(m.into()).unwrap();
    }
    assert!(!game.in_check());
    game.play("Qh5+".into()).unwrap();
    assert!(game.in_check(), "Black, to move, is in check");
    game.undo().unwrap();
    assert!(!game.in_check(), "undone");
    let impulschach = Game::new(
        "impulschach".into(),
        JsValue::NULL,
        "k7/8/8/8/8/8/8/R6K b - - 0 1".into(),
    )
    .unwrap();
    assert!(
        !impulschach.in_check(),
        "a rook on the king's file is no check there"
    );
}

#[wasm_bindgen_test]
fn nietzsche_knighted_plays_a_full_game_with_promotions_in_the_results() {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"sequence".into(), &"knighted".into()).unwrap();
    let mut game = Game::new("nietzsche".into(), options.into(), JsValue::NULL).unwrap();
    let first = game.play("e4".into()).unwrap();
    let promotions: js_sys::Array = get(&first, "promotions").unchecked_into();
    assert_eq!(promotions.length(), 0);
    for m in ["e5", "Nf3"] {
        game.play(m.into()).unwrap();
    }
    let reply = game.play("Nc6".into()).unwrap();
    assert_eq!(text(&reply, "notation"), "Nc6 (e5=N)");
    let promotions: js_sys::Array = get(&reply, "promotions").unchecked_into();
    let promoted = promotions.get(0);
    assert_eq!(
        (
            text(&promoted, "square"),
            text(&promoted, "from"),
            text(&promoted, "to")
        ),
        ("e5".to_string(), "p".to_string(), "n".to_string())
    );
    // Play on, always the last listed action, until the game ends.
    let mut plies = 0;
    while text(&game.status().unwrap(), "state") == "ongoing" {
        let actions: js_sys::Array = game.legal_actions(None).unwrap().unchecked_into();
        let last = actions.get(actions.length() - 1);
        game.play(text(&last, "action").into()).unwrap();
        plies += 1;
        assert!(plies < 3000, "no result: {}", game.fen());
    }
    assert!(!text(&game.status().unwrap(), "reason").is_empty());
    let history: js_sys::Array = game.history().unwrap().unchecked_into();
    assert_eq!(history.length(), plies + 4);
}

#[wasm_bindgen_test]
fn nacht_plays_full_games_in_both_setups() {
    for setup in ["traditional", "reverse"] {
        let options = js_sys::Object::new();
        js_sys::Reflect::set(&options, &"setup".into(), &setup.into()).unwrap();
        js_sys::Reflect::set(&options, &"castling".into(), &true.into()).unwrap();
        let mut game = Game::new("nacht".into(), options.into(), JsValue::NULL).unwrap();
        let board = game.board().unwrap();
        assert_eq!(get(&board, "ranks").as_f64(), Some(7.0));
        play_random_game(&mut game, 0x9e37_79b9_7f4a_7c15, "action", 5000);
        let status = game.status().unwrap();
        assert!(
            text(&status, "state").ends_with("wins"),
            "{setup}: NAChT has no draws without fifty"
        );
        assert!(!text(&status, "reason").is_empty());
    }
}

#[wasm_bindgen_test]
fn quintessential_plays_random_games_to_a_result_on_its_84_squares() {
    let mut game = Game::new("quintessential".into(), JsValue::NULL, JsValue::NULL).unwrap();
    let board = game.board().unwrap();
    assert_eq!(get(&board, "files").as_f64(), Some(10.0));
    let holes: js_sys::Array = get(&board, "holes").unchecked_into();
    assert_eq!(holes.length(), 16);
    let double_step = game.play("e3e5".into()).unwrap();
    assert_eq!(text(&double_step, "notation"), "e5");
    game.undo().unwrap();
    let plies = play_random_game(&mut game, 0x2545_f491_4f6c_dd1d, "notation", 3000);
    assert!(!text(&game.status().unwrap(), "reason").is_empty());
    let history: js_sys::Array = game.history().unwrap().unchecked_into();
    assert_eq!(history.length(), plies);
}

/// The perft data files, checked in the wasm build too (whose bitboards are wasm SIMD `v128`s,
/// not `u128`s as natively), up to a lower node limit than natively.
#[wasm_bindgen_test]
fn perft_files_match_in_wasm() {
    let files = [
        ("chess", include_str!("perft/chess.perft")),
        ("nacht", include_str!("perft/nacht.perft")),
        ("nietzsche", include_str!("perft/nietzsche.perft")),
        ("quintessential", include_str!("perft/quintessential.perft")),
        ("impulschach", include_str!("perft/impulschach.perft")),
        ("immortal", include_str!("perft/immortal.perft")),
    ];
    let mut run = 0;
    for (variant, text) in files {
        let entries = perft_file::parse(&format!("{variant}.perft"), variant, text);
        run += perft_file::check(&entries, 200_000).0;
    }
    assert!(run > 40, "only {run} counts checked");
}

/// Every `Bitboard` operation agrees with the same arithmetic on a plain `u128`, on sets drawn
/// by a xorshift generator (both halves, the boundary between them, empty and full sets).
#[wasm_bindgen_test]
fn bitboards_agree_with_u128_arithmetic() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut sets = vec![0u128, !0, 1, 1 << 63, 1 << 64, 3 << 63, 1 << 127];
    for _ in 0..200 {
        let wide = (next() as u128) << 64 | next() as u128;
        // Sparse sets too, as boards mostly are.
        sets.push(wide & ((next() as u128) << 64 | next() as u128) & (next() as u128 * 3));
        sets.push(wide);
    }
    for pair in sets.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (x, y) = (Bitboard::from_u128(a), Bitboard::from_u128(b));
        assert_eq!((x & y).to_u128(), a & b);
        assert_eq!((x | y).to_u128(), a | b);
        assert_eq!((x ^ y).to_u128(), a ^ b);
        assert_eq!((!x).to_u128(), !a);
        assert_eq!(x == y, a == b);
        assert_eq!(x.is_empty(), a == 0);
        assert_eq!(x.count(), a.count_ones());
        assert_eq!(x.more_than_one(), a.count_ones() > 1, "{a:#x}");
        let first = (a != 0).then(|| a.trailing_zeros());
        let last = (a != 0).then(|| 127 - a.leading_zeros());
        let in_range = |i: u32| Square::from_index(i);
        assert_eq!(x.first(), first.and_then(in_range), "{a:#x}");
        assert_eq!(x.last(), last.and_then(in_range), "{a:#x}");
        let listed: Vec<u32> = x.squares().map(|s| s.index() as u32).collect();
        let expected: Vec<u32> = (0..128)
            .filter(|&i| a >> i & 1 == 1 && in_range(i).is_some())
            .collect();
        assert_eq!(listed, expected, "{a:#x}");
        for delta in [1, 9, 10, 11, 20, 63] {
            assert_eq!(x.shift(delta).to_u128(), a << delta, "{a:#x} << {delta}");
            assert_eq!(x.shift(-delta).to_u128(), a >> delta, "{a:#x} >> {delta}");
        }
        // The span between the highest bit below a pivot and the lowest above it.
        let pivot = (next() % 126) as u32 + 1;
        let upper = b & (!0u128 << pivot);
        let below = a & ((1u128 << pivot) - 1);
        let nearest_below = 1u128 << (127 - (below | 1).leading_zeros());
        let span = upper ^ upper.wrapping_sub(nearest_below);
        assert_eq!(
            Bitboard::obstruction_span(Bitboard::from_u128(upper), Bitboard::from_u128(below))
                .to_u128(),
            span,
            "upper {upper:#x}, below {below:#x}"
        );
    }
    for index in 0..120 {
        let Some(sq) = Square::from_index(index) else {
            continue;
        };
        let x = Bitboard::from_u128(sets[7]);
        assert_eq!(Bitboard::from_square(sq).to_u128(), 1 << index);
        assert_eq!(x.contains(sq), sets[7] >> index & 1 == 1);
        assert_eq!(x.with(sq).to_u128(), sets[7] | 1 << index);
        assert_eq!(x.without(sq).to_u128(), sets[7] & !(1 << index));
    }
}

/// Arguments of the wrong type or out of range are refused with `bad_argument`, the game kept.
#[wasm_bindgen_test]
fn wrong_argument_types_are_refused_with_a_code() {
    let mut game = new_game(None);
    game.play("e4".into()).unwrap();
    let fen = game.fen();
    let bad = [
        JsValue::from(5),
        JsValue::TRUE,
        JsValue::NULL,
        JsValue::UNDEFINED,
        js_sys::Object::new().into(),
        js_sys::Array::new().into(),
        JsValue::from_str(&"e".repeat(5000)),
    ];
    for value in &bad {
        assert_eq!(
            error_code(game.play(value.clone()).unwrap_err()),
            "bad_argument"
        );
        if !value.is_null() && !value.is_undefined() {
            let refused = Game::new("chess".into(), JsValue::NULL, value.clone());
            assert_eq!(error_code(refused.err().unwrap()), "bad_argument");
        }
        assert_eq!(
            error_code(game.set_fen(value.clone()).unwrap_err()),
            "bad_argument"
        );
        let refused = Game::new(value.clone(), JsValue::NULL, JsValue::NULL);
        assert_eq!(error_code(refused.err().unwrap()), "bad_argument");
    }
    for depth in [-1.0, 21.0, 1.5, f64::NAN, f64::INFINITY, 4294967295.0] {
        assert_eq!(
            error_code(game.perft(depth.into()).unwrap_err()),
            "bad_argument"
        );
    }
    assert_eq!(
        error_code(game.perft("2".into()).unwrap_err()),
        "bad_argument"
    );
    assert_eq!(game.fen(), fen);
    assert_eq!(game.perft(2.into()).unwrap(), 600.0);
}

/// Impulschach through the wasm API: the decisions inside a turn, a whole turn in notation,
/// and the record by turns.
#[wasm_bindgen_test]
fn impulschach_turns_and_decisions_cross_the_boundary() {
    let mut game = Game::new("impulschach".into(), JsValue::NULL, JsValue::NULL).unwrap();
    for m in ["e4", "e5", "Bb5", "c6", "Cc3"] {
        game.play(m.into()).unwrap();
    }
    let decision = game.decision().unwrap();
    assert_eq!(text(&decision, "kind"), "chain");
    assert_eq!(text(&decision, "color"), "white");
    let marks: js_sys::Array = get(&decision, "marks").unchecked_into();
    assert_eq!(text(&marks.get(0), "mark"), "activated");
    assert_eq!(strings(&marks.get(0), "squares").len(), 4);
    // The older names of `select` and the `activated` mark are gone.
    assert!(get(&decision, "activated").is_undefined());
    for m in ["a4", "Ie2"] {
        game.play(m.into()).unwrap();
    }
    let shift = game.decision().unwrap();
    assert_eq!(text(&shift, "kind"), "shift");
    let options: js_sys::Array = get(&shift, "options").unchecked_into();
    assert_eq!(text(&options.get(0), "action"), "shift:a");
    assert_eq!(text(&options.get(1), "label"), "Shift from the h-file");
    game.play("shift:a".into()).unwrap();
    let decision = game.decision().unwrap();
    assert_eq!(text(&decision, "kind"), "displace");
    assert!(get(&decision, "pawn").is_undefined());
    assert_eq!(text(&decision, "select"), "a7");
    assert_eq!(text(&decision, "prompt"), "White: displace the pawn on a7");
    let marks: js_sys::Array = get(&decision, "marks").unchecked_into();
    assert_eq!(text(&marks.get(0), "mark"), "displace");
    assert_eq!(strings(&marks.get(0), "squares"), ["a7"]);
    // Back to the start of the turn, then the whole turn at once.
    for _ in 0..4 {
        game.undo().unwrap();
    }
    let turn = "Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ed4, ff6, gg6, hh6), Bxe8#)";
    let played = game.play(turn.into()).unwrap();
    assert_eq!(text(&played, "notation"), turn);
    assert!(text(&played, "action").starts_with("b1c3 a2a4 d1e2 shift:a a7a6"));
    assert_eq!(text(&get(&played, "status"), "reason"), "king captured");
    assert_eq!(text(&game.decision().unwrap(), "kind"), "over");
    let turns: js_sys::Array = game.turns().unwrap().unchecked_into();
    assert_eq!(turns.length(), 5);
    assert_eq!(text(&turns.get(4), "notation"), turn);
    assert!(strings(&turns.get(4), "squares").contains(&"e8".to_string()));
    assert_eq!(text(&turns.get(3), "color"), "black");
}

/// Immortal Chess through the wasm API: a game with a local referee to its end, the seed
/// disclosed and verified, and a public game fed the reveals from outside.
#[wasm_bindgen_test]
fn immortal_plays_with_a_local_referee_and_as_a_public_game() {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"seed".into(), &"random".into()).unwrap();
    let mut game = Game::new("immortal".into(), options.into(), JsValue::NULL).unwrap();
    let commitment = game.commitment().expect("a referee publishes a commitment");
    assert_eq!(commitment.len(), 64);
    assert_eq!(error_code(game.disclose().unwrap_err()), "bad_request");
    let mut public = Game::new("immortal".into(), JsValue::NULL, JsValue::NULL).unwrap();
    assert!(public.commitment().is_none());
    play_random_game(&mut game, 0x51ed_2701_f3a5_9c3b, "action", 6000);
    // The public game replays the record turn by turn, reveals included.
    let turns: js_sys::Array = game.turns().unwrap().unchecked_into();
    for turn in turns.iter() {
        public.play(text(&turn, "notation").into()).unwrap();
    }
    assert_eq!(public.fen(), game.fen());
    let seed = game.disclose().unwrap().expect("the seed at the end");
    let verdict = public
        .verify_deal(seed.clone().into(), commitment.clone().into())
        .unwrap();
    assert_eq!(get(&verdict, "commitment").as_bool(), Some(true));
    assert!(get(&verdict, "wrongReveal").is_null());
    let wrong = public
        .verify_deal("00".repeat(32).into(), commitment.into())
        .unwrap();
    assert_eq!(get(&wrong, "commitment").as_bool(), Some(false));
    // A public game refuses an entry without its identity, and perft without a deal.
    let mut fresh = Game::new("immortal".into(), JsValue::NULL, JsValue::NULL).unwrap();
    fresh.play("f3f5".into()).unwrap();
    assert_eq!(
        error_code(fresh.play("a5b5".into()).unwrap_err()),
        "bad_request"
    );
    assert_eq!(
        error_code(fresh.perft(1.into()).unwrap_err()),
        "bad_request"
    );
    let played = fresh.reveal("a5b5".into(), "n".into()).unwrap();
    assert_eq!(text(&played, "notation"), "@a5-b5=n");
    assert_eq!(text(&fresh.decision().unwrap(), "color"), "black");
    assert_eq!(
        error_code(fresh.reveal("a4b4".into(), "nn".into()).unwrap_err()),
        "bad_argument"
    );
}

/// A game with a local referee takes no identity with an entry, through `play` or `reveal`:
/// every letter, the deal's own too, is refused with the same words, and the game is unchanged.
#[wasm_bindgen_test]
fn a_local_referee_refuses_every_identity_given_with_an_entry() {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"seed".into(), &"00".repeat(32).into()).unwrap();
    let mut game = Game::new("immortal".into(), options.into(), JsValue::NULL).unwrap();
    game.play("f3f5".into()).unwrap();
    let fen = game.fen();
    let mut refusals = Vec::new();
    // The zero seed's deal has a black knight on a5.
    for letter in ["n", "q", "Q", "p"] {
        for err in [
            game.play(format!("a5b5={letter}").into()).unwrap_err(),
            game.reveal("a5b5".into(), letter.into()).unwrap_err(),
        ] {
            assert_eq!(game.fen(), fen);
            let message = text(&err, "message").replace(&format!("={letter}'"), "=?'");
            refusals.push((error_code(err), message));
        }
    }
    assert_eq!(refusals[0].0, "bad_request");
    assert!(refusals.iter().all(|r| *r == refusals[0]), "{refusals:?}");
    let played = game.play("a5b5".into()).unwrap();
    assert_eq!(text(&played, "notation"), "@a5-b5=n");
}

/// The deal in wasm is the independent checker's (tests/deals.txt), as natively.
#[wasm_bindgen_test]
fn deals_in_wasm_agree_with_the_independent_computation() {
    let mut checked = 0;
    for line in include_str!("deals.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let deal: js_sys::Array = schachwerk::wasm::deal_of(fields[0].into(), JsValue::NULL)
            .unwrap()
            .unchecked_into();
        let letters: String = deal.iter().map(|entry| text(&entry, "piece")).collect();
        assert_eq!(letters, fields[1], "seed {}", fields[0]);
        assert_eq!(text(&deal.get(0), "square"), "a1");
        let options = js_sys::Object::new();
        js_sys::Reflect::set(&options, &"seed".into(), &fields[0].into()).unwrap();
        let game = Game::new("immortal".into(), options.into(), JsValue::NULL).unwrap();
        assert_eq!(game.commitment().as_deref(), Some(fields[2]));
        checked += 1;
    }
    assert!(checked >= 4);
}

fn limits(fields: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (key, value) in fields {
        js_sys::Reflect::set(&object, &(*key).into(), value).unwrap();
    }
    object.into()
}

fn strings(value: &JsValue, key: &str) -> Vec<String> {
    let array: js_sys::Array = get(value, key).unchecked_into();
    array.iter().map(|v| v.as_string().unwrap()).collect()
}

fn legal(game: &Game) -> Vec<String> {
    let actions: js_sys::Array = game.legal_actions(None).unwrap().unchecked_into();
    actions.iter().map(|a| text(&a, "action")).collect()
}

/// Everything `think` must leave as it was.
fn snapshot(game: &Game) -> String {
    let history: js_sys::Array = game.history().unwrap().unchecked_into();
    let history: Vec<String> = history.iter().map(|e| text(&e, "action")).collect();
    format!("{} {:?} {:?}", game.fen(), history, legal(game))
}

/// `think` answers every variant with a legal whole turn, which the game then plays to the
/// end of the turn, and leaves the game as it was.
#[wasm_bindgen_test]
fn think_returns_a_legal_whole_turn_in_every_variant() {
    let seeded = limits(&[("seed", "5e".repeat(32).into())]);
    let setups = [
        ("chess", JsValue::NULL),
        ("nietzsche", JsValue::NULL),
        ("nacht", JsValue::NULL),
        ("quintessential", JsValue::NULL),
        ("impulschach", JsValue::NULL),
        ("immortal", seeded),
        ("immortal", JsValue::NULL),
    ];
    for (variant, options) in setups {
        let mut game = Game::new(variant.into(), options, JsValue::NULL).unwrap();
        for ply in 0..6 {
            let before = snapshot(&game);
            let mover = game.turn();
            let thought = game.think(limits(&[("nodes", 1500.into())])).unwrap();
            assert_eq!(snapshot(&game), before, "{variant}: think changed the game");
            let turn = strings(&thought, "turn");
            assert_eq!(text(&thought, "best"), turn[0], "{variant}");
            assert!(legal(&game).contains(&turn[0]), "{variant}: {turn:?}");
            assert!(
                text(&thought, "score").starts_with("cp ")
                    || text(&thought, "score").starts_with("mate ")
            );
            assert!(get(&thought, "nodes").as_f64().unwrap() >= 1.0);
            assert!(!strings(&thought, "pv").is_empty());
            let public_entry = variant == "immortal" && game.commitment().is_none();
            for action in &turn {
                if public_entry && text(&game.decision().unwrap(), "kind") == "entry" {
                    // A public game takes an entry's piece from outside; pass instead.
                    game.play("pass".into()).unwrap();
                    break;
                }
                game.play(action.as_str().into())
                    .unwrap_or_else(|e| panic!("{variant} ply {ply}: {action} of {turn:?}: {e:?}"));
            }
            let over = text(&game.status().unwrap(), "state") != "ongoing";
            assert!(
                over || game.turn() != mover,
                "{variant}: {turn:?} is not a whole turn"
            );
            if over {
                break;
            }
        }
    }
}

/// Limits of the wrong type, out of range, missing or unknown are refused with `bad_argument`
/// naming the problem; the game is kept.
#[wasm_bindgen_test]
fn think_refuses_bad_limits_and_keeps_the_game() {
    let mut game = new_game(None);
    game.play("e4".into()).unwrap();
    let before = snapshot(&game);
    let made = |body: &str| {
        js_sys::Function::new_no_args(body)
            .call0(&JsValue::NULL)
            .unwrap()
    };
    let revoked = made("const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy;");
    let throwing = made("return { get nodes() { throw new Error('getter'); } };");
    let bad = [
        (JsValue::UNDEFINED, "must be an object"),
        (JsValue::NULL, "must be an object"),
        (JsValue::from(1000), "must be an object"),
        (JsValue::from_str("nodes"), "must be an object"),
        (js_sys::Array::new().into(), "must be an object"),
        (js_sys::Object::new().into(), "must give nodes, ms or depth"),
        (
            limits(&[("nodes", 0.into())]),
            "nodes must be a whole number from 1 to 50000000",
        ),
        (limits(&[("nodes", 50_000_001.into())]), "nodes must be"),
        (limits(&[("nodes", 1.5.into())]), "nodes must be"),
        (limits(&[("nodes", f64::NAN.into())]), "nodes must be"),
        (limits(&[("nodes", "100".into())]), "nodes must be"),
        (limits(&[("nodes", JsValue::NULL)]), "nodes must be"),
        (
            limits(&[("ms", 0.into())]),
            "ms must be a whole number from 1 to 600000",
        ),
        (limits(&[("ms", 600_001.into())]), "ms must be"),
        (
            limits(&[("depth", 65.into())]),
            "depth must be a whole number from 1 to 64",
        ),
        (limits(&[("depth", (-1).into())]), "depth must be"),
        (
            limits(&[("nodes", 100.into()), ("noise", 1001.into())]),
            "noise must be a whole number from 0 to 1000",
        ),
        (
            limits(&[("nodes", 100.into()), ("seed", (-1).into())]),
            "seed must be",
        ),
        (
            limits(&[("noise", 50.into())]),
            "must give nodes, ms or depth",
        ),
        (
            limits(&[("nodes", 100.into()), ("depht", 2.into())]),
            "not the string \"depht\"",
        ),
        (
            limits(&[("nodes", 100.into()), ("keep", 1.into())]),
            "keep must be true or false, got the number 1",
        ),
        (
            limits(&[("nodes", 100.into()), ("keep", "yes".into())]),
            "keep must be true or false",
        ),
        (revoked, "cannot be read"),
        (throwing, "cannot be read"),
    ];
    for (value, message) in bad {
        let err = game.think(value).unwrap_err();
        let shown = text(&err, "message");
        assert_eq!(error_code(err), "bad_argument", "{shown}");
        assert!(shown.contains(message), "'{shown}' names '{message}'");
        assert_eq!(snapshot(&game), before);
    }
    // The game still plays, and still thinks, with noise too.
    let thought = game.think(limits(&[("depth", 1.into())])).unwrap();
    assert!(legal(&game).contains(&text(&thought, "best")));
    let noisy = limits(&[
        ("nodes", 500.into()),
        ("noise", 80.into()),
        ("seed", 7.into()),
    ]);
    let thought = game.think(noisy).unwrap();
    assert!(legal(&game).contains(&text(&thought, "best")));
}

/// A mate in one is found and scored as one; the game over is refused with `game_over`; the
/// same node budget gives the same answer.
#[wasm_bindgen_test]
fn think_finds_a_mate_refuses_a_finished_game_and_repeats_itself() {
    let mut game = new_game(None);
    for m in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"] {
        game.play(m.into()).unwrap();
    }
    let thought = game.think(limits(&[("depth", 2.into())])).unwrap();
    assert_eq!(text(&thought, "best"), "h5f7");
    assert_eq!(text(&thought, "score"), "mate 1");
    let budget = || limits(&[("nodes", 5000.into())]);
    let a = game.think(budget()).unwrap();
    let b = game.think(budget()).unwrap();
    for key in ["best", "score"] {
        assert_eq!(text(&a, key), text(&b, key));
    }
    assert_eq!(strings(&a, "pv"), strings(&b, "pv"));
    assert_eq!(get(&a, "nodes").as_f64(), get(&b, "nodes").as_f64());
    game.play("Qxf7#".into()).unwrap();
    assert_eq!(error_code(game.think(budget()).unwrap_err()), "game_over");
}

/// `keep: true` lends the search the table of the last think (a computer opponent playing on
/// keeps it, as a UCI engine does): the same depth again costs fewer nodes. Without `keep` the
/// table is new, so the answer is the same every time.
#[wasm_bindgen_test]
fn think_keeps_the_last_thinks_table_when_asked() {
    let mut game = new_game(None);
    for m in ["e4", "e5", "Nf3", "Nc6"] {
        game.play(m.into()).unwrap();
    }
    let nodes = |thought: &JsValue| get(thought, "nodes").as_f64().unwrap();
    let fresh = || limits(&[("depth", 5.into())]);
    let kept = || limits(&[("depth", 5.into()), ("keep", true.into())]);
    let first = game.think(fresh()).unwrap();
    let again = game.think(kept()).unwrap();
    assert!(
        nodes(&again) < nodes(&first) / 2.0,
        "kept: {} nodes, new: {}",
        nodes(&again),
        nodes(&first)
    );
    let without = game
        .think(limits(&[("depth", 5.into()), ("keep", false.into())]))
        .unwrap();
    assert_eq!(nodes(&without), nodes(&first));
    assert_eq!(strings(&without, "pv"), strings(&first, "pv"));
}

/// `record()` rebuilds a game's public copy, reveals included; with a local referee `think`
/// searches that copy, so a refereed game and its copy think alike.
#[wasm_bindgen_test]
fn record_replays_the_public_game_and_a_referee_thinks_as_its_copy() {
    let options = limits(&[
        ("seed", "5e".repeat(32).into()),
        ("composition", "2Q2R3B3N8P".into()),
    ]);
    let mut game = Game::new("immortal".into(), options, JsValue::NULL).unwrap();
    play_random_game_for(&mut game, 0x2bd1_77e0_5a3c_9f01, 40);
    let record = game.record().unwrap();
    assert_eq!(text(&record, "variant"), "immortal");
    let copy_options = get(&record, "options");
    assert!(
        get(&copy_options, "seed").is_undefined(),
        "the seed stays with the referee"
    );
    assert_eq!(text(&copy_options, "composition"), "2Q2R3B3N8P");
    let actions = strings(&record, "actions");
    assert!(
        actions.iter().any(|a| a.contains('=')),
        "an entry was revealed: {actions:?}"
    );
    let mut copy = Game::new("immortal".into(), copy_options, get(&record, "start")).unwrap();
    assert!(copy.commitment().is_none());
    for action in &actions {
        copy.play(action.as_str().into()).unwrap();
    }
    assert_eq!(copy.fen(), game.fen());
    let budget = || limits(&[("nodes", 3000.into())]);
    let (a, b) = (game.think(budget()).unwrap(), copy.think(budget()).unwrap());
    assert_eq!(strings(&a, "turn"), strings(&b, "turn"));
    assert_eq!(text(&a, "score"), text(&b, "score"));
    assert_eq!(get(&a, "nodes").as_f64(), get(&b, "nodes").as_f64());
    // Every other variant's record replays too (Impulschach's decisions one by one).
    let mut impuls = Game::new("impulschach".into(), JsValue::NULL, JsValue::NULL).unwrap();
    impuls.play("e4".into()).unwrap();
    impuls.play("e5".into()).unwrap();
    impuls.play("Bb5".into()).unwrap();
    impuls.play("c6".into()).unwrap();
    impuls
        .play("Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ef4, ff6, gg6, hh6), Bxe8#)".into())
        .unwrap();
    let record = impuls.record().unwrap();
    let mut copy = Game::new(
        "impulschach".into(),
        get(&record, "options"),
        get(&record, "start"),
    )
    .unwrap();
    for action in strings(&record, "actions") {
        copy.play(action.into()).unwrap();
    }
    assert_eq!(copy.fen(), impuls.fen());
    assert_eq!(text(&copy.status().unwrap(), "reason"), "king captured");
}

/// Plays up to `plies` random legal actions (fewer if the game ends).
fn play_random_game_for(game: &mut Game, mut seed: u64, plies: u32) {
    for _ in 0..plies {
        if text(&game.status().unwrap(), "state") != "ongoing" {
            break;
        }
        let actions: js_sys::Array = game.legal_actions(None).unwrap().unchecked_into();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let pick = actions.get((seed % actions.length() as u64) as u32);
        game.play(text(&pick, "action").into()).unwrap();
    }
}

/// The wasm's allocator (src/wasm/heap.rs): blocks of many sizes and alignments are aligned,
/// do not overlap, keep their contents when grown or shrunk, and are reused once freed.
#[wasm_bindgen_test]
fn the_allocator_hands_out_aligned_separate_blocks() {
    use std::alloc::{alloc, dealloc, realloc, Layout};
    let sizes = [1, 7, 15, 16, 17, 100, 4096, 65_535, 65_536, 65_537, 300_000];
    let mut blocks = Vec::new();
    for (i, &size) in sizes.iter().enumerate() {
        for (j, align) in [1, 8, 16, 64, 4096, 65_536].into_iter().enumerate() {
            let layout = Layout::from_size_align(size, align).unwrap();
            // SAFETY: a layout of non-zero size; the block is filled, checked and freed below.
            let block = unsafe { alloc(layout) };
            assert!(!block.is_null(), "{size} bytes aligned to {align}");
            assert_eq!(block as usize % align, 0, "{size} bytes aligned to {align}");
            let fill = (i * 8 + j) as u8;
            // SAFETY: the block holds `size` bytes.
            unsafe { std::ptr::write_bytes(block, fill, size) };
            blocks.push((block, layout, fill));
        }
    }
    for &(block, layout, fill) in &blocks {
        // SAFETY: each block holds its layout's size, written above; an overlap would have
        // overwritten some with another's fill.
        let bytes = unsafe { std::slice::from_raw_parts(block, layout.size()) };
        assert!(bytes.iter().all(|&b| b == fill), "{layout:?} overwritten");
    }
    for (block, layout, fill) in blocks {
        // SAFETY: the block was allocated with `layout`; grown and shrunk with its alignment.
        unsafe {
            let grown = realloc(block, layout, layout.size() * 3 + 40);
            assert!(!grown.is_null());
            let kept = std::slice::from_raw_parts(grown, layout.size());
            assert!(
                kept.iter().all(|&b| b == fill),
                "{layout:?} lost by realloc"
            );
            let big = Layout::from_size_align(layout.size() * 3 + 40, layout.align()).unwrap();
            let shrunk = realloc(grown, big, 1);
            assert_eq!(*shrunk, fill);
            dealloc(shrunk, Layout::from_size_align(1, layout.align()).unwrap());
        }
    }
    // A freed block of a size is handed out again for the same size.
    let layout = Layout::from_size_align(24, 8).unwrap();
    // SAFETY: allocated, freed and allocated again with the same layout.
    unsafe {
        let first = alloc(layout);
        dealloc(first, layout);
        let again = alloc(layout);
        assert_eq!(first, again);
        dealloc(again, layout);
    }
}

/// What a host needs without knowing the variant: the checked king's square, each action's
/// changed squares and reveal, the piece types' names, and a variant's title.
#[wasm_bindgen_test]
fn hosts_get_check_squares_changed_squares_reveals_and_names_from_the_engine() {
    let mut game = Game::new(
        "chess".into(),
        JsValue::NULL,
        "4k3/8/8/8/8/8/4q3/R3K2R w KQ - 0 1".into(),
    )
    .unwrap();
    assert_eq!(game.check_squares(), ["e1"]);
    let played = game.play("Kxe2".into()).unwrap();
    assert_eq!(strings(&played, "squares"), ["e1", "e2"]);
    assert!(get(&played, "reveal").is_null());
    let pieces: js_sys::Array = game.pieces().unwrap().unchecked_into();
    let names: Vec<String> = pieces.iter().map(|p| text(&p, "name")).collect();
    assert_eq!(names, ["pawn", "knight", "bishop", "rook", "queen", "king"]);
    let info = schachwerk::wasm::variant_info("nacht".into()).unwrap();
    assert_eq!(text(&info, "title"), "NAChT Schach");
    let immortal = schachwerk::wasm::variant_info("immortal".into()).unwrap();
    assert_eq!(get(&immortal, "hiddenIdentities"), JsValue::TRUE);

    let options = js_sys::Object::new();
    js_sys::Reflect::set(
        &options,
        &"seed".into(),
        &"0000000000000000000000000000000000000000000000000000000000000000".into(),
    )
    .unwrap();
    let mut refereed = Game::new("immortal".into(), options.into(), JsValue::NULL).unwrap();
    refereed.play("f3f5".into()).unwrap();
    let entry = refereed.play("a5b5".into()).unwrap();
    let reveal = get(&entry, "reveal");
    assert_eq!(text(&reveal, "square"), "a5");
    assert_eq!(text(&reveal, "to"), "b5");
    assert_eq!(text(&reveal, "piece"), "n");
    assert_eq!(text(&reveal, "color"), "black");
}

#[wasm_bindgen_test]
fn pgn_is_written_and_read_back() {
    let mut game = Game::new("nacht".into(), JsValue::NULL, JsValue::NULL).unwrap();
    game.play("e3".into()).unwrap();
    game.play("e5".into()).unwrap();
    let tags = js_sys::Object::new();
    js_sys::Reflect::set(&tags, &"White".into(), &"Anna".into()).unwrap();
    js_sys::Reflect::set(&tags, &"Round".into(), &3.into()).unwrap();
    let pgn = game.pgn(tags.into()).unwrap();
    assert!(pgn.contains("[Round \"3\"]\n[White \"Anna\"]\n"), "{pgn}");
    assert!(
        pgn.contains("[Variant \"nacht\"]\n") && pgn.ends_with("1. e3 e5 *\n"),
        "{pgn}"
    );
    let copy = Game::from_pgn(pgn.as_str().into()).unwrap();
    assert_eq!(copy.fen(), game.fen());
    assert_eq!(copy.variant(), "nacht");
    // No tags at all, and tags that are not an object or not PGN's.
    assert!(game
        .pgn(JsValue::UNDEFINED)
        .unwrap()
        .contains("[White \"?\"]"));
    assert_eq!(
        error_code(game.pgn(JsValue::from(5)).unwrap_err()),
        "bad_argument"
    );
    let bad = js_sys::Object::new();
    js_sys::Reflect::set(&bad, &"Two words".into(), &"x".into()).unwrap();
    assert_eq!(error_code(game.pgn(bad.into()).unwrap_err()), "bad_request");
    // Errors keep their codes and name the line.
    let err = Game::from_pgn("1. e4 e5 2. Ke3 *".into()).err().unwrap();
    assert_eq!(error_code(err.clone()), "illegal_action");
    assert!(text(&err, "message").starts_with("PGN line 1, move 2. Ke3"));
    assert_eq!(
        error_code(Game::from_pgn("1. e4 {".into()).err().unwrap()),
        "bad_pgn"
    );
    assert_eq!(
        error_code(Game::from_pgn(JsValue::NULL).err().unwrap()),
        "bad_argument"
    );
}

/// Resignation, an agreed draw and an abandonment end the game through the wasm API; undo
/// does not take them back; the local referee discloses its seed; the record carries the end
/// and `fromRecord` restores it.
#[wasm_bindgen_test]
fn declared_ends_cross_the_boundary() {
    let mut game = new_game(None);
    game.play("e4".into()).unwrap();
    let status = game.resign("white".into()).unwrap();
    assert_eq!(text(&status, "state"), "black wins");
    assert_eq!(text(&status, "winner"), "black");
    assert_eq!(text(&status, "reason"), "white resigned");
    assert_eq!(text(&game.status().unwrap(), "reason"), "white resigned");
    assert_eq!(text(&game.decision().unwrap(), "kind"), "over");
    assert_eq!(error_code(game.play("e5".into()).unwrap_err()), "game_over");
    assert_eq!(error_code(game.undo().unwrap_err()), "game_over");
    assert_eq!(error_code(game.agree_draw().unwrap_err()), "game_over");
    assert_eq!(game.ply(), 1);
    for bad in [JsValue::from("White"), JsValue::NULL, JsValue::from(1)] {
        let mut fresh = new_game(None);
        assert_eq!(error_code(fresh.resign(bad).unwrap_err()), "bad_argument");
        assert_eq!(text(&fresh.status().unwrap(), "state"), "ongoing");
    }
    let mut draw = new_game(None);
    let status = draw.agree_draw().unwrap();
    assert_eq!(text(&status, "state"), "draw");
    assert_eq!(text(&status, "reason"), "agreement");

    let options = limits(&[("seed", "5e".repeat(32).into())]);
    let mut refereed = Game::new("immortal".into(), options, JsValue::NULL).unwrap();
    refereed.play("f3f5".into()).unwrap();
    assert_eq!(error_code(refereed.disclose().unwrap_err()), "bad_request");
    let status = refereed.abandon().unwrap();
    assert_eq!(text(&status, "state"), "unfinished");
    assert!(get(&status, "winner").is_null());
    assert_eq!(text(&status, "reason"), "abandoned");
    assert_eq!(refereed.disclose().unwrap(), Some("5e".repeat(32)));
    let record = refereed.record().unwrap();
    assert_eq!(text(&record, "end"), "abandoned");
    let rebuilt = Game::from_record(record, "5e".repeat(32).into()).unwrap();
    assert_eq!(text(&rebuilt.status().unwrap(), "state"), "unfinished");
    assert_eq!(rebuilt.fen(), refereed.fen());
    assert!(get(&game.record().unwrap(), "end").as_string().is_some());
    assert!(get(&new_game(None).record().unwrap(), "end").is_null());
}

/// The lean listings: machine strings, a count, a yes/no that never throws, the actions
/// from one square, the number of actions played.
#[wasm_bindgen_test]
fn lean_listings_agree_with_legal_actions() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut game = new_game(Some(kiwipete));
    let moves: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| m.as_string().unwrap())
        .collect();
    assert_eq!(moves, legal(&game));
    assert_eq!(game.count_legal(), 48);
    for m in &moves {
        assert!(game.is_legal(m.as_str().into()));
    }
    assert!(game.is_legal("O-O".into()) && game.is_legal("Qxf6".into()));
    for garbage in [
        JsValue::from("e2e5"),
        JsValue::from(""),
        JsValue::from("x".repeat(5000)),
        JsValue::NULL,
        JsValue::from(5),
        js_sys::Object::new().into(),
    ] {
        assert!(!game.is_legal(garbage));
    }
    let filter = limits(&[("square", "e1".into())]);
    let from_e1: js_sys::Array = game.legal_actions(Some(filter)).unwrap().unchecked_into();
    let from_e1: Vec<String> = from_e1.iter().map(|a| text(&a, "notation")).collect();
    assert_eq!(from_e1, ["Kd1", "Kf1", "O-O-O", "O-O"]);
    let all = limits(&[("square", JsValue::NULL)]);
    let all: js_sys::Array = game.legal_actions(Some(all)).unwrap().unchecked_into();
    assert_eq!(all.length(), 48);
    let empty = limits(&[("square", "e4".into())]);
    let empty: js_sys::Array = game.legal_actions(Some(empty)).unwrap().unchecked_into();
    assert_eq!(empty.length(), 0);
    for bad in [
        limits(&[("square", "z9".into())]),
        limits(&[("square", 5.into())]),
        JsValue::from("e1"),
        js_sys::Array::new().into(),
    ] {
        assert_eq!(
            error_code(game.legal_actions(Some(bad)).unwrap_err()),
            "bad_argument"
        );
    }
    assert_eq!(game.ply(), 0);
    game.play("O-O".into()).unwrap();
    assert_eq!(game.ply(), 1);
    game.resign("black".into()).unwrap();
    assert_eq!(game.legal_moves().length(), 0);
    assert_eq!(game.count_legal(), 0);
}

/// A refereed Immortal game rebuilt from its record and seed goes on identically, and the
/// stateless `revealOf` answers each entry as the game reveals it.
#[wasm_bindgen_test]
fn a_refereed_game_is_rebuilt_from_its_record_and_seed() {
    let seed = "5e".repeat(32);
    let options = || limits(&[("seed", seed.as_str().into())]);
    let mut game = Game::new("immortal".into(), options(), JsValue::NULL).unwrap();
    play_entries(&mut game, 0x2bd1_77e0_5a3c_9f01, 24);
    let record = game.record().unwrap();
    let actions = strings(&record, "actions");
    assert!(
        actions.iter().filter(|a| a.contains('=')).count() >= 4,
        "{actions:?}"
    );
    let mut rebuilt = Game::from_record(record.clone(), seed.as_str().into()).unwrap();
    assert_eq!(rebuilt.fen(), game.fen());
    assert_eq!(rebuilt.commitment(), game.commitment());
    assert_eq!(
        js_sys::JSON::stringify(&rebuilt.history().unwrap()).unwrap(),
        js_sys::JSON::stringify(&game.history().unwrap()).unwrap()
    );
    // The next entries reveal the same pieces in both, as revealOf says beforehand.
    let mut revealed = 0;
    for _ in 0..40 {
        if game.decision().ok().map(|d| text(&d, "kind")) == Some("entry".into()) {
            let entry = legal(&game).into_iter().find(|a| a != "pass").unwrap();
            let said = schachwerk::wasm::reveal_of(
                seed.as_str().into(),
                game.record().unwrap(),
                entry.as_str().into(),
            )
            .unwrap();
            let a = game.play(entry.as_str().into()).unwrap();
            let b = rebuilt.play(entry.as_str().into()).unwrap();
            let reveal = js_sys::JSON::stringify(&get(&a, "reveal")).unwrap();
            assert_eq!(reveal, js_sys::JSON::stringify(&get(&b, "reveal")).unwrap());
            assert_eq!(reveal, js_sys::JSON::stringify(&said).unwrap());
            revealed += 1;
        } else {
            let next = legal(&game).into_iter().next();
            let Some(next) = next else { break };
            game.play(next.as_str().into()).unwrap();
            rebuilt.play(next.as_str().into()).unwrap();
        }
    }
    assert!(revealed >= 3, "only {revealed} entries");
    assert_eq!(rebuilt.fen(), game.fen());
    // A public rebuild without the seed; a wrong seed, a non-entry and a bad record refused.
    let public = Game::from_record(record.clone(), JsValue::NULL).unwrap();
    assert!(public.commitment().is_none());
    let wrong = Game::from_record(record.clone(), "00".repeat(32).into());
    assert_eq!(error_code(wrong.err().unwrap()), "illegal_action");
    let reveal_of = |record: JsValue, entry: &str| {
        schachwerk::wasm::reveal_of(seed.as_str().into(), record, entry.into())
    };
    assert_eq!(
        error_code(reveal_of(record.clone(), "j1j2").unwrap_err()),
        "illegal_action"
    );
    let fresh = Game::new("immortal".into(), options(), JsValue::NULL).unwrap();
    assert_eq!(
        error_code(reveal_of(fresh.record().unwrap(), "f3f5").unwrap_err()),
        "bad_request"
    );
    for bad in [
        JsValue::NULL,
        JsValue::from("record"),
        limits(&[("variant", "immortal".into())]),
        limits(&[("variant", "immortal".into()), ("actions", "f3f5".into())]),
        limits(&[
            ("variant", 5.into()),
            ("actions", js_sys::Array::new().into()),
        ]),
    ] {
        assert_eq!(
            error_code(reveal_of(bad.clone(), "a5b5").unwrap_err()),
            "bad_argument"
        );
        assert_eq!(
            error_code(Game::from_record(bad, JsValue::NULL).err().unwrap()),
            "bad_argument"
        );
    }
}

/// Plays `plies` actions, bringing an Immortal in whenever one may enter.
fn play_entries(game: &mut Game, mut seed: u64, plies: u32) {
    for _ in 0..plies {
        let actions = legal(game);
        if actions.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let entries: Vec<&String> = actions.iter().filter(|a| *a != "pass").collect();
        let kind = text(&game.decision().unwrap(), "kind");
        let pick = if kind == "entry" && !entries.is_empty() {
            entries[(seed % entries.len() as u64) as usize].clone()
        } else {
            actions[(seed % actions.len() as u64) as usize].clone()
        };
        game.play(pick.into()).unwrap();
    }
}
