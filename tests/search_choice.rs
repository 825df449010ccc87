//! A noisy choice (the page's Easy level): the turn is picked among the best few lines within
//! the noise, by a seeded generator, so it varies from seed to seed, replays for a seed, and
//! never gives away what the search sees clearly.

use schachwerk::game::Game;
use schachwerk::search::{best_turn, chosen_turn, Choice, Limits, Table};
use std::collections::BTreeSet;

fn no_clock() -> f64 {
    0.0
}

/// The first action of the turn chosen in `fen` (chess) with `noise` and `seed`.
fn first_action(fen: Option<&str>, noise: u32, seed: u64) -> String {
    let mut game = Game::new("chess", &[], fen).expect("a legal position");
    let limits = Limits {
        nodes: Some(3_000),
        ..Limits::default()
    };
    let choice = Choice { noise, seed };
    let mut table = Table::default();
    let thought = chosen_turn(
        &mut game.clone(),
        limits,
        choice,
        &no_clock,
        &mut table,
        |_| {},
    )
    .expect("a search")
    .expect("a turn");
    let armory = game.variant().armory();
    let first = thought.turn[0].machine(armory);
    // What was chosen is legal where it was chosen.
    assert!(game.play(&first).is_ok(), "{first}");
    first
}

#[test]
fn noise_varies_the_choice_and_replays_for_a_seed() {
    let chosen: BTreeSet<String> = (0..16).map(|seed| first_action(None, 60, seed)).collect();
    assert!(chosen.len() >= 3, "{chosen:?}");
    for seed in [3, 11] {
        assert_eq!(first_action(None, 60, seed), first_action(None, 60, seed));
    }
}

#[test]
fn without_noise_the_choice_is_the_best_turn() {
    let mut game = Game::new("chess", &[], None).expect("the start");
    let limits = Limits {
        nodes: Some(3_000),
        ..Limits::default()
    };
    let best = best_turn(&mut game.clone(), limits, &no_clock, |_| {})
        .expect("a search")
        .expect("a turn");
    let armory = game.variant().armory();
    for seed in 0..4 {
        assert_eq!(
            first_action(None, 0, seed),
            best.turn[0].machine(armory),
            "seed {seed}"
        );
    }
    assert!(game.play(&best.turn[0].machine(armory)).is_ok());
}

#[test]
fn noise_never_leaves_a_queen_hanging() {
    // Black's queen stands on d5, attacked by the rook and defended by nothing.
    let fen = Some("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    for seed in 0..16 {
        assert_eq!(first_action(fen, 150, seed), "d2d5", "seed {seed}");
    }
}
