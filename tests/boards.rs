//! Board shapes with holes, pieces defined as data, and position strings for the variants'
//! boards, exercised below the rules layer.

use schachwerk::geometry::{Bitboard, Shape, Square};
use schachwerk::movement::{pieces, Armory, Color, Piece, Role};
use schachwerk::position::{parse_fen, resolve_castling, write_fen, CastlingStyle};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn set(names: &[&str]) -> Bitboard {
    names.iter().map(|n| sq(n)).collect()
}

/// The Quintessential board: 10x10 without its four 2x2 corners.
fn quintessential_shape() -> Shape {
    let corners = [
        "a1", "b1", "a2", "b2", "i1", "j1", "i2", "j2", "a9", "b9", "a10", "b10", "i9", "j9",
        "i10", "j10",
    ];
    Shape::rectangle(10, 10).without(corners.map(sq))
}

/// Quintessential's pieces, as data, in the order K, L, C, Q (Quintessence), J, D, P.
fn quintessential_armory() -> Armory {
    let defs = vec![
        pieces::king(),
        pieces::leeloo(),
        pieces::centurion(),
        pieces::quintessence(),
        pieces::janus(),
        pieces::dragon_horse(),
        pieces::pawn(),
    ];
    Armory::new(quintessential_shape(), defs)
}

fn white(role: u8) -> Piece {
    Piece {
        color: Color::White,
        role: Role(role),
    }
}

#[test]
fn leapers_jump_holes_but_never_land_on_them_and_riders_stop_at_them() {
    let armory = quintessential_armory();
    let empty = Bitboard::EMPTY;
    // Centurion on c1: (2,2) over the hole b2 to a3; (2,0) to a1 is a hole; knight to a2 is a hole.
    let centurion = armory.attacks(white(2), sq("c1"), empty);
    assert!(centurion.contains(sq("a3")));
    assert!(!centurion.contains(sq("a1")) && !centurion.contains(sq("a2")));
    assert_eq!(centurion, set(&["a3", "e3", "e1", "c3", "b3", "d3", "e2"]));
    // A Dragon horse on c3 rides diagonally towards b2 (a hole): nothing that way.
    let dragon = armory.attacks(white(5), sq("c3"), empty);
    assert!(!dragon.contains(sq("b2")) && !dragon.contains(sq("a1")));
    assert!(dragon.contains(sq("d2")) && dragon.contains(sq("e1")) && dragon.contains(sq("b4")));
    // A Leeloo on a3 rides south into the hole at once, north to a8 (a9 is a hole).
    let leeloo = armory.attacks(white(1), sq("a3"), empty);
    assert!(!leeloo.contains(sq("a2")));
    assert!(leeloo.contains(sq("a8")) && !leeloo.contains(sq("a9")) && !leeloo.contains(sq("a10")));
}

#[test]
fn the_quintessence_follows_the_page_path_and_stops_at_blockers() {
    let armory = quintessential_armory();
    let path = ["c3", "e4", "d6", "f7", "e9", "g10"];
    let reach = armory.attacks(white(3), sq("d1"), Bitboard::EMPTY);
    assert!(
        path.iter().all(|p| reach.contains(sq(p))),
        "d1-c3-e4-d6-f7-e9-g10"
    );
    // A piece on e4 is reached (captured) but cuts that path short.
    let blocked = armory.attacks(white(3), sq("d1"), Bitboard::from_square(sq("e4")));
    assert!(blocked.contains(sq("e4")) && blocked.contains(sq("c3")));
    assert!(!blocked.contains(sq("g10")));
}

#[test]
fn quintessential_start_position_round_trips() {
    let armory = quintessential_armory();
    let fen = "**cqklqc**/**1djjd1**/pppppppppp/10/10/10/10/PPPPPPPPPP/**1DJJD1**/**CQKLQC** w CHch - 0 1";
    let setup = parse_fen(fen, &armory).unwrap();
    assert_eq!(setup.placement.len(), 2 * (6 + 4 + 10));
    let mut position = setup.place();
    let rights = resolve_castling(&setup.castling, &position, &armory, Role(0), Role(2)).unwrap();
    assert_eq!(rights, set(&["c1", "h1", "c10", "h10"]));
    position.set_castling(rights);
    assert_eq!(
        write_fen(&position, &armory, CastlingStyle::Files, Role(0)),
        fen
    );
    assert_eq!(position.hash(), position.fresh_hash());
}

#[test]
fn holes_and_runs_are_checked_against_the_board() {
    let armory = quintessential_armory();
    let base = "/**1djjd1**/pppppppppp/10/10/10/10/PPPPPPPPPP/**1DJJD1**/**CQKLQC** w - - 0 1";
    for (top, words) in [
        ("2cqklqc**", "must be written '*'"),
        ("***qklqc**", "exists but is written '*'"),
        ("**cqklqc*k", "does not exist on this board"),
        ("**cqklqc***", "wider"),
        ("**cqklqc*", "describes 9 files"),
    ] {
        let err = parse_fen(&format!("{top}{base}"), &armory).unwrap_err();
        assert!(err.message.contains(words), "{top}: {}", err.message);
    }
}

#[test]
fn hidden_pieces_and_pools_round_trip_on_the_immortal_board() {
    let armory = Armory::new(Shape::rectangle(10, 10), pieces::fide());
    let fen = "??????????/?rnbqkbnr?/?pppppppp?/?8?/?8?/?8?/?8?/?PPPPPPPP?/?RNBQKBNR?/??????????\
               [PPPPPPPPNNNBBBRRQQppppppppnnnbbbrrqq] w KQkq - 0 1";
    let setup = parse_fen(fen, &armory).unwrap();
    let mut position = setup.place();
    assert_eq!(position.board().hidden().count(), 36);
    assert_eq!(
        position.pockets().unwrap()[0][0],
        8,
        "eight white pawns in the pool"
    );
    let rights = resolve_castling(&setup.castling, &position, &armory, Role(5), Role(3)).unwrap();
    assert_eq!(rights, set(&["b2", "i2", "b9", "i9"]));
    position.set_castling(rights);
    assert_eq!(
        write_fen(&position, &armory, CastlingStyle::KingQueen, Role(5)),
        fen
    );
    assert_eq!(position.hash(), position.fresh_hash());
    // The hash tells pools and hidden pieces apart.
    let mut other = position;
    other.take(sq("a1"));
    assert_ne!(other.hash(), position.hash());
    assert_eq!(other.hash(), other.fresh_hash());
}

#[test]
fn nacht_board_is_eight_by_seven_with_a_pool() {
    let defs = vec![
        pieces::pawn(),
        pieces::knight(),
        pieces::rook(),
        pieces::queen(),
        pieces::king(),
    ];
    let armory = Armory::new(Shape::rectangle(8, 7), defs);
    let fen = "rnqk3r/pppppppp/8/8/8/PPPPPPPP/RNQK3R[Qn] w - - 0 1";
    let position = parse_fen(fen, &armory).unwrap().place();
    assert_eq!(
        write_fen(&position, &armory, CastlingStyle::KingQueen, Role(4)),
        fen
    );
    let too_tall = "rnqk4/8/pppppppp/8/8/8/PPPPPPPP/RNQK4 w - - 0 1";
    assert!(parse_fen(too_tall, &armory)
        .unwrap_err()
        .message
        .contains("7 ranks"));
    assert!(parse_fen("rnqk4/pppppppp/8/8/8/PPPPPPPP/RNQK4[Qz] w - - 0 1", &armory).is_err());
    assert!(parse_fen("rnqk4/pppppppp/8/8/8/PPPPPPPP/RNQK4[Qn w - - 0 1", &armory).is_err());
}
