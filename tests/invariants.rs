//! Invariants checked over many random games: generation, validation, notation, position strings,
//! hashing and undo all agree with one another.

use schachwerk::game::Game;
use schachwerk::geometry::Bitboard;
use schachwerk::position::parse_fen;
use schachwerk::rules::Action;

/// A small deterministic generator (xorshift64*), so failures replay.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
];

/// Quintessential positions from its perft suite: en passant by many pieces, a jump just made,
/// castling rights with attacked squares, a double check that one piece blocks.
const QUINTESSENTIAL_STARTS: [&str; 4] = [
    "**6**/**6**/d8p/p4cp1p1/3Ppj4/2k4l2/1q8/P3PPPPC1/**QJD2K**/**L5** b - d5 0 1",
    "**2k3**/**6**/6p1p1/1p5d2/3pcj4/2qpP5/l3P5/2P3PP1P/**1J3D**/**LC1QK1** b - e4 0 1",
    "**c1k2c**/**1qj1dP**/pp1pp1p2p/10/10/1l8/8L1/PP2PPQ2P/**pD1J2**/**C1K2C** w CHch - 0 1",
    "**k5**/**6**/10/10/3q6/2J7/10/5PPP2/**3PKP**/**1q1PPP** w - - 0 1",
];

/// The variants and options every invariant is checked under, and the positions they play
/// from (none: four games from their own start).
/// Impulschach positions: mid-turn ones (a chain, a shift to choose, pawns to displace) and one
/// with pawns next to conversions and the royal squares.
const IMPULSCHACH_STARTS: [&str; 4] = [
    "rcbikbcr/pppppppp/8/8/8/2C5/PPPPPPPP/R1BIKBCR w - - 1 1 chain:a2,d1,e2",
    "rcbikbcr/pp1ppppp/2p5/1B6/4P3/2C5/PPPPIPPP/R1B1K1CR w - - 0 3 shift+chain:b5,e4",
    "4k3/1P1P2P1/8/8/8/3I4/p1p2p1p/4K3 w - - 0 1",
    "r2ik2r/pPp2pPp/8/2C2C2/8/2c2c2/PpP2PpP/R2IK2R w - - 0 1",
];

/// Nietzsche positions with the new pieces next to kings, by the letters of their sequences:
/// Cannons (O), Arrows (V) and Tanks (T) lined up with kings and screens, a king castling past
/// a square an Arrow attacks; Pickets (J), Pockets (U) and Fagins (F); Helms (E), Wings (L),
/// Silvers (S) and Golds (G) near the last ranks.
const HOPPER_STARTS: [&str; 3] = [
    "r3k2r/p1pp1pp1/1vo5/8/3Tt3/1V6/P1PP1PP1/R3K2R w KQkq - 0 1",
    "r3k2r/p1pp1pp1/1v2o3/4t3/3T4/1V3O2/P1PP1PP1/R3K2R w KQkq - 0 1",
    "4k3/4o3/8/8/4P3/8/2t5/R3K2R w KQ - 0 1",
];
const TIMUR_STARTS: [&str; 2] = [
    "r3k2r/pppupppp/2j5/3f4/4F3/5J2/PPPU1PPP/R3K2R w KQkq - 0 1",
    "4k3/1F6/8/3u4/8/8/6j1/4K2R w K - 0 1",
];
const SHOGI_STARTS: [&str; 2] = [
    "Lr2k3/7E/8/2s1g3/2S1G3/8/e6l/4K3 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RESGKGEL w kq - 0 1",
];

const VARIANTS: [(&str, &str, &[&str]); 22] = [
    ("chess", "", &STARTS),
    ("nietzsche", "sequence=fast", &STARTS),
    ("nietzsche", "sequence=knighted", &STARTS),
    ("nietzsche", "sequence=crowned", &[]),
    ("nietzsche", "sequence=timur", &TIMUR_STARTS),
    ("nietzsche", "sequence=eurasian", &HOPPER_STARTS),
    ("nietzsche", "sequence=mixed-timur", &TIMUR_STARTS),
    ("nietzsche", "sequence=mixed-eurasian", &HOPPER_STARTS),
    ("nietzsche", "sequence=long-crowned", &[]),
    ("nietzsche", "sequence=long-timur", &TIMUR_STARTS),
    ("nietzsche", "sequence=long-eurasian", &HOPPER_STARTS),
    ("nietzsche", "sequence=ecumenical", &[]),
    ("nietzsche", "sequence=wildeurasian", &HOPPER_STARTS),
    ("nietzsche", "sequence=shogi", &SHOGI_STARTS),
    ("nietzsche", "sequence=courier", &[]),
    ("nacht", "castling=true", &[]),
    ("nacht", "setup=reverse castling=true", &[]),
    ("quintessential", "", &QUINTESSENTIAL_STARTS),
    ("impulschach", "", &[]),
    ("impulschach", "", &IMPULSCHACH_STARTS),
    (
        "immortal",
        "seed=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
        &[],
    ),
    (
        "immortal",
        "seed=ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        &[],
    ),
];

/// Plays `games` random games of up to `plies` actions from each start in each variant,
/// calling `check` before every action.
fn random_games(games: usize, plies: usize, mut check: impl FnMut(&mut Game, &mut Rng)) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for (variant, option, positions) in VARIANTS {
        let options = schachwerk::variants::parse_options(option.split_whitespace()).unwrap();
        let starts: Vec<Option<&str>> = if positions.is_empty() {
            vec![None; 4]
        } else {
            positions.iter().map(|s| Some(*s)).collect()
        };
        for start in starts {
            for _ in 0..games {
                let mut game = Game::new(variant, &options, start).unwrap();
                for _ in 0..plies {
                    check(&mut game, &mut rng);
                    let legal = game.legal_actions();
                    if legal.is_empty() {
                        break;
                    }
                    let action = legal[rng.below(legal.len())];
                    game.play_action(&action).unwrap();
                }
            }
        }
    }
}

#[test]
fn counting_matches_listing_and_every_action_reads_back() {
    random_games(3, 80, |game, _| {
        let listed = game.legal_actions();
        if game.outcome().is_none() {
            assert_eq!(
                game.variant().count_actions(game.line()),
                listed.len(),
                "{}",
                game.fen()
            );
        }
        for info in game.describe_legal() {
            assert_eq!(
                game.parse_action(&info.machine).unwrap(),
                info.action,
                "{}",
                info.machine
            );
            assert_eq!(
                game.parse_action(&info.notation).unwrap(),
                info.action,
                "{}",
                info.notation
            );
        }
    });
}

#[test]
fn every_accepted_move_string_is_a_generated_action() {
    random_games(1, 40, |game, rng| {
        if rng.below(16) != 0 || game.outcome().is_some() {
            return;
        }
        let legal = game.legal_actions();
        let squares: Vec<String> = game
            .variant()
            .armory()
            .shape()
            .playable
            .squares()
            .map(|s| s.to_string())
            .collect();
        for from in &squares {
            for to in &squares {
                for promo in ["", "q", "n"] {
                    let text = format!("{from}{to}{promo}");
                    match game.parse_action(&text) {
                        Ok(action) => assert!(legal.contains(&action), "{text} accepted"),
                        Err(_) => assert!(
                            !legal
                                .iter()
                                .any(|a| a.machine(game.variant().armory()) == text),
                            "{text} refused"
                        ),
                    }
                }
            }
        }
    });
}

#[test]
fn hash_fen_and_undo_stay_consistent() {
    random_games(4, 120, |game, rng| {
        let position = *game.position();
        assert_eq!(position.hash(), position.fresh_hash(), "{}", game.fen());
        let fen = game.fen();
        let variant = game.variant();
        let reparsed = variant
            .position(parse_fen(&fen, variant.armory()).unwrap())
            .unwrap();
        assert_eq!(variant.fen(&reparsed), fen);
        assert_eq!(reparsed.hash(), position.hash(), "{fen}");
        let legal = game.legal_actions();
        if legal.is_empty() {
            return;
        }
        let action = legal[rng.below(legal.len())];
        let history = game.history().len();
        game.play_action(&action).unwrap();
        game.undo().unwrap();
        assert_eq!(game.position(), &position);
        assert_eq!(game.fen(), fen);
        assert_eq!(game.history().len(), history);
    });
}

#[test]
fn legal_actions_never_leave_the_king_attacked_and_omitted_moves_would() {
    // An independent check of legality by playing moves out: after each legal action the mover's
    // king is not attacked, and each piece move the engine leaves out would leave it attacked.
    random_games(2, 60, |game, _| {
        let variant = game.variant();
        let armory = variant.armory();
        let position = *game.position();
        let mover = position.turn();
        let legal = game.legal_actions();
        let king_attacked_after = |action: &Action| {
            let mut next = position;
            variant.play(&mut next, action);
            next.set_turn(mover);
            variant.in_check(&next)
        };
        for action in &legal {
            assert!(
                !king_attacked_after(action),
                "{} leaves the king attacked",
                action.machine(armory)
            );
        }
        // NAChT Schach also refuses moves for facing kings and repetitions: only the first half
        // applies there.
        // Impulschach has no check, and mid-turn only some pieces may move: the first half holds
        // trivially there.
        // Immortal Chess's entries are no piece moves: only its regular moves are checked so.
        let entry = position.phase() != schachwerk::position::Phase::Move;
        if game.outcome().is_some() || entry || matches!(variant.name(), "nacht" | "impulschach") {
            return;
        }
        let board = position.board();
        for from in board.side(mover) {
            let Some(piece) = board.piece_at(from) else {
                continue;
            };
            if armory.def(piece.role).pawn {
                continue;
            }
            let (attacks, quiets) = armory.reach(piece, from, board.occupied());
            // Landing on an en-passant square is a capture there, another kind of action.
            let en_passant: Bitboard = position.en_passant().into_iter().collect();
            for to in ((attacks & board.side(!mover)) | quiets) & !en_passant {
                let action = Action::normal(from, to);
                if !legal.contains(&action) {
                    assert!(
                        king_attacked_after(&action),
                        "{} was left out",
                        action.machine(armory)
                    );
                }
            }
        }
    });
}

#[test]
fn the_capture_generator_gives_exactly_the_legal_captures() {
    random_games(3, 80, |game, _| {
        let line = game.line();
        let Some(position) = line.last() else {
            return;
        };
        let enemy = position.board().side(!position.turn());
        let mut expected: Vec<String> = game
            .legal_actions()
            .iter()
            .filter(|a| a.has_squares() && enemy.contains(a.to))
            .map(|a| a.machine(game.variant().armory()))
            .collect();
        let mut captures = Vec::new();
        game.variant().legal_captures(line, &mut captures);
        let mut found: Vec<String> = captures
            .iter()
            .filter(|a| a.has_squares() && enemy.contains(a.to))
            .map(|a| a.machine(game.variant().armory()))
            .collect();
        expected.sort();
        found.sort();
        assert_eq!(found, expected, "{}", game.fen());
    });
}

#[test]
fn a_pieces_actions_listed_apart_are_legal_and_all_of_its_own() {
    let mut apart = 0;
    random_games(3, 80, |game, _| {
        let line = game.line();
        let Some(position) = line.last() else {
            return;
        };
        if game.outcome().is_some() {
            return;
        }
        let legal = game.legal_actions();
        for from in game.variant().armory().shape().playable {
            let mut listed = Vec::new();
            let only_apart = game.variant().legal_actions_from(line, from, &mut listed);
            for action in &listed {
                assert!(
                    legal.contains(action),
                    "{:?} is not legal: {}",
                    action,
                    game.fen()
                );
            }
            let own = legal.iter().filter(|a| a.has_squares() && a.from == from);
            for action in own {
                assert!(
                    listed.contains(action),
                    "{:?} left out: {}",
                    action,
                    game.fen()
                );
            }
            if only_apart && position.board().piece_at(from).is_none() {
                assert!(
                    listed.is_empty(),
                    "actions from the empty {from:?}: {}",
                    game.fen()
                );
            }
            apart += usize::from(only_apart);
        }
    });
    assert!(apart > 0, "no variant lists a piece's actions apart");
}
