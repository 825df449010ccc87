#!/usr/bin/env python3
"""schachwerk's chess against Stockfish 15.1 with a limited strength: a rating on Stockfish's
CCRL-anchored scale for a node or time budget, or for one of the page's levels.

    python3 tools/strength/stockfish.py --level medium --sf-elo 1600 1800
    python3 tools/strength/stockfish.py --nodes 50000 --sf-elo 1700 --games 40 --pgn out.pgn
    python3 tools/strength/stockfish.py --selftest

Stockfish plays with UCI_LimitStrength=true and UCI_Elo=E (15.1 accepts 1350-2850), one
thread, 16 MiB hash, 100 ms a move; schachwerk (`schachwerk uci`) with its budget. Each
opening of openings.txt is played twice, colours swapped; python-chess referees. Stockfish is
a measuring stick, never a dependency of the package: the script installs it (apt) and
python-chess (pip) when missing. docs/PERFORMANCE.md#against-stockfish has what it measures
and its limits.
"""
import argparse
import os
import pathlib
import random
import shutil
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
APP_JS = ROOT / "www" / "app.js"
DEFAULT_ENGINE = ROOT / "target" / "release" / "schachwerk"
DEFAULT_OPENINGS = HERE / "openings.txt"
PYTHON_CHESS_VERSION = "1.11.2"  # as build.sh pins it
STOCKFISH_VERSION = "Stockfish 15.1"  # the version the earlier figures were measured with

sys.path.insert(0, str(HERE))
import elo  # noqa: E402  (standard library only; the modules needing python-chess come later)

HELP_EPILOG = """\
Load: Stockfish's side is timed (100 ms a move), ours by nodes, so a busy machine weakens
Stockfish and flatters schachwerk (a --movetime budget is disturbed too). With --jobs 2 on a
2-core machine the two games compete for the cores: use --jobs 1 there (the default), and
keep the machine otherwise quiet. The load average is printed at the start and the end.

The rating: each pairing's Elo difference (95 % error bar from the score's trinomial standard
error) plus Stockfish's UCI_Elo; several --sf-elo values are combined by a maximum-likelihood
fit of the logistic model over all games (tools/strength/elo.py). Figures outside Stockfish's
UCI_Elo range, or from scores far from 50 %, lean on the logistic model and are marked.
"""


def die(message):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def note(message):
    print(message, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- what it needs


def python_chess_version():
    try:
        import chess
    except ImportError:
        return None
    return chess.__version__


def ensure_python_chess(install):
    """python-chess importable; installed with pip (as build.sh's ensure_python_chess does)
    when missing and `install`, else the run stops naming what to install."""
    version = python_chess_version()
    if version is None and install:
        note(f"python-chess is missing: pip install chess=={PYTHON_CHESS_VERSION}")
        pip = [sys.executable, "-m", "pip", "install", "--quiet", f"chess=={PYTHON_CHESS_VERSION}"]
        if subprocess.run(pip).returncode != 0:
            subprocess.run(pip + ["--break-system-packages"])
        import importlib

        importlib.invalidate_caches()
        version = python_chess_version()
    if version is None:
        die(
            f"python-chess is missing: python3 -m pip install chess=={PYTHON_CHESS_VERSION} "
            "(and apt-get install python3-pip if pip is missing)"
        )
    if version != PYTHON_CHESS_VERSION:
        note(f"warning: python-chess {version}, the project uses {PYTHON_CHESS_VERSION}")


def find_stockfish(path):
    if path:
        return path if shutil.which(path) else None
    return shutil.which("stockfish") or shutil.which("/usr/games/stockfish")


def ensure_stockfish(path):
    """Stockfish's path; `apt-get install -y stockfish` when missing and we are root."""
    found = find_stockfish(path)
    if found or path:
        return found or die(f"no Stockfish at {path}")
    if os.geteuid() == 0 and shutil.which("apt-get"):
        note("Stockfish is missing: apt-get install -y stockfish")
        install = ["apt-get", "install", "-y", "--no-install-recommends", "stockfish"]
        if subprocess.run(install).returncode != 0:
            subprocess.run(["apt-get", "update"])
            subprocess.run(install)
        found = find_stockfish(None)
    return found or die(
        "Stockfish is missing: sudo apt-get install stockfish (Debian's is 15.1), "
        "or give its path with --stockfish"
    )


def ensure_engine(path):
    """Our engine's path. The default one is built first (`cargo build --release`, a no-op
    when up to date), so a run measures the sources as they are; a given --engine is used
    as it is."""
    if path:
        if not os.access(path, os.X_OK):
            die(f"--engine {path}: not an executable file")
        return path
    cargo = shutil.which("cargo") or shutil.which(os.path.expanduser("~/.cargo/bin/cargo"))
    if cargo:
        note("cargo build --release (our engine)")
        if subprocess.run([cargo, "build", "--release", "--quiet"], cwd=ROOT).returncode != 0:
            die("cargo build --release failed")
    elif DEFAULT_ENGINE.exists():
        note(f"warning: no cargo to rebuild {DEFAULT_ENGINE}: using it as it is")
    if not DEFAULT_ENGINE.exists():
        die(f"{DEFAULT_ENGINE} is missing and cannot be built: install Rust (rustup), or --engine")
    return str(DEFAULT_ENGINE)


# ---------------------------------------------------------------- the page's levels


def read_levels(app_js=APP_JS):
    """The page's levels from www/app.js's `const LEVELS = { easy: { nodes: 2000 }, ... }`:
    {name: ("nodes" or "movetime", value)}. Read from the page itself so the two never
    disagree; a change of its shape fails here, loudly."""
    import re

    try:
        text = pathlib.Path(app_js).read_text(encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot read the page's levels: {error}") from None
    block = re.search(r"const LEVELS = \{(.*?)\n\};", text, re.S)
    if not block:
        raise ValueError(f"{app_js}: no `const LEVELS = {{ ... }};` block")
    levels = {}
    for name, key, value in re.findall(r"(\w+): \{ (nodes|ms): (\d+) \}", block.group(1)):
        levels[name] = ("nodes" if key == "nodes" else "movetime", int(value))
    if not levels:
        raise ValueError(f"{app_js}: LEVELS names no `level: {{ nodes: N }}` or `{{ ms: N }}`")
    return levels


# ---------------------------------------------------------------- the match


def skill_pick_depth(uci_elo):
    """The depth at which Stockfish 15.1 with UCI_LimitStrength chooses its (deliberately
    imperfect) move, from its search.cpp (`struct Skill`): UCI_Elo E becomes the skill level
    ((E - 1346.6) / 143.4) ** (1 / 0.806), at most 20, and the move is picked when the search
    completes depth 1 + int(level). The scale was fitted at 60 s + 0.6 s a game; at 100 ms a
    move a search that stops short of this depth picks among shallower lines, so Stockfish
    plays below its UCI_Elo and the rating measured against it comes out too high."""
    level = min(max((max(uci_elo - 1346.6, 0) / 143.4) ** (1 / 0.806), 0.0), 20.0)
    return 1 + int(level)


class Pairing:
    def __init__(self, sf_elo):
        self.sf_elo = sf_elo
        self.tally = elo.Tally()
        self.forfeits = 0
        self.pick_depth = skill_pick_depth(sf_elo)
        self.sf_moves = 0  # Stockfish's moves with a reported depth
        self.sf_short = 0  # ... of them searched less deep than pick_depth


class Match:
    """Plays the games, on --jobs threads, each thread with its own pair of engines."""

    def __init__(self, args, engine, stockfish, budget, openings):
        import chess.engine
        import games

        self.games_module = games
        self.args = args
        self.ours_name = f"schachwerk {budget[0]}={budget[1]}"
        limit = {"nodes": budget[1]} if budget[0] == "nodes" else {"time": budget[1] / 1000}
        self.ours_limit = chess.engine.Limit(**limit)
        self.sf_limit = chess.engine.Limit(time=args.sf_movetime / 1000)
        self.engine, self.stockfish = engine, stockfish
        self.pairings = [Pairing(e) for e in args.sf_elo]
        order = list(openings)
        random.Random(args.seed).shuffle(order)
        # Game k of a pairing: opening k // 2, ours White in even games. Rounds go through
        # every pairing before the next, so a stopped run leaves them alike.
        self.schedule = [
            (k, pairing, order[(k // 2) % len(order)], k % 2 == 0)
            for k in range(args.games)
            for pairing in self.pairings
        ]
        self.lock = threading.Lock()
        self.local = threading.local()
        self.players = []
        self.done = 0
        self.stopping = False

    def thread_players(self):
        if not hasattr(self.local, "ours"):
            games = self.games_module
            ours = games.EnginePlayer(
                self.ours_name, [self.engine, "uci"], {"Hash": 16, "Threads": 1}, self.ours_limit
            )
            sf = games.EnginePlayer(
                "", [self.stockfish], {"Threads": 1, "Hash": 16, "UCI_LimitStrength": True},
                self.sf_limit,
            )
            self.local.ours, self.local.sf = ours, sf
            with self.lock:
                self.players += [ours, sf]
        return self.local.ours, self.local.sf

    def play(self, task):
        k, pairing, opening, ours_white = task
        ours, sf = self.thread_players()
        sf.name = f"{STOCKFISH_VERSION} UCI_Elo={pairing.sf_elo}"
        sf.configure({"UCI_Elo": pairing.sf_elo})
        sf.depths = []
        white, black = (ours, sf) if ours_white else (sf, ours)
        game = self.games_module.play_game(opening, white, black, game_id=object())
        depths = [d for d in sf.depths if d is not None]
        if game.termination.startswith("forfeit"):
            ours.stop()  # both restarted for the next game
            sf.stop()
        points = game.points_for(ours.name)
        with self.lock:
            if self.stopping:
                return  # interrupted: its engines were killed, the game does not count
            pairing.tally.add(points)
            pairing.forfeits += game.termination.startswith("forfeit")
            pairing.sf_moves += len(depths)
            pairing.sf_short += sum(d < pairing.pick_depth for d in depths)
            self.done += 1
            t = pairing.tally
            colour = "White" if ours_white else "Black"
            print(
                f"[{self.done}/{len(self.schedule)}] Elo {pairing.sf_elo}, game {k + 1}: "
                f"{opening.name}, schachwerk {colour}: {game.result} ({game.termination}, "
                f"{len(game.moves) // 2} moves)  pairing {t.wins}-{t.draws}-{t.losses}",
                flush=True,
            )
            if self.args.pgn:
                headers = {"Round": str(k + 1)}
                with open(self.args.pgn, "a", encoding="utf-8") as out:
                    out.write(game.pgn(headers) + "\n\n")

    def run(self):
        """Plays the schedule; on Ctrl-C, keeps the games finished so far and raises
        KeyboardInterrupt."""
        pool = ThreadPoolExecutor(max_workers=self.args.jobs)
        try:
            for future in [pool.submit(self.play, task) for task in self.schedule]:
                future.result()
        except KeyboardInterrupt:
            with self.lock:
                self.stopping = True
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        finally:
            for player in list(self.players):
                player.stop()
        pool.shutdown()


def signed(value):
    """+12, -3, +0 (never -0), +inf, -inf."""
    if abs(value) == float("inf"):
        return "+inf" if value > 0 else "-inf"
    return f"{round(value) + 0:+d}"


def rating(value):
    return f"{value:.0f}" if abs(value) != float("inf") else signed(value)


def report(pairings, sf_range):
    """Per pairing: W-D-L, score, Elo difference with its 95 % bar, implied rating; then the
    fit over all of them."""
    low_elo, high_elo = sf_range
    print()
    for p in pairings:
        t = p.tally
        if not t.games:
            continue
        diff, low, high = elo.difference_interval(t)
        implied = p.sf_elo + diff
        marks = []
        if t.score < 0.1 or t.score > 0.9:
            marks.append("score far from 50 %: an --sf-elo nearer says more")
        if not low_elo <= implied <= high_elo:
            marks.append(f"beyond Stockfish's {low_elo}-{high_elo}: an extrapolation")
        if p.sf_short > 0.1 * p.sf_moves:
            marks.append(
                f"Stockfish stopped short of its skill's depth {p.pick_depth} in {p.sf_short} "
                f"of {p.sf_moves} moves, so it played below UCI_Elo {p.sf_elo} and this rating "
                "is too high: raise --sf-movetime"
            )
        print(
            f"Stockfish UCI_Elo {p.sf_elo}: {t.games} games, {t.wins}-{t.draws}-{t.losses} "
            f"(W-D-L), score {100 * t.score:.1f} %, Elo difference {signed(diff)} "
            f"(95 %: {signed(low)} to {signed(high)}), rating {rating(p.sf_elo + diff)} "
            f"({rating(p.sf_elo + low)} to {rating(p.sf_elo + high)})"
            + (f", {p.forfeits} forfeits" if p.forfeits else "")
            + f"; Stockfish picks at depth {p.pick_depth}, reached in "
            f"{p.sf_moves - p.sf_short} of {p.sf_moves} moves"
            + "".join(f"\n    ({m})" for m in marks)
        )
    played = [(p.sf_elo, p.tally) for p in pairings if p.tally.games]
    if len(played) > 1:
        fitted, error = elo.fit_rating(played)
        games = sum(t.games for _, t in played)
        if abs(fitted) == float("inf"):
            outcome = "won" if fitted > 0 else "lost"
            print(f"All {games} games {outcome}: no rating can be fitted")
        else:
            print(
                f"All {games} games (maximum-likelihood fit): rating {rating(fitted)} "
                f"+- {elo.Z95 * error:.0f} (95 %)"
            )


def load_average():
    try:
        return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


# ---------------------------------------------------------------- the command line


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
        "--check-openings", type=int, metavar="DEPTH", nargs="?", const=20,
        help="print each opening's evaluation by full-strength Stockfish at DEPTH (20), then exit",
    )
    parser.add_argument(
        "--selftest", action="store_true",
        help="check the Elo maths, the openings, the levels and the referee; no engine is run",
    )
    args = parser.parse_args(argv)
    if args.selftest or args.check_openings is not None:
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
    if args.nodes is not None:
        return ("nodes", args.nodes)
    if args.movetime is not None:
        return ("movetime", args.movetime)
    try:
        levels = read_levels()
    except ValueError as error:
        die(f"{error}; give --nodes or --movetime instead of --level")
    if args.level not in levels:
        die(f"--level {args.level}: the page's levels are {', '.join(levels)}")
    return levels[args.level]


def stockfish_elo_range(stockfish):
    import chess.engine

    try:
        with chess.engine.SimpleEngine.popen_uci([stockfish]) as sf:
            option = sf.options["UCI_Elo"]
            name = sf.id.get("name", "?")
    except (chess.engine.EngineError, OSError, KeyError) as error:
        die(f"{stockfish} does not answer as a UCI engine with UCI_Elo: {error}")
    if name != STOCKFISH_VERSION:
        note(f"warning: {name}, where the earlier figures used {STOCKFISH_VERSION}")
    return option.min, option.max


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


def main(argv):
    args = parse_args(argv)
    if args.selftest:
        ensure_python_chess(install=False)
        import selftest

        return selftest.run(DEFAULT_OPENINGS, APP_JS)
    ensure_python_chess(install=True)
    import games

    try:
        openings = games.load_openings(args.openings)
    except (OSError, ValueError) as error:
        die(str(error))
    if not openings:
        die(f"{args.openings}: no openings")
    if args.check_openings is not None:
        return check_openings(args, openings)

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
        f"schachwerk {budget[0]}={budget[1]} ({engine}) against {STOCKFISH_VERSION} "
        f"({stockfish}) at UCI_Elo {', '.join(map(str, args.sf_elo))}, {args.sf_movetime} ms "
        f"a move; {args.games} games a pairing, jobs {args.jobs}, seed {args.seed}; "
        f"{load_average()}",
        flush=True,
    )
    match = Match(args, engine, stockfish, budget, openings)
    try:
        match.run()
    except KeyboardInterrupt:
        note("stopped: the games finished so far")
    report(match.pairings, (low, high))
    print(f"end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
