"""The figures tools/strength/stockfish.py prints: per pairing, then a fit over all of them;
from a match just played or from saved PGN (`--rate`)."""
import math
import re

import elo
from match import Pairing

STOCKFISH_NAME = re.compile(r"UCI_Elo=(\d+)$")
POINTS = {"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}  # White's


def signed(value):
    """+12, -3, +0 (never -0), +inf, -inf."""
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return f"{round(value) + 0:+d}"


def rating(value):
    return signed(value) if math.isinf(value) else f"{value:.0f}"


def pairing_line(p, sf_range):
    """One pairing: W-D-L, score, Elo difference with its 95 % bar, implied rating, and the
    reasons to doubt it, if any."""
    t = p.tally
    diff, low, high = elo.difference_interval(t)
    marks = []
    if t.score < 0.1 or t.score > 0.9:
        marks.append("score far from 50 %: an --sf-elo nearer says more")
    if not sf_range[0] <= p.sf_elo + diff <= sf_range[1]:
        marks.append(f"beyond Stockfish's {sf_range[0]}-{sf_range[1]}: an extrapolation")
    if p.sf_short > 0.1 * p.sf_moves:
        marks.append(
            f"Stockfish stopped short of its skill's depth {p.pick_depth} in {p.sf_short} "
            f"of {p.sf_moves} moves, so it played below UCI_Elo {p.sf_elo} and this rating "
            "is too high: raise --sf-movetime"
        )
    depth = (
        f"; Stockfish picks at depth {p.pick_depth}, reached in "
        f"{p.sf_moves - p.sf_short} of {p.sf_moves} moves"
        if p.sf_moves
        else ""
    )
    return (
        f"Stockfish UCI_Elo {p.sf_elo}: {t.games} games, {t.wins}-{t.draws}-{t.losses} "
        f"(W-D-L), score {100 * t.score:.1f} %, Elo difference {signed(diff)} "
        f"(95 %: {signed(low)} to {signed(high)}), rating {rating(p.sf_elo + diff)} "
        f"({rating(p.sf_elo + low)} to {rating(p.sf_elo + high)})"
        + (f", {p.forfeits} forfeits" if p.forfeits else "")
        + depth
        + "".join(f"\n    ({m})" for m in marks)
    )


def fit_line(pairings):
    """The maximum-likelihood rating over every game of the pairings (elo.fit_rating)."""
    played = [(p.sf_elo, p.tally) for p in pairings if p.tally.games]
    fitted, error = elo.fit_rating(played)
    games = sum(t.games for _, t in played)
    if math.isinf(fitted):
        return f"All {games} games {'won' if fitted > 0 else 'lost'}: no rating can be fitted"
    return (
        f"All {games} games (maximum-likelihood fit): rating {rating(fitted)} "
        f"+- {elo.Z95 * error:.0f} (95 %)"
    )


def report(pairings, sf_range):
    played = [p for p in pairings if p.tally.games]
    for p in played:
        print(pairing_line(p, sf_range))
    if len(played) > 1:
        print(fit_line(played))


def pairings_from_pgn(text, source="PGN"):
    """Saved games (our PGN) back to pairings: {our side's name: [Pairing, ...]}, one Pairing
    per UCI_Elo, in the order met. Our side is the one named `schachwerk ...`, Stockfish's
    `... UCI_Elo=E`; a game that names neither is refused, naming it."""
    import io

    import chess.pgn

    found = {}
    stream = io.StringIO(text)
    number = 0
    while True:
        headers = chess.pgn.read_headers(stream)
        if headers is None:
            return {name: list(by_elo.values()) for name, by_elo in found.items()}
        number += 1
        white, black = headers.get("White", ""), headers.get("Black", "")
        result = headers.get("Result", "*")
        ours, theirs = (white, black) if white.startswith("schachwerk") else (black, white)
        sf_elo = STOCKFISH_NAME.search(theirs)
        if not ours.startswith("schachwerk") or sf_elo is None or result not in POINTS:
            raise ValueError(
                f"{source}, game {number}: not a finished game of schachwerk against "
                f"Stockfish at a UCI_Elo ({white!r} - {black!r}, {result})"
            )
        white_points = POINTS[result]
        by_elo = found.setdefault(ours, {})
        pairing = by_elo.setdefault(int(sf_elo.group(1)), Pairing(int(sf_elo.group(1))))
        pairing.tally.add(white_points if ours == white else 1 - white_points)
