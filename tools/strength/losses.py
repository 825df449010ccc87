#!/usr/bin/env python3
"""Where our side lost its games against Stockfish, and whether more nodes would have saved it.

    python3 tools/strength/losses.py --pgn a.pgn [--pgn b.pgn ...] [--depth 14] [--drop 150]
        [--engine target/release/schachwerk --nodes 200000,2000000]

Reads the games `stockfish.py --pgn` wrote, and in each game our side lost scores every move
of ours from the 8th on with Stockfish at `--depth`, before and after it. A move after which
the score fell by `--drop` centipawns or more, from a position not already lost (above -200)
nor long won (below +600), is a mistake; for each, Stockfish's move there is printed. With
`--engine`, our engine searches each mistake's position at each of `--nodes` (a new table each
time), and the last line counts where it now plays Stockfish's move: at the first budget (the
game's move came from what the game's table held), only at a larger one (the search was too
shallow), or at none (the evaluation, or a depth beyond the largest budget). Stockfish is a
measuring stick, never a dependency: installed (apt) with python-chess (pip) when missing.
"""
import argparse
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from prerequisites import die, ensure_engine, ensure_python_chess, ensure_stockfish  # noqa: E402

# A position this far down (centipawns, our side) is lost already; one this far up is won
# whatever follows, so a fall there is a slower win, not a mistake.
LOST = -200
WON = 600
# Moves of the opening left out: the openings are played from a book.
FIRST_MOVE = 8


def our_color(game, chess):
    """Our side in `game`, or None where it is not ours or was not lost."""
    ours_white = game.headers.get("White", "").startswith("schachwerk")
    ours_black = game.headers.get("Black", "").startswith("schachwerk")
    result = game.headers.get("Result")
    if ours_white and result == "0-1":
        return chess.WHITE
    if ours_black and result == "1-0":
        return chess.BLACK
    return None


def mistakes(game, us, sf, depth, drop, chess):
    """(fen, our move, Stockfish's move, score before, score after) for each mistake of `us`."""
    found = []
    board = game.board()
    for move in game.mainline_moves():
        if board.turn == us and board.fullmove_number >= FIRST_MOVE:
            before = sf.analyse(board, chess.engine.Limit(depth=depth))
            fen = board.fen()
            board.push(move)
            after = sf.analyse(board, chess.engine.Limit(depth=depth))
            score_before = before["score"].pov(us).score(mate_score=10_000)
            score_after = after["score"].pov(us).score(mate_score=10_000)
            best = before["pv"][0] if before.get("pv") else None
            if (
                LOST < score_before < WON
                and score_before - score_after >= drop
                and best is not None
                and best != move
            ):
                found.append((fen, move.uci(), best.uci(), score_before, score_after))
        else:
            board.push(move)
    return found


def engine_move(engine, fen, nodes):
    """Our engine's move in `fen` at `nodes` (a search of its own, a new table)."""
    out = subprocess.run(
        [engine, "think", "--variant", "chess", "--fen", fen, "--nodes", str(nodes)],
        capture_output=True,
        text=True,
        check=False,
    )
    for line in out.stdout.splitlines():
        if line.startswith("bestmove "):
            return line.split()[1]
    die(f"{engine} think gave no bestmove for '{fen}': {out.stderr.strip()}")
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pgn", action="append", required=True, help="games stockfish.py wrote")
    parser.add_argument("--depth", type=int, default=14)
    parser.add_argument("--drop", type=int, default=150, help="centipawns a mistake loses")
    parser.add_argument("--engine", help="our engine, to search each mistake again")
    parser.add_argument("--nodes", default="200000,2000000", help="budgets for --engine")
    parser.add_argument("--stockfish", help="its path (default: found, or installed)")
    args = parser.parse_args()
    if args.depth < 1 or args.drop < 1:
        die("--depth and --drop are positive whole numbers")
    try:
        budgets = [int(n) for n in args.nodes.split(",")]
    except ValueError:
        die(f"--nodes '{args.nodes}': whole numbers joined by commas")
    if not budgets or min(budgets) < 1:
        die(f"--nodes '{args.nodes}': positive budgets")
    ensure_python_chess(install=True)
    import chess
    import chess.engine
    import chess.pgn

    engine = ensure_engine(args.engine) if args.engine else None
    stockfish = ensure_stockfish(args.stockfish)
    counts = {"first": 0, "larger": 0, "none": 0}
    lost = 0
    with chess.engine.SimpleEngine.popen_uci([stockfish]) as sf:
        sf.configure({"Threads": 1, "Hash": 64})
        for path in args.pgn:
            try:
                handle = open(path)
            except OSError as error:
                die(f"--pgn {path}: {error}")
            with handle:
                while (game := chess.pgn.read_game(handle)) is not None:
                    us = our_color(game, chess)
                    if us is None:
                        continue
                    lost += 1
                    where = f"{path} round {game.headers.get('Round', '?')}"
                    for fen, played, best, before, after in mistakes(
                        game, us, sf, args.depth, args.drop, chess
                    ):
                        line = f"{where}: {played} ({before} -> {after}), Stockfish {best}"
                        if engine:
                            picks = [engine_move(engine, fen, n) for n in budgets]
                            line += ", ours " + " ".join(
                                f"{n}:{pick}" for n, pick in zip(budgets, picks)
                            )
                            if picks[0] == best:
                                counts["first"] += 1
                            elif best in picks:
                                counts["larger"] += 1
                            else:
                                counts["none"] += 1
                        print(f"{line}\t{fen}", flush=True)
    total = sum(counts.values())
    summary = f"{lost} lost games"
    if engine:
        summary += (
            f"; of {total} mistakes our engine plays Stockfish's move at {budgets[0]} nodes in "
            f"{counts['first']}, only at a larger budget in {counts['larger']}, at none in "
            f"{counts['none']}"
        )
    print(summary)


if __name__ == "__main__":
    main()
