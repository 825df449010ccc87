#!/usr/bin/env python3
"""Independent perft checker for the chess variant "Quintessential Chess".

Written from scratch (Python 3, standard library only; runs much faster under
pypy3) from the rule text and the project's rulings, without looking at the
engine it checks, so that its counts are an independent reference.

Rules implemented (summary):
  * Board 10 files (a-j) x 10 ranks (1-10) minus the four 2x2 corners
    (a1 b1 a2 b2, i1 j1 i2 j2, a9 b9 a10 b10, i9 j9 i10 j10): 84 squares.
    Leapers may jump over missing squares but never land on one; riders and
    every point of a Quintessence path stop at a missing square.
  * K king (one step), C centurion (leaps (2,2), (2,0), (2,1)), J janus
    (bishop + knight), D dragon horse (bishop + wazir), L leeloo (rook +
    quintessence), Q quintessence: pick a knight step v and a knight step w
    at right angles to v; the path is v, w, v, w, ... (16 paths).  Each point
    must exist to go on; it may stop on any empty point or capture on the
    first occupied point (enemy); the path ends at the first occupied point.
    A destination reached by several paths (or by the rook part of a leeloo
    as well) is one move.
  * Pawns: one step forward onto an empty square; two steps forward (both
    squares existing and empty) from any rank, never onto a promotion square;
    capture one square diagonally forward.  Bockspringen: a pawn with a
    friendly pawn directly in front may jump to the existing empty square
    directly beyond, never onto a promotion square, and not if it is the
    rearmost of three or more friendly pawns on its file.  Promotion squares
    are those without a forward square (White a8 b8 i8 j8 c10-h10, Black a3 b3
    i3 j3 c1-h1); a pawn arriving there becomes C, Q, J, D or L (5 moves).
  * En passant for every piece.  After a double step X->Z over Y, or a jump
    X->Z over the friendly pawn on Y, Y is the en-passant square for the next
    move only.  Any move of the opponent that lands on Y (a pawn only by its
    diagonal capture; every other piece by its ordinary move) also removes
    the pawn on Z.  After a double step no piece may land on the empty Y
    without that capture (pawns' straight moves onto Y are not generated).
    FEN en-passant field = Y; Z is the square one step beyond Y in the
    direction the side NOT to move plays its pawns.  The field is honoured
    only if Z holds a pawn of the side not to move and Y is empty or holds a
    pawn of that side; otherwise it is ignored (with a warning).
  * Legality: after the move (with every captured piece, en-passant victims
    included, removed) the mover's king must not be attacked.
  * Castling with a centurion.  Castling field: file letters of centurions
    keeping the right (CHch) or KQkq (K/k = h-side, Q/q = c-side).  King on
    e1 and the centurion on c1/h1, the squares between them empty, king not
    in check, the square the king passes over (d1 / f1) not attacked in the
    position before the move, and the king not attacked afterwards.
    Towards c1: Ke1-c1, Cc1-d1 (machine string e1c1).  Towards h1: Ke1-g1,
    Ch1-f1 (e1g1).  Black likewise on rank 10.  Rights are lost when the
    king moves and when anything moves from or to the centurion's square.

Usage:
  quintessential.py [--fen FEN] --depth N [--divide] [--jobs J]
  quintessential.py [--fen FEN] --moves "e3e5 f8f6" [--list] [--depth N ...]
  quintessential.py [--fen FEN] --list
Without --fen the start position is used.  Last output line is "nodes N";
--divide first prints one "MOVE COUNT" line per legal first move (sorted).
--moves prints "fen ..." after playing the moves; --list prints
"moves ..." (all legal moves, sorted) and "count N".  Other options:
--force (search even if the root is illegal), --no-shortcut (always use the
full legality test; for cross-checking the speed-up), --time (print
seconds), --jobs J (split the root moves over J processes).
Speed: pypy3 does about 1M nodes/s (start position: depth 4 in ~3 s,
depth 5 in ~70 s); CPython is several times slower (depth 4 in ~7 s).

Move notation: from-square + to-square + lower-case promotion letter
(c9c10l).  Castling is written as the king's move (e1c1, e1g1, e10c10,
e10g10); an ordinary king move never has the same name.
"""

import argparse
import sys
import time

START_FEN = ('**cqklqc**/**1djjd1**/pppppppppp/10/10/10/10/PPPPPPPPPP/'
             '**1DJJD1**/**CQKLQC** w CHch - 0 1')

# ---------------------------------------------------------------------------
# Geometry: a mailbox 14 wide and 14 high; square (file f, rank r), both
# 0..9, has index (r + 2) * 14 + f + 2.  Two sentinel rows/columns on each
# side; all move tables are precomputed so that they only ever contain
# existing squares.
# ---------------------------------------------------------------------------
N = 10
W = 14
SIZE = W * W
FILES = 'abcdefghij'


def sq(f, r):
    return (r + 2) * W + f + 2


def file_of(s):
    return s % W - 2


def rank_of(s):
    return s // W - 2


def exists(f, r):
    if not (0 <= f < N and 0 <= r < N):
        return False
    return not (f in (0, 1, 8, 9) and r in (0, 1, 8, 9))


def sq_name(s):
    return FILES[file_of(s)] + str(rank_of(s) + 1)


def parse_sq(text):
    f = FILES.index(text[0])
    r = int(text[1:]) - 1
    if not exists(f, r):
        raise ValueError('no such square ' + text)
    return sq(f, r)


SQUARES = [sq(f, r) for r in range(N) for f in range(N) if exists(f, r)]
EXISTS = [False] * SIZE
for _s in SQUARES:
    EXISTS[_s] = True
assert len(SQUARES) == 84

# Piece codes.  White 1..7, Black 9..15 (colour = code >> 3), empty 0,
# missing / off-board 16.
EMPTY, OFF = 0, 16
PAWN, KING, CENT, QUINT, LEELOO, JANUS, DRAGON = 1, 2, 3, 4, 5, 6, 7
BLACKBIT = 8
LETTERS = {PAWN: 'P', KING: 'K', CENT: 'C', QUINT: 'Q', LEELOO: 'L',
           JANUS: 'J', DRAGON: 'D'}
CODE_OF = {}
for _c, _l in LETTERS.items():
    CODE_OF[_l] = _c
    CODE_OF[_l.lower()] = _c | BLACKBIT


def piece_char(p):
    ch = LETTERS[p & 7]
    return ch.lower() if p & BLACKBIT else ch


WHITE, BLACK = 0, 1
PROMO_TYPES = (CENT, QUINT, JANUS, DRAGON, LEELOO)

KNIGHT_V = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING_V = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
WAZIR_V = [(1, 0), (0, 1), (-1, 0), (0, -1)]
FERZ_V = [(1, 1), (-1, 1), (-1, -1), (1, -1)]
CENT_V = ([(2 * x, 2 * y) for x, y in KING_V] + KNIGHT_V)   # alfil+dabbaba+knight


def _leaps(vectors):
    table = [None] * SIZE
    for s in SQUARES:
        f, r = file_of(s), rank_of(s)
        table[s] = [sq(f + x, r + y) for x, y in vectors if exists(f + x, r + y)]
    return table


def _rays(vectors):
    table = [None] * SIZE
    for s in SQUARES:
        f, r = file_of(s), rank_of(s)
        rays = []
        for x, y in vectors:
            ray = []
            ff, rr = f + x, r + y
            while exists(ff, rr):
                ray.append(sq(ff, rr))
                ff += x
                rr += y
            if ray:
                rays.append(ray)
        table[s] = rays
    return table


def quint_paths_fr(f, r):
    """The 16 quintessence paths from (f, r) as lists of (file, rank),
    each cut at the first missing / off-board point."""
    paths = []
    for v in KNIGHT_V:
        for w in ((-v[1], v[0]), (v[1], -v[0])):        # v turned left / right
            path = []
            ff, rr = f, r
            k = 0
            while True:
                step = v if k % 2 == 0 else w
                ff += step[0]
                rr += step[1]
                if not exists(ff, rr):
                    break
                path.append((ff, rr))
                k += 1
            paths.append(path)
    return paths


def _qpaths():
    table = [None] * SIZE
    for s in SQUARES:
        f, r = file_of(s), rank_of(s)
        table[s] = [[sq(a, b) for a, b in p] for p in quint_paths_fr(f, r) if p]
    return table


KING_T = _leaps(KING_V)
WAZIR_T = _leaps(WAZIR_V)
KNIGHT_T = _leaps(KNIGHT_V)
CENT_T = _leaps(CENT_V)
BISHOP_R = _rays(FERZ_V)
ROOK_R = _rays(WAZIR_V)
QUINT_P = _qpaths()

# Pawns.  FWD[c] = index step forward.  PROMO[c][s]: s is a promotion square
# for colour c (an existing square whose forward square does not exist).
FWD = (W, -W)
PROMO = [[False] * SIZE, [False] * SIZE]
for _c in (WHITE, BLACK):
    for _s in SQUARES:
        PROMO[_c][_s] = not EXISTS[_s + FWD[_c]]
# PCAP[c][s]: existing diagonal-forward squares of a pawn of colour c on s.
PCAP = [[None] * SIZE, [None] * SIZE]
# PATT[c][s]: squares from which a pawn of colour c would attack s.
PATT = [[None] * SIZE, [None] * SIZE]
for _c in (WHITE, BLACK):
    for _s in SQUARES:
        PCAP[_c][_s] = [t for t in (_s + FWD[_c] - 1, _s + FWD[_c] + 1) if EXISTS[t]]
        PATT[_c][_s] = [t for t in (_s - FWD[_c] - 1, _s - FWD[_c] + 1) if EXISTS[t]]

# SIGHT[k][s]: s lies on a rook/bishop ray or is a point of a quintessence
# path from k (ignoring blockers).  Only a piece leaving such a square can
# uncover an attack on a king standing on k.
SIGHT = [None] * SIZE
for _k in SQUARES:
    _row = bytearray(SIZE)
    for _ray in BISHOP_R[_k] + ROOK_R[_k] + QUINT_P[_k]:
        for _t in _ray:
            _row[_t] = 1
    SIGHT[_k] = _row

# Castling.  Bits: White c-side 1, White h-side 2, Black c-side 4, Black h-side 8.
WC, WH, BC, BH = 1, 2, 4, 8
E1, E10 = sq(4, 0), sq(4, 9)
HOME_KING = (E1, E10)
CBITS = ((WC, WH), (BC, BH))
KING_CLEAR = (15 & ~(WC | WH), 15 & ~(BC | BH))
SQ_MASK = [15] * SIZE
SQ_MASK[sq(2, 0)] &= ~WC
SQ_MASK[sq(7, 0)] &= ~WH
SQ_MASK[sq(2, 9)] &= ~BC
SQ_MASK[sq(7, 9)] &= ~BH
CASTLE_C, CASTLE_H = 3, 4          # move flags
DOUBLE, JUMP = 1, 2


class Position:
    def __init__(self, fen=START_FEN):
        self.shortcut = True
        self.parse_fen(fen)

    # ------------------------------------------------------------------ FEN
    def parse_fen(self, fen):
        parts = fen.split()
        if len(parts) < 2:
            raise ValueError('FEN needs at least board and side to move')
        rows = parts[0].split('/')
        if len(rows) != N:
            raise ValueError('expected 10 ranks, got %d' % len(rows))
        b = [OFF] * SIZE
        for s in SQUARES:
            b[s] = EMPTY
        king = [None, None]
        for i, row in enumerate(rows):
            r = N - 1 - i
            f = 0
            j = 0
            while j < len(row):
                ch = row[j]
                if ch.isdigit():
                    k = j
                    while k < len(row) and row[k].isdigit():
                        k += 1
                    n = int(row[j:k])
                    for x in range(n):
                        if not exists(f + x, r):
                            raise ValueError('empty run covers a missing square in ' + row)
                    f += n
                    j = k
                    continue
                if ch == '*':
                    if exists(f, r):
                        raise ValueError("'*' on an existing square in " + row)
                    f += 1
                elif ch in CODE_OF:
                    if not exists(f, r):
                        raise ValueError('piece on a missing square in ' + row)
                    p = CODE_OF[ch]
                    b[sq(f, r)] = p
                    if p & 7 == KING:
                        c = p >> 3
                        if king[c] is not None:
                            raise ValueError('two kings of one colour')
                        king[c] = sq(f, r)
                    f += 1
                else:
                    raise ValueError('bad FEN char ' + ch)
                j += 1
            if f != N:
                raise ValueError('rank has %d files: %s' % (f, row))
        if None in king:
            raise ValueError('each side needs exactly one king')
        self.board = b
        self.king = king
        self.side = {'w': WHITE, 'b': BLACK}[parts[1]]
        cr = 0
        if len(parts) > 2 and parts[2] != '-':
            for ch in parts[2]:
                bit = {'C': WC, 'Q': WC, 'H': WH, 'K': WH,
                       'c': BC, 'q': BC, 'h': BH, 'k': BH}.get(ch)
                if bit is None:
                    raise ValueError('bad castling field ' + parts[2])
                cr |= bit
        self.castling = cr
        self.epY = self.epZ = 0
        if len(parts) > 3 and parts[3] != '-':
            y = parse_sq(parts[3])
            them = 1 - self.side
            z = y + FWD[them]
            pawn = PAWN | (BLACKBIT if them else 0)
            if EXISTS[z] and b[z] == pawn and b[y] in (EMPTY, pawn):
                self.epY, self.epZ = y, z
            else:
                print('warning: en-passant field %s ignored (no fitting pawns)'
                      % parts[3], file=sys.stderr)
        self.halfmove = int(parts[4]) if len(parts) > 4 else 0
        self.fullmove = int(parts[5]) if len(parts) > 5 else 1

    def fen(self):
        rows = []
        for r in range(N - 1, -1, -1):
            row, run = '', 0
            for f in range(N):
                if not exists(f, r):
                    p = '*'
                else:
                    v = self.board[sq(f, r)]
                    if v == EMPTY:
                        run += 1
                        continue
                    p = piece_char(v)
                if run:
                    row += str(run)
                    run = 0
                row += p
            if run:
                row += str(run)
            rows.append(row)
        cr = ''.join(ch for ch, bit in (('C', WC), ('H', WH), ('c', BC), ('h', BH))
                     if self.castling & bit) or '-'
        ep = sq_name(self.epY) if self.epY else '-'
        return '%s %s %s %s %d %d' % ('/'.join(rows), 'wb'[self.side], cr, ep,
                                      self.halfmove, self.fullmove)

    # -------------------------------------------------------------- attacks
    def attacked(self, s, by):
        """Is square s attacked by a piece of colour `by`?"""
        b = self.board
        add = BLACKBIT if by else 0
        P, K, C, Q, L, J, D = (PAWN + add, KING + add, CENT + add, QUINT + add,
                               LEELOO + add, JANUS + add, DRAGON + add)
        for t in PATT[by][s]:
            if b[t] == P:
                return True
        for t in KNIGHT_T[s]:
            if b[t] == J:
                return True
        for t in CENT_T[s]:
            if b[t] == C:
                return True
        for t in KING_T[s]:
            if b[t] == K:
                return True
        for t in WAZIR_T[s]:
            if b[t] == D:
                return True
        for ray in BISHOP_R[s]:
            for t in ray:
                v = b[t]
                if v:
                    if v == J or v == D:
                        return True
                    break
        for ray in ROOK_R[s]:
            for t in ray:
                v = b[t]
                if v:
                    if v == L:
                        return True
                    break
        for path in QUINT_P[s]:
            for t in path:
                v = b[t]
                if v:
                    if v == Q or v == L:
                        return True
                    break
        return False

    def in_check(self, c):
        return self.attacked(self.king[c], 1 - c)

    def root_problem(self):
        if self.in_check(1 - self.side):
            return 'side not to move is in check'
        return None

    # ----------------------------------------------------------- generation
    def pseudo_moves(self):
        """Moves obeying the movement rules; the king's safety is not checked
        (except the castling conditions before the move).  Move tuple:
        (from, to, promotion code or 0, flag) with flag 0 plain,
        1 double step, 2 jump, 3 castling towards c, 4 castling towards h.
        A move landing on the en-passant square removes the en-passant
        victim as well (handled in make)."""
        b = self.board
        us = self.side
        them = 1 - us
        epY = self.epY
        moves = []
        append = moves.append
        fwd = FWD[us]
        promo_sq = PROMO[us]
        mypawn = PAWN | (BLACKBIT if us else 0)
        promos = [t | (BLACKBIT if us else 0) for t in PROMO_TYPES]
        for s in SQUARES:
            p = b[s]
            if not p or (p >> 3) != us:
                continue
            kind = p & 7
            if kind == PAWN:
                t = s + fwd
                v = b[t]
                if v == EMPTY:
                    if t != epY:
                        if promo_sq[t]:
                            for pc in promos:
                                append((s, t, pc, 0))
                        else:
                            append((s, t, 0, 0))
                    t2 = t + fwd
                    if b[t2] == EMPTY and not promo_sq[t2] and t2 != epY:
                        append((s, t2, 0, DOUBLE))
                elif v == mypawn:
                    t2 = t + fwd
                    if b[t2] == EMPTY and not promo_sq[t2] and t2 != epY \
                            and not self.rearmost_of_three(s, us):
                        append((s, t2, 0, JUMP))
                for t in PCAP[us][s]:
                    v = b[t]
                    if (v and (v >> 3) == them) or (t == epY and v == EMPTY):
                        if promo_sq[t]:
                            for pc in promos:
                                append((s, t, pc, 0))
                        else:
                            append((s, t, 0, 0))
            elif kind == QUINT or kind == LEELOO:
                seen = set()
                if kind == LEELOO:
                    for ray in ROOK_R[s]:
                        for t in ray:
                            v = b[t]
                            if v == EMPTY:
                                seen.add(t)
                                append((s, t, 0, 0))
                            else:
                                if (v >> 3) == them:
                                    seen.add(t)
                                    append((s, t, 0, 0))
                                break
                for path in QUINT_P[s]:
                    for t in path:
                        v = b[t]
                        if v == EMPTY:
                            if t not in seen:
                                seen.add(t)
                                append((s, t, 0, 0))
                        else:
                            if (v >> 3) == them and t not in seen:
                                seen.add(t)
                                append((s, t, 0, 0))
                            break
            else:
                if kind == KING:
                    leaps = KING_T[s]
                elif kind == CENT:
                    leaps = CENT_T[s]
                elif kind == JANUS:
                    leaps = KNIGHT_T[s]
                else:
                    leaps = WAZIR_T[s]
                for t in leaps:
                    v = b[t]
                    if v == EMPTY or (v >> 3) == them:
                        append((s, t, 0, 0))
                if kind == JANUS or kind == DRAGON:
                    for ray in BISHOP_R[s]:
                        for t in ray:
                            v = b[t]
                            if v == EMPTY:
                                append((s, t, 0, 0))
                            else:
                                if (v >> 3) == them:
                                    append((s, t, 0, 0))
                                break
        if self.castling:
            self.castle_moves(moves)
        return moves

    def rearmost_of_three(self, s, us):
        """Pawn of colour us on s: are there >= 3 friendly pawns on its file
        and none behind it?"""
        b = self.board
        mypawn = PAWN | (BLACKBIT if us else 0)
        f = file_of(s)
        r0 = rank_of(s)
        count = 0
        behind = False
        for r in range(N):
            if exists(f, r) and b[sq(f, r)] == mypawn:
                count += 1
                if (r < r0) if us == WHITE else (r > r0):
                    behind = True
        return count >= 3 and not behind

    def castle_moves(self, moves):
        us = self.side
        them = 1 - us
        b = self.board
        e = HOME_KING[us]
        add = BLACKBIT if us else 0
        if b[e] != KING + add:
            return
        bc, bh = CBITS[us]
        cent = CENT + add
        checked = None
        if self.castling & bc and b[e - 2] == cent and b[e - 1] == EMPTY:
            checked = self.attacked(e, them)
            if not checked and not self.attacked(e - 1, them):
                moves.append((e, e - 2, 0, CASTLE_C))
        if self.castling & bh and b[e + 3] == cent and b[e + 1] == EMPTY \
                and b[e + 2] == EMPTY:
            if checked is None:
                checked = self.attacked(e, them)
            if not checked and not self.attacked(e + 1, them):
                moves.append((e, e + 2, 0, CASTLE_H))

    # ------------------------------------------------------- make / unmake
    def make(self, m):
        frm, to, promo, flag = m
        b = self.board
        us = self.side
        undo = (self.castling, self.epY, self.epZ, self.halfmove, self.fullmove)
        if flag >= CASTLE_C:
            if flag == CASTLE_C:
                cfrom, cto = frm - 2, frm - 1
            else:
                cfrom, cto = frm + 3, frm + 1
            king, cent = b[frm], b[cfrom]
            b[frm] = EMPTY
            b[cfrom] = EMPTY
            b[to] = king
            b[cto] = cent
            self.king[us] = to
            self.castling &= KING_CLEAR[us]
            self.epY = self.epZ = 0
            self.halfmove = 0
            captured = xsq = xpc = 0
        else:
            piece = b[frm]
            captured = b[to]
            b[to] = promo or piece
            b[frm] = EMPTY
            xsq = xpc = 0
            if to == self.epY:
                xsq = self.epZ
                xpc = b[xsq]
                b[xsq] = EMPTY
            if piece & 7 == KING:
                self.king[us] = to
                self.castling &= KING_CLEAR[us]
            self.castling &= SQ_MASK[frm] & SQ_MASK[to]
            if flag:
                self.epY = frm + FWD[us]
                self.epZ = to
            else:
                self.epY = self.epZ = 0
            if piece & 7 == PAWN or captured or xpc:
                self.halfmove = 0
            else:
                self.halfmove += 1
        if us == BLACK:
            self.fullmove += 1
        self.side = 1 - us
        return undo + (captured, xsq, xpc)

    def unmake(self, m, u):
        frm, to, promo, flag = m
        b = self.board
        self.side = us = 1 - self.side
        (self.castling, self.epY, self.epZ, self.halfmove, self.fullmove,
         captured, xsq, xpc) = u
        if flag >= CASTLE_C:
            if flag == CASTLE_C:
                cfrom, cto = frm - 2, frm - 1
            else:
                cfrom, cto = frm + 3, frm + 1
            king, cent = b[to], b[cto]
            b[to] = EMPTY
            b[cto] = EMPTY
            b[frm] = king
            b[cfrom] = cent
            self.king[us] = frm
        else:
            piece = b[to]
            if promo:
                piece = PAWN | (BLACKBIT if us else 0)
            b[frm] = piece
            b[to] = captured
            if xsq:
                b[xsq] = xpc
            if piece & 7 == KING:
                self.king[us] = frm

    # ----------------------------------------------------------- legality
    def legality_filter(self):
        """None if every move of the side to move needs the full test (make,
        then: is our king attacked?), else (king square, SIGHT row, ep
        square) for perft's shortcut.  Speed-up only: when we are not in
        check, a move that is not a king move or castling, does not land on
        the en-passant square (which removes a second piece) and whose
        from-square is not on a ray / quintessence path through our king
        cannot expose the king, so it is legal without testing."""
        us = self.side
        ksq = self.king[us]
        if not self.shortcut or self.attacked(ksq, 1 - us):
            return None
        return ksq, SIGHT[ksq], self.epY

    def legal_moves(self):
        out = []
        us = self.side
        them = 1 - us
        for m in self.pseudo_moves():
            u = self.make(m)
            if not self.attacked(self.king[us], them):
                out.append(m)
            self.unmake(m, u)
        return out

    def perft(self, depth):
        if depth == 0:
            return 1
        us = self.side
        them = 1 - us
        kings = self.king
        f = self.legality_filter()
        moves = self.pseudo_moves()
        n = 0
        if f is None:
            for m in moves:
                u = self.make(m)
                if not self.attacked(kings[us], them):
                    n += 1 if depth == 1 else self.perft(depth - 1)
                self.unmake(m, u)
            return n
        ksq, sight, epY = f
        for m in moves:
            frm = m[0]
            if frm == ksq or sight[frm] or m[1] == epY:
                u = self.make(m)
                if not self.attacked(kings[us], them):
                    n += 1 if depth == 1 else self.perft(depth - 1)
                self.unmake(m, u)
            elif depth == 1:
                n += 1
            else:
                u = self.make(m)
                n += self.perft(depth - 1)
                self.unmake(m, u)
        return n


def move_name(m):
    frm, to, promo, _ = m
    return sq_name(frm) + sq_name(to) + (LETTERS[promo & 7].lower() if promo else '')


def find_move(pos, text, legal):
    text = text.strip()
    for m in legal:
        if move_name(m) == text:
            return m
    return None



def _divide_worker(args):
    name, fen, depth, shortcut = args
    pos = Position(fen)
    pos.shortcut = shortcut
    m = find_move(pos, name, pos.legal_moves())
    u = pos.make(m)
    c = pos.perft(depth - 1)
    pos.unmake(m, u)
    return name, c


def main():
    ap = argparse.ArgumentParser(description='Quintessential Chess perft checker')
    ap.add_argument('--fen', default=START_FEN)
    ap.add_argument('--depth', type=int)
    ap.add_argument('--divide', action='store_true')
    ap.add_argument('--moves', help='space separated moves to play from --fen')
    ap.add_argument('--list', action='store_true', help='list legal moves')
    ap.add_argument('--force', action='store_true',
                    help='run even if the root position is illegal')
    ap.add_argument('--no-shortcut', action='store_true',
                    help='always use the full legality test (cross-check)')
    ap.add_argument('--time', action='store_true', help='print elapsed seconds')
    ap.add_argument('--jobs', type=int, default=1,
                    help='split root moves over this many processes')
    args = ap.parse_args()

    pos = Position(args.fen)
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
            pos.make(m)
        if args.moves is not None:
            print('fen ' + pos.fen())
        if args.list:
            names = sorted(move_name(m) for m in pos.legal_moves())
            print('moves ' + ' '.join(names))
            print('count %d' % len(names))
        if args.depth is None:
            return

    if args.depth is None:
        ap.error('--depth is required')
    t0 = time.perf_counter()
    if args.depth >= 1 and (args.divide or args.jobs > 1):
        legal = pos.legal_moves()
        if args.jobs > 1 and args.depth >= 2:
            import multiprocessing
            fen = pos.fen()
            work = [(move_name(m), fen, args.depth, pos.shortcut) for m in legal]
            with multiprocessing.Pool(args.jobs) as pool:
                rows = pool.map(_divide_worker, work, chunksize=1)
        else:
            rows = []
            for m in legal:
                u = pos.make(m)
                rows.append((move_name(m), pos.perft(args.depth - 1)))
                pos.unmake(m, u)
        total = sum(c for _, c in rows)
        if args.divide:
            for name, c in sorted(rows):
                print('%s %d' % (name, c))
    else:
        total = pos.perft(args.depth)
    if args.time:
        print('seconds %.2f' % (time.perf_counter() - t0))
    print('nodes %d' % total)


if __name__ == '__main__':
    main()
