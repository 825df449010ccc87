#!/usr/bin/env python3
"""schachwerk's chess against Stockfish 15.1 with a limited strength: a rating on Stockfish's
CCRL-anchored scale for a node or time budget, or for one of the page's levels.

    python3 tools/strength/stockfish.py --level medium --sf-elo 1500 1600
    python3 tools/strength/stockfish.py --nodes 50000 --sf-elo 1700 --games 40 --pgn out.pgn
    python3 tools/strength/stockfish.py --rate out.pgn more.pgn
    python3 tools/strength/stockfish.py --selftest

Stockfish plays with UCI_LimitStrength=true and UCI_Elo=E (15.1 accepts 1350-2850), one
thread, 16 MiB hash, 100 ms a move; schachwerk (`schachwerk uci`) with its budget. Each
opening of openings.txt is played twice, colours swapped; python-chess referees. Stockfish is
a measuring stick, never a dependency of the package: the script installs it (apt) and
python-chess (pip) when missing. docs/PERFORMANCE.md#against-stockfish has what it measures
and its limits.
"""
import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
# The modules needing python-chess are imported once it is there.
from prerequisites import (  # noqa: E402
    APP_JS,
    DEFAULT_ENGINE,
    HERE,
    ROOT,
    STOCKFISH_ELO_RANGE,
    STOCKFISH_VERSION,
    die,
    ensure_engine,
    ensure_python_chess,
    ensure_stockfish,
    load_average,
    note,
    read_levels,
    stockfish_elo_range,
)

DEFAULT_OPENINGS = HERE / "openings.txt"

HELP_EPILOG = """\
Load: ours is limited by nodes, so its play does not depend on the machine's load (a
--movetime budget does). Stockfish's is timed (100 ms a move), but with UCI_LimitStrength it
chooses its move when its search completes a depth set by UCI_Elo (2 at 1500, 7 at 2000, 11
at 2300); each pairing prints how often it got there, and marks the rating when it often did
not (Stockfish then plays below its label: a busy machine, or a UCI_Elo too high for 100 ms).
Two games at once on a 2-core machine share the cores with each other and everything else:
use --jobs 1 there (the default). The load average is printed at the start and the end.

The rating: each pairing's Elo difference (95 % error bar from the score's trinomial standard
error) plus Stockfish's UCI_Elo; several --sf-elo values are combined by a maximum-likelihood
fit of the logistic model over all games (tools/strength/elo.py). Figures outside Stockfish's
UCI_Elo range, or from scores far from 50 %, lean on the logistic model and are marked.
"""


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=HELP_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--level", help="one of the page's levels (www/app.js's LEVELS)")
    budget.add_argument("--nodes", type=int, help="our engine's nodes a move")
    budget.add_argument("--movetime", type=int, metavar="MS", help="our engine's ms a move")
    parser.add_argument(
        "--noise", type=int, default=0, metavar="CP",
        help="with --nodes or --movetime: our engine's option Noise (a level's takes its own)",
    )
    parser.add_argument(
        "--sf-elo", type=int, nargs="+", metavar="E",
        help="Stockfish's UCI_Elo, one pairing each (Stockfish 15.1: 1350 to 2850)",
    )
    parser.add_argument("--games", type=int, default=40, help="games a pairing (default 40)")
    parser.add_argument(
        "--jobs", type=int, default=1, help="games at once (default 1; see Load below)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the openings' order (default 1)")
    parser.add_argument("--pgn", metavar="FILE", help="append every game to FILE as PGN")
    parser.add_argument(
        "--engine", metavar="PATH",
        help=f"our engine, used as it is (default: {DEFAULT_ENGINE.relative_to(ROOT)}, "
        "built first with cargo build --release)",
    )
    parser.add_argument("--stockfish", metavar="PATH", help="default: stockfish on PATH")
    parser.add_argument(
        "--sf-movetime", type=int, default=100, metavar="MS", help="Stockfish's ms a move (100)"
    )
    parser.add_argument("--openings", default=str(DEFAULT_OPENINGS), metavar="FILE")
    parser.add_argument(
        "--rate", nargs="+", metavar="PGN",
        help="no games: the figures of games saved with --pgn (several runs pooled), per budget",
    )
    parser.add_argument(
        "--check-openings", type=int, metavar="DEPTH", nargs="?", const=20,
        help="print each opening's evaluation by full-strength Stockfish at DEPTH (20), then exit",
    )
    parser.add_argument(
        "--selftest", action="store_true",
        help="check the Elo maths, the openings, the levels and the referee; no engine is run",
    )
    args = parser.parse_args(argv)
    if args.selftest or args.rate or args.check_openings is not None:
        return args
    if args.level is None and args.nodes is None and args.movetime is None:
        parser.error("give our engine's budget: --level, --nodes or --movetime")
    if not args.sf_elo:
        parser.error("give Stockfish's strength: --sf-elo E [E ...]")
    for name in ("games", "jobs", "nodes", "movetime", "sf_movetime"):
        value = getattr(args, name)
        if value is not None and value < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1, not {value}")
    return args


def budget_of(args):
    """(kind, value, noise): our engine's budget, "nodes" or "movetime", and its option Noise."""
    if args.nodes is not None:
        return ("nodes", args.nodes, args.noise)
    if args.movetime is not None:
        return ("movetime", args.movetime, args.noise)
    try:
        levels = read_levels()
    except ValueError as error:
        die(f"{error}; give --nodes or --movetime instead of --level")
    if args.level not in levels:
        die(f"--level {args.level}: the page's levels are {', '.join(levels)}")
    return levels[args.level]


def check_openings(args, openings):
    import chess
    import chess.engine

    stockfish = ensure_stockfish(args.stockfish)
    with chess.engine.SimpleEngine.popen_uci([stockfish]) as sf:
        sf.configure({"Threads": 1, "Hash": 64})
        for opening in openings:
            board = chess.Board()
            for move in opening.moves:
                board.push(move)
            info = sf.analyse(board, chess.engine.Limit(depth=args.check_openings))
            cp = info["score"].white().score(mate_score=100000)
            print(f"{cp / 100:+.2f}  {opening.name}", flush=True)
    return 0


def rate(paths):
    import report

    text = ""
    for path in paths:
        try:
            text += pathlib.Path(path).read_text(encoding="utf-8") + "\n\n"
        except OSError as error:
            die(f"--rate: {error}")
    try:
        found = report.pairings_from_pgn(text, " + ".join(paths))
    except ValueError as error:
        die(str(error))
    if not found:
        die(f"--rate: no games in {', '.join(paths)}")
    for name, pairings in found.items():
        print(f"{name} against {STOCKFISH_VERSION}:")
        report.report(sorted(pairings, key=lambda p: p.sf_elo), STOCKFISH_ELO_RANGE)
    return 0


def play(args, openings):
    import match
    import report

    budget = budget_of(args)
    stockfish = ensure_stockfish(args.stockfish)
    low, high = stockfish_elo_range(stockfish)
    for e in args.sf_elo:
        if not low <= e <= high:
            die(
                f"--sf-elo {e}: Stockfish takes UCI_Elo {low} to {high} (its Skill Level 0 is "
                f"about {low} too). For a weaker engine play against {low}: the rating below it "
                "is an extrapolation, marked as such."
            )
    engine = ensure_engine(args.engine)
    if args.games > 2 * len(openings):
        note(f"note: {args.games} games a pairing repeat the {len(openings)} openings")
    print(
        f"{match.engine_name(budget)} ({engine}) against {STOCKFISH_VERSION} ({stockfish}) "
        f"at UCI_Elo {', '.join(map(str, args.sf_elo))}, {args.sf_movetime} ms a move; "
        f"{args.games} games a pairing, jobs {args.jobs}, seed {args.seed}; {load_average()}",
        flush=True,
    )
    run = match.Match(
        engine, budget, stockfish, args.sf_elo, args.sf_movetime, openings, args.games,
        seed=args.seed, jobs=args.jobs, pgn=args.pgn,
    )
    try:
        run.run()
    except KeyboardInterrupt:
        note("stopped: the games finished so far")
    print()
    report.report(run.pairings, (low, high))
    print(f"end: {load_average()}")
    return 0


def main(argv):
    args = parse_args(argv)
    if args.selftest:
        ensure_python_chess(install=False)
        import selftest

        return selftest.run(DEFAULT_OPENINGS, APP_JS)
    ensure_python_chess(install=True)
    if args.rate:
        return rate(args.rate)
    import games

    try:
        openings = games.load_openings(args.openings)
    except (OSError, ValueError) as error:
        die(str(error))
    if not openings:
        die(f"{args.openings}: no openings")
    if args.check_openings is not None:
        return check_openings(args, openings)
    return play(args, openings)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
