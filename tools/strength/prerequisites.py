"""What tools/strength/stockfish.py needs, found or installed: python-chess (pip), Stockfish
(apt), our engine (cargo), and the page's levels (read from www/app.js). Standard library
only, so it runs before python-chess is there."""
import os
import pathlib
import re
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
APP_JS = ROOT / "www" / "app.js"
DEFAULT_ENGINE = ROOT / "target" / "release" / "schachwerk"
PYTHON_CHESS_VERSION = "1.11.2"  # as build.sh pins it
STOCKFISH_VERSION = "Stockfish 15.1"  # Debian's, the one issue 24's figures used
STOCKFISH_ELO_RANGE = (1350, 2850)  # its UCI_Elo option's range


def die(message):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def note(message):
    print(message, file=sys.stderr, flush=True)


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
    """Stockfish's path; `apt-get install -y stockfish` when missing and we are root, else the
    run stops naming what to install."""
    found = find_stockfish(path)
    if found or path:
        return found or die(f"--stockfish {path}: no such executable")
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


def stockfish_elo_range(stockfish):
    """Stockfish's UCI_Elo range, as the engine declares it; warns when it is not 15.1."""
    import chess.engine

    try:
        with chess.engine.SimpleEngine.popen_uci([stockfish]) as sf:
            option = sf.options["UCI_Elo"]
            name = sf.id.get("name", "?")
    except (chess.engine.EngineError, OSError, KeyError) as error:
        die(f"{stockfish} does not answer as a UCI engine with UCI_Elo: {error}")
    if name != STOCKFISH_VERSION:
        note(f"warning: {name}: the scale and the pick depths here are {STOCKFISH_VERSION}'s")
    return option.min, option.max


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


def read_levels(app_js=APP_JS):
    """The page's levels from www/app.js's `const LEVELS = { easy: { nodes: 2000, noise: 80 },
    ... }`: {name: ("nodes" or "movetime", value, noise)}, noise 0 where the level has none. Read from the page itself so the two never
    disagree; a change of its shape fails here, loudly (and in the selftest)."""
    try:
        text = pathlib.Path(app_js).read_text(encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot read the page's levels: {error}") from None
    block = re.search(r"const LEVELS = \{(.*?)\n\};", text, re.S)
    if not block:
        raise ValueError(f"{app_js}: no `const LEVELS = {{ ... }};` block")
    levels = {}
    pattern = r"(\w+): \{ (nodes|ms): (\d+)(?:, noise: (\d+))? \}"
    for name, key, value, noise in re.findall(pattern, block.group(1)):
        levels[name] = ("nodes" if key == "nodes" else "movetime", int(value), int(noise or 0))
    if not levels:
        raise ValueError(f"{app_js}: LEVELS names no `level: {{ nodes: N }}` or `{{ ms: N }}`")
    return levels


def load_average():
    try:
        return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"
