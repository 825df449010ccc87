#!/usr/bin/env python3
"""Compare the engine with the independent Nietzsche checker (nietzsche.py).

Two modes, both driving the engine's command line (`schachwerk`), never its
code:

  compare_nietzsche.py --engine PATH random [--games G] [--plies P]
        [--sequence NAME ...] [--seed S] [--fen FEN]
      Random games played by the checker from the start (or FEN), for every
      sequence (or those named).  At every position the engine's legal move list (`moves`) must
      equal the checker's, move by move, and the position after the move
      played (`play`, with the en-prise promotions) must equal the
      checker's.  Prints how many positions and moves were compared.

  compare_nietzsche.py --engine PATH perft --sequence NAME --fen FEN
        --depth D
      Perft by both; on a difference, divides down to the first position
      and move where the two disagree and prints both move lists there.

Exit status 1 on any disagreement.
"""

import argparse
import os
import random
import subprocess
import sys

sys.dont_write_bytecode = True   # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nietzsche as ck  # noqa: E402  (the checker, in this folder)


def engine(path, *args):
    out = subprocess.run([path] + list(args), capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError('engine %s failed: %s' % (' '.join(args),
                                                     out.stderr.strip()))
    return out.stdout


def engine_args(seq, fen):
    return ['--variant', 'nietzsche', '--option', 'sequence=' + seq,
            '--fen', fen]


def engine_moves(path, seq, fen):
    return sorted(engine(path, 'moves', *engine_args(seq, fen)).split())


def engine_play(path, seq, fen, move):
    for line in engine(path, 'play', *engine_args(seq, fen), move).splitlines():
        if line.startswith('fen '):
            return line[4:]
    raise RuntimeError('no fen line from play')


def engine_divide(path, seq, fen, depth):
    rows = {}
    for line in engine(path, 'perft', *engine_args(seq, fen), '--depth',
                       str(depth), '--divide').splitlines():
        move, n = line.split()
        if move != 'nodes':
            rows[move] = int(n)
    return rows


def engine_perft(path, seq, fen, depth):
    last = engine(path, 'perft', *engine_args(seq, fen), '--depth',
                  str(depth)).split()
    return int(last[-1])


def comparable_fen(fen, rules):
    """The FEN without an en-passant square no pawn can take on (writers
    differ on whether to name such a square)."""
    parts = fen.split()
    if parts[3] != '-':
        pos = ck.parse_fen(fen, rules)
        if not any(mv[3] == ck.EN_PASSANT for mv in ck.pseudo_moves(pos, rules)):
            parts[3] = '-'
    return ' '.join(parts)


def drawn_by_rule(pos):
    """The game ends drawn here whatever the moves: bare kings (the only
    dead position in Nietzsche Chess, docs/RULINGS.md) or the 50-move rule.
    The engine then lists no moves (its perft still counts on), so random
    games stop here."""
    bare = all(p in (ck.EMPTY, ck.OFF, 'K', 'k') for p in pos.board)
    return bare or pos.halfmove >= 100


def random_mode(args):
    names = args.sequence or sorted(ck.PUBLISHED_LETTERS)
    rng = random.Random(args.seed)
    positions = moves_compared = 0
    bad = 0
    for seq in names:
        rules = ck.Rules(seq)
        seq_positions = 0
        for _ in range(args.games):
            pos = ck.parse_fen(args.fen, rules)
            for _ in range(args.plies):
                if drawn_by_rule(pos):
                    break
                fen = ck.to_fen(pos)
                children = list(ck.legal_children(pos, rules))
                mine = sorted(ck.move_str(mv) for mv, _ in children)
                theirs = engine_moves(args.engine, seq, fen)
                positions += 1
                seq_positions += 1
                moves_compared += len(mine)
                if mine != theirs:
                    bad += 1
                    print('MOVES DIFFER %s %s\n  checker only: %s\n  engine only: '
                          '%s' % (seq, fen, sorted(set(mine) - set(theirs)),
                                  sorted(set(theirs) - set(mine))))
                    break       # the game cannot go on in both programs
                if not children:
                    break
                mv, child = rng.choice(children)
                want = comparable_fen(ck.to_fen(child), rules)
                got = comparable_fen(engine_play(args.engine, seq, fen,
                                                 ck.move_str(mv)), rules)
                if want != got:
                    bad += 1
                    print('POSITION DIFFERS %s %s after %s\n  checker: %s\n'
                          '  engine:  %s' % (seq, fen, ck.move_str(mv), want,
                                            got))
                pos = child
        print('%-15s %d positions' % (seq, seq_positions))
    print('compared %d positions, %d legal moves, %d disagreements'
          % (positions, moves_compared, bad))
    return bad == 0


def find_difference(path, seq, fen, depth, rules):
    """Divide down to the first move whose subtree counts differ."""
    pos = ck.parse_fen(fen, rules)
    while depth >= 1:
        mine = dict(ck.divide(pos, depth, rules))
        theirs = engine_divide(path, seq, fen, depth)
        if set(mine) != set(theirs):
            print('at %s (depth %d) the move lists differ\n  checker only: %s'
                  '\n  engine only: %s'
                  % (fen, depth, sorted(set(mine) - set(theirs)),
                     sorted(set(theirs) - set(mine))))
            return
        diff = [m for m in sorted(mine) if mine[m] != theirs[m]]
        if not diff:
            print('no difference found at %s depth %d' % (fen, depth))
            return
        move = diff[0]
        print('%s depth %d: %s checker %d engine %d'
              % (fen, depth, move, mine[move], theirs[move]))
        pos = ck.play_moves(pos, [move], rules)
        mine_fen = comparable_fen(ck.to_fen(pos), rules)
        theirs_fen = comparable_fen(engine_play(path, seq, fen, move), rules)
        if mine_fen != theirs_fen:
            print('  the positions after %s differ\n  checker: %s\n  engine:  %s'
                  % (move, mine_fen, theirs_fen))
            return
        fen = ck.to_fen(pos)
        depth -= 1
        print('  position after %s: %s' % (move, fen))


def perft_mode(args):
    seq = args.sequence[0]
    rules = ck.Rules(seq)
    mine = ck.perft(ck.parse_fen(args.fen, rules), args.depth, rules)
    theirs = engine_perft(args.engine, seq, args.fen, args.depth)
    print('%s depth %d: checker %d engine %d %s'
          % (seq, args.depth, mine, theirs, 'ok' if mine == theirs else 'DIFFER'))
    if mine != theirs:
        find_difference(args.engine, seq, args.fen, args.depth, rules)
    return mine == theirs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--engine', required=True, help='path of schachwerk')
    ap.add_argument('mode', choices=('random', 'perft'))
    ap.add_argument('--sequence', action='append')
    ap.add_argument('--games', type=int, default=4)
    ap.add_argument('--plies', type=int, default=40)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--fen', default=ck.START)
    ap.add_argument('--depth', type=int, default=2)
    args = ap.parse_args()
    if args.mode == 'perft' and not args.sequence:
        ap.error('perft needs --sequence')
    try:
        ok = random_mode(args) if args.mode == 'random' else perft_mode(args)
    except (OSError, RuntimeError, ValueError) as e:
        print('error: %s' % e, file=sys.stderr)
        sys.exit(2)
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
