//! Impulschach's rules, each shown by a game or a position: the Resonance Shift (direction,
//! order, conversions, the royal-square win), Catalyst chains, the Impulse that cannot take
//! the Impulse, draws, whole turns in notation, mid-turn position strings and bad input.

use schachwerk::game::Game;
use schachwerk::ErrorCode;

const EXAMPLE: [&str; 4] = ["e4", "e5", "Bb5", "c6"];

fn game(fen: Option<&str>) -> Game {
    Game::new("impulschach", &[], fen).unwrap()
}

fn play_all(game: &mut Game, actions: &[&str]) {
    for a in actions {
        game.play(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
}

fn machine_actions(game: &Game) -> Vec<String> {
    let mut listed: Vec<String> = game
        .describe_legal()
        .into_iter()
        .map(|i| i.machine)
        .collect();
    listed.sort();
    listed
}

fn status(game: &Game) -> String {
    game.outcome().map_or("ongoing".into(), |o| o.describe())
}

/// The board part of the position string.
fn placement(game: &Game) -> String {
    game.fen().split(' ').next().unwrap_or_default().to_string()
}

#[test]
fn the_rule_page_example_game_replays_to_the_king_capture_with_either_e_pawn_square() {
    for e_pawn in ["ef4", "ed4"] {
        let mut g = game(None);
        play_all(&mut g, &EXAMPLE);
        let turn = format!("Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, {e_pawn}, ff6, gg6, hh6), Bxe8#)");
        let played = g.play(&turn).unwrap();
        assert_eq!(played.notation, turn);
        assert_eq!(status(&g), "white wins king captured");
        let turns: Vec<String> = g.turns().into_iter().map(|t| t.notation).collect();
        assert_eq!(turns, ["e4", "e5", "Bb5", "c6", turn.as_str()]);
        assert!(g.legal_actions().is_empty());
        assert_eq!(g.play("a6").unwrap_err().code, ErrorCode::GameOver);
    }
}

#[test]
fn the_same_turn_plays_one_action_at_a_time() {
    let mut g = game(None);
    play_all(&mut g, &EXAMPLE);
    play_all(&mut g, &["Cc3"]);
    assert_eq!(
        activated(&g),
        Some(["a2", "b5", "d1", "e4"].iter().map(|s| sq(s)).collect())
    );
    play_all(&mut g, &["a2a4", "d1e2"]);
    assert_eq!(g.decision().kind, "shift");
    assert_eq!(machine_actions(&g), ["shift:a", "shift:h"]);
    play_all(&mut g, &["shift:a"]);
    assert_eq!(displaced(&g), Some(sq("a7")));
    assert_eq!(machine_actions(&g), ["a7a6", "a7b6"]);
    for step in [
        "a7a6", "b7b6", "c6d5", "d7d6", "e5f4", "f7f6", "g7g6", "h7h6", "b5e8",
    ] {
        g.play(step).unwrap_or_else(|e| panic!("{step}: {e}"));
    }
    assert_eq!(status(&g), "white wins king captured");
    assert_eq!(
        g.turns().last().unwrap().notation,
        "Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ef4, ff6, gg6, hh6), Bxe8#)"
    );
}

fn sq(name: &str) -> schachwerk::geometry::Square {
    schachwerk::geometry::Square::parse(name).unwrap()
}

/// The Catalyst activates the Rook and the Impulse; only from the a-file does the a6 pawn get
/// out of the rook's way (from h, c6 must take b5 first and a6 must go to a5).
const DIRECTION: &str = "k7/8/p1p5/C1BP4/8/8/3I4/R6K w - - 0 1";

#[test]
fn the_shift_direction_decides_whether_the_rook_reaches_the_king() {
    let mut from_a = game(Some(DIRECTION));
    from_a.play("Cb3 (Ie3(ab5), Rxa8#)").unwrap();
    assert_eq!(status(&from_a), "white wins king captured");
    // The rook went through a6, which the shift had just emptied.
    assert_eq!(placement(&from_a), "R7/8/2p5/1pBP4/8/1C2I3/8/7K");

    let mut from_h = game(Some(DIRECTION));
    play_all(&mut from_h, &["a5b3", "d2e3", "shift:h"]);
    assert_eq!(machine_actions(&from_h), ["c6b5"]);
    play_all(&mut from_h, &["c6b5"]);
    assert_eq!(
        machine_actions(&from_h),
        ["a6a5"],
        "a6 must move when it can"
    );
    play_all(&mut from_h, &["a6a5"]);
    let listed = machine_actions(&from_h);
    assert!(!listed.contains(&"a1a8".to_string()), "{listed:?}");
    assert!(listed.contains(&"a1a4".to_string()) && listed.contains(&"end".to_string()));
    // Written in notation, the order of the displacements says the direction.
    let mut read = game(Some(DIRECTION));
    read.play("Cb3 (Ie3(cb5, aa5))").unwrap();
    assert_eq!(read.fen(), "k7/8/8/ppBP4/8/1C2I3/8/R6K b - - 0 1");
}

/// Black pawns on every file but e, one step from White's first rank.
const CONVERSIONS: &str = "4k3/8/8/8/3I3K/8/pppp1ppp/8 w - - 0 1";

#[test]
fn a_pawn_displaced_onto_the_first_rank_converts_by_its_file() {
    let mut g = game(Some(CONVERSIONS));
    let played = g.play("Id5(aa1, bb1, cc1, dd1, ff1, gg1, hh1)").unwrap();
    assert_eq!(placement(&g), "4k3/8/8/3I4/7K/8/8/RCBI1BCR");
    assert_eq!(
        played.notation,
        "Id5(aa1=R, bb1=C, cc1=B, dd1=I, ff1=B, gg1=C, hh1=R)"
    );
    assert_eq!(played.promotions.len(), 7);
    assert_eq!(status(&g), "ongoing");
    // The converted pieces are White's and were not activated: Black moves.
    assert_eq!(g.position().turn(), schachwerk::movement::Color::Black);
}

#[test]
fn a_pawn_on_the_royal_square_wins_and_ends_the_turn_there() {
    let mut g = game(Some(CONVERSIONS));
    play_all(&mut g, &["d4d5", "shift:a", "a2a1", "b2b1", "c2c1"]);
    assert_eq!(displaced(&g), Some(sq("d2")));
    // c1 holds the bishop that c2 became.
    assert_eq!(machine_actions(&g), ["d2d1", "d2e1"]);
    let won = g.play("d2e1").unwrap();
    assert_eq!(won.notation, "de1#");
    assert_eq!(status(&g), "white wins enemy pawn on the royal square");
    // The f, g and h pawns are not displaced: the game ended with the e-square.
    assert_eq!(placement(&g), "4k3/8/8/3I4/7K/8/5ppp/RCB1p3");
    assert!(g.legal_actions().is_empty());
}

#[test]
fn a_pawn_displaced_onto_a_file_not_yet_visited_is_not_displaced_again() {
    let mut g = game(Some("4k2I/8/8/8/8/2p5/8/4K3 w - - 0 1"));
    play_all(&mut g, &["h8h7", "shift:a", "c3d2"]);
    // d2 could go on to c1 or d1, but it was displaced once: the turn is over.
    assert_eq!(g.decision().kind, "move");
    assert_eq!(g.position().turn(), schachwerk::movement::Color::Black);
    assert_eq!(placement(&g), "4k3/7I/8/8/8/8/3p4/4K3");
}

#[test]
fn a_chain_ends_early_or_when_no_activated_piece_can_move() {
    // Cf3 activates e1 (the king, with no move), d2 and h2.
    let mut early = game(None);
    play_all(&mut early, &["Cf3", "d4", "end"]);
    assert_eq!(early.position().turn(), schachwerk::movement::Color::Black);
    assert_eq!(early.turns().last().unwrap().notation, "Cf3 (d4)");
    // The walled-in king is activated but has no move: once the h-pawn moved, the chain
    // closes by itself.
    let mut skipped = game(Some("4k3/8/8/8/7P/4C3/3PPP2/3IKB2 w - - 0 1"));
    play_all(&mut skipped, &["Cg2"]);
    assert_eq!(
        activated(&skipped),
        Some([sq("e1"), sq("h4")].into_iter().collect())
    );
    assert_eq!(machine_actions(&skipped), ["end", "h4h5"]);
    play_all(&mut skipped, &["h5"]);
    assert_eq!(skipped.decision().kind, "move");
    assert_eq!(
        skipped.position().turn(),
        schachwerk::movement::Color::Black
    );
    // A whole turn that stops before the chain does closes it.
    let mut by_turn = game(None);
    by_turn.play("Cf3 (d4)").unwrap();
    assert_eq!(by_turn.fen(), early.fen());
    let last = by_turn.history().last().unwrap();
    assert_eq!(last.machine, "end");
}

#[test]
fn the_impulse_cannot_take_the_impulse_but_every_other_piece_can() {
    // The black Impulse on d5 is attacked by White's Impulse, rook, bishop, catalyst, pawn and
    // king.
    let g = game(Some("7k/5B2/2K5/R2i4/4P3/2C5/8/3I4 w - - 0 1"));
    let listed = machine_actions(&g);
    for capture in ["a5d5", "f7d5", "c3d5", "e4d5", "c6d5"] {
        assert!(listed.contains(&capture.to_string()), "{capture} missing");
    }
    assert!(
        !listed.contains(&"d1d5".to_string()),
        "the Impulse took the Impulse"
    );
    assert!(listed.contains(&"d1d4".to_string()));
    // A side whose only pieces are walled in by enemy Impulses has no action: a draw.
    let walled = game(Some("7k/8/8/8/8/iii5/IIi5/KIi5 w - - 0 1"));
    assert_eq!(status(&walled), "draw no legal action");
}

#[test]
fn own_pawns_promote_to_impulse_catalyst_rook_or_bishop() {
    let g = game(Some("7k/4P3/8/8/8/8/8/K7 w - - 0 1"));
    assert_eq!(
        machine_actions(&g),
        ["a1a2", "a1b1", "a1b2", "e7e8b", "e7e8c", "e7e8i", "e7e8r"]
    );
    let mut promoted = game(Some("7k/4P3/8/8/8/8/8/K7 w - - 0 1"));
    assert_eq!(promoted.play("e8=C").unwrap().notation, "e8=C");
    // A promoted Catalyst sets off no chain.
    assert_eq!(
        promoted.position().turn(),
        schachwerk::movement::Color::Black
    );
}

#[test]
fn repetition_fifty_turns_and_their_resets_are_draws_counted_by_turns() {
    let mut g = game(None);
    let cycle = ["Ca3", "Ca6", "Cb1", "Cb8"];
    for _ in 0..2 {
        for c in cycle {
            g.play(c).unwrap();
            if g.decision().kind != "move" {
                g.play("end").unwrap();
            }
        }
    }
    assert_eq!(status(&g), "draw threefold repetition");
    let mut fifty = game(Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    fifty.play("Ra2").unwrap();
    assert_eq!(status(&fifty), "draw fifty-move rule");
    // A displacement restarts the count, as a capture or a pawn move does.
    let mut reset = game(Some("4k3/4p3/8/8/8/8/8/I3K3 w - - 99 80"));
    reset.play("Ib1(ee6)").unwrap();
    assert_eq!(status(&reset), "ongoing");
    assert!(reset.fen().ends_with(" 0 80"), "{}", reset.fen());
}

#[test]
fn mid_turn_positions_write_their_decision_and_load_back() {
    let mut g = game(None);
    play_all(&mut g, &EXAMPLE);
    play_all(&mut g, &["Cc3", "a4", "Ie2"]);
    let shift = g.fen();
    assert_eq!(
        shift,
        "rcbikbcr/pp1p1ppp/2p5/1B2p3/P3P3/2C5/1PPPIPPP/R1B1K1CR w - - 0 3 !shift+chain:e4,b5"
    );
    play_all(&mut g, &["shift:h", "hh6"]);
    let displace = g.fen();
    assert!(
        displace.ends_with(" !displace-h:e5,c6,a7,b7,d7,f7,g7+chain:e4,b5"),
        "{displace}"
    );
    for fen in [shift.as_str(), displace.as_str()] {
        let loaded = game(Some(fen));
        assert_eq!(loaded.fen(), fen);
        assert_eq!(*loaded.position(), {
            let mut replayed = game(None);
            play_all(&mut replayed, &EXAMPLE);
            play_all(&mut replayed, &["Cc3", "a4", "Ie2"]);
            if fen == displace {
                play_all(&mut replayed, &["shift:h", "hh6"]);
            }
            replayed.position().to_owned()
        });
    }
    // Fields that name no decision of the position are refused.
    for bad in [
        "rcbikbcr/pppppppp/8/8/8/2C5/PPPPPPPP/R1BIKBCR w - - 1 1 chain:a2,h8",
        "rcbikbcr/pppppppp/8/8/8/2C5/PPPPPPPP/R1BIKBCR w - - 1 1 chain:c3",
        "rcbikbcr/pppppppp/8/8/8/2C5/PPPPPPPP/R1BIKBCR w - - 1 1 chain:d1",
        "rcbikbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBIKBCR w - - 0 1 displace-a:a2",
        "4k3/8/8/8/8/8/8/I3K3 w - - 0 1 shift",
        "rcbikbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBIKBCR w - - 0 1 sideways",
    ] {
        let err = Game::new("impulschach", &[], Some(bad)).err().unwrap();
        assert_eq!(err.code, ErrorCode::BadFen, "{bad}");
    }
}

/// A mid-turn field lists each square once, and its activated pieces must be ones a single
/// Catalyst's move could have activated: all a knight's jump from one Catalyst of the mover.
#[test]
fn mid_turn_fields_with_repeated_or_unreachable_squares_are_refused() {
    let shift =
        "rcbikbcr/pp1p1ppp/2p5/1B2p3/P3P3/2C5/1PPPIPPP/R1B1K1CR w - - 0 3 !shift+chain:e4,b5";
    assert!(Game::new("impulschach", &[], Some(shift)).is_ok());
    let chain = "rcbikbcr/pppppppp/8/8/8/2C5/PPPPPPPP/R1BIKBCR w - - 1 1 chain:a2,e2";
    assert!(Game::new("impulschach", &[], Some(chain)).is_ok());
    for (bad, named) in [
        (
            "rcbikbcr/pppppppp/8/8/8/2C5/PPPPPPPP/R1BIKBCR w - - 1 1 chain:a2,a2",
            "a2",
        ),
        (
            "rcbikbcr/pp1p1ppp/2p5/1B2p3/P3P3/2C5/1PPPIPPP/R1B1K1CR w - - 0 3 !shift+chain:e4,e4,b5",
            "e4",
        ),
        (
            "rcbikbcr/pp1p1ppp/2p5/1B2p3/P3P3/2C5/1PPPIPPP/R1B1K1CR w - - 0 3 \
             !displace-h:e5,c6,a7,b7,d7,f7,g7,c6+chain:e4,b5",
            "c6",
        ),
        // f2 is no knight's jump from the Catalyst on c3, nor from the one on g1.
        (
            "rcbikbcr/pppppppp/8/8/8/2C5/PPPPPPPP/R1BIKBCR w - - 1 1 chain:a2,f2",
            "f2",
        ),
        (
            "rcbikbcr/pp1p1ppp/2p5/1B2p3/P3P3/2C5/1PPPIPPP/R1B1K1CR w - - 0 3 !shift+chain:e4,b5,h1",
            "h1",
        ),
        // a2 only from c3, f3 only from g1: no one Catalyst activated both.
        (
            "rcbikbcr/pppppppp/8/8/8/2C2P2/PPPPP1PP/R1BIKBCR w - - 1 1 chain:a2,f3",
            "f3",
        ),
        // No Catalyst at all.
        (
            "rcbikbcr/pppppppp/8/8/8/8/PPPPPPPP/R1BIKB1R w - - 1 1 chain:a2",
            "a2",
        ),
    ] {
        let err = Game::new("impulschach", &[], Some(bad)).err().unwrap();
        assert_eq!(err.code, ErrorCode::BadFen, "{bad}");
        assert!(err.message.contains(named), "{bad}: {}", err.message);
    }
}

#[test]
fn malformed_turns_and_actions_out_of_phase_are_refused_and_change_nothing() {
    let mut g = game(None);
    play_all(&mut g, &EXAMPLE);
    let fen = g.fen();
    let cases = [
        ("end", ErrorCode::IllegalAction),
        ("shift:a", ErrorCode::IllegalAction),
        ("Cc3 (a4, Ie2(bb6, aa6))", ErrorCode::IllegalAction),
        (
            "Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ef4, ff6, gg6, hh6), Bxe8#) e5",
            ErrorCode::BadAction,
        ),
        ("Cc3 (a4, Ie2)", ErrorCode::BadAction),
        (
            "Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ef4, ff6, gg6, hh6), Kd7)",
            ErrorCode::IllegalAction,
        ),
        ("Cc3 (zz9)", ErrorCode::BadAction),
        ("Cc3 ((((", ErrorCode::BadAction),
        ("Cc3 (a4))", ErrorCode::BadAction),
    ];
    for (text, code) in cases {
        let err = g.play(text).unwrap_err();
        assert_eq!(err.code, code, "{text}: {err}");
        assert!(!err.message.is_empty());
        assert_eq!(g.fen(), fen, "{text} changed the game");
        assert_eq!(g.history().len(), 4);
    }
    // The wrong pawn, in the middle of a shift.
    play_all(&mut g, &["Cc3", "a4", "Ie2", "shift:a"]);
    let mid = g.fen();
    let err = g.play("b7b6").unwrap_err();
    assert_eq!(err.code, ErrorCode::IllegalAction, "{err}");
    assert_eq!(g.play("e4").unwrap_err().code, ErrorCode::IllegalAction);
    assert_eq!(g.fen(), mid);
}

#[test]
fn on_a_file_the_most_advanced_pawn_is_displaced_first() {
    // Black's pawns on c6 and c4: c4 is nearer Black's promotion rank.
    let mut g = game(Some("4k3/8/2p5/8/2p5/8/8/I3K3 w - - 0 1"));
    play_all(&mut g, &["a1a2", "shift:h"]);
    assert_eq!(displaced(&g), Some(sq("c4")));
    play_all(&mut g, &["c4c3"]);
    assert_eq!(displaced(&g), Some(sq("c6")));
}

#[test]
fn a_catalyst_activates_no_catalyst() {
    // From e2 the Catalyst reaches the other one on c3, and no other piece.
    let mut g = game(Some("4k3/8/8/8/8/2C5/8/4K1C1 w - - 0 1"));
    play_all(&mut g, &["g1e2"]);
    assert_eq!(g.decision().kind, "move");
    assert_eq!(g.position().turn(), schachwerk::movement::Color::Black);
}

#[test]
fn empty_turns_are_refused_even_after_the_game_ended() {
    let mut g = game(None);
    for text in ["()", " ( , ) ", ","] {
        assert_eq!(
            g.play(text).unwrap_err().code,
            ErrorCode::BadAction,
            "{text}"
        );
    }
    play_all(&mut g, &EXAMPLE);
    g.play("Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ef4, ff6, gg6, hh6), Bxe8#)")
        .unwrap();
    let over = g.fen();
    for text in ["()", "e5 ()", "end"] {
        assert!(g.play(text).is_err(), "{text}");
        assert_eq!(g.fen(), over);
    }
}

/// The pawn the rules chose to displace, if the decision is a displacement.
fn displaced(g: &Game) -> Option<schachwerk::geometry::Square> {
    let decision = g.decision();
    (decision.kind == "displace")
        .then_some(decision.select)
        .flatten()
}

/// The activated pieces not yet moved, if the decision is a Catalyst chain's.
fn activated(g: &Game) -> Option<schachwerk::geometry::Bitboard> {
    let decision = g.decision();
    (decision.kind == "chain").then(|| decision.marked("activated"))
}

#[test]
fn each_decision_describes_itself_with_a_prompt_marks_and_choices() {
    let mut g = game(None);
    play_all(&mut g, &EXAMPLE);
    let start = g.decision();
    assert_eq!((start.kind, start.prompt.as_deref()), ("move", None));
    assert!(start.choices.is_empty() && start.marks.is_empty());
    play_all(&mut g, &["Cc3"]);
    let chain = g.decision();
    assert_eq!(
        chain.prompt.as_deref(),
        Some("White: move an activated piece (d1, a2, e4, b5) or end the chain")
    );
    let labels: Vec<(String, &str)> = chain
        .choices
        .iter()
        .map(|c| (c.action.machine(g.variant().armory()), c.label))
        .collect();
    assert_eq!(labels, [("end".to_string(), "End chain")]);
    play_all(&mut g, &["a4", "Ie2"]);
    let shift = g.decision();
    assert_eq!(
        shift.prompt.as_deref(),
        Some("White: choose the direction of the Resonance Shift")
    );
    let offered: Vec<String> = shift
        .choices
        .iter()
        .map(|c| c.action.machine(g.variant().armory()))
        .collect();
    assert_eq!(offered, ["shift:a", "shift:h"]);
    play_all(&mut g, &["shift:h"]);
    let displace = g.decision();
    assert_eq!(
        displace.prompt.as_deref(),
        Some("White: displace the pawn on h7")
    );
    assert_eq!(
        displace.marked("displace"),
        [sq("h7")].into_iter().collect()
    );
    // The displacement's record names both of the pawn's squares.
    let played = g.play("h7h6").unwrap();
    assert_eq!(played.squares, [sq("h7"), sq("h6")].into_iter().collect());
}

#[test]
fn a_turn_record_names_every_square_its_actions_changed() {
    let mut g = game(None);
    play_all(&mut g, &EXAMPLE);
    g.play("Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ef4, ff6, gg6, hh6), Bxe8#)")
        .unwrap();
    let last = g.turns().pop().unwrap();
    let names: Vec<String> = last.squares.squares().map(|s| s.name()).collect();
    for touched in [
        "b1", "c3", "a2", "a4", "d1", "e2", "a7", "a6", "h7", "h6", "b5", "e8",
    ] {
        assert!(
            names.contains(&touched.to_string()),
            "{touched} in {names:?}"
        );
    }
    assert!(!names.contains(&"e1".to_string()), "{names:?}");
}
