#!/usr/bin/env python3
"""Where our static evaluation and Stockfish's scores disagree, position by position.

    python3 tools/strength/residuals.py --samples a.sf [--samples b.sf ...] [--engine PATH]
    python3 tools/strength/residuals.py --selftest      # the maths, no engine

Each sample is a line `relabel.py` writes: White's expected score by Stockfish and a chess
position. Our engine's `eval` (the UCI command: the static evaluation for White) scores each
position. The tool fits the one scale that maps our centipawns onto Stockfish's best (our
score times it, through the logistic curve, against Stockfish's expected score, least
squares), then prints, for the positions grouped by their material imbalance (the
difference in minor pieces, rooks and queens, seen from the side ahead) and by the pawns'
difference, how many there are, Stockfish's mean score and ours, each as centipawns (the
logit of the mean expected score), and ours less Stockfish's. A group whose difference is far
from 0 is where the evaluation misjudges (docs/PERFORMANCE.md, "Issue 24, continued: the
evaluation against Stockfish's scores"). The evaluation's own weights were fitted to such
scores, so on their samples the whole set's difference is near 0 by construction; the groups
show what a linear fit could not take up.
"""
import argparse
import math
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from prerequisites import die, ensure_engine, ensure_python_chess, note  # noqa: E402

# The scales tried for ours against Stockfish's centipawns.
SCALES = [s / 20 for s in range(6, 31)]
# Groups with fewer positions are not printed.
MIN_GROUP = 250


def expected(cp):
    """White's expected score for `cp` centipawns, as relabel.py maps Stockfish's."""
    return 1 / (1 + 10 ** (-cp / 400))


def logit(p):
    """The centipawns whose expected score is `p` (kept within 1e-4 of 0 and 1)."""
    p = min(max(p, 1e-4), 1 - 1e-4)
    return 400 * math.log10(p / (1 - p))


def best_scale(pairs):
    """The scale of `SCALES` for which `expected(scale * ours)` fits the samples' expected
    scores best (least squares), from `(expected_score, ours)` pairs, and its error."""
    def error(scale):
        return sum((expected(scale * ours) - p) ** 2 for p, ours in pairs) / len(pairs)

    return min((error(scale), scale) for scale in SCALES)[::-1]


def counts(board, chess):
    """Each side's minor pieces, rooks, queens and pawns: White's, then Black's."""
    def side(colour):
        n = lambda piece: len(board.pieces(piece, colour))  # noqa: E731
        return (n(chess.KNIGHT) + n(chess.BISHOP), n(chess.ROOK), n(chess.QUEEN), n(chess.PAWN))

    return side(chess.WHITE), side(chess.BLACK)


def groups(white, black):
    """The groups a position falls in, and the sign that turns White's view into the view of
    the side ahead in material: its officers' imbalance (minor, rook, queen differences,
    `equal` when none) and the pawns' difference from that side (at most 3 either way)."""
    diff = [w - b for w, b in zip(white[:3], black[:3])]
    first = next((d for d in diff if d), 0)
    sign = -1 if first < 0 else 1
    officers = tuple(sign * d for d in diff)
    pawns = max(-3, min(3, sign * (white[3] - black[3])))
    imbalance = "equal" if not any(officers) else "minor %+d, rook %+d, queen %+d" % officers
    return [("officers", imbalance), ("pawns", f"{pawns:+d}")], sign


def report(rows, scale):
    """The table: `rows` of (groups, sign, Stockfish's expected score, ours) by group."""
    by_group = {}
    for keys, sign, p, ours in rows:
        p, ours = (p, ours) if sign > 0 else (1 - p, -ours)
        for key in keys:
            by_group.setdefault(key, []).append((p, ours))
    lines = ["| group | positions | Stockfish | ours | ours - Stockfish |", "| --- | --- | --- | --- | --- |"]
    for key, pairs in sorted(by_group.items(), key=lambda kv: (kv[0][0], -len(kv[1]))):
        if len(pairs) < MIN_GROUP:
            continue
        theirs = logit(sum(p for p, _ in pairs) / len(pairs))
        mine = logit(sum(expected(scale * o) for _, o in pairs) / len(pairs))
        lines.append(f"| {key[0]}: {key[1]} | {len(pairs)} | {theirs:+.0f} | {mine:+.0f} | {mine - theirs:+.0f} |")
    return "\n".join(lines)


def evaluate(engine, fens):
    """Our static evaluation of each of `fens`, centipawns for White, by `engine uci`."""
    with subprocess.Popen([engine, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as proc:
        proc.stdin.write("uci\n")
        proc.stdin.flush()
        for line in proc.stdout:
            if line.strip() == "uciok":
                break
        scores = []
        for number, fen in enumerate(fens):
            proc.stdin.write(f"position fen {fen}\neval\n")
            proc.stdin.flush()
            for line in proc.stdout:
                if line.startswith("info string"):
                    die(f"'{fen}': {line.strip()}")
                if line.startswith("Final evaluation"):
                    pawns = line.split()[2]
                    scores.append(round(float(pawns) * 100))
                    break
            if number % 20000 == 0:
                note(f"{number} of {len(fens)}")
        proc.stdin.write("quit\n")
        proc.stdin.flush()
    return scores


def selftest():
    ensure_python_chess(install=False)
    import chess

    assert abs(logit(expected(123)) - 123) < 1e-6
    # Ours twice Stockfish's: the scale found is a half.
    pairs = [(expected(cp), 2 * cp) for cp in range(-900, 901, 50)]
    assert best_scale(pairs)[0] == 0.5, best_scale(pairs)
    # White a rook up for a knight and two pawns, and the same with the colours swapped: one
    # group, seen from the side ahead.
    board = chess.Board("4k3/pp6/8/8/8/8/8/R3K3 w - - 0 1")
    keys, sign = groups(*counts(board, chess))
    mirrored_keys, mirrored_sign = groups(*counts(board.mirror(), chess))
    assert keys == mirrored_keys == [("officers", "minor +0, rook +1, queen +0"), ("pawns", "-2")], keys
    assert (sign, mirrored_sign) == (1, -1)
    # A group's scores from the side ahead: White's +300 and the mirror's -300 read alike.
    table = report([(keys, 1, expected(300), 300), (keys, -1, expected(-300), -300)] * MIN_GROUP, 1.0)
    assert "| officers: minor +0, rook +1, queen +0 | 500 | +300 | +300 | +0 |" in table, table
    print("selftest ok")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", action="append", default=[], help="a file relabel.py wrote")
    parser.add_argument("--engine", help="our engine (default: target/release/schachwerk, built first)")
    parser.add_argument("--selftest", action="store_true")
    args = parser.parse_args()
    if args.selftest:
        return selftest()
    if not args.samples:
        die("--samples FILE is needed (a file tools/strength/relabel.py wrote)")
    ensure_python_chess(install=True)
    import chess

    samples = []
    for path in args.samples:
        try:
            lines = pathlib.Path(path).read_text().splitlines()
        except OSError as error:
            die(f"--samples {path}: {error}")
        for line in lines:
            score, _, fen = line.strip().partition(" ")
            try:
                samples.append((float(score), fen, chess.Board(fen)))
            except ValueError as error:
                die(f"{path}: '{line}': {error}")
    ours = evaluate(ensure_engine(args.engine), [fen for _, fen, _ in samples])
    scale, error = best_scale([(p, o) for (p, _, _), o in zip(samples, ours)])
    print(f"{len(samples)} positions; ours times {scale:.2f} fits Stockfish's best (mean squared error {error:.6f})\n")
    rows = [(*groups(*counts(board, chess)), p, o) for (p, _, board), o in zip(samples, ours)]
    print(report(rows, scale))


if __name__ == "__main__":
    main()
