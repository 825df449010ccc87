"""`stockfish.py --selftest`: the Elo maths on known values, the openings file, the page's
levels and the referee, in well under a second, with no engine. Run by tests/strength_tools.rs.
Prints `selftest ok` or the failed checks, and returns the exit status.
"""
import math
import pathlib
import re

import chess
import chess.pgn

import elo
import games
import losses
import match
import prerequisites
import relabel
import report

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def near(a, b, tolerance):
    return abs(a - b) <= tolerance


def check_elo():
    check(elo.elo_difference(0.5) == 0, "50 % is an Elo difference of 0")
    # 400 * log10(3) = 190.85: 75 % is three times the odds.
    check(near(elo.elo_difference(0.75), 190.849, 0.001), "75 % is +190.85")
    check(near(elo.elo_difference(0.25), -190.849, 0.001), "25 % is -190.85")
    check(near(elo.elo_difference(10 / 11), 400, 1e-9), "10:1 odds are +400")
    check(elo.elo_difference(1) == math.inf and elo.elo_difference(0) == -math.inf, "+-inf")
    check(near(elo.expected_score(1800, 1400), 10 / 11, 1e-12), "400 above expects 10/11")

    # 10-20-10: score 0.5, per-game variance (10 * 0.25 + 10 * 0.25) / 40 = 0.125, error
    # sqrt(0.125 / 40) = 0.0559017; the bar 0.5 +- 0.109566 is -77.39 .. +77.39 Elo.
    tally = elo.Tally(10, 20, 10)
    check(near(tally.score_error(), 0.0559017, 1e-6), "10-20-10: standard error 0.0559")
    diff, low, high = elo.difference_interval(tally)
    check(diff == 0 and near(high, 77.39, 0.01) and near(low, -77.39, 0.01), "10-20-10: +-77.39")
    # Draws narrow the bar: 20-0-20 has per-game variance 0.25, error 0.0790569.
    check(near(elo.Tally(20, 0, 20).score_error(), 0.0790569, 1e-6), "20-0-20: error 0.0791")
    # 10-20-0: score 2/3, variance (10 * (1/3)^2 + 20 * (1/6)^2) / 30 = 1/18, error 0.0430331.
    check(near(elo.Tally(10, 20, 0).score_error(), 0.0430331, 1e-6), "10-20-0: error 0.0430")
    # 30-0-10: score 0.75, variance 0.1875, error 0.0684653, bar 0.6158 .. 0.8842.
    diff, low, high = elo.difference_interval(elo.Tally(30, 0, 10))
    check(near(diff, 190.85, 0.01), "30-0-10: +190.85")
    check(near(low, elo.elo_difference(0.75 - elo.Z95 * 0.0684653), 0.01), "30-0-10: low end")
    check(near(high, elo.elo_difference(0.75 + elo.Z95 * 0.0684653), 0.01), "30-0-10: high end")
    check(high - diff > diff - low, "the bar is lopsided away from 50 %")
    diff, low, high = elo.difference_interval(elo.Tally(20, 0, 0))
    check(diff == math.inf and near(low, elo.elo_difference(19.5 / 20), 1e-9), "20-0-0: a bound")

    # One pairing: the fit is the opponent's rating plus the score's difference.
    rating, error = elo.fit_rating([(1600, elo.Tally(30, 0, 10))])
    check(near(rating, 1790.85, 0.01), f"one pairing's fit is 1600 + 190.85, not {rating}")
    # ... and its error is the delta method's: se / (ln10 / 400 * s * (1 - s)).
    check(near(error, 0.0684653 / (elo.LN10_400 * 0.1875), 0.01), "one pairing's error")
    # With draws too: 10-20-10 against 1600 is 1600 +- 0.0559017 / (ln10 / 400 * 0.25).
    rating, error = elo.fit_rating([(1600, elo.Tally(10, 20, 10))])
    check(near(rating, 1600, 1e-6), "10-20-10 against 1600 fits 1600")
    check(near(error, 0.0559017 / (elo.LN10_400 * 0.25), 0.01), f"10-20-10's error, not {error}")
    # Two pairings scoring exactly what a 1700 player expects fit 1700.
    expected = [(e, elo.expected_score(1700, e)) for e in (1500, 1900)]
    pairings = [(e, elo.Tally(round(4000 * p), 0, 4000 - round(4000 * p))) for e, p in expected]
    rating, error = elo.fit_rating(pairings)
    check(near(rating, 1700, 0.5), f"two pairings at 1500 and 1900 fit 1700, not {rating}")
    # An all-won pairing still counts: 20-0-0 against 1400 beside 10-0-10 against 1800.
    rating, _ = elo.fit_rating([(1400, elo.Tally(20, 0, 0)), (1800, elo.Tally(10, 0, 10))])
    check(1800 < rating < 1900, f"an all-won pairing pulls the fit up a little, not {rating}")
    check(elo.fit_rating([(1500, elo.Tally(0, 0, 5))])[0] == -math.inf, "all lost: -inf")


def check_openings(path):
    try:
        openings = games.load_openings(path)
    except (OSError, ValueError) as error:
        failures.append(f"the openings do not load: {error}")
        return
    check(len(openings) == 48, f"48 openings, not {len(openings)}")
    finals = set()
    for opening in openings:
        plies = len(opening.moves)
        check(6 <= plies <= 10, f"{opening.name}: {plies} plies, not 6 to 10")
        board = chess.Board()
        for move in opening.moves:
            board.push(move)  # parse_openings already checked each move legal
        check(not board.is_check(), f"{opening.name}: ends in check")
        check(games.adjudicate(board) is None, f"{opening.name}: ends the game")
        finals.add(board.epd())
    check(len(finals) == len(openings), "two openings reach the same position")
    for bad in ("Bad | e4 e5 Ke3", "No bar e4 e5", "Empty |"):
        try:
            games.parse_openings(bad)
            failures.append(f"{bad!r} read as an opening")
        except ValueError:
            pass


def check_levels(app_js):
    # Stockfish 15.1's skill level for UCI_Elo 2000 is (653.4 / 143.4) ** (1 / 0.806) = 6.56.
    depths = [match.skill_pick_depth(e) for e in (1350, 1500, 2000, 2300, 2850)]
    check(depths == [1, 2, 7, 11, 19], f"Stockfish's pick depths {depths}")
    try:
        levels = prerequisites.read_levels(app_js)
    except ValueError as error:
        failures.append(str(error))
        return
    check(list(levels) == ["easy", "medium", "hard", "expert"], f"levels {list(levels)}")
    check(levels.get("easy", (None, 0))[0] == "nodes", "easy is a node budget")
    check(levels.get("expert", (None, 0))[0] == "movetime", "expert is a time budget")
    # The beginner's level chooses among good moves (the engine's option Noise); no other does.
    noise = {name: level[2] for name, level in levels.items()}
    check(noise.get("easy", 0) > 0, f"easy plays with noise: {noise}")
    check(all(n == 0 for name, n in noise.items() if name != "easy"), f"only easy has noise: {noise}")
    # The page's menu offers exactly these levels, each measured one named with its rating
    # ("Hard (about 1950)"), from the runs of this script (docs/PERFORMANCE.md).
    index = pathlib.Path(app_js).with_name("index.html")
    try:
        html = index.read_text(encoding="utf-8")
    except OSError as error:
        failures.append(f"cannot read the page's level menu: {error}")
        return
    menu = re.search(r'<select id="level"[^>]*>(.*?)</select>', html, re.S)
    options = re.findall(r'<option value="(\w+)"[^>]*>([^<]*)</option>', menu.group(1) if menu else "")
    check([value for value, _ in options] == list(levels), f"the menu's levels {options}")
    for value, text in options:
        if value != "expert":
            check(re.search(r"about \d{4}", text) is not None, f"{value}'s menu text {text!r} names no rating")


class Scripted:
    """A player with a fixed list of UCI moves, then the first legal move in UCI order."""

    def __init__(self, name, moves=()):
        self.name = name
        self.moves = list(moves)

    def move(self, board, game_id):
        if self.moves:
            return chess.Move.from_uci(self.moves.pop(0))
        return min(board.legal_moves, key=lambda m: m.uci())


def check_referee():
    start = games.Opening("start", [], 0)
    white, black = Scripted("a", ["f2f3", "g2g4"]), Scripted("b", ["e7e5", "d8h4"])
    fools = games.play_game(start, white, black, 1)
    check((fools.result, fools.termination) == ("0-1", "checkmate"), "fool's mate is 0-1")
    check(fools.points_for("a") == 0 and fools.points_for("b") == 1, "mate counts for Black")
    illegal = games.play_game(start, Scripted("a", ["e2e5"]), Scripted("b"), 1)
    check(illegal.result == "0-1" and illegal.termination.startswith("forfeit: a"), "illegal")
    # The knights go out and back twice: the start position comes back the third time.
    white, black = Scripted("a", ["g1f3", "f3g1"] * 2), Scripted("b", ["g8f6", "f6g8"] * 2)
    shuffle = games.play_game(start, white, black, 1)
    check(shuffle.termination == "threefold repetition", f"repetition: {shuffle.termination}")
    check(len(shuffle.moves) == 8, f"repetition after 8 plies, not {len(shuffle.moves)}")

    def ends(fen):
        return games.adjudicate(chess.Board(fen))

    check(ends("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1") == ("1/2-1/2", "stalemate"), "stalemate")
    check(ends("7k/8/6K1/8/8/8/8/5N2 b - - 0 1")[1] == "insufficient material", "K+N v K")
    check(ends("7k/8/6K1/8/8/8/8/R7 b - - 100 80") == ("1/2-1/2", "fifty-move rule"), "fifty")
    check(ends("7k/8/6K1/8/8/8/8/R7 b - - 99 80") is None, "99 half-moves go on")
    four = chess.Board()
    for san in ("e4", "e5", "Nf3", "Nc6"):
        four.push_san(san)
    check(games.adjudicate(four, move_limit=2) == ("1/2-1/2", "adjudicated: 2 moves"), "limit")
    check(games.adjudicate(four, move_limit=3) is None, "under the move limit it goes on")
    pgn = fools.pgn({"Round": "1"})
    check("[Termination \"checkmate\"]" in pgn and "2. g4 Qh4#" in pgn, "the PGN")


def check_rating_saved_games():
    """--rate: games written by the match are read back to the same tallies."""
    start = games.Opening("start", [], 0)
    ours, sf = "schachwerk nodes=1", match.stockfish_name(1500)
    mate = ["f2f3", "e7e5", "g2g4", "d8h4"]

    def mated(white, black):
        """The fool's mate: `white` loses."""
        return games.play_game(start, Scripted(white, mate[0::2]), Scripted(black, mate[1::2]), 1)

    sf_1600 = match.stockfish_name(1600)
    saved = [mated(ours, sf), mated(sf, ours), mated(sf, ours), mated(ours, sf_1600)]
    found = report.pairings_from_pgn("\n\n".join(g.pgn({}) for g in saved))
    tallies = {p.sf_elo: (p.tally.wins, p.tally.draws, p.tally.losses) for p in found.get(ours, [])}
    check(tallies == {1500: (2, 0, 1), 1600: (0, 0, 1)}, f"--rate read {tallies}")
    unfinished = f'[White "{ours}"]\n[Black "{sf}"]\n[Result "*"]\n\n1. e4 *\n'
    others = [mated("a", sf).pgn({}), mated(sf, sf_1600).pgn({}), mated(ours, "b").pgn({})]
    for other in others + [unfinished]:
        try:
            report.pairings_from_pgn(other)
            failures.append(f"--rate read {other}")
        except ValueError:
            pass


def check_relabel():
    check(relabel.expected_score(0) == 0.5, "a level score is an expected 0.5")
    check(near(relabel.expected_score(400), 10 / 11, 1e-9), "+400 is an expected 10/11")
    check(near(relabel.expected_score(-400), 1 / 11, 1e-9), "-400 is an expected 1/11")
    beyond = relabel.expected_score(-relabel.CLAMP * 5)
    check(beyond == relabel.expected_score(-relabel.CLAMP), "scores beyond the clamp are clamped")


def check_losses():
    # Only a game our side lost counts, whichever colour it had; a draw or a win does not.
    def game(white, black, result):
        headers = {"White": white, "Black": black, "Result": result}
        return chess.pgn.Game(headers)

    ours, theirs = "schachwerk nodes=200000", "Stockfish 15.1 UCI_Elo=2000"
    check(losses.our_color(game(ours, theirs, "0-1"), chess) == chess.WHITE, "lost as White")
    check(losses.our_color(game(theirs, ours, "1-0"), chess) == chess.BLACK, "lost as Black")
    check(losses.our_color(game(ours, theirs, "1-0"), chess) is None, "a win is no loss")
    check(losses.our_color(game(theirs, ours, "1/2-1/2"), chess) is None, "a draw is no loss")
    check(losses.our_color(game(theirs, theirs, "1-0"), chess) is None, "not our game")


def run(openings_path, app_js):
    check_elo()
    check_relabel()
    check_losses()
    check_openings(openings_path)
    check_levels(app_js)
    check_referee()
    check_rating_saved_games()
    for failure in failures:
        print(f"selftest FAILED: {failure}")
    if not failures:
        print("selftest ok")
    return 1 if failures else 0
