//! Forced wins in one and two turns for each variant, each found by the search (`mate 1`,
//! `mate 2` and the expected first action) and checked with the engine's own legal actions:
//! the expected action is the only one that wins in that many turns, none wins sooner, and
//! the search's line ends the game as the rules say. NAChT's wins include two that only the
//! repetition ban makes: the same position string without the game's history is no win.
//!
//! The positions, by the rule pages and ../shared/RULES.md:
//!
//! - NAChT Schach (8x7; no legal move loses; the kings may not face each other on a file or
//!   rank with nothing between; a player may not make a position they made before):
//!   - `6k1/5ppp/8/8/8/8/R1K5`: 1. Ra7#, the back rank is the seventh.
//!   - `k7/3K4/...`: 1. Kc6 leaves Ka7 no move (b6 and b7 beside the king, a6 faces it on the
//!     sixth rank): stalemate, which loses.
//!   - `8/k7/8/2K5/...`: 1. Kb4 (a5, b5 attacked; b6, b7 face the king on the b-file) Ka7
//!     2. Kb5 and Black has no move.
//!   - From `k7/8/8/8/8/8/1K6 b` (Kb1 faces b7 and b6), 1... Ka6 2. Kc1 Ka7: now 3. Kb1 leaves
//!     only Ka6, which would make again the position Black made with 1... Ka6: banned, and
//!     Black has no move. From the same position string without that history, 3... Ka6 is legal.
//!   - From `8/8/1K6/8/8/k7/8 b`, 1... Ka3 2. Kb6 Ka2: 3. Kb5 bans Ka3 (Black made that
//!     position with 1... Ka3) and the b-file squares face the king, so 3... Ka1; 4. Kb6 bans
//!     Ka2 (made by 2... Ka2) and b1, b2 face the king: no move. A win in two that the ban
//!     makes twice.
//! - Quintessential Chess (84 squares: a1-b2, i1-j2, a9-b10, i9-j10 do not exist; Janus =
//!   bishop + knight): the missing corner squares wall the king in.
//!   - `**k5**/.../5J4/...`: 1. Je8#: the bishop line e8-d9-c10 checks, the knight's jumps
//!     cover c9 and d10, the diagonal d9; b9, b10 do not exist.
//!   - `**1k4**/**6**/2K7/.../1J8/...`: 1. Jf8+ (the diagonal f8-e9-d10; e10 a knight's jump,
//!     c9, d9 beside the white king) Kc10 2. Je9# (knight's jump onto c10, diagonal onto d10).
//! - Nietzsche Chess (each piece of the side that moved, left en prise, promotes one step):
//!   - `6rk/6pp/8/6P1/8/8/8/K6R`: 1. g6#: the pawn is attacked by h7 (pinned by the rook on
//!     h1, but attack is geometric), so it becomes a knight on g6, checking h8, which the pinned
//!     pawn cannot take; g8, g7 and h7 are Black's own.
//!   - `6k1/8/8/8/8/5R2/8/1R1K4`: 1. Rb7 (f8 is the f-rook's, the seventh rank the b-rook's)
//!     Kh8 2. Rf8#.
//! - Impulschach (no check; capturing the king wins; a Resonance Shift that puts an enemy pawn
//!   on the mover's royal square, e1 for White, wins):
//!   - `7k/.../K6R`: 1. Rxh8, the king captured.
//!   - `7k/.../2P5/P3p3/IB5K`: the Impulse's one move, 1. Ib2, brings the shift, which moves
//!     the pawn on e2 to e1: the royal square.
//!   - `7k/6pp/.../R5K1`: 1. Ra8, then whatever Black does, a rook takes the king.
//!   - `7k/.../2P1p3/P7/IB1K4`: 1. Ib2 with the shift moving e3 to d2, where the white king on
//!     d1 blocks it and nothing stands on c1 or e1 for it to take; after any reply the
//!     Impulse moves again (the search takes it back to a1) and the shift moves the pawn to e1.
//! - Immortal Chess (10x10; hidden Immortals on the border attack nothing, cannot be taken and
//!   block like walls; empty border squares are ordinary squares; seed of zeros):
//!   - the full border, `?7k?` and `?6pp?` above `?R3K3?`: 1. Rb9# and pass: the Immortals on
//!     h10, i10, j8-j10 wall the king in.
//!   - `4k3K?/.../8R1/R9/10[N]`, one Immortal left (on j10, a white knight by the zero seed's
//!     deal; it can only enter through i9): 1. Ri9 (now nothing can enter) K on rank 10
//!     2. Ra10#, along the border rank.

use schachwerk::game::Game;
use schachwerk::movement::Color;
use schachwerk::rules::Outcome;
use schachwerk::search::{turn_of, Limits, Report, Searcher, MATE};

const ZERO: &str = "0000000000000000000000000000000000000000000000000000000000000000";

fn game(variant: &str, options: &[(&str, &str)], fen: &str) -> Game {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Game::new(variant, &options, Some(fen)).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

/// A copy of `g` without its history: the same position string, loaded fresh.
fn fresh(g: &Game, variant: &str, options: &[(&str, &str)]) -> Game {
    game(variant, options, &g.fen())
}

fn think(g: &Game) -> Report {
    let clock = || 0.0;
    let limits = Limits {
        nodes: Some(2_000_000),
        ..Limits::default()
    };
    Searcher::new(g, limits, &clock)
        .think(|_| {})
        .unwrap_or_else(|| panic!("no answer at {}", g.fen()))
}

fn machine(g: &Game, actions: &[schachwerk::rules::Action]) -> Vec<String> {
    actions
        .iter()
        .map(|a| a.machine(g.variant().armory()))
        .collect()
}

fn status(g: &Game) -> String {
    g.outcome().map_or("ongoing".into(), |o| o.describe())
}

/// The legal actions to try here: all, or with `pass_only` at an Immortal entry only `pass`
/// (a win that owes nothing to what an Immortal turns out to be).
fn choices(g: &Game, pass_only: bool) -> Vec<schachwerk::rules::Action> {
    let legal = g.legal_actions();
    if pass_only && g.decision().kind == "entry" {
        let armory = g.variant().armory();
        legal
            .into_iter()
            .filter(|a| a.machine(armory) == "pass")
            .collect()
    } else {
        legal
    }
}

/// Whether `attacker` wins within `turns` more of its own turns (counting the one under way
/// when it is to move), whatever the other side does: every action is tried, one decision at a
/// time, so a turn of several actions is searched whole.
fn wins(g: &mut Game, attacker: Color, turns: u32, pass_only: bool) -> bool {
    if let Some(outcome) = g.outcome() {
        return matches!(outcome, Outcome::Win { winner, .. } if winner == attacker);
    }
    if turns == 0 {
        return false;
    }
    let ours = g.position().turn() == attacker;
    for action in choices(g, pass_only) {
        g.play_action(&action).unwrap();
        let left = if ours && g.position().turn() != attacker {
            turns - 1
        } else {
            turns
        };
        let won = wins(g, attacker, left, pass_only);
        g.undo().unwrap();
        if won == ours {
            return ours;
        }
    }
    !ours
}

/// The first actions of the side to move that win within `turns` of its turns.
fn winning_first_actions(g: &mut Game, turns: u32, pass_only: bool) -> Vec<String> {
    let attacker = g.position().turn();
    let mut found = Vec::new();
    for action in choices(g, pass_only) {
        g.play_action(&action).unwrap();
        let left = if g.position().turn() != attacker {
            turns - 1
        } else {
            turns
        };
        if wins(g, attacker, left, pass_only) {
            found.push(action.machine(g.variant().armory()));
        }
        g.undo().unwrap();
    }
    found
}

struct Case {
    variant: &'static str,
    options: &'static [(&'static str, &'static str)],
    fen: &'static str,
    /// Actions played first, so that the game has a history.
    history: &'static [&'static str],
    /// The winner's turns: 1 or 2.
    turns: u32,
    /// The first action of the win.
    first: &'static str,
    /// The game's status once the search's line is played.
    end: &'static str,
    /// Checked with entries passed only (the full Immortal border: a check of every entry
    /// would follow the referee's deal, where a lucky entry may win too).
    pass_only: bool,
}

/// The search finds the win, the engine's legal actions confirm it, and the line ends the game.
fn check(case: &Case) -> Game {
    let name = format!("{} {} {:?}", case.variant, case.fen, case.history);
    let mut g = game(case.variant, case.options, case.fen);
    for action in case.history {
        g.play(action)
            .unwrap_or_else(|e| panic!("{name}: {action}: {e}"));
    }
    let report = think(&g);
    let line = machine(&g, &report.pv);
    assert_eq!(
        report.score_text(),
        format!("mate {}", case.turns),
        "{name}: {line:?}"
    );
    assert_eq!(report.score, MATE - (2 * case.turns as i32 - 1), "{name}");
    assert_eq!(line[0], case.first, "{name}: {line:?}");
    // The engine's own actions: this first action, and no other, wins in so many turns, and
    // no action wins sooner.
    assert_eq!(
        winning_first_actions(&mut g, case.turns, case.pass_only),
        [case.first],
        "{name}"
    );
    if case.turns > 1 {
        assert!(
            winning_first_actions(&mut g, case.turns - 1, case.pass_only).is_empty(),
            "{name}: wins sooner"
        );
    }
    // The search's line, played out, is the win: the game is over and nothing is legal.
    let mut end = clone(&g, case);
    let first_turn = turn_of(&end, &report.pv);
    assert!(!first_turn.is_empty(), "{name}");
    for action in &report.pv {
        assert_eq!(status(&end), "ongoing", "{name}: {line:?}");
        end.play_action(action)
            .unwrap_or_else(|e| panic!("{name}: {line:?}: {e}"));
    }
    assert_eq!(status(&end), case.end, "{name}: {line:?}");
    assert!(end.legal_actions().is_empty(), "{name}");
    g
}

/// The same game again, history included.
fn clone(g: &Game, case: &Case) -> Game {
    let mut copy = game(case.variant, case.options, case.fen);
    for entry in g.history() {
        copy.play_action(&entry.action).unwrap();
    }
    copy
}

#[test]
fn nacht_mates_stalemates_and_the_facing_rule() {
    let cases = [
        Case {
            variant: "nacht",
            options: &[],
            fen: "6k1/5ppp/8/8/8/8/R1K5 w - - 0 1",
            history: &[],
            turns: 1,
            first: "a1a7",
            end: "white wins checkmate",
            pass_only: false,
        },
        Case {
            variant: "nacht",
            options: &[],
            fen: "k7/3K4/8/8/8/8/8 w - - 0 1",
            history: &[],
            turns: 1,
            first: "d6c6",
            end: "white wins stalemate",
            pass_only: false,
        },
        Case {
            variant: "nacht",
            options: &[],
            fen: "8/k7/8/2K5/8/8/8 w - - 0 1",
            history: &[],
            turns: 2,
            first: "c4b4",
            end: "white wins stalemate",
            pass_only: false,
        },
    ];
    for case in &cases {
        check(case);
    }
}

#[test]
fn nacht_wins_by_the_repetition_ban_and_not_without_the_history() {
    // 1... Ka6 2. Kc1 Ka7, then 3. Kb1: Ka6 would repeat the position 1... Ka6 made.
    let once = Case {
        variant: "nacht",
        options: &[],
        fen: "k7/8/8/8/8/8/1K6 b - - 0 1",
        history: &["Ka6", "Kc1", "Ka7"],
        turns: 1,
        first: "c1b1",
        end: "white wins repetition ban",
        pass_only: false,
    };
    let g = check(&once);
    let mut banned = clone(&g, &once);
    banned.play("Kb1").unwrap();
    assert!(banned.legal_actions().is_empty());
    let refused = banned.play("Ka6").unwrap_err();
    assert!(refused.to_string().contains("repetition ban"), "{refused}");
    // The same position string, without the history: no win in one, the search says so, and
    // after Kb1 Black simply plays Ka6.
    let mut new = fresh(&g, "nacht", &[]);
    assert_eq!(new.fen(), g.fen());
    assert!(winning_first_actions(&mut new, 1, false).is_empty());
    // There the win takes five turns, the ban working on the history the line builds itself:
    // the search and the engine's actions agree.
    let report = think(&new);
    assert_eq!(report.score_text(), "mate 5", "{}", new.fen());
    assert!(winning_first_actions(&mut new, 4, false).is_empty());
    assert_eq!(
        winning_first_actions(&mut new, 5, false),
        [machine(&new, &report.pv[..1])[0].clone()]
    );
    new.play("Kb1").unwrap();
    assert_eq!(status(&new), "ongoing");
    assert!(new.play("Ka6").is_ok());

    // 1... Ka3 2. Kb6 Ka2, then 3. Kb5 (Ka3 banned) Ka1 4. Kb6 (Ka2 banned): no move.
    let twice = Case {
        variant: "nacht",
        options: &[],
        fen: "8/8/1K6/8/8/k7/8 b - - 0 1",
        history: &["Ka3", "Kb6", "Ka2"],
        turns: 2,
        first: "b6b5",
        end: "white wins repetition ban",
        pass_only: false,
    };
    let g = check(&twice);
    let mut line = clone(&g, &twice);
    line.play("Kb5").unwrap();
    let replies: Vec<String> = line
        .describe_legal()
        .into_iter()
        .map(|i| i.machine)
        .collect();
    assert_eq!(
        replies,
        ["a2a1"],
        "only Ka1: Ka3 is banned, b1-b3 face the king"
    );
    let mut new = fresh(&g, "nacht", &[]);
    assert!(winning_first_actions(&mut new, 2, false).is_empty());
    // Without the history the win takes six turns.
    let report = think(&new);
    assert_eq!(report.score_text(), "mate 6", "{}", new.fen());
    assert!(winning_first_actions(&mut new, 5, false).is_empty());
    assert!(winning_first_actions(&mut new, 6, false).contains(&"b6b5".to_string()));
    assert_eq!(report.pv[0].machine(new.variant().armory()), "b6b5");
}

#[test]
fn quintessential_mates_in_the_missing_corner() {
    let cases = [
        Case {
            variant: "quintessential",
            options: &[],
            fen: "**k5**/**6**/10/10/5J4/10/10/10/**6**/**4K1** w - - 0 1",
            history: &[],
            turns: 1,
            first: "f6e8",
            end: "white wins checkmate",
            pass_only: false,
        },
        Case {
            variant: "quintessential",
            options: &[],
            fen: "**1k4**/**6**/2K7/10/10/10/1J8/10/**6**/**6** w - - 0 1",
            history: &[],
            turns: 2,
            first: "b4f8",
            end: "white wins checkmate",
            pass_only: false,
        },
    ];
    for case in &cases {
        check(case);
    }
}

#[test]
fn nietzsche_mates_one_by_a_pawn_that_becomes_a_knight() {
    let knight = Case {
        variant: "nietzsche",
        options: &[],
        fen: "6rk/6pp/8/6P1/8/8/8/K6R w - - 0 1",
        history: &[],
        turns: 1,
        first: "g5g6",
        end: "white wins checkmate",
        pass_only: false,
    };
    let g = check(&knight);
    let mut after = clone(&g, &knight);
    let played = after.play("g6").unwrap();
    assert_eq!(played.notation, "g6# (g6=N)");
    let ladder = Case {
        variant: "nietzsche",
        options: &[],
        fen: "6k1/8/8/8/8/5R2/8/1R1K4 w - - 0 1",
        history: &[],
        turns: 2,
        first: "b1b7",
        end: "white wins checkmate",
        pass_only: false,
    };
    check(&ladder);
}

#[test]
fn impulschach_wins_by_king_capture_and_on_the_royal_square() {
    let cases = [
        Case {
            variant: "impulschach",
            options: &[],
            fen: "7k/8/8/8/8/8/8/K6R w - - 0 1",
            history: &[],
            turns: 1,
            first: "h1h8",
            end: "white wins king captured",
            pass_only: false,
        },
        Case {
            variant: "impulschach",
            options: &[],
            fen: "7k/8/8/8/8/2P5/P3p3/IB5K w - - 0 1",
            history: &[],
            turns: 1,
            first: "a1b2",
            end: "white wins enemy pawn on the royal square",
            pass_only: false,
        },
        Case {
            variant: "impulschach",
            options: &[],
            fen: "7k/6pp/8/8/8/8/8/R5K1 w - - 0 1",
            history: &[],
            turns: 2,
            first: "a1a8",
            end: "white wins king captured",
            pass_only: false,
        },
        Case {
            variant: "impulschach",
            options: &[],
            fen: "7k/8/8/8/8/2P1p3/P7/IB1K4 w - - 0 1",
            history: &[],
            turns: 2,
            first: "a1b2",
            end: "white wins enemy pawn on the royal square",
            pass_only: false,
        },
    ];
    for case in &cases {
        let g = check(case);
        // The winning turn is several decisions: the Impulse's move, the shift's direction and
        // the pawn's displacement, all of them White's.
        if case.first == "a1b2" {
            let turn = machine(&g, &turn_of(&g, &think(&g).pv));
            assert_eq!(turn.len(), 3, "{turn:?}");
            assert!(turn[1].starts_with("shift:"), "{turn:?}");
            let pawn_to = if case.turns == 1 { "e2e1" } else { "e3d2" };
            assert_eq!(turn[2], pawn_to, "{turn:?}");
        }
    }
}

#[test]
fn immortal_mates_behind_the_walls_and_on_the_border() {
    let walls = Case {
        variant: "immortal",
        options: &[("seed", ZERO)],
        fen: "??????????/?7k?/?6pp?/?8?/?8?/?8?/?8?/?8?/?R3K3?/?????????? w - - 0 1",
        history: &[],
        turns: 1,
        first: "b2b9",
        end: "white wins checkmate",
        pass_only: true,
    };
    let g = check(&walls);
    // The winning turn is the move and no entry.
    let turn = machine(&g, &turn_of(&g, &think(&g).pv));
    assert_eq!(turn, ["b2b9", "pass"]);
    let border = Case {
        variant: "immortal",
        options: &[("seed", ZERO)],
        fen: "4k3K?/10/10/10/10/10/10/8R1/R9/10[N] w - - 0 1",
        history: &[],
        turns: 2,
        first: "i3i9",
        end: "white wins checkmate",
        pass_only: false,
    };
    let g = check(&border);
    // After Ri9 the Immortal on j10 cannot enter, so each turn is one move.
    let mut after = clone(&g, &border);
    after.play_action(&think(&g).pv[0]).unwrap();
    assert_eq!(after.position().turn(), Color::Black);
}
