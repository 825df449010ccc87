#!/usr/bin/env python3
"""Independent perft checker for "Nietzsche Chess" (and orthodox chess).

Written from scratch against the written rules only (standard library, no
chess library, no code shared with the engine it checks).

Usage:
    python3 tools/perft-check/nietzsche.py --fen "FEN" --depth N \
        [--sequence fast|knighted|none] [--divide] [--moves "e2e4 e7e5 ..."]
    python3 tools/perft-check/nietzsche.py --selftest

The last line printed is always `nodes N` (for a perft run).  With
--divide, one line `MOVE COUNT` is printed per legal first move first.
With --moves, the moves are played from --fen first and the resulting FEN
is printed (if --depth is given, perft then runs from that position).

Rules implemented (Nietzsche chess)
-----------------------------------
* The full FIDE game; pawns promote normally to N, B, R or Q only.
* After every move, every piece of the side that just moved, kings
  excepted, that stands en prise is promoted one step along the promotion
  sequence (the last type of the sequence stays as it is).
* En prise = an enemy piece attacks the square.  Attack is geometric
  (pinned attackers count, en passant never counts).  An enemy KING counts
  as an attacker only when no piece of the square's own side (its king
  included) attacks/defends the square.
* Everything is judged on the position right after the move (capture
  removed, mover landed, castling rook moved, normal promotion done); then
  all promotions happen at once, one step each.
* A pawn that promoted normally on this move is not promoted again.
* A castling right ends when its rook moves, is captured or is promoted.
* If the pawn that just double-stepped is promoted, en passant is gone.
* Sequences: fast P-N-B-R-Q; knighted P-N-B-A-R-M-Q-X, where
  A = Cardinal (B+N), M = Marshal (R+N), X = Ace (Q+N).
* Legality: the mover's king must not be attacked after the move.
  (En-prise promotions only change the mover's own piece types, never
  occupancy nor the enemy's pieces, so they can never change legality.)
* The FIDE halfmove clock is not reset by en-prise promotions.
"""

import argparse
import sys
import time

# ---------------------------------------------------------------------------
# Board representation: 10x12 mailbox.  Square index = 21 + file + 10*rank
# with file 0..7 (a..h) and rank 0..7 (1..8).  Squares outside the 8x8 board
# hold OFF so that every ray stops by itself.  Pieces are FEN letters:
# upper case = White, lower case = Black; EMPTY for an empty square.
# ---------------------------------------------------------------------------

OFF = ' '
EMPTY = '.'

KNIGHT_STEPS = (-21, -19, -12, -8, 8, 12, 19, 21)
KING_STEPS = (-11, -10, -9, -1, 1, 9, 10, 11)
DIAGONALS = (-11, -9, 9, 11)
ORTHOGONALS = (-10, -1, 1, 10)

# How each (upper-case) piece type moves, apart from pawns.
#   leaps:  single-step offsets; slides: ray directions.
LEAPS = {
    'N': KNIGHT_STEPS, 'A': KNIGHT_STEPS, 'M': KNIGHT_STEPS,
    'X': KNIGHT_STEPS, 'K': KING_STEPS,
    'B': (), 'R': (), 'Q': (),
}
SLIDES = {
    'B': DIAGONALS, 'R': ORTHOGONALS, 'Q': DIAGONALS + ORTHOGONALS,
    'A': DIAGONALS, 'M': ORTHOGONALS, 'X': DIAGONALS + ORTHOGONALS,
    'N': (), 'K': (),
}

# Piece letters (per colour) that attack along a given line shape.
KNIGHT_LIKE = {0: set('NAMX'), 1: set('namx')}
DIAG_LIKE = {0: set('BQAX'), 1: set('bqax')}
ORTH_LIKE = {0: set('RQMX'), 1: set('rqmx')}
PAWN = {0: 'P', 1: 'p'}
KING = {0: 'K', 1: 'k'}

# Promotion sequences, as "type -> next type" maps (upper case).  The last
# type of a sequence is absent from the map, i.e. it stays as it is.  A type
# that does not occur in the sequence at all (e.g. a Cardinal in the fast
# sequence, only possible via a hand-made FEN) is likewise never promoted.
SEQUENCES = {
    'none': None,
    'fast': 'PNBRQ',
    'knighted': 'PNBARMQX',
}


def next_type_map(seq):
    if seq is None:
        return None
    nxt = {}
    for a, b in zip(seq, seq[1:]):
        nxt[a] = b              # white letter
        nxt[a.lower()] = b.lower()   # black letter
    return nxt


def sq(file, rank):
    return 21 + file + 10 * rank


def sq_name(s):
    f, r = (s - 21) % 10, (s - 21) // 10
    return 'abcdefgh'[f] + str(r + 1)


def parse_sq(name):
    return sq('abcdefgh'.index(name[0]), int(name[1]) - 1)


ALL_SQUARES = [sq(f, r) for r in range(8) for f in range(8)]

A1, E1, H1 = sq(0, 0), sq(4, 0), sq(7, 0)
A8, E8, H8 = sq(0, 7), sq(4, 7), sq(7, 7)
# castling right letter -> (king square, rook square, colour)
CASTLE_HOME = {'K': (E1, H1, 0), 'Q': (E1, A1, 0),
               'k': (E8, H8, 1), 'q': (E8, A8, 1)}


def colour_of(p):
    """0 for a White piece, 1 for a Black piece (p must be a piece)."""
    return 0 if p.isupper() else 1


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

class Position:
    __slots__ = ('board', 'side', 'castling', 'ep', 'halfmove', 'fullmove')

    def __init__(self, board, side, castling, ep, halfmove, fullmove):
        self.board = board        # list of 120 characters
        self.side = side          # 0 White to move, 1 Black to move
        self.castling = castling  # string subset of "KQkq"
        self.ep = ep              # en-passant target square or None
        self.halfmove = halfmove
        self.fullmove = fullmove


PIECE_LETTERS = set('PNBRQKAMX')


def parse_fen(fen):
    parts = fen.split()
    if len(parts) < 4:
        raise ValueError('FEN needs at least 4 fields: %r' % fen)
    rows = parts[0].split('/')
    if len(rows) != 8:
        raise ValueError('FEN board needs 8 ranks: %r' % fen)
    board = [OFF] * 120
    for s in ALL_SQUARES:
        board[s] = EMPTY
    for i, row in enumerate(rows):
        rank = 7 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch.upper() in PIECE_LETTERS:
                if f > 7:
                    raise ValueError('rank too long in FEN: %r' % row)
                board[sq(f, rank)] = ch
                f += 1
            else:
                raise ValueError('bad FEN piece letter %r' % ch)
        if f != 8:
            raise ValueError('rank of wrong length in FEN: %r' % row)
    if board.count('K') != 1 or board.count('k') != 1:
        raise ValueError('FEN needs exactly one king per side')
    for f in range(8):
        if board[sq(f, 0)] in 'Pp' or board[sq(f, 7)] in 'Pp':
            raise ValueError('pawn on first/last rank in FEN')
    side = {'w': 0, 'b': 1}[parts[1]]
    castling = ''
    if parts[2] != '-':
        for ch in parts[2]:
            if ch not in 'KQkq':
                raise ValueError('unsupported castling field %r' % parts[2])
            ksq, rsq, c = CASTLE_HOME[ch]
            # A right whose king or rook is not at home cannot exist; such a
            # FEN is reported instead of being silently "fixed".
            if board[ksq] != KING[c] or board[rsq] != ('R' if c == 0 else 'r'):
                raise ValueError('castling right %s without king/rook at home'
                                 % ch)
            castling += ch
    ep = None
    if parts[3] != '-':
        ep = parse_sq(parts[3])
        # the target must be on rank 6 (White to move) / rank 3 (Black)
        if (ep - 21) // 10 != (5 if side == 0 else 2):
            raise ValueError('bad en-passant square %s' % parts[3])
    halfmove = int(parts[4]) if len(parts) > 4 else 0
    fullmove = int(parts[5]) if len(parts) > 5 else 1
    pos = Position(board, side, castling, ep, halfmove, fullmove)
    if is_attacked(board, board.index(KING[1 - side]), side):
        raise ValueError('side not to move is in check: %r' % fen)
    return pos


def to_fen(pos):
    rows = []
    for rank in range(7, -1, -1):
        row, empty = '', 0
        for f in range(8):
            p = pos.board[sq(f, rank)]
            if p == EMPTY:
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += p
        if empty:
            row += str(empty)
        rows.append(row)
    castling = ''.join(c for c in 'KQkq' if c in pos.castling) or '-'
    ep = sq_name(pos.ep) if pos.ep is not None else '-'
    return '%s %s %s %s %d %d' % ('/'.join(rows), 'wb'[pos.side], castling,
                                  ep, pos.halfmove, pos.fullmove)


# ---------------------------------------------------------------------------
# Attacks (purely geometric: pinned pieces attack, en passant never counts)
# ---------------------------------------------------------------------------

def is_attacked(board, s, by, include_king=True):
    """Is square s attacked by a piece of colour `by`?"""
    # Pawns: a White pawn on p attacks p+9 and p+11; a Black one p-9, p-11.
    if by == 0:
        if board[s - 9] == 'P' or board[s - 11] == 'P':
            return True
    else:
        if board[s + 9] == 'p' or board[s + 11] == 'p':
            return True
    knights = KNIGHT_LIKE[by]
    for d in KNIGHT_STEPS:
        if board[s + d] in knights:
            return True
    if include_king:
        k = KING[by]
        for d in KING_STEPS:
            if board[s + d] == k:
                return True
    for dirs, sliders in ((DIAGONALS, DIAG_LIKE[by]),
                          (ORTHOGONALS, ORTH_LIKE[by])):
        for d in dirs:
            t = s + d
            p = board[t]
            while p == EMPTY:
                t += d
                p = board[t]
            if p in sliders:
                return True
    return False


def king_adjacent(board, s, colour):
    """Is the king of `colour` on a square adjacent to s?"""
    k = KING[colour]
    for d in KING_STEPS:
        if board[s + d] == k:
            return True
    return False


def en_prise(board, s, owner):
    """Is the piece of colour `owner` on square s en prise (Nietzsche)?

    Attacked by any enemy piece other than the king; or attacked by the
    enemy king while no piece of the owner's side (king included) defends s.
    """
    enemy = 1 - owner
    if is_attacked(board, s, enemy, include_king=False):
        return True
    return king_adjacent(board, s, enemy) and not is_attacked(board, s, owner)


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------
# A move is a tuple (from, to, promo, flag); promo is the upper-case letter of
# a normal pawn promotion or '' ; flag is one of:
NORMAL, DOUBLE, EN_PASSANT, CASTLE = 0, 1, 2, 3


def pseudo_moves(pos):
    board, side = pos.board, pos.side
    moves = []
    own_upper = side == 0
    if side == 0:
        fwd, start_rank, last_rank = 10, 1, 7
    else:
        fwd, start_rank, last_rank = -10, 6, 0
    pawn = PAWN[side]
    for s in ALL_SQUARES:
        p = board[s]
        if p == EMPTY or p.isupper() != own_upper:
            continue
        if p == pawn:
            rank = (s - 21) // 10
            t = s + fwd
            if board[t] == EMPTY:
                if (t - 21) // 10 == last_rank:
                    for pr in 'QRBN':
                        moves.append((s, t, pr, NORMAL))
                else:
                    moves.append((s, t, '', NORMAL))
                    if rank == start_rank and board[t + fwd] == EMPTY:
                        moves.append((s, t + fwd, '', DOUBLE))
            for t in (s + fwd - 1, s + fwd + 1):
                q = board[t]
                if q == OFF:
                    continue
                if q != EMPTY and q.isupper() != own_upper:
                    if (t - 21) // 10 == last_rank:
                        for pr in 'QRBN':
                            moves.append((s, t, pr, NORMAL))
                    else:
                        moves.append((s, t, '', NORMAL))
                elif t == pos.ep and q == EMPTY \
                        and board[t - fwd] == PAWN[1 - side]:
                    moves.append((s, t, '', EN_PASSANT))
            continue
        kind = p.upper()
        for d in LEAPS[kind]:
            t = s + d
            q = board[t]
            if q == EMPTY or (q != OFF and q.isupper() != own_upper):
                moves.append((s, t, '', NORMAL))
        for d in SLIDES[kind]:
            t = s + d
            q = board[t]
            while q == EMPTY:
                moves.append((s, t, '', NORMAL))
                t += d
                q = board[t]
            if q != OFF and q.isupper() != own_upper:
                moves.append((s, t, '', NORMAL))
    # Castling: right still held, king and rook at home, squares between
    # them empty, king not in check, not passing through nor landing on an
    # attacked square.
    enemy = 1 - side
    for right in (('K', 'Q') if side == 0 else ('k', 'q')):
        if right not in pos.castling:
            continue
        ksq, rsq, _ = CASTLE_HOME[right]
        if board[ksq] != KING[side] or board[rsq] != ('R' if side == 0 else 'r'):
            continue
        step = 1 if rsq > ksq else -1
        between = range(ksq + step, rsq, step)
        if any(board[t] != EMPTY for t in between):
            continue
        path = (ksq, ksq + step, ksq + 2 * step)
        if any(is_attacked(board, t, enemy) for t in path):
            continue
        moves.append((ksq, ksq + 2 * step, '', CASTLE))
    return moves


def move_board(pos, move):
    """Play `move` on a copy of the board (no en-prise effects yet).

    Returns (new_board, promoted_square_or_None, was_capture_or_pawn_move).
    """
    frm, to, promo, flag = move
    board = pos.board[:]
    p = board[frm]
    irreversible = p in 'Pp' or board[to] != EMPTY
    board[frm] = EMPTY
    board[to] = p
    promoted_sq = None
    if promo:
        board[to] = promo if pos.side == 0 else promo.lower()
        promoted_sq = to
    if flag == EN_PASSANT:
        board[to - 10 if pos.side == 0 else to + 10] = EMPTY
    elif flag == CASTLE:
        if to > frm:   # king side: rook h -> f
            rook_from, rook_to = to + 1, to - 1
        else:          # queen side: rook a -> d
            rook_from, rook_to = to - 2, to + 1
        board[rook_to] = board[rook_from]
        board[rook_from] = EMPTY
    return board, promoted_sq, irreversible


def leaves_king_safe(board, side):
    return not is_attacked(board, board.index(KING[side]), 1 - side)


def finish_move(pos, move, board, promoted_sq, irreversible, nxt):
    """Build the position after `move`, applying the Nietzsche effects.

    `nxt` is the promotion map (None for orthodox chess).
    """
    frm, to, promo, flag = move
    side = pos.side
    # --- en-prise promotions (judged on the post-move board, all at once) --
    if nxt is not None:
        own_upper = side == 0
        to_promote = []
        for s in ALL_SQUARES:
            p = board[s]
            if p == EMPTY or p.isupper() != own_upper or p in 'Kk':
                continue
            if s == promoted_sq:        # promoted normally on this move
                continue
            if p in nxt and en_prise(board, s, side):
                to_promote.append(s)
        for s in to_promote:
            board[s] = nxt[board[s]]
    # --- castling rights: lost when king or rook leaves / rook captured /
    # rook promoted.  Checking "still a king and a rook of the right colour
    # at home" after the move covers promotion and capture; checking the
    # from/to squares covers a rook that went away and something returned.
    castling = pos.castling
    if castling:
        new = ''
        for right in castling:
            ksq, rsq, c = CASTLE_HOME[right]
            if frm in (ksq, rsq) or to in (ksq, rsq):
                continue
            if board[ksq] != KING[c] or board[rsq] != ('R' if c == 0 else 'r'):
                continue
            new += right
        castling = new
    # --- en passant target: only if the double-stepped pawn is still a pawn
    ep = None
    if flag == DOUBLE and board[to] == PAWN[side]:
        ep = (frm + to) // 2
    halfmove = 0 if irreversible else pos.halfmove + 1
    fullmove = pos.fullmove + (1 if side == 1 else 0)
    return Position(board, 1 - side, castling, ep, halfmove, fullmove)


def legal_children(pos, nxt):
    """Yield (move, child_position) for every legal move."""
    for mv in pseudo_moves(pos):
        board, psq, irr = move_board(pos, mv)
        if leaves_king_safe(board, pos.side):
            yield mv, finish_move(pos, mv, board, psq, irr, nxt)


def move_str(mv):
    return sq_name(mv[0]) + sq_name(mv[1]) + mv[2].lower()


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(pos, depth, nxt):
    if depth <= 0:
        return 1
    side = pos.side
    if depth == 1:
        # Bulk count: legality does not depend on the en-prise effects.
        n = 0
        for mv in pseudo_moves(pos):
            board, _, _ = move_board(pos, mv)
            if leaves_king_safe(board, side):
                n += 1
        return n
    total = 0
    for mv in pseudo_moves(pos):
        board, psq, irr = move_board(pos, mv)
        if leaves_king_safe(board, side):
            child = finish_move(pos, mv, board, psq, irr, nxt)
            total += perft(child, depth - 1, nxt)
    return total


def divide(pos, depth, nxt):
    result = []
    for mv, child in legal_children(pos, nxt):
        result.append((move_str(mv), perft(child, depth - 1, nxt)))
    return result


def play_moves(pos, moves, nxt):
    """Play a list of moves given as e2e4 / e7e8q strings."""
    for text in moves:
        for mv, child in legal_children(pos, nxt):
            if move_str(mv) == text.lower():
                pos = child
                break
        else:
            raise ValueError('illegal move %s in %s' % (text, to_fen(pos)))
    return pos


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------

START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

ORTHODOX_TESTS = [
    (START, [20, 400, 8902, 197281]),
    (KIWIPETE, [48, 2039, 97862]),
    # (the last numbers of these two lines, 674624 and 422333, go one ply
    # beyond the brief's list: en passant pins and promotions, ~10 s)
    ('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
     [14, 191, 2812, 43238, 674624]),
    ('r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
     [6, 264, 9467, 422333]),
    ('rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
     [44, 1486, 62379]),
]

WORKED_EXAMPLE_MOVES = 'e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 b1c3 f8b4 e1g1 e8g8'
WORKED_EXAMPLE_FEN = ('r1bq1rk1/pbpp1ppn/2r2r2/1Q2r3/1q2B3/2B2R2/PNPP1PPN/'
                      'R1BQ1RK1 w - - 8 6')


def selftest():
    failures = 0
    for fen, counts in ORTHODOX_TESTS:
        pos = parse_fen(fen)
        for d, want in enumerate(counts, 1):
            t0 = time.time()
            got = perft(pos, d, None)
            status = 'ok' if got == want else 'MISMATCH'
            if got != want:
                failures += 1
            print('%-8s none depth %d: got %d expected %d (%.1fs)  %s'
                  % (status, d, got, want, time.time() - t0, fen))
    pos = play_moves(parse_fen(START), WORKED_EXAMPLE_MOVES.split(),
                     next_type_map(SEQUENCES['fast']))
    got = to_fen(pos)
    status = 'ok' if got == WORKED_EXAMPLE_FEN else 'MISMATCH'
    if got != WORKED_EXAMPLE_FEN:
        failures += 1
    print('%-8s fast worked example: got %s expected %s'
          % (status, got, WORKED_EXAMPLE_FEN))
    if failures:
        print('SELFTEST FAILED: %d mismatch(es)' % failures)
        sys.exit(1)
    print('selftest passed')


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--fen', default=START)
    ap.add_argument('--depth', type=int)
    ap.add_argument('--sequence', choices=sorted(SEQUENCES), default='fast',
                    help='promotion sequence (none = orthodox chess)')
    ap.add_argument('--divide', action='store_true')
    ap.add_argument('--moves', help='space-separated moves to play first; '
                    'the resulting FEN is printed')
    ap.add_argument('--selftest', action='store_true')
    args = ap.parse_args(argv)

    if args.selftest:
        selftest()
        return
    nxt = next_type_map(SEQUENCES[args.sequence])
    try:
        pos = parse_fen(args.fen)
        if args.moves:
            pos = play_moves(pos, args.moves.split(), nxt)
            print('fen %s' % to_fen(pos))
    except ValueError as e:
        print('error: %s' % e, file=sys.stderr)
        sys.exit(2)
    if args.depth is None:
        if not args.moves:
            ap.error('--depth is required (or --moves / --selftest)')
        return
    if args.divide and args.depth >= 1:
        total = 0
        for text, n in sorted(divide(pos, args.depth, nxt)):
            print('%s %d' % (text, n))
            total += n
    else:
        total = perft(pos, args.depth, nxt)
    print('nodes %d' % total)


if __name__ == '__main__':
    main()
