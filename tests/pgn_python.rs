//! PGN against an outside reader: random chess games written by schachwerk are read by
//! python-chess to the same moves and position, and what python-chess writes (its own
//! export, with comments, NAGs and a variation) is read by schachwerk to the same. Needs
//! python3 with python-chess (`./build.sh test` installs it with pip).

use schachwerk::game::Game;
use std::io::Write;
use std::process::{Command, Stdio};

#[path = "common/rng.rs"]
mod rng;
use rng::Rng;

/// One game as python-chess reported it: its title, moves, final position and its own PGN.
struct Reported {
    title: String,
    moves: Vec<String>,
    fen: String,
    pgn: String,
}

fn python_chess(input: &str) -> Vec<Reported> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pgn/python_chess.py");
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "python-chess failed (pip install chess==1.11.2?):\n{stderr}"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    stdout
        .split("=== ")
        .filter(|block| !block.is_empty())
        .map(|block| {
            let (title, rest) = block.split_once('\n').unwrap();
            let (moves, rest) = rest.split_once('\n').unwrap();
            let (fen, pgn) = rest.split_once('\n').unwrap();
            Reported {
                title: title.to_string(),
                moves: moves
                    .trim_start_matches("moves")
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
                fen: fen.trim_start_matches("fen ").to_string(),
                pgn: pgn.to_string(),
            }
        })
        .collect()
}

#[test]
fn python_chess_reads_our_pgn_and_we_read_its() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut games = Vec::new();
    for (i, length) in [0, 1, 2, 9, 30, 80, 200, 400]
        .iter()
        .cycle()
        .take(24)
        .enumerate()
    {
        let fen = (i % 3 == 2)
            .then_some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        let mut game = Game::new("chess", &[], fen).unwrap();
        for _ in 0..*length {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            game.play_action(&legal[rng.below(legal.len())]).unwrap();
        }
        games.push(game);
    }
    let ours: Vec<String> = games
        .iter()
        .enumerate()
        .map(|(i, g)| g.pgn(&[("Event", &format!("game {i}"))]).unwrap())
        .collect();
    let reported = python_chess(&ours.join("\n"));
    assert_eq!(reported.len(), games.len() + 1);
    for ((game, pgn), theirs) in games.iter().zip(&ours).zip(&reported) {
        let moves: Vec<String> = game.history().iter().map(|e| e.machine.clone()).collect();
        assert_eq!(
            theirs.moves, moves,
            "{}: python-chess read other moves from\n{pgn}",
            theirs.title
        );
        assert_eq!(
            theirs.fen,
            game.fen(),
            "{}: python-chess reached another position from\n{pgn}",
            theirs.title
        );
        let back = Game::from_pgn(&theirs.pgn).unwrap_or_else(|e| panic!("{e}\n{}", theirs.pgn));
        assert_eq!(
            back.fen(),
            game.fen(),
            "python-chess's export of\n{pgn}\nreads back elsewhere:\n{}",
            theirs.pgn
        );
    }
    let annotated = reported.last().unwrap();
    assert_eq!(annotated.title, "annotated");
    assert!(
        annotated.pgn.contains('(') && annotated.pgn.contains('{') && annotated.pgn.contains('$')
    );
    let game = Game::from_pgn(&annotated.pgn).unwrap_or_else(|e| panic!("{e}\n{}", annotated.pgn));
    let moves: Vec<String> = game.history().iter().map(|e| e.machine.clone()).collect();
    assert_eq!(moves, annotated.moves);
    assert_eq!(game.fen(), annotated.fen);
}
