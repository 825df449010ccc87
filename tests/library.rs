//! The crate as a server uses it: games that cross threads and share their variant's tables,
//! a refereed game whose search never sees the deal, and options given as plain strings.

use schachwerk::game::Game;
use schachwerk::search::{best_turn, Limits};
use std::sync::Arc;

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn a_game_is_send_sync_and_clone_and_can_be_searched_on_another_thread() {
    assert_send_sync::<Game>();
    assert_send_sync::<schachwerk::referee::Referee>();
    let mut game = Game::new("nacht", &[("castling", "true")], None).unwrap();
    game.play("e2e3").unwrap();
    let copy = game.clone();
    let searched = std::thread::spawn(move || {
        let mut copy = copy;
        let limits = Limits {
            nodes: Some(2_000),
            ..Limits::default()
        };
        best_turn(&mut copy, limits, &|| 0.0, |_| {})
            .unwrap()
            .map(|thought| thought.turn)
    })
    .join()
    .unwrap()
    .expect("a turn");
    // The turn found on the other thread is legal in the game kept here.
    let action = searched[0];
    assert!(game.legal_actions().contains(&action));
    game.play_action(&action).unwrap();
}

#[test]
fn games_of_the_same_rules_share_one_variant() {
    let a = Game::new("quintessential", &[], None).unwrap();
    let b = Game::new("quintessential", &[], None).unwrap();
    assert!(std::ptr::eq(
        a.variant() as *const _ as *const u8,
        b.variant() as *const _ as *const u8
    ));
    let knighted = Game::new("nietzsche", &[("sequence", "knighted")], None).unwrap();
    let fast = Game::new("nietzsche", &[], None).unwrap();
    assert!(!std::ptr::eq(
        knighted.variant() as *const _ as *const u8,
        fast.variant() as *const _ as *const u8
    ));
    let shared = schachwerk::variants::by_name("chess", &[]).unwrap();
    let again = schachwerk::variants::by_name("chess", &[]).unwrap();
    assert!(Arc::ptr_eq(&shared, &again));
}

#[test]
fn the_public_copy_of_a_refereed_game_has_no_deal() {
    let seed = "0000000000000000000000000000000000000000000000000000000000000000";
    let mut game = Game::new("immortal", &[("seed", seed)], None).unwrap();
    game.play("f3f5").unwrap();
    assert!(game.dealer().is_some() && game.referee().is_some());
    let public = game.public();
    assert!(public.dealer().is_none() && public.referee().is_none());
    assert_eq!(public.fen(), game.fen());
    // The public copy cannot reveal the entry; the referee's game can.
    let mut copy = public.clone();
    assert!(copy.play("a5b5").is_err());
    assert_eq!(game.play("a5b5").unwrap().notation, "@a5-b5=n");
}

#[test]
fn an_action_displays_as_its_machine_string() {
    let game = Game::new("chess", &[], Some("8/P6k/8/8/8/8/8/K7 w - - 0 1")).unwrap();
    let armory = game.variant().armory();
    let mut shown: Vec<String> = game
        .legal_actions()
        .iter()
        .map(|a| a.display(armory).to_string())
        .collect();
    shown.sort();
    assert!(shown.contains(&"a7a8q".to_string()), "{shown:?}");
    assert!(shown.contains(&"a1b1".to_string()), "{shown:?}");
}
