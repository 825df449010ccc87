//! Quintessential Chess: each rule of RULES.md, with a test that fails when the rule is broken.

use std::collections::BTreeSet;

use schachwerk::game::Game;
use schachwerk::rules::{ActionKind, Outcome};
use schachwerk::ErrorCode;

const START: &str =
    "**cqklqc**/**1djjd1**/pppppppppp/10/10/10/10/PPPPPPPPPP/**1DJJD1**/**CQKLQC** w CHch - 0 1";

/// The missing corner squares, as (file, rank) from 0.
fn is_hole(file: i32, rank: i32) -> bool {
    !(2..=7).contains(&file) && !(2..=7).contains(&rank)
}

/// A position string with `pieces` (`"Ke1"`, `"qd10"`: letter, then square) on the board,
/// then `rest` (side to move, castling, en passant, clocks).
fn fen(pieces: &[&str], rest: &str) -> String {
    let mut grid = [['.'; 10]; 10];
    for p in pieces {
        let letter = p.chars().next().unwrap();
        let file = p.as_bytes()[1] - b'a';
        let rank: usize = p[2..].parse().unwrap();
        grid[rank - 1][file as usize] = letter;
    }
    let mut ranks = Vec::new();
    for rank in (0..10).rev() {
        let mut text = String::new();
        let mut run = 0;
        for file in 0..10 {
            let c = if is_hole(file, rank) {
                '*'
            } else {
                grid[rank as usize][file as usize]
            };
            if c == '.' {
                run += 1;
                continue;
            }
            if run > 0 {
                text.push_str(&run.to_string());
                run = 0;
            }
            text.push(c);
        }
        if run > 0 {
            text.push_str(&run.to_string());
        }
        ranks.push(text);
    }
    format!("{} {rest}", ranks.join("/"))
}

fn game(fen: &str) -> Game {
    Game::new("quintessential", &[], Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(game: &Game) -> BTreeSet<String> {
    game.describe_legal()
        .into_iter()
        .map(|i| i.machine)
        .collect()
}

/// The destinations of the piece on `from`.
fn destinations(game: &Game, from: &str) -> BTreeSet<String> {
    moves(game)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .map(|m| m[from.len()..].to_string())
        .collect()
}

fn squares(names: &str) -> BTreeSet<String> {
    names.split_whitespace().map(str::to_string).collect()
}

fn play_all(game: &mut Game, line: &str) {
    for m in line.split_whitespace() {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// Where a Quintessence on `from` goes on an empty 84-square board, walked here independently
/// of the engine: a knight step `v`, then `w` at right angles to it, alternating, each point
/// on the board, ending at a hole or the edge.
fn zig_zag_reference(from: &str, blockers: &[&str]) -> BTreeSet<String> {
    let name = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let start = (
        from.as_bytes()[0] as i32 - 'a' as i32,
        from[1..].parse::<i32>().unwrap() - 1,
    );
    let knight = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut out = BTreeSet::new();
    for v in knight {
        for w in [(-v.1, v.0), (v.1, -v.0)] {
            let (mut f, mut r) = start;
            for step in 0.. {
                let (dx, dy) = if step % 2 == 0 { v } else { w };
                (f, r) = (f + dx, r + dy);
                if !(0..10).contains(&f) || !(0..10).contains(&r) || is_hole(f, r) {
                    break;
                }
                out.insert(name(f, r));
                if blockers.contains(&name(f, r).as_str()) {
                    break;
                }
            }
        }
    }
    out
}

#[test]
fn start_position_reads_back_and_has_thirty_one_moves() {
    let start = Game::new("quintessential", &[], None).unwrap();
    assert_eq!(start.fen(), START);
    assert_eq!(start.variant().armory().shape().playable.count(), 84);
    let legal = moves(&start);
    // 10 single and 10 double pawn steps, the Leeloo's zig-zag f1-h2-g4-i5-h7-j8, two knight
    // leaps of each Janus, one wazir step of each Dragon horse.
    assert_eq!(legal.len(), 31, "{legal:?}");
    assert_eq!(destinations(&start, "f1"), squares("h2 g4 i5 h7 j8"));
}

#[test]
fn the_quintessence_follows_the_page_example_path() {
    let g = game(&fen(&["Qd1", "Ka3", "kj8"], "w - - 0 1"));
    let reach = destinations(&g, "d1");
    for sq in ["c3", "e4", "d6", "f7", "e9", "g10"] {
        assert!(reach.contains(sq), "d1 should reach {sq}: {reach:?}");
    }
    // Capturing on the first occupied point of the path, and no further.
    // (f7 and g10 are still reached along other paths, as the reference walk says.)
    let g = game(&fen(&["Qd1", "Ka3", "kj8", "pd6"], "w - - 0 1"));
    let reach = destinations(&g, "d1");
    assert!(reach.contains("d6") && !reach.contains("e9"));
    assert_eq!(reach, zig_zag_reference("d1", &["d6"]));
}

#[test]
fn quintessence_destinations_from_corner_edge_and_centre() {
    // Beside a missing corner, worked out by hand: six paths, with c6, d4, e7 and f10 each on
    // two of them and counted once.
    let corner = game(&fen(&["Qc1", "Ka5", "kj7"], "w - - 0 1"));
    let by_hand = squares("d3 b4 c6 a7 f2 g4 i3 j5 b3 d4 e7 d9 f10 e2 f5 g8");
    assert_eq!(destinations(&corner, "c1"), by_hand);
    assert_eq!(zig_zag_reference("c1", &[]), by_hand);
    for (from, king, enemy) in [("a5", "Kc1", "kh10"), ("e5", "Ka8", "kj7")] {
        let g = game(&fen(&[&format!("Q{from}"), king, enemy], "w - - 0 1"));
        let own = &king[1..];
        let mut expected = zig_zag_reference(from, &[own, &enemy[1..]]);
        expected.remove(own);
        assert_eq!(destinations(&g, from), expected, "from {from}");
    }
}

#[test]
fn the_leeloo_is_a_rook_and_a_quintessence() {
    let g = game(&fen(&["Lc1", "Ka5", "kj7"], "w - - 0 1"));
    let mut expected = zig_zag_reference("c1", &[]);
    // Rook lines: up the c file to c10, along rank 1 to h1 (b1 is missing).
    for sq in [
        "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "d1", "e1", "f1", "g1", "h1",
    ] {
        expected.insert(sq.to_string());
    }
    assert_eq!(destinations(&g, "c1"), expected);
    assert_eq!(expected.len(), 29);
}

#[test]
fn a_square_on_two_paths_stays_reachable_until_both_are_blocked() {
    // c6 lies on c1-d3-b4-c6 and on c1-b3-d4-c6.
    let one = game(&fen(&["Qc1", "Pd4", "Ka5", "kj7"], "w - - 0 1"));
    let reach = destinations(&one, "c1");
    assert!(reach.contains("c6"), "still reached by way of b4");
    assert!(!reach.contains("e7"), "both paths to e7 run through d4");
    assert_eq!(
        reach,
        zig_zag_reference("c1", &["d4"])
            .into_iter()
            .filter(|s| s != "d4")
            .collect()
    );
    let both = game(&fen(&["Qc1", "Pd4", "Pb4", "Ka5", "kj7"], "w - - 0 1"));
    assert!(!destinations(&both, "c1").contains("c6"));
}

#[test]
fn a_piece_pinned_along_a_zig_zag_may_not_leave_it() {
    // King d1, own janus on e4, enemy quintessence on f7: d1-c3-e4-d6-f7.
    let g = game(&fen(&["Kd1", "Je4", "qf7", "kj8"], "w - - 0 1"));
    assert!(
        destinations(&g, "e4").is_empty(),
        "{:?}",
        destinations(&g, "e4")
    );
    // A leeloo pins just as well; a piece that can take the pinner may.
    let g = game(&fen(&["Kd1", "Ce4", "lf7", "kj8", "pf5"], "w - - 0 1"));
    let centurion = destinations(&g, "e4");
    assert!(centurion.is_empty(), "{centurion:?}");
    // A leeloo on e4 may take the pinner, but not step to d6 on the same path: f7 also
    // reaches d1 by f7-g5-e4-f2-d1, which e4 blocked too.
    let g = game(&fen(&["Kd1", "Le4", "qf7", "kj8"], "w - - 0 1"));
    assert_eq!(destinations(&g, "e4"), squares("f7"));
    let g = game(&fen(&["Kd1", "Le4", "Pg5", "qf7", "kj8"], "w - - 0 1"));
    assert!(
        destinations(&g, "e4").contains("d6"),
        "with g5 blocked, d6 keeps the king safe"
    );
}

#[test]
fn pawns_double_step_from_any_rank_but_not_onto_a_promotion_square() {
    let g = game(&fen(&["Pe6", "Pa6", "Pc8", "Ke1", "ke10"], "w - - 0 1"));
    let legal = moves(&g);
    assert!(legal.contains("e6e8"), "double step from rank 6");
    assert!(
        legal.contains("a6a7") && !legal.contains("a6a8"),
        "a8 is a promotion square"
    );
    // c8-c10 would be a double step onto the last rank; c8-c9 is fine.
    assert!(legal.contains("c8c9") && !legal.iter().any(|m| m.starts_with("c8c10")));
    // Both squares must be empty.
    let blocked = game(&fen(&["Pe6", "pe7", "Ke1", "ke10"], "w - - 0 1"));
    assert!(!moves(&blocked).contains("e6e8"));
}

#[test]
fn pawns_promote_where_no_forward_step_exists() {
    let g = game(&fen(&["Pa7", "Pi7", "Pd9", "Ke1", "kj5"], "w - - 0 1"));
    let legal = moves(&g);
    for sq in ["a7a8", "i7i8", "d9d10"] {
        let choices: BTreeSet<String> = legal
            .iter()
            .filter(|m| m.starts_with(sq))
            .cloned()
            .collect();
        assert_eq!(
            choices,
            squares(
                &["c", "q", "j", "d", "l"]
                    .map(|p| format!("{sq}{p}"))
                    .join(" ")
            ),
            "{sq}"
        );
    }
    let black = game(&fen(&["pb4", "pe2", "Ke8", "kj5"], "b - - 0 1"));
    let legal = moves(&black);
    assert!(legal.contains("b4b3l") && !legal.contains("b4b3"));
    assert!(legal.contains("e2e1c"));
    // A pawn may not stand on its promotion square.
    let err = Game::new(
        "quintessential",
        &[],
        Some(&fen(&["Pb8", "Ke1", "ke10"], "w - - 0 1")),
    )
    .err()
    .unwrap();
    assert_eq!(err.code, ErrorCode::BadFen);
}

#[test]
fn a_pawn_jumps_a_friendly_pawn_but_not_onto_the_last_rank() {
    let g = game(&fen(
        &["Pe3", "Pe4", "Pc8", "Pc9", "Ke1", "ke10"],
        "w - - 0 1",
    ));
    let legal = moves(&g);
    assert!(legal.contains("e3e5"), "Bockspringen e3 over e4");
    assert!(
        !legal.iter().any(|m| m.starts_with("c8c10")),
        "no jump onto a promotion square"
    );
    // An enemy pawn in front is no springboard, and the landing square must be empty.
    let g = game(&fen(
        &["Pe3", "pe4", "Pg3", "Pg4", "Cg5", "Ke1", "ke10"],
        "w - - 0 1",
    ));
    let legal = moves(&g);
    assert!(!legal.contains("e3e5") && !legal.contains("g3g5"));
}

#[test]
fn the_rearmost_of_three_pawns_may_not_jump() {
    let g = game(&fen(
        &["Pe3", "Pe4", "Pe7", "Pg4", "Pg5", "Ke1", "ke10"],
        "w - - 0 1",
    ));
    let legal = moves(&g);
    assert!(!legal.contains("e3e5"), "rearmost of a tripled file");
    assert!(legal.contains("g4g6"), "a doubled pawn jumps");
    let black = game(&fen(&["pd8", "pd7", "pd3", "Ke1", "ke10"], "b - - 0 1"));
    assert!(!moves(&black).contains("d8d6"));
    let two = game(&fen(&["pd8", "pd7", "Ke1", "ke10"], "b - - 0 1"));
    assert!(moves(&two).contains("d8d6"));
}

#[test]
fn taking_the_jumped_pawn_next_move_takes_the_jumper_too() {
    let mut g = game(&fen(&["Pe3", "Pe4", "pd6", "Ke1", "ke10"], "w - - 0 1"));
    play_all(&mut g, "e3e5");
    assert!(
        g.fen().contains(" b - - "),
        "no black piece can take on e4: {}",
        g.fen()
    );
    let mut g = game(&fen(&["Pe3", "Pe4", "jg6", "Ke1", "ke10"], "w - - 0 1"));
    play_all(&mut g, "e3e5");
    assert!(g.fen().contains(" b - e4 "), "{}", g.fen());
    let take = g
        .describe_legal()
        .into_iter()
        .find(|i| i.machine == "g6e4")
        .unwrap();
    assert_eq!(take.action.kind, ActionKind::EnPassant);
    assert_eq!(take.notation, "Jxe4");
    g.play("Jxe4").unwrap();
    assert_eq!(
        g.position()
            .board()
            .role(schachwerk::movement::Role(0))
            .count(),
        0,
        "{}",
        g.fen()
    );
    // Taking the jumper itself is an ordinary capture of one pawn.
    let mut g = game(&fen(&["Pe3", "Pe4", "pd6", "Ke1", "ke10"], "w - - 0 1"));
    play_all(&mut g, "e3e5 d6e5");
    assert_eq!(g.fen(), fen(&["Pe4", "pe5", "Ke1", "ke10"], "w - - 0 2"));
    // Only on the very next move.
    let mut g = game(&fen(&["Pe3", "Pe4", "jg6", "Ke1", "ke10"], "w - - 0 1"));
    play_all(&mut g, "e3e5 e10d10 e1d1");
    play_all(&mut g, "g6e4");
    assert!(
        g.fen().contains("P"),
        "the jumper survives a late capture: {}",
        g.fen()
    );
}

#[test]
fn every_piece_captures_en_passant_and_none_lands_there_quietly() {
    // Black pawn d8-d6 passes d7, next to a white janus on e6 and a white king on c6.
    let start = fen(&["pd8", "Je6", "Kc6", "ke10", "Lh7"], "b - - 0 1");
    let mut g = game(&start);
    play_all(&mut g, "d8d6");
    assert!(g.fen().contains(" w - d7 "), "{}", g.fen());
    let to_d7: Vec<_> = g
        .describe_legal()
        .into_iter()
        .filter(|i| i.action.to.to_string() == "d7")
        .collect();
    let from: BTreeSet<String> = to_d7.iter().map(|i| i.action.from.to_string()).collect();
    assert_eq!(
        from,
        squares("e6 c6 h7"),
        "janus, king and leeloo all land on d7"
    );
    assert!(to_d7.iter().all(|i| i.action.kind == ActionKind::EnPassant));
    for (mover, notation) in [("e6", "Jxd7"), ("c6", "Kxd7"), ("h7", "Lxd7")] {
        let mut g = game(&start);
        play_all(&mut g, "d8d6");
        let entry = g.play(&format!("{mover}d7")).unwrap().clone();
        assert_eq!(entry.notation.trim_end_matches('+'), notation);
        assert!(
            !g.fen().contains('p'),
            "the pawn on d6 is gone: {}",
            g.fen()
        );
    }
    // A pawn takes diagonally, as in chess.
    let mut g = game(&fen(&["pd8", "Pe6", "Ka3", "ke10"], "b - - 0 1"));
    play_all(&mut g, "d8d6 exd7");
    assert!(!g.fen().contains('p'));
    // The chance lapses after one move.
    let mut g = game(&start);
    play_all(&mut g, "d8d6 c6b6 e10f10");
    assert!(g.fen().contains(" w - - "));
    let late = g
        .describe_legal()
        .into_iter()
        .find(|i| i.machine == "e6d7")
        .unwrap();
    assert_eq!(late.action.kind, ActionKind::Normal, "now a quiet move");
    g.play("e6d7").unwrap();
    assert!(g.fen().contains('p'), "the pawn on d6 stays: {}", g.fen());
}

#[test]
fn castling_both_ways_with_a_centurion() {
    let base = ["Ke1", "Cc1", "Ch1", "ke10", "cc10", "ch10"];
    let mut g = game(&fen(&base, "w CHch - 0 1"));
    let short = g
        .describe_legal()
        .into_iter()
        .find(|i| i.notation == "O-O")
        .unwrap();
    assert_eq!(short.machine, "e1c1");
    play_all(&mut g, "O-O");
    assert_eq!(
        g.position().board().piece_at(sq("c1")).map(|p| p.role.0),
        Some(6),
        "king on c1"
    );
    assert_eq!(
        g.position().board().piece_at(sq("d1")).map(|p| p.role.0),
        Some(1),
        "centurion on d1"
    );
    play_all(&mut g, "O-O-O");
    assert_eq!(
        g.position().board().piece_at(sq("g10")).map(|p| p.role.0),
        Some(6)
    );
    assert_eq!(
        g.position().board().piece_at(sq("f10")).map(|p| p.role.0),
        Some(1)
    );
    assert!(
        g.fen().contains(" w - - 0 2"),
        "castling resets the clock: {}",
        g.fen()
    );
}

fn sq(name: &str) -> schachwerk::geometry::Square {
    schachwerk::geometry::Square::parse(name).unwrap()
}

#[test]
fn castling_fails_on_each_broken_condition() {
    let can = |pieces: &[&str], rights: &str| -> (bool, bool) {
        let g = game(&fen(pieces, &format!("w {rights} - 0 1")));
        let legal = moves(&g);
        (legal.contains("e1c1"), legal.contains("e1g1"))
    };
    let base = ["Ke1", "Cc1", "Ch1", "ke10"];
    assert_eq!(can(&base, "CH"), (true, true));
    assert_eq!(can(&base, "H"), (false, true), "the c centurion has moved");
    assert_eq!(can(&base, "-"), (false, false));
    assert_eq!(
        can(&[&base[..], &["Dd1", "Lf1"]].concat(), "CH"),
        (false, false),
        "squares between occupied"
    );
    assert_eq!(
        can(&[&base[..], &["Qg1"]].concat(), "CH"),
        (true, false),
        "g1 occupied"
    );
    // Black dragon horses attack along one diagonal each.
    assert_eq!(
        can(&[&base[..], &["da5"]].concat(), "CH"),
        (false, false),
        "in check"
    );
    assert_eq!(
        can(&[&base[..], &["da4"]].concat(), "CH"),
        (false, true),
        "passing d1 attacked"
    );
    assert_eq!(
        can(&[&base[..], &["da6"]].concat(), "CH"),
        (true, false),
        "passing f1 attacked"
    );
    assert_eq!(
        can(&[&base[..], &["dh6"]].concat(), "CH"),
        (false, true),
        "landing on c1 attacked"
    );
    assert_eq!(
        can(&[&base[..], &["db6"]].concat(), "CH"),
        (true, false),
        "landing on g1 attacked"
    );
    // Moving the king or a centurion loses the right.
    let mut g = game(&fen(&base, "w CH - 0 1"));
    play_all(&mut g, "h1h3 Kd10 h3h1 Ke10");
    assert!(moves(&g).contains("e1c1") && !moves(&g).contains("e1g1"));
    play_all(&mut g, "e1d1 Kd10 d1e1 Ke10");
    assert!(!moves(&g).contains("e1c1"));
}

#[test]
fn check_mate_and_draws() {
    // A leeloo checks along rank 10; the centurion on f7 covers g9 and h9.
    let g = game(&fen(&["kh10", "Lc10", "Cf7", "Ke1"], "b - - 0 1"));
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: schachwerk::movement::Color::White,
            reason: "checkmate"
        }),
        "{}",
        g.fen()
    );
    // Stalemate.
    let g = game(&fen(&["kc10", "Cf10", "Ka3", "Dd8"], "b - - 0 1"));
    assert!(
        matches!(
            g.outcome(),
            Some(Outcome::Draw {
                reason: "stalemate"
            })
        ),
        "{:?} {:?}",
        g.outcome(),
        moves(&g)
    );
    // Bare kings.
    let mut g = game(&fen(&["ke10", "Je9", "Ke1"], "b - - 0 1"));
    g.play("Kxe9").unwrap();
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "bare kings"
        })
    ));
}

#[test]
fn a_hundred_moves_without_capture_pawn_move_or_castling_draw() {
    let quiet = |clock: u32| {
        game(&fen(
            &["ke10", "Lf9", "Ke1", "Cc1", "Pj3"],
            &format!("w C - {clock} 120"),
        ))
    };
    let mut g = quiet(199);
    g.play("Lf8").unwrap();
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "hundred-move rule"
        })
    ));
    // Ninety-nine moves are not enough, and castling, like a pawn move, starts the count again.
    let mut g = quiet(198);
    g.play("Lf8").unwrap();
    assert_eq!(g.outcome(), None);
    let mut g = quiet(199);
    g.play("O-O").unwrap();
    assert_eq!(g.position().halfmove_clock, 0);
    let mut g = quiet(199);
    g.play("j3j4").unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn threefold_repetition_draws() {
    let mut g = game(&fen(&["ke10", "Ke1", "Jd4"], "w - - 0 1"));
    play_all(&mut g, "Jc5 Kd10 Jd4 Ke10 Jc5 Kd10 Jd4");
    assert_eq!(g.outcome(), None);
    play_all(&mut g, "Ke10");
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: "threefold repetition"
        })
    ));
}

#[test]
fn bad_en_passant_fields_and_castling_rights_are_refused() {
    let bad = [
        fen(&["Ke1", "ke10", "Pe5"], "b - e3 0 1"),
        fen(&["Ke1", "ke10", "Pe5", "Pe3"], "b - e4 0 1"),
        fen(&["Ke1", "ke10", "Cd1"], "w D - 0 1"),
        fen(&["Kd1", "ke10", "Cc1"], "w C - 0 1"),
    ];
    for f in bad {
        let err = Game::new("quintessential", &[], Some(&f)).err();
        assert_eq!(err.map(|e| e.code), Some(ErrorCode::BadFen), "{f}");
    }
    // A double step (empty square) and a jump (the jumped pawn on it) both read back.
    for f in [
        fen(&["Ke1", "ke10", "Pe5", "jf6"], "b - e4 0 1"),
        fen(&["Ke1", "ke10", "Pe5", "Pe4", "jg6"], "b - e4 0 1"),
    ] {
        assert_eq!(game(&f).fen(), f);
    }
}

#[test]
fn a_jump_beside_a_single_step_is_written_with_its_square() {
    let g = game(&fen(&["Pe3", "Pe4", "Pf4", "Ke1", "ke10"], "w - - 0 1"));
    let notations: BTreeSet<String> = g.describe_legal().into_iter().map(|i| i.notation).collect();
    assert!(
        notations.contains("e3e5") && notations.contains("e4e5"),
        "{notations:?}"
    );
    let err = g.parse_action("e5").err().unwrap();
    assert!(
        err.message.contains("e3e5") && err.message.contains("e4e5"),
        "{}",
        err.message
    );
    assert_eq!(g.parse_action("e3-e5").unwrap().from, sq("e3"));
}

#[test]
fn one_piece_may_block_two_zig_zag_checks_at_once() {
    // Quintessences on d1 and d6 both check g2 through e3: d1-e3-g2 and d6-f5-e3-g2. The king
    // has no move, but the janus on c5 blocks both checks; it is not mate.
    let g = game("**k5**/**6**/10/10/3q6/2J7/10/5PPP2/**3PKP**/**1q1PPP** w - - 0 1");
    assert_eq!(moves(&g), squares("c5e3"));
    assert_eq!(g.outcome(), None);
    // A pawn's double step can be the block too.
    let g = game("**6**/**6**/10/10/3q6/10/k9/10/**4K1**/**1qP3** w - - 0 1");
    assert!(moves(&g).contains("e1e3"));
}

#[test]
fn a_jump_the_triple_pawn_rule_forbids_is_no_en_passant_field() {
    // e5 jumped from e3 over e4 while e7 stood on the file: it was the rearmost of three.
    let illegal = fen(&["Pe4", "Pe5", "Pe7", "jg6", "Ke1", "ke10"], "b - e4 0 1");
    let err = Game::new("quintessential", &[], Some(&illegal)).err();
    assert_eq!(err.map(|e| e.code), Some(ErrorCode::BadFen));
    // With a pawn behind it (on e2), the jumper was not the rearmost.
    let legal = fen(
        &["Pe2", "Pe4", "Pe5", "Pe7", "jg6", "Ke1", "ke10"],
        "b - e4 0 1",
    );
    assert_eq!(game(&legal).fen(), legal);
}
