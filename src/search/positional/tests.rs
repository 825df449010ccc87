use super::{Positional, Tapered};
use crate::game::Game;
use crate::rules::EvalWeights;

/// The shared terms of a position of `variant`, White's less Black's, by `weights`: those
/// tapered, and those not.
fn all_terms(variant: &str, fen: &str, weights: &EvalWeights) -> (Tapered, i32) {
    let seed = "0".repeat(64);
    let options: &[(&str, &str)] = if variant == "immortal" {
        &[("seed", &seed)]
    } else {
        &[]
    };
    let game = Game::new(variant, options, Some(fen)).expect("a legal position");
    let armory = game.variant().armory();
    let values = crate::search::Values::new(armory);
    Positional::new(armory, weights, |role| values.of(role)).terms(game.position(), armory)
}

/// The tapered terms of a chess position by `weights`.
fn weighed(fen: &str, weights: &EvalWeights) -> Tapered {
    all_terms("chess", fen, weights).0
}

/// The same by the hand-set weights.
fn terms(fen: &str) -> Tapered {
    weighed(fen, &EvalWeights::HAND)
}

/// What `weights` add to the hand-set terms of `fen`, middlegame and endgame.
fn added(fen: &str, weights: &EvalWeights) -> (i32, i32) {
    let (with, without) = (weighed(fen, weights), terms(fen));
    (with.mg - without.mg, with.eg - without.eg)
}

#[test]
fn the_bishop_pair_and_rooks_on_open_files_count_their_weights() {
    let weights = EvalWeights {
        colour_pair: 40,
        open_file: 20,
        half_open_file: 10,
        ..EvalWeights::HAND
    };
    let minus = |a: Tapered, b: Tapered| (a.mg - b.mg, a.eg - b.eg);
    // Bishops on both colours against two on one colour (a promoted one): the pair, in
    // the middlegame and the endgame alike.
    let pair = weighed("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", &weights);
    let same = weighed("4k3/8/8/8/8/8/8/1B2KB2 w - - 0 1", &weights);
    let without = weighed("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", &EvalWeights::HAND);
    let without_same = weighed("4k3/8/8/8/8/8/8/1B2KB2 w - - 0 1", &EvalWeights::HAND);
    let (gained, gained_before) = (minus(pair, same), minus(without, without_same));
    assert_eq!(
        (gained.0 - gained_before.0, gained.1 - gained_before.1),
        (40, 40)
    );
    // A rook on an open file, on a file with only an enemy pawn, behind its own pawn.
    let rook = |fen: &str| minus(weighed(fen, &weights), weighed(fen, &EvalWeights::HAND));
    assert_eq!(rook("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), (20, 0));
    assert_eq!(rook("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1"), (10, 0));
    assert_eq!(rook("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1"), (0, 0));
    // A queen moves along its file too; a knight does not, and a lone bishop has no pair.
    assert_eq!(rook("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"), (20, 0));
    assert_eq!(rook("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"), (0, 0));
    assert_eq!(rook("4k3/8/8/8/8/8/8/B3K3 w - - 0 1"), (0, 0));
}

#[test]
fn a_piece_an_enemy_pawn_attacks_costs_the_threats_weight() {
    let weights = EvalWeights {
        pawn_threat_mg: 30,
        pawn_threat_eg: 20,
        ..EvalWeights::HAND
    };
    let threat = |fen: &str| added(fen, &weights);
    // White's knight on d5 attacked by the e6 pawn; then also Black's bishop on b4 by the
    // a3 pawn; a pawn attacked by a pawn, or the king, costs nothing.
    assert_eq!(threat("4k3/8/4p3/3N4/8/8/8/4K3 w - - 0 1"), (-30, -20));
    assert_eq!(threat("4k3/8/4p3/3N4/1b6/P7/8/4K3 w - - 0 1"), (0, 0));
    assert_eq!(threat("4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1"), (0, 0));
    assert_eq!(threat("8/8/4p3/3K4/8/8/8/4k3 w - - 0 1"), (0, 0));
}

#[test]
fn pieces_attacked_by_lesser_pieces_or_left_undefended_count_for_the_attacker() {
    let weights = EvalWeights {
        threat_lesser_mg: 30,
        threat_lesser_eg: 20,
        hanging_mg: 7,
        hanging_eg: 5,
        ..EvalWeights::HAND
    };
    let threat = |fen: &str| added(fen, &weights);
    // Black's rook on d6 attacked by White's knight on e4, defended by the c7 pawn.
    assert_eq!(threat("4k3/2p5/3r4/8/4N3/8/8/4K3 w - - 0 1"), (30, 20));
    // Undefended too.
    assert_eq!(threat("4k3/8/3r4/8/4N3/8/8/4K3 w - - 0 1"), (37, 25));
    // Black's knight on a4 attacked by White's rook on a1: not a lesser piece, but hanging;
    // defended by the b5 pawn, nothing.
    assert_eq!(threat("4k3/8/8/8/n7/8/8/R3K3 w - - 0 1"), (7, 5));
    assert_eq!(threat("4k3/8/8/1p6/n7/8/8/R3K3 w - - 0 1"), (0, 0));
    // The same for Black, with the sign turned.
    assert_eq!(threat("4k3/8/8/4n3/8/3R4/2P5/4K3 b - - 0 1"), (-30, -20));
}

#[test]
fn a_passed_pawns_next_square_wants_its_king_near_and_the_enemys_far() {
    let weights = EvalWeights {
        passed_king_own: -10,
        passed_king_enemy: 10,
        ..EvalWeights::HAND
    };
    let kings = |fen: &str| added(fen, &weights);
    // The d7 pawn's next square d8: White's king on e1 seven squares away, Black's on a8
    // three; a pawn on its last rank but one counts in full.
    assert_eq!(kings("k7/3P4/8/8/8/8/8/4K3 w - - 0 1"), (0, -40));
    // White's king on d6, two away.
    assert_eq!(kings("k7/3P4/3K4/8/8/8/8/8 w - - 0 1"), (0, 10));
    // On d4 (three ranks come of six), a quarter: d5 is four from e1, three from a8.
    assert_eq!(kings("k7/8/8/8/3P4/8/8/4K3 w - - 0 1"), (0, -2));
    // Black's pawn, the sign turned; a pawn held by an enemy pawn is not passed.
    assert_eq!(kings("4k3/8/8/8/8/8/3p4/K7 w - - 0 1"), (0, 40));
    assert_eq!(kings("k7/2p5/3P4/8/8/8/8/4K3 w - - 0 1"), (0, 0));
}

#[test]
fn a_king_costs_its_files_from_the_edge_in_the_middlegame() {
    let weights = EvalWeights {
        king_file: -10,
        ..EvalWeights::HAND
    };
    let king = |fen: &str| added(fen, &weights);
    // White's king on e1 (three files from the h-file), g1, h1, then b1 (one from the
    // a-file) against Black's on a8; Black's on d8 costs it three.
    assert_eq!(king("k7/8/8/8/8/8/8/4K3 w - - 0 1"), (-30, 0));
    assert_eq!(king("k7/8/8/8/8/8/8/6K1 w - - 0 1"), (-10, 0));
    assert_eq!(king("k7/8/8/8/8/8/8/7K w - - 0 1"), (0, 0));
    assert_eq!(king("k7/8/8/8/8/8/8/1K6 w - - 0 1"), (-10, 0));
    assert_eq!(king("3k4/8/8/8/8/8/8/7K w - - 0 1"), (30, 0));
}

#[test]
fn pawn_structure_king_shelter_and_mobility_count_as_they_should() {
    // A passed pawn against one held by an enemy pawn on the next file: worth more, and
    // more in the endgame.
    let passed = terms("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
    let held = terms("4k3/4p3/8/3P4/8/8/8/4K3 w - - 0 1");
    assert!(passed.eg > held.eg + 20, "{passed:?} {held:?}");
    // Doubled and isolated pawns cost.
    let doubled = terms("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1");
    let side_by_side = terms("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1");
    assert!(doubled.mg < side_by_side.mg, "{doubled:?} {side_by_side:?}");
    // A castled king behind its pawns is safer than one whose pawns have gone.
    let sheltered = terms("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1");
    let bare = terms("6k1/8/8/8/8/8/PPP5/6K1 w - - 0 1");
    assert!(sheltered.mg > bare.mg, "{sheltered:?} {bare:?}");
    // A centralised knight reaches more than one in the corner.
    let central = terms("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
    let cornered = terms("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
    assert!(central.mg > cornered.mg, "{central:?} {cornered:?}");
    // The same position seen from the other side is the same score with the sign turned.
    let white = terms("4k3/8/8/8/3N4/8/PP6/4K3 w - - 0 1");
    let black = terms("4k3/pp6/8/3n4/8/8/8/4K3 b - - 0 1");
    assert_eq!((white.mg, white.eg), (-black.mg, -black.eg));
}

#[test]
fn connected_pawns_count_by_the_square_of_their_progress_and_backward_ones_cost() {
    let weights = EvalWeights {
        connected_mg: 40,
        connected_eg: 20,
        ..EvalWeights::HAND
    };
    let backward = EvalWeights {
        backward_mg: -10,
        backward_eg: -20,
        ..EvalWeights::HAND
    };
    // d4 defended by c3 (three ranks come of six: a quarter); c3 itself is neither.
    assert_eq!(
        added("4k3/8/8/8/3P4/2P5/8/4K3 w - - 0 1", &weights),
        (10, 5)
    );
    // Side by side on the fourth rank: both; Black's on the fifth, the sign turned.
    assert_eq!(
        added("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", &weights),
        (20, 10)
    );
    assert_eq!(
        added("4k3/8/8/3pp3/8/8/8/4K3 w - - 0 1", &weights),
        (-20, -10)
    );
    // d3's next square is attacked by the c5 pawn and no pawn beside it can come: backward
    // (c5, whose next square d3 attacks, has b6 behind it); with e2 behind d3, not.
    assert_eq!(
        added("4k3/8/1p6/2p5/8/3P4/8/4K3 w - - 0 1", &backward),
        (-10, -20)
    );
    assert_eq!(
        added("4k3/8/1p6/2p5/8/3P4/4P3/4K3 w - - 0 1", &backward),
        (0, 0)
    );
    // Without b6, c5 is backward too.
    assert_eq!(
        added("4k3/8/8/2p5/8/3P4/8/4K3 w - - 0 1", &backward),
        (0, 0)
    );
}

#[test]
fn a_minor_piece_on_an_outpost_counts() {
    let weights = EvalWeights {
        outpost_mg: 30,
        outpost_eg: 10,
        ..EvalWeights::HAND
    };
    // The knight on d5 defended by e4, where no black pawn can come to attack it; a bishop
    // there too.
    assert_eq!(
        added("k7/8/8/3N4/4P3/8/8/4K3 w - - 0 1", &weights),
        (30, 10)
    );
    assert_eq!(
        added("7k/8/8/3B4/4P3/8/8/4K3 w - - 0 1", &weights),
        (30, 10)
    );
    // Not with a black pawn on c7 (it can come to c6), not in its own half nor on the
    // seventh rank, not a rook.
    assert_eq!(
        added("k7/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", &weights),
        (0, 0)
    );
    assert_eq!(added("4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1", &weights), (0, 0));
    assert_eq!(added("7k/3N4/4P3/8/8/8/8/4K3 w - - 0 1", &weights), (0, 0));
    assert_eq!(added("k7/8/8/3R4/4P3/8/8/4K3 w - - 0 1", &weights), (0, 0));
}

#[test]
fn a_free_passed_pawn_and_bad_bishops_count_their_weights() {
    let weights = EvalWeights {
        passed_free: 36,
        bad_bishop_mg: -5,
        bad_bishop_eg: -10,
        ..EvalWeights::HAND
    };
    // d6 (five ranks of six: 25/36) with d7 empty and unattacked; not with Black's king
    // beside d7, a knight on it, or a rook attacking it.
    assert_eq!(added("k7/8/3P4/8/8/8/8/4K3 w - - 0 1", &weights), (0, 25));
    assert_eq!(added("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1", &weights), (0, 0));
    assert_eq!(added("k7/3n4/3P4/8/8/8/8/4K3 w - - 0 1", &weights), (0, 0));
    assert_eq!(added("k7/7r/3P4/8/8/8/8/4K3 w - - 0 1", &weights), (0, 0));
    // The c1 bishop with pawns on c3 and e3, its colour; with one on d3, none.
    let bishops = EvalWeights {
        passed_free: 0,
        ..weights
    };
    let bishop = |fen: &str| added(fen, &bishops);
    assert_eq!(bishop("4k3/8/8/8/8/2P1P3/8/2B1K3 w - - 0 1"), (-10, -20));
    assert_eq!(bishop("4k3/8/8/8/8/3P4/8/2B1K3 w - - 0 1"), (0, 0));
    // The f1 bishop with d3, its colour.
    assert_eq!(bishop("4k3/8/8/8/8/3P4/8/4KB2 w - - 0 1"), (-5, -10));
}

/// The open squares the positional terms count for a variant's officers (Quintessential
/// Chess's Quintessence, NAChT Schach's every piece but pawns and the king) are each piece's
/// attacks less its side's own squares, by the variant's weight, White's less Black's; the
/// types that are not officers (NAChT's king) are handed back for the evaluation to count.
#[test]
fn open_squares_are_counted_with_the_officers_attacks() {
    use crate::movement::{Color, Piece};
    for variant in ["quintessential", "nacht"] {
        let mut game = Game::new(variant, &[], None).expect("the start");
        // A few first actions, so that the two sides differ.
        for _ in 0..5 {
            let first = game.legal_actions()[0];
            game.play_action(&first).expect("a legal action");
        }
        let armory = game.variant().armory();
        let open_squares = game.variant().eval_terms().open_squares;
        let values = crate::search::Values::new(armory);
        let mut positional = Positional::new(armory, &EvalWeights::HAND, |role| values.of(role));
        let others = positional.count_open_squares(&open_squares);
        let royal = armory.defs().iter().position(|def| def.royal);
        let counted: Vec<_> = open_squares
            .iter()
            .filter(|&&(role, _)| Some(role.index()) != royal)
            .collect();
        assert_eq!(
            others.len(),
            open_squares.len() - counted.len(),
            "{variant}"
        );
        let board = game.position().board();
        let open = |color: Color| -> i32 {
            let own = board.side(color);
            counted
                .iter()
                .map(|&&(role, weight)| {
                    let piece = Piece { color, role };
                    board
                        .pieces(color, role)
                        .into_iter()
                        .map(|sq| {
                            let reach = armory.attacks(piece, sq, board.occupied()) & !own;
                            weight * reach.count() as i32
                        })
                        .sum::<i32>()
                })
                .sum()
        };
        let expected = open(Color::White) - open(Color::Black);
        assert_ne!(expected, 0, "{variant}: the sides should differ");
        assert_eq!(
            positional.terms(game.position(), armory).1,
            expected,
            "{variant}"
        );
    }
}

#[test]
fn doubled_and_isolated_pawns_count_once_a_pawn_on_any_file() {
    // Hand-set weights plus 1,000 a doubled pawn (middlegame) and 1,000,000 an isolated one
    // (endgame): the sums read back as counts, each side's apart (one side's pawns only).
    let weights = EvalWeights {
        doubled_mg: EvalWeights::HAND.doubled_mg + 1_000,
        isolated_eg: EvalWeights::HAND.isolated_eg + 1_000_000,
        ..EvalWeights::HAND
    };
    let counts = |fen: &str| {
        let (mg, eg) = added(fen, &weights);
        (mg / 1_000, eg / 1_000_000)
    };
    // a2 a3 a4 (two doubled, three isolated), c2 c3 d4 (one doubled), h2 (isolated).
    assert_eq!(counts("4k3/8/8/8/P2P4/P1P5/P1P4P/4K3 w - - 0 1"), (3, 4));
    // The edges: pawns on the a- and h-files beside the b- and g-files are not isolated.
    assert_eq!(counts("4k3/8/8/8/8/8/PP4PP/4K3 w - - 0 1"), (0, 0));
    assert_eq!(counts("4k3/8/8/8/8/P7/P6P/4K3 w - - 0 1"), (1, 3));
    // Black's count against White's.
    assert_eq!(counts("4k3/p6p/p7/8/8/8/8/4K3 w - - 0 1"), (-1, -3));
}

/// The terms that are not tapered, White's less Black's (chess counts no open squares: the
/// lone king's cornering alone), by `weights`.
fn untapered(fen: &str, weights: &EvalWeights) -> i32 {
    all_terms("chess", fen, weights).1
}

#[test]
fn a_lone_king_is_driven_to_the_edge_and_met_by_the_other_king() {
    let weights = EvalWeights {
        cornering: 10,
        ..EvalWeights::HAND
    };
    // In the corner, 7 steps from the centre, the kings two apart (nearness 7 - 2): 12 steps.
    assert_eq!(untapered("8/8/8/8/8/8/8/k1K1R3 w - - 0 1", &weights), 120);
    // In the centre (d4: 1), the kings two apart: 6. Black's rook: Black's.
    assert_eq!(untapered("8/8/8/8/3k1K2/8/8/4R3 b - - 0 1", &weights), 60);
    assert_eq!(untapered("8/8/8/8/8/8/8/K1k1r3 b - - 0 1", &weights), -120);
    // Not where the lone king's side has a pawn, nor against pawns alone, nor at weight 0.
    assert_eq!(untapered("8/8/8/8/8/8/p7/k1K1R3 w - - 0 1", &weights), 0);
    assert_eq!(untapered("8/8/8/8/8/8/P7/k1K5 w - - 0 1", &weights), 0);
    let none = EvalWeights {
        cornering: 0,
        ..EvalWeights::HAND
    };
    assert_eq!(untapered("8/8/8/8/8/8/8/k1K1R3 w - - 0 1", &none), 0);
}

#[test]
fn no_cornering_while_hidden_pieces_can_still_come_in_for_the_lone_king() {
    let weights = EvalWeights {
        cornering: 10,
        ..EvalWeights::HAND
    };
    let immortal = |fen: &str| all_terms("immortal", fen, &weights).1;
    // Immortal Chess's Immortals on the border: either side may bring one in.
    let border = "??????????/?7k?/?8?/?8?/?8?/?8?/?8?/?8?/?R3K3?/?????????? w - - 0 1";
    assert_eq!(immortal(border), 0);
    // Every Immortal in: the lone king is alone.
    let empty = "10/8k1/10/10/10/10/10/10/1R3K4/10[] w - - 0 1";
    assert!(immortal(empty) > 0);
}
