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

use schachwerk::movement::Color;
use schachwerk::rules::Outcome;
use schachwerk::ErrorCode;

#[test]
fn a_resignation_ends_the_game_for_the_other_side_and_undo_does_not_take_it_back() {
    let mut game = Game::new("chess", &[], None).unwrap();
    game.play("e4").unwrap();
    let fen = game.fen();
    // Either side may resign, at its turn or not.
    let end = game.resign(Color::White).unwrap();
    let expected = Outcome::Win {
        winner: Color::Black,
        reason: "white resigned",
    };
    assert_eq!(end, expected);
    assert_eq!(game.outcome(), Some(expected));
    assert_eq!(game.declared(), Some(expected));
    assert_eq!(expected.describe(), "black wins white resigned");
    assert!(game.legal_actions().is_empty());
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.count_legal(), 0);
    assert!(!game.is_legal("e5"));
    assert_eq!(game.decision().kind, "over");
    assert_eq!(game.play("e5").unwrap_err().code, ErrorCode::GameOver);
    // Undo takes back actions, not the declared end: refused, and nothing changes.
    let refused = game.undo().unwrap_err();
    assert_eq!(refused.code, ErrorCode::GameOver);
    assert!(
        refused.message.contains("white resigned"),
        "{}",
        refused.message
    );
    assert_eq!((game.fen(), game.ply()), (fen, 1));
    // No second end.
    assert_eq!(game.agree_draw().unwrap_err().code, ErrorCode::GameOver);
    assert_eq!(
        game.resign(Color::Black).unwrap_err().code,
        ErrorCode::GameOver
    );
    assert_eq!(game.outcome(), Some(expected));
    // Starting again clears it.
    game.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.count_legal(), 20);
}

#[test]
fn a_draw_by_agreement_and_an_abandonment_end_the_game() {
    let mut game = Game::new("impulschach", &[], None).unwrap();
    game.play("e2e4").unwrap();
    assert_eq!(
        game.agree_draw().unwrap(),
        Outcome::Draw {
            reason: "agreement"
        }
    );
    assert_eq!(game.outcome().unwrap().describe(), "draw agreement");
    assert_eq!(game.undo().unwrap_err().code, ErrorCode::GameOver);

    // Abandoned: over, without a result (PGN's `*`).
    let mut game = Game::new("nacht", &[], None).unwrap();
    let end = game.abandon().unwrap();
    assert_eq!(
        end,
        Outcome::Unfinished {
            reason: "abandoned"
        }
    );
    assert_eq!(end.describe(), "unfinished abandoned");
    assert_eq!(end.reason(), "abandoned");
    assert!(game.legal_actions().is_empty());
    assert_eq!(game.play("e2e3").unwrap_err().code, ErrorCode::GameOver);
    // The search finds no turn in a game its players ended.
    let limits = Limits {
        nodes: Some(1_000),
        ..Limits::default()
    };
    assert!(best_turn(&mut game, limits, &|| 0.0, |_| {})
        .unwrap()
        .is_none());

    // A game the rules ended cannot be resigned; undo still takes back its last move.
    let mut mated = Game::new("chess", &[], None).unwrap();
    for action in ["f3", "e5", "g4", "Qh4#"] {
        mated.play(action).unwrap();
    }
    assert_eq!(
        mated.resign(Color::White).unwrap_err().code,
        ErrorCode::GameOver
    );
    assert_eq!(mated.abandon().unwrap_err().code, ErrorCode::GameOver);
    mated.undo().unwrap();
    assert_eq!(mated.outcome(), None);
    assert_eq!(
        mated.declare_reason("black resigned").unwrap().describe(),
        "white wins black resigned"
    );
    assert_eq!(
        Game::new("chess", &[], None)
            .unwrap()
            .declare_reason("timeout")
            .unwrap_err()
            .code,
        ErrorCode::BadRequest
    );
}

#[test]
fn the_lean_listings_agree_with_the_full_one() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut game = Game::new("chess", &[], Some(kiwipete)).unwrap();
    let full = game.describe_legal();
    let machine: Vec<String> = full.iter().map(|i| i.machine.clone()).collect();
    assert_eq!(game.legal_moves(), machine);
    assert_eq!(game.count_legal(), 48);
    assert_eq!(machine.len(), 48);
    for info in &full {
        assert!(
            game.is_legal(&info.machine) && game.is_legal(&info.notation),
            "{info:?}"
        );
    }
    for garbage in [
        "",
        "e2e5",
        "Qxf7",
        "z9z9",
        "O-O-O-O",
        "e1g1 e8g8",
        "\u{0}",
        "a7a8q",
    ] {
        assert!(!game.is_legal(garbage), "{garbage}");
    }
    // From one square: the same objects, in the same order, with the same notation.
    let e1 = schachwerk::geometry::Square::parse("e1").unwrap();
    let from_e1 = game.describe_legal_from(Some(e1));
    let expected: Vec<_> = full
        .iter()
        .filter(|i| i.action.from == e1)
        .cloned()
        .collect();
    assert_eq!(from_e1, expected);
    assert_eq!(from_e1.len(), 4); // Kd1, Kf1, O-O, O-O-O
    assert_eq!(game.ply(), 0);
    game.play("O-O").unwrap();
    assert_eq!(game.ply(), 1);

    // Keywords come from no square: Impulschach's shift lists none from any square.
    let shift = Game::new(
        "impulschach",
        &[],
        Some("rcbikbcr/pp1p1ppp/2p5/1B2p3/P3P3/2C5/1PPPIPPP/R1B1K1CR w - - 0 3 !shift+chain:e4,b5"),
    )
    .unwrap();
    assert_eq!(shift.legal_moves(), ["shift:a", "shift:h"]);
    assert_eq!(shift.count_legal(), 2);
    let e2 = schachwerk::geometry::Square::parse("e2").unwrap();
    assert!(shift.describe_legal_from(Some(e2)).is_empty());
    assert!(shift.is_legal("shift:a") && !shift.is_legal("end"));
}
