#!/usr/bin/env python3
"""Independent perft checker for the chess variant "NAChT Schach".

Written from scratch (Python 3.11, standard library only) from the rule text,
without looking at the engine it checks, so that its counts are an independent
reference.

Rules implemented (summary):
  * Board 8 files (a-h) x 7 ranks (1-7); White moves first.
  * Pawns step one square straight forward onto an empty square (never two)
    and capture one square diagonally forward; no en passant.
  * A pawn reaching its last rank (7 for White, 1 for Black), by a step or a
    capture, must promote to a non-pawn type present in its side's *pool*; the
    type leaves the pool.  Empty pool => the pawn may not enter the last rank.
    One move per available type (duplicates in the pool give one choice).
  * A captured non-pawn piece goes into its owner's pool (pawns do not).
  * Pool from FEN: a bracket after the board, e.g. "...[Qn]" (upper case =
    White's, lower case = Black's; "[]" or "[-]" = both empty).  Without a
    bracket: start army (Q, 2R, 2B, 2N) minus that side's non-pawn pieces on
    the board, never below zero per type.
  * A move is illegal if it leaves the mover's king attacked, or if afterwards
    the two kings stand on one file or rank with nothing between them.
  * Repetition ban: a move may not produce a position (placement, side to
    move, castling rights) that an earlier move *of the same player* produced.
    In perft the earlier moves are those on the current path from the root;
    the root position itself is not in the history.  Because the side to move
    is part of the position key, a position produced by White always has Black
    to move, so one history set for both players is exact.
  * Optional castling (--castling): king to the c/g file, rook to the d/f file
    on its first rank; K = rook on the h side, Q = rook on the a side.  King
    and rook unmoved (castling field), all squares between king and its
    destination and between rook and its destination empty (except the king
    and that rook), king not in check, no square the king passes over or
    lands on attacked, and the final position must be legal (incl. kings not
    facing).  Without --castling the castling field is ignored (cleared).

Usage:
  nacht.py --fen FEN --depth N [--castling] [--divide]
  nacht.py --fen FEN --moves "e2e3 e6e5" [--list] [--depth N [--divide]]
Last output line is "nodes N"; --divide first prints one "MOVE COUNT" line per
legal first move.  --moves prints "fen ..." (and "moves ..." with --list).
Positions produced by the --moves are kept in the repetition history, so a
perft after --moves counts exactly like the corresponding sub-tree of a perft
from the original FEN (useful for drilling into a --divide mismatch).
Other options: --force (search even if the root position is illegal: side not
to move in check, or kings facing), --no-shortcut (always use the full
legality test; for cross-checking the speed-up), --time (print seconds).
The output FEN carries a pool bracket only when the pool differs from the
one implied by the board.

Move notation: from-square + to-square + lower-case promotion letter (e6e7q).
Castling is written as the king's move (e1g1).  If a castling move and an
ordinary king move have the same name (only possible when the king stands
next to its castling destination, e.g. a black king on d7 castling to c7),
--moves resolves the plain name to the ordinary king move; the castling move
can then be given as O-O / O-O-O (or as king-from + rook-square, e.g. d7a7).
"""

import argparse
import sys
import time

# ---------------------------------------------------------------------------
# Board geometry: a padded "mailbox" 10 columns wide and 11 rows high.
# Playable square (file f 0..7, rank r 0..6) has index (r + 2) * 10 + f + 1.
# Two sentinel rows above/below and one sentinel column left/right make every
# knight jump / king step / slider ray from a playable square land either on a
# playable square or on an OFF sentinel.
# ---------------------------------------------------------------------------
NFILES, NRANKS = 8, 7
WIDTH = 10
SIZE = (NRANKS + 4) * WIDTH
OFF, EMPTY = '#', '.'


def sq(f, r):
    return (r + 2) * WIDTH + f + 1


def file_of(i):
    return i % WIDTH - 1


def rank_of(i):
    return i // WIDTH - 2


def sq_name(i):
    return 'abcdefgh'[file_of(i)] + str(rank_of(i) + 1)


def parse_sq(s):
    f = 'abcdefgh'.index(s[0])
    r = int(s[1]) - 1
    if not 0 <= r < NRANKS:
        raise ValueError('bad square ' + s)
    return sq(f, r)


PLAYABLE = [sq(f, r) for r in range(NRANKS) for f in range(NFILES)]

KNIGHT_STEPS = (-21, -19, -12, -8, 8, 12, 19, 21)
KING_STEPS = (-11, -10, -9, -1, 1, 9, 10, 11)
ROOK_DIRS = (-10, -1, 1, 10)
BISHOP_DIRS = (-11, -9, 9, 11)
QUEEN_DIRS = ROOK_DIRS + BISHOP_DIRS

WHITE, BLACK = 0, 1
PIECES_OF = (frozenset('PNBRQK'), frozenset('pnbrqk'))
# Pieces that may be captured: never a king (a king capture cannot arise from
# a legal position; excluding it keeps --force on illegal roots well defined).
CAPTURABLE = (frozenset('PNBRQ'), frozenset('pnbrq'))
POOL_TYPES = 'QRBN'                       # order used for output
START_ARMY = {'Q': 1, 'R': 2, 'B': 2, 'N': 2}

# Castling bits and the corner squares whose rook they refer to.
CK, CQ, Ck, Cq = 1, 2, 4, 8
CASTLE_CHARS = (('K', CK), ('Q', CQ), ('k', Ck), ('q', Cq))
# For each colour: (bit, rook square, king destination file, rook dest file)
CASTLE_SPECS = (
    ((CK, sq(7, 0), 6, 5), (CQ, sq(0, 0), 2, 3)),
    ((Ck, sq(7, 6), 6, 5), (Cq, sq(0, 6), 2, 3)),
)
# Moving from / to a corner square ends the right of that corner's rook.
CORNER_MASK = [15] * SIZE
CORNER_MASK[sq(7, 0)] &= ~CK
CORNER_MASK[sq(0, 0)] &= ~CQ
CORNER_MASK[sq(7, 6)] &= ~Ck
CORNER_MASK[sq(0, 6)] &= ~Cq
KING_MASK = (15 & ~(CK | CQ), 15 & ~(Ck | Cq))

# ON_LINE[a][b]: squares a and b share a rank, file or diagonal.
ON_LINE = [[False] * SIZE for _ in range(SIZE)]
for _a in PLAYABLE:
    for _b in PLAYABLE:
        _df, _dr = file_of(_a) - file_of(_b), rank_of(_a) - rank_of(_b)
        ON_LINE[_a][_b] = _df == 0 or _dr == 0 or abs(_df) == abs(_dr)

# Move tuple: (from, to, promotion piece char or None, castle bit or 0)


class Position:
    def __init__(self, fen, castling_enabled=False):
        self.castling_enabled = castling_enabled
        self.shortcut = True      # see legality_filter(); --no-shortcut clears
        self.history = set()      # keys of positions produced on the path
        self.parse_fen(fen)

    # ------------------------------------------------------------------ FEN
    def parse_fen(self, fen):
        parts = fen.split()
        if len(parts) < 2:
            raise ValueError('FEN needs at least board and side to move')
        board_field = parts[0]
        pool_text = None
        if '[' in board_field:
            board_field, rest = board_field.split('[', 1)
            if not rest.endswith(']'):
                raise ValueError('unterminated pool bracket')
            pool_text = rest[:-1]
        rows = board_field.split('/')
        if len(rows) != NRANKS:
            raise ValueError('expected %d ranks, got %d' % (NRANKS, len(rows)))
        b = [OFF] * SIZE
        for s in PLAYABLE:
            b[s] = EMPTY
        self.king = [None, None]
        for i, row in enumerate(rows):
            r = NRANKS - 1 - i
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                elif ch in 'PNBRQKpnbrqk':
                    if f >= NFILES:
                        raise ValueError('rank too long: ' + row)
                    b[sq(f, r)] = ch
                    if ch in 'Kk':
                        c = WHITE if ch == 'K' else BLACK
                        if self.king[c] is not None:
                            raise ValueError('two kings of one colour')
                        self.king[c] = sq(f, r)
                    f += 1
                else:
                    raise ValueError('bad FEN char ' + ch)
            if f != NFILES:
                raise ValueError('rank has %d files: %s' % (f, row))
        if None in self.king:
            raise ValueError('each side needs exactly one king')
        self.board = b
        self.side = {'w': WHITE, 'b': BLACK}[parts[1]]
        cr = 0
        if len(parts) > 2 and parts[2] != '-':
            for ch, bit in CASTLE_CHARS:
                if ch in parts[2]:
                    cr |= bit
        self.castling = cr if self.castling_enabled else 0
        self.halfmove = int(parts[4]) if len(parts) > 4 else 0
        self.fullmove = int(parts[5]) if len(parts) > 5 else 1
        if pool_text is None:
            self.pool = self.default_pool()
        else:
            self.pool = [dict.fromkeys(POOL_TYPES, 0) for _ in range(2)]
            for ch in pool_text:
                if ch == '-':
                    continue
                if ch.upper() not in POOL_TYPES:
                    raise ValueError('bad pool piece ' + ch)
                self.pool[WHITE if ch.isupper() else BLACK][ch.upper()] += 1

    def default_pool(self):
        """Start army's non-pawn pieces minus those on the board (>= 0)."""
        pool = []
        for c in (WHITE, BLACK):
            d = {}
            for t in POOL_TYPES:
                pc = t if c == WHITE else t.lower()
                on_board = sum(1 for s in PLAYABLE if self.board[s] == pc)
                d[t] = max(0, START_ARMY[t] - on_board)
            pool.append(d)
        return pool

    def fen(self):
        rows = []
        for r in range(NRANKS - 1, -1, -1):
            row, run = '', 0
            for f in range(NFILES):
                p = self.board[sq(f, r)]
                if p == EMPTY:
                    run += 1
                else:
                    if run:
                        row += str(run)
                        run = 0
                    row += p
            if run:
                row += str(run)
            rows.append(row)
        board = '/'.join(rows)
        # The bracket is only written if the pool is not what the board implies.
        if self.pool != self.default_pool():
            txt = ''.join(t * self.pool[WHITE][t] for t in POOL_TYPES)
            txt += ''.join(t.lower() * self.pool[BLACK][t] for t in POOL_TYPES)
            board += '[' + txt + ']'
        cr = ''.join(ch for ch, bit in CASTLE_CHARS if self.castling & bit) or '-'
        return '%s %s %s - %d %d' % (board, 'wb'[self.side], cr,
                                     self.halfmove, self.fullmove)

    def key(self):
        """Repetition key: placement, side to move, castling rights."""
        return ''.join(self.board) + 'wb'[self.side] + str(self.castling)

    # -------------------------------------------------------------- attacks
    def attacked(self, s, by):
        """Is square s attacked by a piece of colour `by`?"""
        b = self.board
        if by == WHITE:
            n, bi, r, q, k, p = 'N', 'B', 'R', 'Q', 'K', 'P'
            pawn_from = (s - 9, s - 11)      # white pawns attack upwards
        else:
            n, bi, r, q, k, p = 'n', 'b', 'r', 'q', 'k', 'p'
            pawn_from = (s + 9, s + 11)
        for t in pawn_from:
            if b[t] == p:
                return True
        for d in KNIGHT_STEPS:
            if b[s + d] == n:
                return True
        for d in KING_STEPS:
            if b[s + d] == k:
                return True
        for d in ROOK_DIRS:
            t = s + d
            while b[t] == EMPTY:
                t += d
            if b[t] == r or b[t] == q:
                return True
        for d in BISHOP_DIRS:
            t = s + d
            while b[t] == EMPTY:
                t += d
            if b[t] == bi or b[t] == q:
                return True
        return False

    def kings_facing(self):
        """Kings on one rank or file with no piece between them."""
        a, c = self.king
        if a // WIDTH == c // WIDTH:
            step = 1
        elif a % WIDTH == c % WIDTH:
            step = WIDTH
        else:
            return False
        if a > c:
            a, c = c, a
        b = self.board
        for t in range(a + step, c, step):
            if b[t] != EMPTY:
                return False
        return True

    def in_check(self, c):
        return self.attacked(self.king[c], 1 - c)

    def root_problem(self):
        """Return a reason string if the position is illegal, else None."""
        if self.in_check(1 - self.side):
            return 'side not to move is in check'
        if self.kings_facing():
            return 'kings face each other'
        return None

    # ----------------------------------------------------------- generation
    def pseudo_moves(self):
        """All moves obeying piece movement rules (legality not checked)."""
        b = self.board
        us = self.side
        own = PIECES_OF[us]
        enemy = CAPTURABLE[1 - us]
        moves = []
        fwd = WIDTH if us == WHITE else -WIDTH
        last_rank = NRANKS - 1 if us == WHITE else 0
        promos = [t if us == WHITE else t.lower()
                  for t in POOL_TYPES if self.pool[us][t] > 0]
        for s in PLAYABLE:
            p = b[s]
            if p not in own:
                continue
            t = p.upper()
            if t == 'P':
                targets = []
                if b[s + fwd] == EMPTY:
                    targets.append(s + fwd)
                for d in (fwd - 1, fwd + 1):
                    if b[s + d] in enemy:
                        targets.append(s + d)
                for to in targets:
                    if rank_of(to) == last_rank:
                        for pc in promos:      # empty pool => no move at all
                            moves.append((s, to, pc, 0))
                    else:
                        moves.append((s, to, None, 0))
            elif t == 'N' or t == 'K':
                for d in (KNIGHT_STEPS if t == 'N' else KING_STEPS):
                    x = b[s + d]
                    if x == EMPTY or x in enemy:
                        moves.append((s, s + d, None, 0))
            else:
                dirs = ROOK_DIRS if t == 'R' else BISHOP_DIRS if t == 'B' else QUEEN_DIRS
                for d in dirs:
                    to = s + d
                    while b[to] == EMPTY:
                        moves.append((s, to, None, 0))
                        to += d
                    if b[to] in enemy:
                        moves.append((s, to, None, 0))
        if self.castling:
            moves.extend(self.castle_moves())
        return moves

    def castle_moves(self):
        """Castling candidates (final legality is checked after making)."""
        us = self.side
        b = self.board
        ks = self.king[us]
        home = 0 if us == WHITE else NRANKS - 1
        if rank_of(ks) != home:
            return []
        rook = 'R' if us == WHITE else 'r'
        out = []
        checked = None
        for bit, rs, kf, rf in CASTLE_SPECS[us]:
            if not self.castling & bit or b[rs] != rook:
                continue
            # the rook must be on the named side of the king
            if (bit in (CK, Ck)) != (file_of(rs) > file_of(ks)):
                continue
            kto, rto = sq(kf, home), sq(rf, home)
            if kto == ks:
                continue        # king would not move; cannot arise here
            ok = True
            for a, c in ((ks, kto), (rs, rto)):
                lo, hi = min(a, c), max(a, c)
                for t in range(lo, hi + 1):
                    if t != ks and t != rs and b[t] != EMPTY:
                        ok = False
            if not ok:
                continue
            if checked is None:
                checked = self.in_check(us)
            if checked:
                return out
            step = 1 if kto > ks else -1
            # squares the king passes over or lands on: not attacked
            if any(self.attacked(t, 1 - us) for t in range(ks + step, kto + step, step)):
                continue
            out.append((ks, kto, None, bit))
        return out

    # ------------------------------------------------------- make / unmake
    def make(self, m):
        frm, to, promo, cbit = m
        b = self.board
        us = self.side
        undo = (self.castling, self.halfmove, self.fullmove)
        if cbit:
            # castling: find the rook/destination for this right
            for bit, rs, kf, rf in CASTLE_SPECS[us]:
                if bit == cbit:
                    break
            home = rank_of(frm)
            rto = sq(rf, home)
            king_pc, rook_pc = b[frm], b[rs]
            b[frm] = EMPTY
            b[rs] = EMPTY
            b[to] = king_pc
            b[rto] = rook_pc
            self.king[us] = to
            self.castling &= KING_MASK[us]
            captured = EMPTY
            self.halfmove += 1
        else:
            piece = b[frm]
            captured = b[to]
            if promo:
                b[to] = promo
                self.pool[us][promo.upper()] -= 1
            else:
                b[to] = piece
            b[frm] = EMPTY
            if captured != EMPTY and captured not in 'Pp':
                self.pool[1 - us][captured.upper()] += 1
            if piece == 'K' or piece == 'k':
                self.king[us] = to
                self.castling &= KING_MASK[us]
            self.castling &= CORNER_MASK[frm] & CORNER_MASK[to]
            if piece in 'Pp' or captured != EMPTY:
                self.halfmove = 0
            else:
                self.halfmove += 1
        if us == BLACK:
            self.fullmove += 1
        self.side = 1 - us
        return undo + (captured,)

    def unmake(self, m, undo):
        frm, to, promo, cbit = m
        b = self.board
        self.side = us = 1 - self.side
        self.castling, self.halfmove, self.fullmove, captured = undo
        if cbit:
            for bit, rs, kf, rf in CASTLE_SPECS[us]:
                if bit == cbit:
                    break
            rto = sq(rf, rank_of(frm))
            king_pc, rook_pc = b[to], b[rto]
            b[to] = EMPTY
            b[rto] = EMPTY
            b[frm] = king_pc
            b[rs] = rook_pc
            self.king[us] = frm
        else:
            piece = b[to]
            if promo:
                self.pool[us][promo.upper()] += 1
                piece = 'P' if us == WHITE else 'p'
            b[frm] = piece
            b[to] = captured
            if captured != EMPTY and captured not in 'Pp':
                self.pool[1 - us][captured.upper()] -= 1
            if piece == 'K' or piece == 'k':
                self.king[us] = frm

    def legal_after(self):
        """After make(): mover's king safe and kings not facing."""
        mover = 1 - self.side
        return not self.attacked(self.king[mover], self.side) and not self.kings_facing()

    def legality_filter(self):
        """Return a function legal(m) to call *after* make(m) for moves of the
        side to move now.  Speed-up only: a non-king move made while not in
        check can expose the king only if its from-square lies on a line
        (rank, file or diagonal) through the king, so only such moves (and
        king moves, castling, and all moves when in check) need the full
        attack test.  The facing test is always done (it is cheap)."""
        if not self.shortcut:
            return lambda m: self.legal_after()
        us = self.side
        ksq = self.king[us]
        in_check = self.attacked(ksq, 1 - us)
        full = self.legal_after
        facing = self.kings_facing
        line = ON_LINE[ksq]

        def legal(m):
            if in_check or m[3] or self.king[us] != ksq or line[m[0]]:
                return full()
            return not facing()
        return legal

    # -------------------------------------------------------- legal moves
    def legal_moves(self):
        """Legal moves in the current position, honouring the repetition ban."""
        out = []
        legal = self.legality_filter()
        for m in self.pseudo_moves():
            u = self.make(m)
            if legal(m) and self.key() not in self.history:
                out.append(m)
            self.unmake(m, u)
        return out

    def perft(self, depth):
        if depth == 0:
            return 1
        hist = self.history
        n = 0
        legal = self.legality_filter()
        for m in self.pseudo_moves():
            u = self.make(m)
            if legal(m):
                k = self.key()
                if k not in hist:
                    if depth == 1:
                        n += 1
                    else:
                        hist.add(k)
                        n += self.perft(depth - 1)
                        hist.discard(k)
            self.unmake(m, u)
        return n

    def push(self, m):
        """Play a move for good (used by --moves); records it in history."""
        self.make(m)
        self.history.add(self.key())


def move_name(m):
    frm, to, promo, _ = m
    return sq_name(frm) + sq_name(to) + (promo.lower() if promo else '')


def find_move(pos, text, legal):
    text = text.strip()
    if text in ('O-O', 'O-O-O', '0-0', '0-0-0'):
        want = {3: (CK, Ck), 5: (CQ, Cq)}[len(text)][pos.side]
        for m in legal:
            if m[3] == want:
                return m
        return None
    named = [m for m in legal if move_name(m) == text]
    plain = [m for m in named if not m[3]]
    if plain:
        return plain[0]
    if named:
        return named[0]
    # king-from + own-rook-square notation for castling
    for m in legal:
        if m[3]:
            for bit, rs, kf, rf in CASTLE_SPECS[pos.side]:
                if bit == m[3] and sq_name(m[0]) + sq_name(rs) == text:
                    return m
    return None


def main():
    ap = argparse.ArgumentParser(description='NAChT Schach perft checker')
    ap.add_argument('--fen', required=True)
    ap.add_argument('--depth', type=int)
    ap.add_argument('--castling', action='store_true', help='enable castling')
    ap.add_argument('--divide', action='store_true')
    ap.add_argument('--moves', help='space separated moves to play from --fen')
    ap.add_argument('--list', action='store_true', help='list legal moves after --moves')
    ap.add_argument('--force', action='store_true',
                    help='run even if the root position is illegal')
    ap.add_argument('--no-shortcut', action='store_true',
                    help='always use the full legality test (cross-check)')
    ap.add_argument('--time', action='store_true', help='print elapsed seconds')
    args = ap.parse_args()

    pos = Position(args.fen, args.castling)
    pos.shortcut = not args.no_shortcut
    problem = pos.root_problem()
    if problem and not args.force:
        print('illegal position: ' + problem, file=sys.stderr)
        sys.exit(2)

    if args.moves is not None or args.list:
        for text in (args.moves or '').split():
            m = find_move(pos, text, pos.legal_moves())
            if m is None:
                print('illegal move: ' + text, file=sys.stderr)
                sys.exit(1)
            pos.push(m)
        print('fen ' + pos.fen())
        if args.list:
            names = sorted(move_name(m) for m in pos.legal_moves())
            print('moves ' + ' '.join(names))
        if args.depth is None:
            return

    if args.depth is None:
        ap.error('--depth is required')
    t0 = time.perf_counter()
    if args.divide and args.depth >= 1:
        total = 0
        rows = []
        for m in pos.legal_moves():
            u = pos.make(m)
            k = pos.key()
            pos.history.add(k)
            c = pos.perft(args.depth - 1)
            pos.history.discard(k)
            pos.unmake(m, u)
            rows.append((move_name(m), c))
            total += c
        for name, c in sorted(rows):
            print('%s %d' % (name, c))
    else:
        total = pos.perft(args.depth)
    if args.time:
        print('seconds %.2f' % (time.perf_counter() - t0))
    print('nodes %d' % total)


if __name__ == '__main__':
    main()
