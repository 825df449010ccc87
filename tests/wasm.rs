//! The exported wasm API, run in headless Chromium by wasm-bindgen-test (`./build.sh test`).
#![cfg(target_arch = "wasm32")]

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
    Game::new("chess", JsValue::NULL, fen.map(str::to_string)).unwrap()
}

/// Plays actions picked by a xorshift generator from `seed`, each given as its `field`
/// ("action" or "notation"), until the game ends; fails after `limit` plies. Returns the plies.
fn play_random_game(game: &mut Game, mut seed: u64, field: &str, limit: u32) -> u32 {
    let mut plies = 0;
    while text(&game.status().unwrap(), "state") == "ongoing" {
        let actions: js_sys::Array = game.legal_actions().unwrap().unchecked_into();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let pick = actions.get((seed % actions.length() as u64) as u32);
        game.play(&text(&pick, field)).unwrap();
        plies += 1;
        assert!(plies < limit, "no result: {}", game.fen());
    }
    plies
}

#[wasm_bindgen_test]
fn lists_variants_and_legal_actions_with_squares_and_notation() {
    assert_eq!(variants()[0], "chess");
    let game = new_game(None);
    let actions: js_sys::Array = game.legal_actions().unwrap().unchecked_into();
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
    let played = game.play("e4").unwrap();
    assert_eq!(text(&played, "action"), "e2e4");
    assert_eq!(text(&get(&played, "status"), "state"), "ongoing");
    for m in ["e5", "Bc4", "Nc6", "Qh5", "Nf6"] {
        game.play(m).unwrap();
    }
    let mate = game.play("Qxf7#").unwrap();
    assert_eq!(text(&mate, "notation"), "Qxf7#");
    let status = game.status().unwrap();
    assert_eq!(text(&status, "state"), "white wins");
    assert_eq!(text(&status, "winner"), "white");
    assert_eq!(text(&status, "reason"), "checkmate");
    let history: js_sys::Array = game.history().unwrap().unchecked_into();
    assert_eq!(history.length(), 7);
    assert_eq!(error_code(game.play("a6").unwrap_err()), "game_over");
    let undone = game.undo().unwrap();
    assert_eq!(text(&undone, "action"), "h5f7");
    assert_eq!(text(&game.status().unwrap(), "state"), "ongoing");
    assert_eq!(game.turn(), "white");
}

#[wasm_bindgen_test]
fn rejected_input_throws_coded_errors_and_keeps_the_game() {
    let mut game = new_game(None);
    game.play("d4").unwrap();
    let fen = game.fen();
    assert_eq!(error_code(game.play("d4").unwrap_err()), "illegal_action");
    assert_eq!(error_code(game.play("??").unwrap_err()), "bad_action");
    assert_eq!(
        error_code(game.set_fen("8/8/8 w - - 0 1").unwrap_err()),
        "bad_fen"
    );
    assert_eq!(game.fen(), fen);
    let history: js_sys::Array = game.history().unwrap().unchecked_into();
    assert_eq!(history.length(), 1);
    assert_eq!(
        error_code(Game::new("nope", JsValue::NULL, None).err().unwrap()),
        "unknown_variant"
    );
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"castling".into(), &true.into()).unwrap();
    assert_eq!(
        error_code(Game::new("chess", options.into(), None).err().unwrap()),
        "bad_option"
    );
    assert_eq!(
        error_code(
            Game::new("chess", JsValue::from_str("x"), None)
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
    let played = game.play("a7a8n").unwrap();
    assert_eq!(text(&played, "notation"), "a8=N");
    assert_eq!(game.fen(), "N7/7k/8/8/8/8/8/K7 b - - 0 1");
    game.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .unwrap();
    assert_eq!(game.perft(3), 8902.0);
}

#[wasm_bindgen_test]
fn nietzsche_knighted_plays_a_full_game_with_promotions_in_the_results() {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"sequence".into(), &"knighted".into()).unwrap();
    let mut game = Game::new("nietzsche", options.into(), None).unwrap();
    let first = game.play("e4").unwrap();
    let promotions: js_sys::Array = get(&first, "promotions").unchecked_into();
    assert_eq!(promotions.length(), 0);
    for m in ["e5", "Nf3"] {
        game.play(m).unwrap();
    }
    let reply = game.play("Nc6").unwrap();
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
        let actions: js_sys::Array = game.legal_actions().unwrap().unchecked_into();
        let last = actions.get(actions.length() - 1);
        game.play(&text(&last, "action")).unwrap();
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
        let mut game = Game::new("nacht", options.into(), None).unwrap();
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
    let mut game = Game::new("quintessential", JsValue::NULL, None).unwrap();
    let board = game.board().unwrap();
    assert_eq!(get(&board, "files").as_f64(), Some(10.0));
    let holes: js_sys::Array = get(&board, "holes").unchecked_into();
    assert_eq!(holes.length(), 16);
    let double_step = game.play("e3e5").unwrap();
    assert_eq!(text(&double_step, "notation"), "e5");
    game.undo().unwrap();
    let plies = play_random_game(&mut game, 0x2545_f491_4f6c_dd1d, "notation", 3000);
    assert!(!text(&game.status().unwrap(), "reason").is_empty());
    let history: js_sys::Array = game.history().unwrap().unchecked_into();
    assert_eq!(history.length(), plies);
}
