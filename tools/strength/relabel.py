#!/usr/bin/env python3
"""Stockfish's scores for the positions `schachwerk tune play` wrote, for `schachwerk tune fit`.

    python3 tools/strength/relabel.py --samples a.txt --out a.sf [--depth 8] [--every 2]

Each line of the samples is a score for White and a position string (chess); each line out
is the same position with Stockfish's evaluation at the depth as White's expected score,
1 / (1 + 10^(-cp / 400)), mates and scores beyond 20 pawns taken as 20 pawns. A game's result
says who won, not which of its positions were good; an evaluation says that of each position,
so a fit to it needs fewer positions and moves fewer weights by chance (README, "How the
evaluation is tuned"). Stockfish is a measuring stick here too, never a dependency: installed
(apt) with python-chess (pip) when missing. About 5,000 positions a minute at depth 8 on one
core.
"""
import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from prerequisites import ensure_python_chess, ensure_stockfish, die, note  # noqa: E402

# Centipawns beyond which a score says no more about the position (and mates are taken as).
CLAMP = 2000


def expected_score(cp):
    """White's expected score for a score of `cp` centipawns for White."""
    cp = max(-CLAMP, min(CLAMP, cp))
    return 1 / (1 + 10 ** (-cp / 400))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", required=True, help="a file `tune play` wrote")
    parser.add_argument("--out", required=True)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--every", type=int, default=1, help="every n-th position only")
    parser.add_argument("--stockfish", help="its path (default: found, or installed)")
    args = parser.parse_args()
    if args.depth < 1 or args.every < 1:
        die("--depth and --every are positive whole numbers")
    ensure_python_chess(install=True)
    import chess
    import chess.engine

    stockfish = ensure_stockfish(args.stockfish)
    try:
        lines = pathlib.Path(args.samples).read_text().splitlines()
    except OSError as error:
        die(f"--samples {args.samples}: {error}")
    with chess.engine.SimpleEngine.popen_uci([stockfish]) as sf, open(args.out, "w") as out:
        sf.configure({"Threads": 1, "Hash": 16})
        for number, line in enumerate(lines[:: args.every]):
            _, _, fen = line.strip().partition(" ")
            try:
                board = chess.Board(fen)
            except ValueError as error:
                die(f"{args.samples}: '{fen}': {error}")
            info = sf.analyse(board, chess.engine.Limit(depth=args.depth))
            cp = info["score"].white().score(mate_score=CLAMP)
            out.write(f"{expected_score(cp):.4f} {fen}\n")
            if number % 5000 == 0:
                note(f"{number} of {len(lines) // args.every}")


if __name__ == "__main__":
    main()
