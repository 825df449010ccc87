//! The search: legal answers in every variant, the same answer for the same node budget, forced
//! wins found, multi-action turns searched as one side's, and hidden identities never read.

use schachwerk::game::Game;
use schachwerk::search::{turn_of, Limits, Report, Searcher, MATE};
use schachwerk::variants::immortal::deal::{border_squares, BORDER};
use schachwerk::variants::immortal::{Composition, Deal, Immortal};
use std::sync::Arc;

fn no_clock() -> f64 {
    0.0
}

fn think(game: &Game, limits: Limits) -> Option<Report> {
    let clock = no_clock;
    Searcher::new(game, limits, &clock).think(|_| {})
}

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn millis(ms: u64) -> Limits {
    Limits {
        millis: Some(ms),
        ..Limits::default()
    }
}

fn game(variant: &str, options: &[(&str, &str)], fen: Option<&str>) -> Game {
    Game::new(variant, options, fen).unwrap()
}

const ZERO: &str = "0000000000000000000000000000000000000000000000000000000000000000";

#[test]
fn it_finds_mates_and_the_king_capture_turn() {
    // Back-rank and corner mates in one, in chess and in Nietzsche Chess.
    let cases = [
        ("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"),
        ("chess", "k7/2K5/8/8/8/8/8/1R6 w - - 0 1", "b1a1"),
        ("nietzsche", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"),
    ];
    for (variant, fen, best) in cases {
        let g = game(variant, &[], Some(fen));
        let found = think(&g, depth(3)).unwrap();
        assert_eq!(
            found.score,
            MATE - 1,
            "{variant} {fen}: {}",
            found.score_text()
        );
        assert_eq!(
            found.pv[0].machine(g.variant().armory()),
            best,
            "{variant} {fen}"
        );
    }
    // Impulschach, before the rule page's 3.Cc3: the whole winning turn is found at depth 1.
    let mut g = game(
        "impulschach",
        &[],
        Some("rcbikbcr/pp1p1ppp/2p5/1B2p3/4P3/8/PPPP1PPP/RCBIK1CR w - - 0 3"),
    );
    let found = think(&g, depth(1)).unwrap();
    assert_eq!(found.score_text(), "mate 1");
    let turn = turn_of(&g, &found.pv);
    assert!(turn.len() > 3, "{turn:?}");
    for action in &turn {
        g.play_action(action).unwrap();
    }
    assert_eq!(
        g.outcome().map(|o| o.describe()).as_deref(),
        Some("white wins king captured")
    );
}

#[test]
fn it_finds_a_mate_in_two() {
    // 1. Qd8+ Bxd8 2. Re8#. With chess's fitted placement, late move pruning leaves Re8 out
    // at depth 4 (a quiet move the ordering puts late, near the horizon); keeping checks there
    // cost 6 to 22 % more instructions a node and scored 47.5 and 51.8 % in 200 games each
    // (docs/PERFORMANCE.md), so the mate is found a turn deeper.
    let g = game(
        "chess",
        &[],
        Some("r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1"),
    );
    let found = think(&g, depth(5)).unwrap();
    assert_eq!(found.score_text(), "mate 2");
    let line: Vec<String> = found
        .pv
        .iter()
        .map(|a| a.machine(g.variant().armory()))
        .collect();
    assert_eq!(line, ["d5d8", "e7d8", "e1e8"]);
}

/// Quiescence follows captures past the horizon in every variant, Immortal Chess too, where a
/// capture leaves the turn open for an entry: at depth 1 the queen does not take a pawn that
/// a pawn defends. Chess: Qe4xe6 dxe6 loses the queen; Immortal Chess, Qe5xe7 dxe7 on the
/// 10x10 board, one Immortal (a white knight) left on a1, so that a capture is followed by an
/// entry decision. (Without quiescence in Immortal Chess, the search took the pawn.)
#[test]
fn quiescence_sees_the_recapture_past_the_horizon() {
    let cases = [
        ("chess", "5k2/3p4/4p3/8/4Q3/8/5K2/8 w - - 0 1", "e4e6"),
        (
            "immortal",
            "10/5k4/3p6/4p5/10/4Q5/10/10/5K4/?9[N] w - - 0 1",
            "e5e7",
        ),
    ];
    for (variant, fen, poisoned) in cases {
        let g = game(variant, &[], Some(fen));
        let found = think(&g, depth(1)).unwrap();
        let first = found.pv[0].machine(g.variant().armory());
        assert_ne!(first, poisoned, "{variant} {fen}: {}", found.score_text());
        assert!(found.score > 500, "{variant} {fen}: {}", found.score_text());
    }
}

/// A pawn's promotion past the horizon: with Black to move at one turn, White's reply is the
/// quiescence, which tries the pawn's step onto the last rank (as a queen) as it tries the
/// captures. Without it the search scored the pawn as a passed pawn (-4.62 for Black), not as
/// the queen it becomes next move.
#[test]
fn quiescence_sees_a_pawn_promote_past_the_horizon() {
    let g = game("chess", &[], Some("8/1P4k1/8/8/8/8/5K2/8 b - - 0 1"));
    let found = think(&g, depth(1)).unwrap();
    assert!(found.score < -700, "{}", found.score_text());
}

/// A capture that stalemates the opponent, where every other move keeps a won game: the
/// search refuses it from two turns deep. (At one turn the stalemated side stands on the
/// horizon, which scores a side not in check before listing its actions: the next iteration,
/// where the stalemate stands a turn before it, sees it.)
#[test]
fn a_capture_that_stalemates_is_refused_from_two_turns_deep() {
    let cases = [
        // Qxf4 leaves the king on h5 no square: g4 and g5 the queen's, g6 and h4 the rook's.
        ("8/8/4R2p/7k/4Qr2/8/7K/8 w - - 0 1", "e4f4"),
        // Qxd4 leaves the king on a5 no square: the queen holds a4, b4 and b6, the rook b5.
        ("8/8/p5K1/k7/3rQ3/1R6/8/8 w - - 0 1", "e4d4"),
    ];
    for (fen, stalemating) in cases {
        let g = game("chess", &[], Some(fen));
        for d in 2..=4 {
            let found = think(&g, depth(d)).unwrap();
            let first = found.pv[0].machine(g.variant().armory());
            assert_ne!(
                first,
                stalemating,
                "{fen}, depth {d}: {}",
                found.score_text()
            );
            assert!(
                found.score > 500,
                "{fen}, depth {d}: {}",
                found.score_text()
            );
        }
    }
}

/// Random positions of every variant: what the search returns is always a legal turn.
#[test]
fn the_answer_is_always_legal_and_the_same_for_the_same_budget() {
    let variants: [(&str, &[(&str, &str)]); 8] = [
        ("chess", &[]),
        ("nietzsche", &[("sequence", "knighted")]),
        ("nacht", &[("castling", "true")]),
        ("quintessential", &[]),
        ("impulschach", &[]),
        ("immortal", &[("seed", ZERO)]),
        ("immortal", &[]),
        ("nacht", &[("setup", "reverse")]),
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut checked = 0;
    for (variant, options) in variants {
        let mut g = game(variant, options, None);
        for ply in 0..40 {
            let legal = g.legal_actions();
            if legal.is_empty() {
                break;
            }
            if ply % 8 == 3 {
                // Every kind of limit; a time limit answers by the clock, so only once.
                let limits = [nodes(300), nodes(3000), depth(1), depth(2), millis(5)][checked % 5];
                let first = if limits.millis.is_some() {
                    let start = std::time::Instant::now();
                    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
                    Searcher::new(&g, limits, &clock).think(|_| {}).unwrap()
                } else {
                    let first = think(&g, limits).unwrap();
                    let again = think(&g, limits).unwrap();
                    assert_eq!(first.pv, again.pv, "{variant}: two answers for one budget");
                    first
                };
                let mut trial = Game::new(variant, options, Some(&g.fen())).unwrap();
                for action in turn_of(&g, &first.pv) {
                    let public = action.public();
                    assert!(
                        trial.legal_actions().contains(&public),
                        "{variant}: illegal {public:?} at {}",
                        trial.fen()
                    );
                    if trial.dealer().is_some() || !hidden_effect(&trial, &public) {
                        trial.play_action(&public).unwrap();
                    } else {
                        break;
                    }
                }
                checked += 1;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut action = legal[(state % legal.len() as u64) as usize];
            // A public Immortal game cannot reveal by itself: it passes.
            if g.dealer().is_none() && hidden_effect(&g, &action) {
                action = *legal.last().unwrap();
            }
            g.play_action(&action).unwrap();
        }
    }
    assert!(checked >= 30, "only {checked} searches");
}

/// Whether `action` has an effect hidden from the public game (an Immortal's entry).
fn hidden_effect(game: &Game, action: &schachwerk::rules::Action) -> bool {
    let hidden = game.variant().hidden();
    hidden.is_some_and(|h| h.chance(game.position(), action).is_some())
}

/// Two deals that agree on everything revealed give the same answer: entries are valued by
/// the public pool, never by the deal. The deals differ on two border squares still hidden
/// from which White may enter (so a search that read the deal would value those entries
/// apart) and agree on j4, which an entry to i4 reveals.
#[test]
fn the_search_answers_alike_for_deals_that_agree_on_what_is_revealed() {
    let composition = Composition::default();
    let deal = Deal::new(&[7; 32], &composition);
    let identities: Vec<_> = deal.squares().map(|(_, p)| p).collect();
    let index = |name: &str| {
        border_squares()
            .iter()
            .position(|sq| sq.name() == name)
            .unwrap()
    };
    // Border squares beside empty centre squares once f3f5 is played: each may enter.
    let enterable = ["a4", "a5", "a6", "a7", "j5", "j6", "j7"].map(index);
    // The two whose pieces differ most in worth to White (a queen and a pawn, say), so that
    // a search that read the deal would enter from another square in each game.
    let rules = Immortal::new(composition);
    let armory = schachwerk::rules::Variant::armory(&rules);
    let worth = |k: usize| {
        let letter = armory.fen_char(identities[k]);
        let value = match letter.to_ascii_uppercase() {
            'Q' => 9,
            'R' => 5,
            'B' | 'N' => 3,
            _ => 1,
        };
        if letter.is_ascii_uppercase() {
            value
        } else {
            -value
        }
    };
    let (i, j) = enterable
        .iter()
        .flat_map(|&i| enterable.iter().map(move |&j| (i, j)))
        .max_by_key(|&(i, j)| worth(i) - worth(j))
        .unwrap();
    assert!(
        worth(i) - worth(j) >= 4,
        "the deal has no such pair: pick another seed"
    );
    let mut swapped: [schachwerk::movement::Piece; BORDER] = identities.clone().try_into().unwrap();
    swapped.swap(i, j);
    let dealt = |deal: Deal| {
        let rules = Arc::new(Immortal::new(composition));
        Game::with_dealer(rules, Arc::new(deal), None).unwrap()
    };
    let mut a = dealt(deal);
    let mut b = dealt(Deal::from_identities(swapped));
    for step in ["f3f5", "j4i4", "f8f6", "pass"] {
        a.play(step).unwrap();
        b.play(step).unwrap();
        assert_eq!(a.fen(), b.fen(), "the same public game after {step}");
        let (x, y) = (
            think(&a, nodes(4000)).unwrap(),
            think(&b, nodes(4000)).unwrap(),
        );
        assert_eq!(x.pv, y.pv, "after {step}");
        assert_eq!(x.score, y.score, "after {step}");
    }
    // i4 holds the piece the entry revealed, the same in both games.
    let i4 = schachwerk::geometry::Square::parse("i4").unwrap();
    let revealed = a.position().board().piece_at(i4);
    assert!(revealed.is_some());
    assert_eq!(revealed, b.position().board().piece_at(i4));
}

/// The material values the README's table gives, from each type's mobility on the variant's
/// empty board (`35 x mobility + 120`): a change to the formula or to a piece's moves shows here.
#[test]
fn material_values_are_the_readme_table() {
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);
    let cases: [Case; 16] = [
        ("chess", &[], "knight 304, bishop 426, rook 610, queen 916"),
        (
            "nietzsche",
            &[("sequence", "knighted")],
            "knight 304, bishop 426, rook 610, queen 916, cardinal 610, marshal 794, ace 1100",
        ),
        ("nacht", &[], "knight 298, bishop 400, rook 575, queen 855"),
        (
            "quintessential",
            &[],
            "centurion 520, dragon horse 605, janus 682, quintessence 807, leeloo 1303",
        ),
        (
            "impulschach",
            &[],
            "catalyst 304, bishop 426, rook 610, impulse 916",
        ),
        (
            "immortal",
            &[],
            "knight 322, bishop 519, rook 750, queen 1149",
        ),
        (
            "nietzsche",
            &[],
            "knight 304, bishop 426, rook 610, queen 916",
        ),
        (
            "nietzsche",
            &[("sequence", "crowned")],
            "knight 304, bishop 426, rook 610, queen 916, camel 273, prince 350, primate 549, chatelaine 717",
        ),
        (
            "nietzsche",
            &[("sequence", "timur")],
            "knight 304, bishop 426, rook 610, queen 916, camel 273, picket 319, pocket 488, fagin 687",
        ),
        (
            "nietzsche",
            &[("sequence", "eurasian")],
            "knight 304, bishop 426, rook 610, queen 916, arrow 273, camel 273, cannon 365, tank 518",
        ),
        (
            "nietzsche",
            &[("sequence", "mixed-timur")],
            "knight 304, bishop 426, rook 610, queen 916, camel 273, picket 319, pocket 488, fagin 687, inquion 794, infanon 809",
        ),
        (
            "nietzsche",
            &[("sequence", "mixed-eurasian")],
            "knight 304, bishop 426, rook 610, queen 916, arrow 273, camel 273, cannon 365, tank 518, saint 671, sparrow 763",
        ),
        (
            "nietzsche",
            &[("sequence", "long-crowned")],
            "knight 304, bishop 426, rook 610, queen 916, camel 273, prince 350, primate 549, caliph 579, cardinal 610, chatelaine 717, canvasser 763, marshal 794, acme 1069, ace 1100",
        ),
        (
            "nietzsche",
            &[("sequence", "ecumenical")],
            "knight 304, bishop 426, rook 610, queen 916, camel 273, gnu 457, caliph 579, cardinal 610, canvasser 763, marshal 794",
        ),
        (
            "nietzsche",
            &[("sequence", "shogi")],
            "knight 304, bishop 426, rook 610, queen 916, helm 166, wing 243, silver 258, gold 296, primate 549, chatelaine 717",
        ),
        (
            "nietzsche",
            &[("sequence", "courier")],
            "knight 304, bishop 426, rook 610, queen 916, elephant 199, dabbaba 225, ferz 227, wazir 243, camel 273, prince 350",
        ),
    ];
    for (variant, options, expected) in cases {
        let game = game(variant, options, None);
        let armory = game.variant().armory();
        let values = schachwerk::search::Values::new(armory);
        let mut got: Vec<String> = armory
            .defs()
            .iter()
            .enumerate()
            .filter(|(_, d)| !d.royal && !d.pawn)
            .map(|(i, d)| {
                let value = values.of(schachwerk::movement::Role(i as u8));
                format!("{} {value}", d.name.to_lowercase())
            })
            .collect();
        got.sort();
        let mut want: Vec<&str> = expected.split(", ").collect();
        want.sort();
        assert_eq!(got, want, "{variant} {options:?}");
    }
}

/// The colour-bound discount (`EvalWeights::colour_bound_percent`) takes its share off the
/// types that only reach squares of their own colour: the bishop, Nietzsche's ferz, elephant,
/// dabbaba and camel; never the knight, the rook or the wazir.
#[test]
fn the_colour_bound_discount_falls_on_colour_bound_types_only() {
    use schachwerk::rules::EvalWeights;
    let game = game("nietzsche", &[("sequence", "courier")], None);
    let armory = game.variant().armory();
    let hand = schachwerk::search::Values::new(armory);
    let weights = EvalWeights {
        colour_bound_percent: 20,
        ..EvalWeights::HAND
    };
    let discounted = schachwerk::search::Values::with_weights(armory, &weights);
    let mut bound = Vec::new();
    for (i, def) in armory.defs().iter().enumerate() {
        let role = schachwerk::movement::Role(i as u8);
        let (before, after) = (hand.of(role), discounted.of(role));
        if before != after {
            assert!(
                (after - before * 4 / 5).abs() <= 1,
                "{} {before} {after}",
                def.name
            );
            bound.push(def.name.to_lowercase());
        }
    }
    bound.sort();
    assert_eq!(bound, ["bishop", "camel", "dabbaba", "elephant", "ferz"]);
}

/// The reports of a search of `game` to `depth`, one for each completed depth.
fn each_depth(game: &Game, depth_limit: u32) -> Vec<Report> {
    let clock = no_clock;
    let mut reports = Vec::new();
    Searcher::new(game, depth(depth_limit), &clock).think(|found| reports.push(found.clone()));
    reports
}

#[test]
fn a_budget_that_ends_inside_an_iteration_plays_what_the_iteration_proved() {
    // Middlegames where a deeper iteration changes the best move; a budget that ends just
    // before that iteration completes has seen the new move proved, and plays it (the search
    // once played the depth before's).
    let fens = [
        "r2qk2r/pp5p/2nb1n2/2p2p2/P2pNp2/3P1B2/1PP2P1P/R1BQK2R w KQkq - 0 13",
        "1r1k1b1r/p1p2ppp/2Qp1q2/3p1bN1/2PP4/P3B3/1P2PPPP/R3KB1R w KQ - 1 13",
        "r3kb1r/p1p2p1p/1p1p4/3Pp3/1n2q1p1/4B3/PPPRPPPP/2K2BNR w kq - 0 13",
        "r2nkb1r/1ppqppp1/8/pP1p1b2/3PnB2/P1NBPNPp/2PQ1P1P/R3K2R w KQkq - 3 13",
        "r1b1k2r/pppp1p1p/3bqp2/4p3/3nP2P/2NN1P2/PPPP4/R1BQKB1R w KQkq - 0 13",
    ];
    let mut changes = 0;
    for fen in fens {
        let g = game("chess", &[], Some(fen));
        let reports = each_depth(&g, 7);
        for pair in reports.windows(2) {
            let (before, after) = (&pair[0], &pair[1]);
            if before.pv[0] == after.pv[0] || before.depth < 2 {
                continue;
            }
            let cut = think(&g, nodes(after.nodes - 1)).unwrap();
            let at = format!("{fen}, depth {} to {}", before.depth, after.depth);
            assert_eq!(cut.pv[0], after.pv[0], "{at}");
            assert_eq!(cut.depth, before.depth, "{at}: the depth completed");
            changes += 1;
        }
    }
    assert!(changes >= 5, "{changes} changes of the best move");
}
