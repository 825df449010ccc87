"""Openings and refereed games for tools/strength/stockfish.py. python-chess is the referee:
it holds the board, checks every move and decides the end. Needs python-chess (1.11.2).
"""
import datetime

import chess
import chess.engine
import chess.pgn

# A game still going after this many moves (each side's) is adjudicated a draw.
MOVE_LIMIT = 200


class Opening:
    def __init__(self, name, moves, line_number):
        self.name = name
        self.moves = moves  # chess.Move list from the start position
        self.line_number = line_number


def parse_openings(text, source="openings"):
    """Reads `NAME | SAN MOVES` lines (blank lines and `#` comments skipped). Raises
    ValueError naming the line of an illegal or unreadable move."""
    openings = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, bar, san_moves = line.partition("|")
        if not bar or not san_moves.split():
            raise ValueError(f"{source}:{number}: expected 'NAME | SAN MOVES', got {line!r}")
        board = chess.Board()
        moves = []
        for san in san_moves.split():
            try:
                moves.append(board.push_san(san))
            except ValueError as error:
                raise ValueError(
                    f"{source}:{number}: {san!r} is not a legal move after "
                    f"{' '.join(san_moves.split()[: len(moves)]) or 'the start'} ({error})"
                ) from None
        openings.append(Opening(name.strip(), moves, number))
    return openings


def load_openings(path):
    with open(path, encoding="utf-8") as file:
        return parse_openings(file.read(), str(path))


class EnginePlayer:
    """A UCI engine as a player: its command, options and the limit of each move."""

    def __init__(self, name, command, options, limit):
        self.name = name
        self.command = command
        self.options = options
        self.limit = limit
        self.engine = None
        # The depth each move's search reached, as the engine's last `info depth` said.
        self.depths = []

    def configure(self, options):
        """Sets options now if the engine runs, else when it starts."""
        self.options.update(options)
        if self.engine is not None:
            self.engine.configure(options)

    def start(self):
        if self.engine is None:
            self.engine = chess.engine.SimpleEngine.popen_uci(self.command)
            self.engine.configure(self.options)

    def move(self, board, game_id):
        self.start()
        # A new `game` object makes python-chess send `ucinewgame` (a fresh hash table).
        result = self.engine.play(board, self.limit, game=game_id, info=chess.engine.INFO_BASIC)
        self.depths.append(result.info.get("depth"))
        return result.move

    def stop(self):
        if self.engine is not None:
            try:
                self.engine.quit()
            except (chess.engine.EngineError, chess.engine.EngineTerminatedError, OSError):
                pass
            self.engine = None


def adjudicate(board, move_limit=MOVE_LIMIT):
    """The end of the game on `board`, as (result from White's side, termination), or None
    while it goes on. python-chess decides: checkmate, stalemate, threefold repetition (the
    position on the board for the third time), the fifty-move rule (a hundred half-moves
    without capture or pawn move), insufficient material; a game reaching `move_limit` moves
    each is a draw."""
    if board.is_checkmate():
        return ("0-1" if board.turn == chess.WHITE else "1-0"), "checkmate"
    if board.is_stalemate():
        return "1/2-1/2", "stalemate"
    if board.is_insufficient_material():
        return "1/2-1/2", "insufficient material"
    if board.is_repetition(3):
        return "1/2-1/2", "threefold repetition"
    if board.halfmove_clock >= 100:
        return "1/2-1/2", "fifty-move rule"
    if len(board.move_stack) >= 2 * move_limit:
        return "1/2-1/2", f"adjudicated: {move_limit} moves"
    return None


class Game:
    """One finished game: its moves, result (White's side) and why it ended."""

    def __init__(self, opening, white, black, moves, result, termination):
        self.opening = opening
        self.white, self.black = white, black
        self.moves = moves
        self.result = result
        self.termination = termination

    def points_for(self, name):
        """1, 0.5 or 0 for the player called `name`."""
        white_points = {"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[self.result]
        return white_points if name == self.white else 1 - white_points

    def pgn(self, headers):
        game = chess.pgn.Game()
        game.headers["Event"] = headers.get("Event", "schachwerk against Stockfish")
        game.headers["Site"] = headers.get("Site", "tools/strength/stockfish.py")
        game.headers["Date"] = datetime.date.today().strftime("%Y.%m.%d")
        game.headers["Round"] = headers.get("Round", "?")
        game.headers["White"] = self.white
        game.headers["Black"] = self.black
        game.headers["Result"] = self.result
        game.headers["Opening"] = self.opening.name
        game.headers["Termination"] = self.termination
        node = game
        for move in self.moves:
            node = node.add_variation(move)
        return str(game)


def play_game(opening, white, black, game_id):
    """Plays `opening`'s moves, then lets `white` and `black` (players with a
    `move(board, game_id)`) move until adjudicate() ends it. A player that fails (its engine
    dies or errs, or its move is illegal) loses the game by forfeit."""
    board = chess.Board()
    for move in opening.moves:
        board.push(move)
    while True:
        end = adjudicate(board)
        if end is not None:
            return Game(opening, white.name, black.name, list(board.move_stack), *end)
        player = white if board.turn == chess.WHITE else black
        try:
            move = player.move(board, game_id)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, OSError) as error:
            move, failure = None, f"{type(error).__name__}: {error}"
        else:
            if move is None:
                failure = "no move"
            elif move not in board.legal_moves:
                failure = f"illegal move {move}"
            else:
                failure = None
        if failure is not None:
            result = "0-1" if board.turn == chess.WHITE else "1-0"
            return Game(
                opening, white.name, black.name, list(board.move_stack), result,
                f"forfeit: {player.name}: {failure} at {board.fen()}",
            )
        board.push(move)
