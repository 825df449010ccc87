#!/usr/bin/env python3
"""Independent perft checker for "Nietzsche Chess" (and orthodox chess).

Written from scratch against the written rules only (standard library, no
chess library, no code shared with the engine it checks).  Every piece's
movement below is transcribed from the XBetza definitions of
../shared/RULES.md (section "Nietzsche Chess"), not from the engine.

Usage:
    python3 tools/perft-check/nietzsche.py --fen "FEN" --depth N \
        [--sequence NAME|none] [--divide] [--moves "e2e4 e7e5 ..."] [--list]
    python3 tools/perft-check/nietzsche.py --sequence NAME --random-positions N
    python3 tools/perft-check/nietzsche.py --selftest [--deep]

tools/perft-check/compare_nietzsche.py drives this checker against the
engine's command line (perft with divide-down, and move lists of random
games).

The last line printed is always `nodes N` (for a perft run).  With
--divide, one line `MOVE COUNT` is printed per legal first move first.
With --moves, the moves are played from --fen first and the resulting FEN
is printed (if --depth is given, perft then runs from that position).
--random-positions plays random games from the start and prints positions
on which pieces of the sequence other than P N B R Q K stand.

Rules implemented (Nietzsche chess)
-----------------------------------
* The full FIDE game; pawns promote normally to N, B, R or Q only, in every
  sequence.
* After every move, every piece of the side that just moved, kings
  excepted, that stands en prise is promoted one step along the promotion
  sequence (the last type of the sequence stays as it is).
* En prise = an enemy piece attacks the square.  Attack is geometric
  (pinned attackers count, en passant never counts, a hopper attacks over
  its screen).  An enemy KING counts as an attacker only when no piece of
  the square's own side (its king included) attacks/defends the square.
* Everything is judged on the position right after the move (capture
  removed, mover landed, castling rook moved, normal promotion done); then
  all promotions happen at once, one step each.
* A pawn that promoted normally on this move is not promoted again.
* A castling right ends when its rook moves, is captured or is promoted.
* If the pawn that just double-stepped is promoted, en passant is gone.
* Legality: the mover's king must not be attacked after the move.
  (En-prise promotions only change the mover's own piece types, never
  occupancy nor the enemy's pieces, so they can never change legality.)
  Castling also needs the king's square and the square it passes to be
  unattacked on the board before the move (the king still at home, so it
  can itself be the screen of an enemy hopper).
* The FIDE halfmove clock is not reset by en-prise promotions.

The pieces (XBetza; f = forward from the owner's side)
------------------------------------------------------
Leapers: Knight N, Camel C (1,3), Elephant A (2,2), Dabbaba D (2,0),
Ferz F, Wazir W, Prince K (not royal), Gnu NC, Helm ffN (2 forward, 1
aside), Silver FfW, Gold WfF.  Riders: Bishop, Rook, Queen, Wing fR.
Minimum-distance riders (yafF, yafW, yafK = Picket, Pocket, Fagin): go at
least two squares along the line; the first square must be empty (a piece
there blocks; nothing is taken there).  Hoppers (Arrow mBcpB, Cannon mRcpR,
Tank mQcpQ): move as the rider without capturing; capture only by hopping
exactly one piece (either colour) on the line and taking the first piece
beyond it, which must be an enemy.  Compounds: Primate BW, Chatelaine RF,
Inquion B+Pocket, Infanon R+Picket, Saint B+Cannon, Sparrow R+Arrow,
Cardinal BN, Marshal RN, Ace QN, Caliph BC, Canvasser RC, Acme QC.

Sequences: the fourteen of RULES.md by their option names (fast, crowned,
timur, eurasian, mixed-timur, mixed-eurasian, knighted, long-crowned,
long-timur, long-eurasian, ecumenical, wildeurasian, shogi, courier), and
`none` for orthodox chess.  The FEN letters (one per piece; a letter may
mean other pieces in other sequences, never two in one) are the project's,
as docs/RULINGS.md lists them; the self-test checks each sequence's string
of letters against that list (PUBLISHED_LETTERS).
"""

import argparse
import random
import sys
import time

# ---------------------------------------------------------------------------
# Board representation: 16x14 mailbox.  Square index = (rank + 3) * 16 +
# file + 4 with file 0..7 (a..h) and rank 0..7 (1..8).  Every leap here
# moves at most 3 files and 3 ranks, so a leap from a board square lands on
# the board or on an OFF square (never wraps round), and every ray stops by
# itself.  Pieces are FEN letters: upper case = White, lower case = Black;
# EMPTY for an empty square.
# ---------------------------------------------------------------------------

OFF = ' '
EMPTY = '.'
WIDTH = 16
UP = WIDTH


def sq(file, rank):
    return (rank + 3) * WIDTH + file + 4


def file_of(s):
    return s % WIDTH - 4


def rank_of(s):
    return s // WIDTH - 3


def sq_name(s):
    return 'abcdefgh'[file_of(s)] + str(rank_of(s) + 1)


def parse_sq(name):
    if len(name) != 2 or name[0] not in 'abcdefgh' or name[1] not in '12345678':
        raise ValueError('bad square %r' % name)
    return sq('abcdefgh'.index(name[0]), int(name[1]) - 1)


ALL_SQUARES = [sq(f, r) for r in range(8) for f in range(8)]
BOARD_CELLS = 14 * WIDTH


def colour_of(p):
    """0 for a White piece, 1 for a Black piece (p must be a piece)."""
    return 0 if p.isupper() else 1


# ---------------------------------------------------------------------------
# Piece movement, by piece name.  Vectors are (files, ranks) seen from
# White; a Black piece's vectors have the rank part negated.
# ---------------------------------------------------------------------------

def symmetric(df, dr):
    """All distinct (+-df, +-dr) and (+-dr, +-df) vectors: an XBetza leap."""
    out = []
    for a, b in ((df, dr), (dr, df)):
        for sa in (1, -1):
            for sb in (1, -1):
                v = (a * sa, b * sb)
                if v not in out:
                    out.append(v)
    return tuple(out)


W_ = symmetric(1, 0)          # wazir: the four orthogonal steps
F_ = symmetric(1, 1)          # ferz: the four diagonal steps
K_ = W_ + F_
N_ = symmetric(1, 2)
C_ = symmetric(1, 3)          # camel
A_ = symmetric(2, 2)          # alfil / elephant
D_ = symmetric(2, 0)          # dabbaba
FORWARD_W = ((0, 1),)
FORWARD_F = ((-1, 1), (1, 1))
FORWARD_NARROW_N = ((-1, 2), (1, 2))   # ffN: two forward, one aside

# Atom kinds:
LEAP = 'leap'        # jump to the square; move there or capture there
RIDE = 'ride'        # slide; move to empty squares, capture the first piece
MOVE_RIDE = 'mride'  # slide without capturing (the m part of a hopper)
MIN_RIDE = 'minride'  # yaf: first square must be empty and is never a goal
HOP = 'hop'          # capture only: the first piece beyond exactly one screen

PIECES = {
    'King': ((LEAP, K_),),
    'Knight': ((LEAP, N_),),
    'Bishop': ((RIDE, F_),),
    'Rook': ((RIDE, W_),),
    'Queen': ((RIDE, K_),),
    'Camel': ((LEAP, C_),),
    'Prince': ((LEAP, K_),),
    'Primate': ((RIDE, F_), (LEAP, W_)),
    'Chatelaine': ((RIDE, W_), (LEAP, F_)),
    'Picket': ((MIN_RIDE, F_),),
    'Pocket': ((MIN_RIDE, W_),),
    'Fagin': ((MIN_RIDE, K_),),
    'Inquion': ((RIDE, F_), (MIN_RIDE, W_)),
    'Infanon': ((RIDE, W_), (MIN_RIDE, F_)),
    'Arrow': ((MOVE_RIDE, F_), (HOP, F_)),
    'Cannon': ((MOVE_RIDE, W_), (HOP, W_)),
    'Tank': ((MOVE_RIDE, K_), (HOP, K_)),
    'Saint': ((RIDE, F_), (MOVE_RIDE, W_), (HOP, W_)),
    'Sparrow': ((RIDE, W_), (MOVE_RIDE, F_), (HOP, F_)),
    'Cardinal': ((RIDE, F_), (LEAP, N_)),
    'Marshal': ((RIDE, W_), (LEAP, N_)),
    'Ace': ((RIDE, K_), (LEAP, N_)),
    'Caliph': ((RIDE, F_), (LEAP, C_)),
    'Canvasser': ((RIDE, W_), (LEAP, C_)),
    'Acme': ((RIDE, K_), (LEAP, C_)),
    'Gnu': ((LEAP, N_ + C_),),
    'Helm': ((LEAP, FORWARD_NARROW_N),),
    'Wing': ((RIDE, FORWARD_W),),
    'Silver': ((LEAP, F_ + FORWARD_W),),
    'Gold': ((LEAP, W_ + FORWARD_F),),
    'Elephant': ((LEAP, A_),),
    'Dabbaba': ((LEAP, D_),),
    'Ferz': ((LEAP, F_),),
    'Wazir': ((LEAP, W_),),
}

# FEN letters (White's; Black's are the lower case), as docs/RULINGS.md
# publishes them.  Letters repeat across sequences only.
LETTERS = {
    'Pawn': 'P', 'Knight': 'N', 'Bishop': 'B', 'Rook': 'R', 'Queen': 'Q',
    'King': 'K', 'Cardinal': 'A', 'Marshal': 'M', 'Ace': 'X', 'Camel': 'C',
    'Prince': 'I', 'Primate': 'H', 'Chatelaine': 'D', 'Picket': 'J',
    'Pocket': 'U', 'Fagin': 'F', 'Inquion': 'I', 'Infanon': 'O',
    'Arrow': 'V', 'Cannon': 'O', 'Tank': 'T', 'Saint': 'S', 'Sparrow': 'W',
    'Caliph': 'Y', 'Canvasser': 'Z', 'Acme': 'E', 'Gnu': 'W', 'Helm': 'E',
    'Wing': 'L', 'Silver': 'S', 'Gold': 'G', 'Elephant': 'E', 'Dabbaba': 'D',
    'Ferz': 'F', 'Wazir': 'W',
}

# The promotion sequences of RULES.md, by piece name (the last one stays).
# 'none' is orthodox chess: no en-prise promotions at all.
SEQUENCES = {
    'none': 'Pawn Knight Bishop Rook Queen',
    'fast': 'Pawn Knight Bishop Rook Queen',
    'crowned': 'Pawn Camel Knight Prince Bishop Primate Rook Chatelaine Queen',
    'timur': 'Pawn Camel Knight Picket Bishop Pocket Rook Fagin Queen',
    'eurasian': 'Pawn Camel Knight Arrow Bishop Cannon Rook Tank Queen',
    'mixed-timur': 'Pawn Camel Knight Picket Bishop Pocket Rook Fagin '
                   'Inquion Infanon Queen',
    'mixed-eurasian': 'Pawn Camel Knight Arrow Bishop Cannon Rook Tank '
                      'Saint Sparrow Queen',
    'knighted': 'Pawn Knight Bishop Cardinal Rook Marshal Queen Ace',
    'long-crowned': 'Pawn Camel Knight Prince Bishop Primate Caliph Cardinal '
                    'Rook Chatelaine Canvasser Marshal Queen Acme Ace',
    'long-timur': 'Pawn Camel Knight Picket Bishop Pocket Caliph Cardinal '
                  'Rook Fagin Canvasser Marshal Queen Acme Ace',
    'long-eurasian': 'Pawn Camel Knight Arrow Bishop Cannon Caliph Cardinal '
                     'Rook Tank Canvasser Marshal Queen Acme Ace',
    'ecumenical': 'Pawn Camel Knight Bishop Caliph Gnu Cardinal Rook '
                  'Canvasser Marshal Queen',
    'wildeurasian': 'Pawn Camel Knight Arrow Bishop Gnu Cannon Rook Tank '
                    'Queen',
    'shogi': 'Pawn Helm Wing Silver Gold Knight Bishop Primate Rook '
             'Chatelaine Queen',
    'courier': 'Pawn Elephant Dabbaba Ferz Wazir Camel Knight Prince Bishop '
               'Rook Queen',
}

# The letter strings per sequence as docs/RULINGS.md publishes them, to
# check the transcription above.
PUBLISHED_LETTERS = {
    'fast': 'PNBRQ', 'crowned': 'PCNIBHRDQ', 'timur': 'PCNJBURFQ',
    'eurasian': 'PCNVBORTQ', 'mixed-timur': 'PCNJBURFIOQ',
    'mixed-eurasian': 'PCNVBORTSWQ', 'knighted': 'PNBARMQX',
    'long-crowned': 'PCNIBHYARDZMQEX', 'long-timur': 'PCNJBUYARFZMQEX',
    'long-eurasian': 'PCNVBOYARTZMQEX', 'ecumenical': 'PCNBYWARZMQ',
    'wildeurasian': 'PCNVBWORTQ', 'shogi': 'PELSGNBHRDQ',
    'courier': 'PEDFWCNIBRQ',
}

KING = {0: 'K', 1: 'k'}
PAWN = {0: 'P', 1: 'p'}


def offset(vec, colour):
    """Mailbox offset of a (files, ranks) vector for a piece of `colour`."""
    df, dr = vec
    if colour == 1:
        dr = -dr
    return dr * WIDTH + df


KING_STEPS = tuple(offset(v, 0) for v in K_)


class Rules:
    """Everything that depends on the sequence: letters, moves, attacks.

    gen[letter]           -> list of (kind, offsets) for that cased letter
    nxt[letter]           -> the cased letter it grows into (None: no growth)
    leap_attackers[c]     -> {offset: letters of colour c leaping by it}
    line_attackers[c]     -> {offset: (riders, min-riders, hoppers)}
    (an attacker on square a attacks a + offset; the king is kept apart,
    because the enemy-king rule of en prise treats it differently.)
    """

    def __init__(self, name):
        if name not in SEQUENCES:
            raise ValueError('unknown sequence %r (valid: %s)'
                             % (name, ', '.join(sorted(SEQUENCES))))
        self.name = name
        names = SEQUENCES[name].split()
        self.names = names
        self.letters = ''.join(LETTERS[n] for n in names)
        if len(set(self.letters)) != len(self.letters) or 'K' in self.letters:
            raise ValueError('letters not unique in %s' % name)
        self.name_of = {LETTERS[n]: n for n in names}
        self.name_of['K'] = 'King'
        self.nxt = {}
        if name != 'none':
            for a, b in zip(self.letters, self.letters[1:]):
                self.nxt[a] = b
                self.nxt[a.lower()] = b.lower()
        self.gen = {}
        self.leap_attackers = ({}, {})
        self.line_attackers = ({}, {})
        for upper, piece in self.name_of.items():
            if piece == 'Pawn':
                continue
            for colour, letter in ((0, upper), (1, upper.lower())):
                atoms = []
                for kind, vecs in PIECES[piece]:
                    offs = tuple(offset(v, colour) for v in vecs)
                    atoms.append((kind, offs))
                    if piece != 'King':
                        self._add_attacks(colour, letter, kind, offs)
                self.gen[letter] = atoms
        self.piece_letters = set(self.name_of) | set(
            x.lower() for x in self.name_of)

    def _add_attacks(self, colour, letter, kind, offs):
        for d in offs:
            if kind == LEAP:
                self.leap_attackers[colour].setdefault(d, set()).add(letter)
            elif kind in (RIDE, MIN_RIDE, HOP):
                sets = self.line_attackers[colour].setdefault(
                    d, (set(), set(), set()))
                sets[(RIDE, MIN_RIDE, HOP).index(kind)].add(letter)
            # MOVE_RIDE never captures, so it attacks nothing.

    def letter(self, piece, colour=0):
        ch = LETTERS[piece]
        return ch if colour == 0 else ch.lower()


A1, E1, H1 = sq(0, 0), sq(4, 0), sq(7, 0)
A8, E8, H8 = sq(0, 7), sq(4, 7), sq(7, 7)
# castling right letter -> (king square, rook square, colour)
CASTLE_HOME = {'K': (E1, H1, 0), 'Q': (E1, A1, 0),
               'k': (E8, H8, 1), 'q': (E8, A8, 1)}
ROOK = {0: 'R', 1: 'r'}


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

class Position:
    __slots__ = ('board', 'side', 'castling', 'ep', 'halfmove', 'fullmove')

    def __init__(self, board, side, castling, ep, halfmove, fullmove):
        self.board = board        # list of BOARD_CELLS characters
        self.side = side          # 0 White to move, 1 Black to move
        self.castling = castling  # string subset of "KQkq"
        self.ep = ep              # en-passant target square or None
        self.halfmove = halfmove
        self.fullmove = fullmove


def parse_fen(fen, rules):
    parts = fen.split()
    if len(parts) < 4:
        raise ValueError('FEN needs at least 4 fields: %r' % fen)
    rows = parts[0].split('/')
    if len(rows) != 8:
        raise ValueError('FEN board needs 8 ranks: %r' % fen)
    board = [OFF] * BOARD_CELLS
    for s in ALL_SQUARES:
        board[s] = EMPTY
    for i, row in enumerate(rows):
        rank = 7 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch in rules.piece_letters:
                if f > 7:
                    raise ValueError('rank too long in FEN: %r' % row)
                board[sq(f, rank)] = ch
                f += 1
            else:
                raise ValueError('piece letter %r is not in the %s sequence '
                                 '(letters %sK)' % (ch, rules.name,
                                                    rules.letters))
        if f != 8:
            raise ValueError('rank of wrong length in FEN: %r' % row)
    if board.count('K') != 1 or board.count('k') != 1:
        raise ValueError('FEN needs exactly one king per side')
    for f in range(8):
        if board[sq(f, 0)] in 'Pp' or board[sq(f, 7)] in 'Pp':
            raise ValueError('pawn on first/last rank in FEN')
    if parts[1] not in ('w', 'b'):
        raise ValueError('side to move must be w or b: %r' % parts[1])
    side = {'w': 0, 'b': 1}[parts[1]]
    castling = ''
    if parts[2] != '-':
        for ch in parts[2]:
            if ch not in 'KQkq':
                raise ValueError('unsupported castling field %r' % parts[2])
            ksq, rsq, c = CASTLE_HOME[ch]
            # A right whose king or rook is not at home cannot exist; such a
            # FEN is reported instead of being silently "fixed".
            if board[ksq] != KING[c] or board[rsq] != ROOK[c]:
                raise ValueError('castling right %s without king/rook at home'
                                 % ch)
            castling += ch
    ep = None
    if parts[3] != '-':
        ep = parse_sq(parts[3])
        # the target must be on rank 6 (White to move) / rank 3 (Black)
        if rank_of(ep) != (5 if side == 0 else 2):
            raise ValueError('bad en-passant square %s' % parts[3])
    try:
        halfmove = int(parts[4]) if len(parts) > 4 else 0
        fullmove = int(parts[5]) if len(parts) > 5 else 1
    except ValueError:
        raise ValueError('bad move counters in FEN: %r' % fen)
    pos = Position(board, side, castling, ep, halfmove, fullmove)
    if is_attacked(board, board.index(KING[1 - side]), side, rules):
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
# Found by looking out from the target square: an attacker on a attacks
# a + d, so we look at s - d.
# ---------------------------------------------------------------------------

def is_attacked(board, s, by, rules, include_king=True):
    """Is square s attacked by a piece of colour `by`?"""
    # Pawns: a White pawn on p attacks p+UP-1 and p+UP+1.
    if by == 0:
        if board[s - UP - 1] == 'P' or board[s - UP + 1] == 'P':
            return True
    else:
        if board[s + UP - 1] == 'p' or board[s + UP + 1] == 'p':
            return True
    for d, letters in rules.leap_attackers[by].items():
        if board[s - d] in letters:
            return True
    if include_king:
        k = KING[by]
        for d in KING_STEPS:
            if board[s + d] == k:
                return True
    for d, (riders, min_riders, hoppers) in rules.line_attackers[by].items():
        t = s - d
        p = board[t]
        distance = 1
        while p == EMPTY:
            t -= d
            p = board[t]
            distance += 1
        if p == OFF:
            continue
        if p in riders:
            return True
        if distance >= 2 and p in min_riders:
            return True
        if hoppers:
            # p is the screen; the hopper is the first piece beyond it.
            t -= d
            p = board[t]
            while p == EMPTY:
                t -= d
                p = board[t]
            if p in hoppers:
                return True
    return False


def king_adjacent(board, s, colour):
    """Is the king of `colour` on a square adjacent to s?"""
    k = KING[colour]
    for d in KING_STEPS:
        if board[s + d] == k:
            return True
    return False


def en_prise(board, s, owner, rules):
    """Is the piece of colour `owner` on square s en prise (Nietzsche)?

    Attacked by any enemy piece other than the king; or attacked by the
    enemy king while no piece of the owner's side (king included) defends s.
    """
    enemy = 1 - owner
    if is_attacked(board, s, enemy, rules, include_king=False):
        return True
    return (king_adjacent(board, s, enemy)
            and not is_attacked(board, s, owner, rules))


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------
# A move is a tuple (from, to, promo, flag); promo is the upper-case letter of
# a normal pawn promotion or '' ; flag is one of:
NORMAL, DOUBLE, EN_PASSANT, CASTLE = 0, 1, 2, 3


def is_enemy(q, own_upper):
    """Does square content q hold a piece of the other side?"""
    return q != EMPTY and q != OFF and q.isupper() != own_upper


def pawn_moves(pos, s, moves):
    board, side = pos.board, pos.side
    own_upper = side == 0
    fwd, start_rank, last_rank = ((UP, 1, 7) if side == 0 else (-UP, 6, 0))
    t = s + fwd
    if board[t] == EMPTY:
        if rank_of(t) == last_rank:
            for pr in 'QRBN':
                moves.append((s, t, pr, NORMAL))
        else:
            moves.append((s, t, '', NORMAL))
            if rank_of(s) == start_rank and board[t + fwd] == EMPTY:
                moves.append((s, t + fwd, '', DOUBLE))
    for t in (s + fwd - 1, s + fwd + 1):
        q = board[t]
        if is_enemy(q, own_upper):
            if rank_of(t) == last_rank:
                for pr in 'QRBN':
                    moves.append((s, t, pr, NORMAL))
            else:
                moves.append((s, t, '', NORMAL))
        elif t == pos.ep and q == EMPTY and board[t - fwd] == PAWN[1 - side]:
            moves.append((s, t, '', EN_PASSANT))


def first_piece(board, t, d):
    """Walk from square t (included) in direction d over empty squares;
    return (square, content) of the first non-empty one (maybe OFF)."""
    q = board[t]
    while q == EMPTY:
        t += d
        q = board[t]
    return t, q


def slide_moves(board, s, d, start, captures, own_upper, moves):
    """Quiet moves from s to the empty squares from `start` on along d, and
    (if `captures`) the capture of the first piece there if an enemy."""
    t = start
    q = board[t]
    while q == EMPTY:
        moves.append((s, t, '', NORMAL))
        t += d
        q = board[t]
    if captures and is_enemy(q, own_upper):
        moves.append((s, t, '', NORMAL))


def hop_capture(board, s, d, own_upper, moves):
    """The hopper's capture along d: over exactly one piece (the screen, of
    either colour) onto the first piece beyond it, if that is an enemy."""
    screen, q = first_piece(board, s + d, d)
    if q == OFF:
        return
    t, q = first_piece(board, screen + d, d)
    if is_enemy(q, own_upper):
        moves.append((s, t, '', NORMAL))


def piece_moves(board, s, atoms, own_upper, moves):
    """Moves of a non-pawn piece on s, from its atoms (kind, offsets)."""
    for kind, offs in atoms:
        for d in offs:
            if kind == LEAP:
                q = board[s + d]
                if q == EMPTY or is_enemy(q, own_upper):
                    moves.append((s, s + d, '', NORMAL))
            elif kind == RIDE:
                slide_moves(board, s, d, s + d, True, own_upper, moves)
            elif kind == MOVE_RIDE:
                slide_moves(board, s, d, s + d, False, own_upper, moves)
            elif kind == MIN_RIDE:
                # a piece on the first square blocks the whole line
                if board[s + d] == EMPTY:
                    slide_moves(board, s, d, s + 2 * d, True, own_upper,
                                moves)
            else:
                hop_capture(board, s, d, own_upper, moves)


def castling_moves(pos, rules, moves):
    """Right still held, king and rook at home, squares between them empty,
    king not in check, not passing an attacked square (judged on the board
    before the move); the landing square is judged with the move played,
    like every move (legal_children)."""
    board, side = pos.board, pos.side
    enemy = 1 - side
    for right in (('K', 'Q') if side == 0 else ('k', 'q')):
        if right not in pos.castling:
            continue
        ksq, rsq, _ = CASTLE_HOME[right]
        if board[ksq] != KING[side] or board[rsq] != ROOK[side]:
            continue
        step = 1 if rsq > ksq else -1
        if any(board[t] != EMPTY for t in range(ksq + step, rsq, step)):
            continue
        if any(is_attacked(board, t, enemy, rules)
               for t in (ksq, ksq + step)):
            continue
        moves.append((ksq, ksq + 2 * step, '', CASTLE))


def pseudo_moves(pos, rules):
    board, side = pos.board, pos.side
    moves = []
    own_upper = side == 0
    pawn = PAWN[side]
    gen = rules.gen
    for s in ALL_SQUARES:
        p = board[s]
        if p == EMPTY or p.isupper() != own_upper:
            continue
        if p == pawn:
            pawn_moves(pos, s, moves)
        else:
            piece_moves(board, s, gen[p], own_upper, moves)
    castling_moves(pos, rules, moves)
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
        board[to - UP if pos.side == 0 else to + UP] = EMPTY
    elif flag == CASTLE:
        if to > frm:   # king side: rook h -> f
            rook_from, rook_to = to + 1, to - 1
        else:          # queen side: rook a -> d
            rook_from, rook_to = to - 2, to + 1
        board[rook_to] = board[rook_from]
        board[rook_from] = EMPTY
    return board, promoted_sq, irreversible


def leaves_king_safe(board, side, rules):
    return not is_attacked(board, board.index(KING[side]), 1 - side, rules)


def promote_en_prise(board, side, promoted_sq, rules):
    """The Nietzsche effect: every piece of `side` (kings excepted) en prise
    on `board` grows one step; judged first, then applied all at once."""
    nxt = rules.nxt
    if not nxt:
        return []
    own_upper = side == 0
    grown = []
    for s in ALL_SQUARES:
        p = board[s]
        if p == EMPTY or p.isupper() != own_upper or p in 'Kk':
            continue
        if s == promoted_sq:        # promoted normally on this move
            continue
        if p in nxt and en_prise(board, s, side, rules):
            grown.append(s)
    for s in grown:
        board[s] = nxt[board[s]]
    return grown


def finish_move(pos, move, board, promoted_sq, irreversible, rules):
    """Build the position after `move`, applying the Nietzsche effects."""
    frm, to, promo, flag = move
    side = pos.side
    promote_en_prise(board, side, promoted_sq, rules)
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
            if board[ksq] != KING[c] or board[rsq] != ROOK[c]:
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


def legal_children(pos, rules):
    """Yield (move, child_position) for every legal move."""
    for mv in pseudo_moves(pos, rules):
        board, psq, irr = move_board(pos, mv)
        if leaves_king_safe(board, pos.side, rules):
            yield mv, finish_move(pos, mv, board, psq, irr, rules)


def in_check(pos, rules):
    return not leaves_king_safe(pos.board, pos.side, rules)


def move_str(mv):
    return sq_name(mv[0]) + sq_name(mv[1]) + mv[2].lower()


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(pos, depth, rules):
    if depth <= 0:
        return 1
    side = pos.side
    if depth == 1:
        # Bulk count: legality does not depend on the en-prise effects.
        n = 0
        for mv in pseudo_moves(pos, rules):
            board, _, _ = move_board(pos, mv)
            if leaves_king_safe(board, side, rules):
                n += 1
        return n
    total = 0
    for mv in pseudo_moves(pos, rules):
        board, psq, irr = move_board(pos, mv)
        if leaves_king_safe(board, side, rules):
            child = finish_move(pos, mv, board, psq, irr, rules)
            total += perft(child, depth - 1, rules)
    return total


def divide(pos, depth, rules):
    result = []
    for mv, child in legal_children(pos, rules):
        result.append((move_str(mv), perft(child, depth - 1, rules)))
    return result


def play_moves(pos, moves, rules):
    """Play a list of moves given as e2e4 / e7e8q strings."""
    for text in moves:
        for mv, child in legal_children(pos, rules):
            if move_str(mv) == text.lower():
                pos = child
                break
        else:
            raise ValueError('illegal move %s in %s' % (text, to_fen(pos)))
    return pos


# ---------------------------------------------------------------------------
# Random positions with the sequence's new pieces on the board
# ---------------------------------------------------------------------------

def new_piece_count(pos, rules):
    """How many distinct piece types other than P N B R Q K are on board."""
    return len(set(p.upper() for p in pos.board
                   if p not in (EMPTY, OFF) and p.upper() not in 'PNBRQK'))


def random_positions(rules, count, seed, min_ply=10, max_ply=30):
    """Play random games from the start; keep the position at a random ply
    of each game if new piece types stand on the board (best of the game)."""
    rng = random.Random(seed)
    found = []
    tries = 0
    while len(found) < count and tries < count * 50:
        tries += 1
        pos = parse_fen(START, rules)
        best = None
        for ply in range(rng.randrange(min_ply, max_ply + 1)):
            children = list(legal_children(pos, rules))
            if not children:
                break
            pos = rng.choice(children)[1]
            n = new_piece_count(pos, rules)
            if ply + 1 >= min_ply and n and (best is None or n >= best[0]):
                best = (n, to_fen(pos))
        if best and best[1] not in found:
            found.append(best[1])
    return found


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------

START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

ORTHODOX_TESTS = [
    (START, [20, 400, 8902, 197281]),
    (KIWIPETE, [48, 2039, 97862]),
    ('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', [14, 191, 2812, 43238]),
    ('r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
     [6, 264, 9467]),
    ('rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
     [44, 1486, 62379]),
]

# One ply deeper on two of them (en passant pins, promotions): ~15 s more,
# run with --selftest --deep.
ORTHODOX_DEEP_TESTS = [
    ('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 5, 674624),
    ('r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', 4,
     422333),
]

WORKED_EXAMPLE_MOVES = 'e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 b1c3 f8b4 e1g1 e8g8'
WORKED_EXAMPLE_FEN = ('r1bq1rk1/pbpp1ppn/2r2r2/1Q2r3/1q2B3/2B2R2/PNPP1PPN/'
                      'R1BQ1RK1 w - - 8 6')

# Hand-checked move lists of one piece in a tiny position: (sequence, FEN
# with {Piece} / {piece} for the White / Black letter, square, the squares
# its legal moves go to).  Counted by hand from the XBetza definitions.
PIECE_CASES = [
    # Cannon: d5 and the hop over d6 onto the knight d8; rides elsewhere.
    ('eurasian', '3n3k/8/3p4/8/3{Cannon}4/8/8/K7 w - - 0 1', 'd4',
     'a4 b4 c4 d1 d2 d3 d5 d8 e4 f4 g4 h4'),
    # Cannon: two screens up (d6, d7: nothing to take; d7 is its own
    # pawn); an adjacent enemy e4 is not taken but screens the rook h4.
    ('eurasian', '3n3k/3P4/3P4/8/3{Cannon}p2r/8/8/K7 w - - 0 1', 'd4',
     'a4 b4 c4 d1 d2 d3 d5 h4'),
    # Arrow: rides to d2, hops e3 onto the knight g5; b2, a3 the other way.
    ('eurasian', 'k7/8/8/6n1/8/4p3/8/2{Arrow}4K w - - 0 1', 'c1',
     'a3 b2 d2 g5'),
    # Tank: hop along a rank and a diagonal; rides where no screen.
    # (the king a8 is not attacked: no screen on the a-file)
    ('eurasian', 'k7/8/8/8/8/2p5/1P6/{Tank}1n4K w - - 0 1', 'a1',
     'a2 a3 a4 a5 a6 a7 b1 c3'),
    # Picket: blocked by its own pawn on d2; b2 is only passed: a3.
    ('timur', '7k/8/8/8/8/8/3P4/2{Picket}4K w - - 0 1', 'c1', 'a3'),
    # Picket: takes at distance 2 (f6), is blocked at distance 1 (c5).
    ('timur', 'k7/8/5n2/2p5/3{Picket}4/8/8/7K w - - 0 1', 'd4',
     'a1 b2 f2 f6 g1'),
    # Pocket: blocked by the enemy pawn d5 (no capture there); takes f4.
    ('timur', 'k7/8/8/3p4/3{Pocket}1n2/8/8/7K w - - 0 1', 'd4',
     'a4 b4 d1 d2 f4'),
    # Fagin: every line from its second square on; e5 blocked.
    ('timur', '1k6/8/8/4P3/3{Fagin}4/8/7K/8 w - - 0 1', 'd4',
     'a1 a4 a7 b2 b4 b6 d1 d2 d6 d7 d8 f2 f4 g1 g4 h4'),
    # Inquion (B + Pocket) and Infanon (R + Picket) in one corner each.
    ('mixed-timur', '7k/8/8/8/8/8/1P6/{Inquion}6K w - - 0 1', 'a1',
     'a3 a4 a5 a6 a7 a8 c1 d1 e1 f1 g1'),
    ('mixed-timur', '7k/8/8/8/8/8/1p6/{Infanon}6K w - - 0 1', 'a1',
     'a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1'),
    # Helm: no move at all on the 7th rank; two forward otherwise, both
    # colours (Black's forward is down the board).
    ('shogi', '7k/3{Helm}4/8/8/8/8/8/K7 w - - 0 1', 'd7', ''),
    ('shogi', 'k7/2p5/8/3{Helm}4/8/8/8/7K w - - 0 1', 'd5', 'c7 e7'),
    ('shogi', 'k7/8/8/8/3{helm}4/8/8/7K b - - 0 1', 'd4', 'c2 e2'),
    # Wing: straight forward only, up to and including the enemy d6.
    ('shogi', 'k7/8/3p4/8/8/8/3{Wing}4/7K w - - 0 1', 'd2', 'd3 d4 d5 d6'),
    ('shogi', 'k7/3{wing}4/8/8/8/3P4/8/7K b - - 0 1', 'd7', 'd3 d4 d5 d6'),
    ('shogi', 'k7/8/8/8/3{Silver}4/8/8/7K w - - 0 1', 'd4',
     'c3 c5 d5 e3 e5'),
    ('shogi', 'k7/8/8/8/3{silver}4/8/8/7K b - - 0 1', 'd4',
     'c3 c5 d3 e3 e5'),
    ('shogi', 'k7/8/8/8/3{Gold}4/8/8/7K w - - 0 1', 'd4',
     'c4 c5 d3 d5 e4 e5'),
    ('shogi', 'k7/8/8/8/3{gold}4/8/8/7K b - - 0 1', 'd4',
     'c3 c4 d3 d5 e3 e4'),
    # Elephant and Dabbaba leap over what stands between.
    ('courier', 'k7/8/5N2/4P3/3{Elephant}4/2P5/8/7K w - - 0 1', 'd4',
     'b2 b6 f2'),
    ('courier', 'k7/8/3n4/3P4/3{Dabbaba}4/8/8/7K w - - 0 1', 'd4',
     'b4 d2 d6 f4'),
    ('courier', 'k7/8/8/8/3{Ferz}4/8/8/7K w - - 0 1', 'd4', 'c3 c5 e3 e5'),
    ('courier', 'k7/8/8/8/3{Wazir}4/8/8/7K w - - 0 1', 'd4', 'c4 d3 d5 e4'),
    # Camel near the edge: no wrapping round the board.
    ('crowned', '7k/8/8/8/8/8/1{Camel}6/7K w - - 0 1', 'b2', 'a5 c5 e1 e3'),
    # Prince: a commoner, so it may step onto attacked squares.
    ('crowned', 'k3r3/8/8/8/3{Prince}4/8/8/7K w - - 0 1', 'd4',
     'c3 c4 c5 d3 d5 e3 e4 e5'),
    ('crowned', 'k7/8/8/8/8/8/8/{Primate}6K w - - 0 1', 'a1',
     'a2 b1 b2 c3 d4 e5 f6 g7 h8'),
    ('crowned', '7k/8/8/8/8/8/8/{Chatelaine}6K w - - 0 1', 'a1',
     'a2 a3 a4 a5 a6 a7 a8 b1 b2 c1 d1 e1 f1 g1'),
    ('ecumenical', 'k7/8/8/8/8/8/8/{Gnu}6K w - - 0 1', 'a1', 'b3 b4 c2 d2'),
    ('ecumenical', 'k7/8/8/8/8/8/1P6/{Caliph}6K w - - 0 1', 'a1', 'b4 d2'),
    ('long-crowned', 'k7/8/8/8/8/1P6/P7/{Canvasser}6K w - - 0 1', 'a1',
     'b1 b4 c1 d1 d2 e1 f1 g1'),
    ('long-crowned', 'k7/8/8/8/8/1P6/PP6/{Acme}6K w - - 0 1', 'a1',
     'b1 b4 c1 d1 d2 e1 f1 g1'),
    # Saint (B + Cannon) and Sparrow (R + Arrow).
    ('mixed-eurasian', '7k/8/r7/8/8/P7/1P6/{Saint}1n4K w - - 0 1', 'a1',
     'a2 a6 b1'),
    ('mixed-eurasian', '7k/8/8/8/3n4/8/1P6/{Sparrow}6K w - - 0 1', 'a1',
     'a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 d4 e1 f1 g1'),
]

# Hand-counted perft 1 in positions with hoppers by the king.
CHECK_CASES = [
    # The pawn e2 screens the Cannon e8 onto the king: check.  King to
    # d1 d2 f1 f2; Ne4 adds a second screen; pushing e2 keeps one.
    ('eurasian', 'k3{cannon}3/8/8/8/8/2N5/4P3/4K3 w - - 0 1', 5),
    # Bishop e4 and pawn e2 both stand between: neither may leave the
    # file (the other would become the only screen).  e3 and 4 king moves.
    ('eurasian', '1k2{cannon}3/8/8/8/4B3/8/4P3/4K3 w - - 0 1', 5),
    # No screen yet: the knight may not step to e2 or e4 (it would screen
    # the Cannon onto its own king); 6 knight and 5 king moves.
    ('eurasian', '1k2{cannon}3/8/8/8/8/2N5/8/4K3 w - - 0 1', 11),
]

# Moves after which the side to move is (True) or is not (False) in check.
GIVES_CHECK_CASES = [
    # Nc3-e4 becomes the screen of the Cannon e1 onto the king e8.
    ('eurasian', '4k3/8/8/8/8/2N5/8/4{Cannon}2K w - - 0 1', 'c3e4', True),
    ('eurasian', '4k3/8/8/8/8/2N5/8/4{Cannon}2K w - - 0 1', 'c3d5', False),
    # Discovered: two screens e3, e5; the knight leaves, e5 screens alone.
    ('eurasian', '4k3/8/8/4P3/8/4N3/8/4{Cannon}2K w - - 0 1', 'e3c4', True),
    ('eurasian', '4k3/8/8/4P3/8/4N3/8/4{Cannon}2K w - - 0 1', 'e1d1', False),
    # An Arrow's diagonal screen: one gives check, two do not.
    ('eurasian', '7k/8/8/8/8/5N2/8/{Arrow}6K w - - 0 1', 'f3e5', True),
    ('eurasian', '7k/8/8/8/8/5N2/8/{Arrow}6K w - - 0 1', 'f3g5', False),
    # Two screens c3, d4; either one leaving discovers the check.
    ('eurasian', '7k/8/8/8/3N4/2P5/8/{Arrow}6K w - - 0 1', 'd4f5', True),
    ('eurasian', '7k/8/8/8/3N4/2P5/8/{Arrow}6K w - - 0 1', 'c3c4', True),
    ('eurasian', '7k/8/8/8/3N4/2P5/8/{Arrow}6K w - - 0 1', 'h1g1', False),
]

# After the move, the piece on the square is (letter), by the en-prise rule.
GROWTH_CASES = [
    # En prise to the Cannon e8 over the screen e6: Knight -> Arrow.
    ('eurasian', '1k2{cannon}3/8/4p3/8/8/2N5/8/7K w - - 0 1', 'c3e4', 'e4',
     'Arrow'),
    # Two screens (e5, e6): not en prise, stays a Knight.
    ('eurasian', '1k2{cannon}3/8/4p3/4p3/8/2N5/8/7K w - - 0 1', 'c3e4', 'e4',
     'Knight'),
    # Next to the enemy king, defended by its own Cannon over e4: the king
    # does not count, stays a Knight; without the screen it grows.
    ('eurasian', '3k4/8/6N1/8/4P3/8/8/4{Cannon}2K w - - 0 1', 'g6e7', 'e7',
     'Knight'),
    ('eurasian', '3k4/8/6N1/8/8/8/8/4{Cannon}2K w - - 0 1', 'g6e7', 'e7',
     'Arrow'),
    # A Picket attacks from two squares away only (black knight g4).
    ('timur', 'k7/8/8/8/3{Picket}2n1/8/8/7K b - - 0 1', 'g4e5', 'e5',
     'Knight'),
    ('timur', 'k7/8/8/8/3{Picket}2n1/8/8/7K b - - 0 1', 'g4f6', 'f6',
     'Picket'),
    # A Helm on the 7th rank cannot move, but grows when en prise.
    ('shogi', 'k7/r2{Helm}4/8/8/8/8/8/7K w - - 0 1', 'h1g1', 'd7', 'Wing'),
    # Courier: a Pawn grows into an Elephant.
    ('courier', 'k7/8/8/8/3p4/8/4P3/7K w - - 0 1', 'e2e3', 'e3', 'Elephant'),
]


def fill(fen, rules):
    """Replace {Piece} / {piece} by the sequence's White / Black letter."""
    table = {}
    for name in rules.names:
        table[name] = LETTERS[name]
        table[name.lower()] = LETTERS[name].lower()
    return fen.format(**table)


def moves_from(pos, s, rules):
    return sorted(sq_name(mv[1]) for mv, _ in legal_children(pos, rules)
                  if mv[0] == s)


def attack_cross_check(rules, games, seed):
    """is_attacked (looking out from the target) must agree with the
    attackers' own capture generation, on positions of random games.
    Returns the number of (square, side) questions compared."""
    rng = random.Random(seed)
    compared = 0
    for _ in range(games):
        pos = parse_fen(START, rules)
        for _ in range(rng.randrange(20, 60)):
            board = pos.board
            for by in (0, 1):
                # every capture `by` could make if it were to move (no
                # castling, no en passant: neither is an attack)
                probe = Position(board, by, '', None, 0, 1)
                hit = set(mv[1] for mv in pseudo_moves(probe, rules)
                          if mv[3] == NORMAL and board[mv[1]] != EMPTY)
                for s in ALL_SQUARES:
                    p = board[s]
                    if p == EMPTY or colour_of(p) == by:
                        continue
                    if (s in hit) != is_attacked(board, s, by, rules):
                        raise AssertionError('attack mismatch on %s by %s in '
                                             '%s' % (sq_name(s), 'wb'[by],
                                                     to_fen(pos)))
                    compared += 1
            children = list(legal_children(pos, rules))
            if not children:
                break
            pos = rng.choice(children)[1]
    return compared


# Each case returns (passed, text); an exception (e.g. a FEN refused because
# the side not to move stands in check) counts as a failure of that case.

def piece_case(seq, fen, square, want):
    rules = Rules(seq)
    fen = fill(fen, rules)
    got = ' '.join(moves_from(parse_fen(fen, rules), parse_sq(square), rules))
    return got == want, ('%s %s moves from %s: [%s] expected [%s]'
                         % (seq, fen, square, got, want))


def check_case(seq, fen, want):
    rules = Rules(seq)
    fen = fill(fen, rules)
    got = perft(parse_fen(fen, rules), 1, rules)
    return got == want, '%s %s perft 1: %d expected %d' % (seq, fen, got, want)


def gives_check_case(seq, fen, move, want):
    rules = Rules(seq)
    fen = fill(fen, rules)
    got = in_check(play_moves(parse_fen(fen, rules), [move], rules), rules)
    return got == want, ('%s %s after %s in check: %s expected %s'
                         % (seq, fen, move, got, want))


def growth_case(seq, fen, move, square, piece):
    rules = Rules(seq)
    fen = fill(fen, rules)
    pos = play_moves(parse_fen(fen, rules), [move], rules)
    got = rules.name_of.get(pos.board[parse_sq(square)].upper())
    return got == piece, ('%s %s after %s: %s on %s, expected %s'
                          % (seq, fen, move, got, square, piece))


def cross_check_case(name, seed):
    n = attack_cross_check(Rules(name), 4, seed)
    return n > 500, ('%s: attacks seen from the target agree with capture '
                     'generation on %d random (square, side) questions'
                     % (name, n))


def guarded(check, case, args):
    try:
        ok, text = case(*args)
    except (ValueError, AssertionError) as e:
        ok, text = False, '%s%r: %s' % (case.__name__, args, e)
    check(ok, text)


def selftest(deep=False):
    failures = []

    def check(ok, text):
        print('%-8s %s' % ('ok' if ok else 'MISMATCH', text))
        if not ok:
            failures.append(text)

    orthodox = Rules('none')
    for fen, counts in ORTHODOX_TESTS:
        pos = parse_fen(fen, orthodox)
        for d, want in enumerate(counts, 1):
            got = perft(pos, d, orthodox)
            check(got == want, 'none depth %d: got %d expected %d  %s'
                  % (d, got, want, fen))
    for fen, depth, want in (ORTHODOX_DEEP_TESTS if deep else ()):
        got = perft(parse_fen(fen, orthodox), depth, orthodox)
        check(got == want, 'none depth %d: got %d expected %d  %s'
              % (depth, got, want, fen))
    fast = Rules('fast')
    pos = play_moves(parse_fen(START, fast), WORKED_EXAMPLE_MOVES.split(),
                     fast)
    got = to_fen(pos)
    check(got == WORKED_EXAMPLE_FEN, 'fast worked example: got %s' % got)
    for name, letters in PUBLISHED_LETTERS.items():
        got = Rules(name).letters
        check(got == letters, '%s letters %s (published %s)'
              % (name, got, letters))
    for case in PIECE_CASES:
        guarded(check, piece_case, case)
    for case in CHECK_CASES:
        guarded(check, check_case, case)
    for case in GIVES_CHECK_CASES:
        guarded(check, gives_check_case, case)
    for case in GROWTH_CASES:
        guarded(check, growth_case, case)
    for seed, name in enumerate(sorted(PUBLISHED_LETTERS)):
        guarded(check, cross_check_case, (name, seed))
    if failures:
        print('SELFTEST FAILED: %d mismatch(es)' % len(failures))
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
    ap.add_argument('--list', action='store_true',
                    help='print the legal moves, one per line')
    ap.add_argument('--random-positions', type=int, metavar='N',
                    help='print N positions of random games with the '
                    "sequence's new pieces on the board")
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--selftest', action='store_true')
    ap.add_argument('--deep', action='store_true',
                    help='with --selftest: also the deeper orthodox counts')
    args = ap.parse_args(argv)

    if args.selftest:
        selftest(args.deep)
        return
    rules = Rules(args.sequence)
    if args.random_positions:
        for fen in random_positions(rules, args.random_positions, args.seed):
            print(fen)
        return
    try:
        pos = parse_fen(args.fen, rules)
        if args.moves:
            pos = play_moves(pos, args.moves.split(), rules)
            print('fen %s' % to_fen(pos))
    except ValueError as e:
        print('error: %s' % e, file=sys.stderr)
        sys.exit(2)
    if args.list:
        for mv, _ in legal_children(pos, rules):
            print(move_str(mv))
    if args.depth is None:
        if not (args.moves or args.list):
            ap.error('--depth is required (or --moves / --list / --selftest)')
        return
    t0 = time.time()
    if args.divide and args.depth >= 1:
        total = 0
        for text, n in sorted(divide(pos, args.depth, rules)):
            print('%s %d' % (text, n))
            total += n
    else:
        total = perft(pos, args.depth, rules)
    print('time %.1fs' % (time.time() - t0), file=sys.stderr)
    print('nodes %d' % total)


if __name__ == '__main__':
    main()
