"""The other side of tests/pgn_python.rs: python-chess reads schachwerk's PGN and writes its own.

Reads PGN games (schachwerk's) from stdin, and prints for each, after a line `=== game N`:
a line `moves` with its moves in UCI, a line `fen` with the final position, and the game as
python-chess exports it. Then, after `=== annotated`, a game python-chess builds itself with
comments, NAGs and a variation, with its `moves` and `fen`, for schachwerk to read.
"""
import io
import sys

import chess
import chess.pgn


def report(title, game):
    board = game.board()
    moves = []
    for move in game.mainline_moves():
        moves.append(move.uci())
        board.push(move)
    print(f"=== {title}")
    print("moves " + " ".join(moves))
    print("fen " + board.fen())
    print(game)


def main():
    text = io.StringIO(sys.stdin.read())
    count = 0
    while True:
        game = chess.pgn.read_game(text)
        if game is None:
            break
        if game.errors:
            print(f"python-chess could not read game {count}: {game.errors}", file=sys.stderr)
            sys.exit(1)
        report(f"game {count}", game)
        count += 1

    game = chess.pgn.Game()
    game.headers["Event"] = "annotated by python-chess"
    node = game.add_variation(chess.Move.from_uci("e2e4"), comment="the king's pawn")
    node = node.add_variation(chess.Move.from_uci("c7c5"), nags={chess.pgn.NAG_GOOD_MOVE})
    side = node.parent.add_variation(chess.Move.from_uci("e7e5"), comment="instead")
    side.add_variation(chess.Move.from_uci("g1f3"))
    node = node.add_variation(chess.Move.from_uci("g1f3"), nags={chess.pgn.NAG_SPECULATIVE_MOVE})
    node = node.add_variation(chess.Move.from_uci("d7d6"))
    node.comment = "a comment { with braces }".replace("{", "").replace("}", "")
    report("annotated", game)


main()
