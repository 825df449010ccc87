#!/usr/bin/env python3
"""Independent perft checker for the chess variant "Impulschach".

Written from scratch (Python 3.11, standard library only) from the rule page
(shared/seeds/000_dbc0420f465911e6.txt) and the binding rulings in
shared/RULES.md, without looking at the engine it checks, so that its counts
are an independent reference.

Rules implemented (summary)
---------------------------
  * 8x8 board, White moves first.  Start position
    rcbikbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBIKBCR w - - 0 1.
    Pieces: K king, I Impulse (moves like a queen), C Catalyst (moves like a
    knight), R rook, B bishop, P pawn.
  * No check: any pseudo-legal move is legal, including moves that leave or
    put one's own king on an attacked square.  No castling, no en passant.
  * Pawns: one step straight onto an empty square, two from the starting rank
    (2nd / 7th) when both squares are empty, diagonal captures.  A pawn that
    reaches its last rank by its own move promotes to I, C, R or B (four
    actions, letter in the move string: e7e8i, e7e8c, e7e8r, e7e8b).  Promoting
    to I or C triggers no ability (the move is a pawn move).
  * An Impulse can never capture an enemy Impulse (the enemy Impulse just
    blocks its line).  Any other piece may capture an Impulse.
  * Capturing the enemy king wins at once; nothing more of the turn is played
    and the won position has no further actions.
  * Resonance Shift: after every move of an Impulse (captures too, and Impulse
    moves made inside a Catalyst chain), unless it captured the king:
      - if no enemy pawn has a candidate square, nothing happens (no action);
      - otherwise the mover chooses a direction: "shift:a" (files a..h) or
        "shift:h" (files h..a), two actions even if they give the same board;
      - the enemy pawns are fixed when the shift starts; they are processed by
        file in the chosen order, on one file from the most advanced (nearest
        its own promotion rank) backwards; each is processed at most once;
      - a pawn's candidates are the squares one step straight ahead and one
        step diagonally ahead (ahead = the pawn's own direction) that exist and
        are empty *when its turn comes*; with none it stays (no action); with
        one or more the mover picks one (one action per candidate, even if
        there is only one).  The action string is the pawn's from/to, "e5f4".
        Displacements never capture;
      - a pawn landing on the mover's first rank becomes the mover's piece by
        the file it lands on: a/h R, b/g C, c/f B, d I; landing on e (e1 for
        White, e8 for Black) wins at once and ends everything.  A converted
        piece is not activated and does nothing more this turn.
  * Synchronisation: after a Catalyst move (that did not capture the king),
    every friendly non-Catalyst piece (king and pawns included) standing a
    knight's jump away from the Catalyst's landing square is activated; this
    set is fixed right after the Catalyst's move.  Then, as long as some
    activated piece that has not moved yet has a legal move, the decision
    lists every move of every such piece plus "end".  Each activated piece
    moves at most once.  An activated Impulse's move brings its full
    Resonance Shift before the chain continues.  When no activated, unmoved
    piece has a legal move (or after "end"), the turn is over.
  * Halfmove clock: reset by a capture, a pawn move or a displacement.  Draw
    rules (no legal action, repetition, 50 moves) do not change perft counts:
    a side with no legal action simply has 0 nodes below it.

Perft node
----------
One action = one decision (RULES.md, "Perft: what a node is"): an ordinary move
("e2e4", "e7e8c"), a shift direction ("shift:a"/"shift:h"), a displacement
("e5f4") or "end".  The turn passes to the opponent only when the current
player's turn is finished.  perft(N) = number of action sequences of length N
from the given decision point (a won game has no further actions, so a
sequence that wins before N actions is not counted).

Interpretations (RULING? = something the page and RULES.md do not state in so
many words; compare with the engine)
------------------------------------------------------------------------------
  RULING? 1  Activated pieces can never be captured, displaced or converted
             during their own side's turn: the only pieces that move during a
             turn are the mover's own pieces (which never capture friends) and
             enemy pawns (displacements, which never capture and only move
             enemy pawns).  So an activated piece is tracked exactly by its
             square until it moves; the question "what if it is captured /
             displaced" cannot arise.
  RULING? 2  "An activated piece with no legal move is skipped" is evaluated
             at every chain decision, not once: an activated piece that has no
             move now (e.g. a pawn blocked by an enemy pawn) stays activated
             and may move later in the same chain if a move opens up (e.g. the
             blocking pawn is displaced by an Impulse's shift).  This is what
             the page's example needs (the pawn on e4 is blocked by e5 when the
             chain starts and moves after the shift).  The chain ends by itself
             only when no activated, unmoved piece has a legal move.
  RULING? 3  "end" is offered at every chain decision, also before the first
             chain move, but only at decision points that exist (i.e. when at
             least one activated unmoved piece has a legal move).  If no
             activated piece has a legal move right after the Catalyst's move,
             the turn ends with no "end" action.
  RULING? 4  Each activated piece moves at most once; a piece that moved in
             the chain is never activated again (the set is fixed), even if it
             lands a knight's jump from the Catalyst.  Non-activated pieces
             (including pieces created by promotion or conversion during the
             chain) cannot move in the chain.
  RULING? 5  Catalysts are never activated, so a Catalyst move inside a chain
             cannot happen; a pawn promoting to C (or I) inside a chain makes
             no new chain (or shift).  No nesting of chains is possible.  A
             chain Impulse move whose shift runs is a "nested" shift only.
  RULING? 6  Activation is pure geometry (knight's jump from the landing
             square), independent of what stands in between; the Catalyst
             itself and every other friendly Catalyst are excluded.  A
             Catalyst move that is a capture activates too; one that captures
             the king ends the game instead.
  RULING? 7  An Impulse move that captures the enemy king ends the game; no
             shift is played.  Every Impulse moves with a shift, including
             Impulses obtained by promotion or by conversion (on later moves);
             likewise a Catalyst obtained by promotion or conversion activates
             when it moves on a later turn.  The promotion move itself (and a
             conversion) triggers nothing.
  RULING? 8  Shift order: the queue of pawns is built once, at the moment the
             direction is chosen (= the moment the shift starts; nothing
             changes in between), from the files of the pawns' squares at that
             moment.  Pawns not yet processed never move before their turn, so
             this equals processing "live" by files.  A pawn displaced onto a
             file still to be visited is not processed again (it is no longer
             in the queue).  Candidates are computed when the pawn's turn comes.
  RULING? 9  The direction decision exists iff at least one enemy pawn has a
             candidate at the start of the shift (if none has one, none can
             get one, since nothing moves).  Then both directions are actions.
  RULING? 10 The royal-square win needs the pawn to land on the empty square e1
             (White shifting) / e8 (Black shifting); it does not matter where
             the mover's king is.  The win stops the shift, the chain and the
             turn at once.
  RULING? 11 Inside a chain a pawn may use its double step (from its starting
             rank) and may promote (normal move rules apply to chain moves);
             an activated king or Impulse may capture the enemy king (win).
  RULING? 12 FEN input: pawns on rank 1 or 8 are rejected (they cannot occur:
             own pawns promote, displaced enemy pawns convert); each side must
             have exactly one king (promotion/conversion never make kings);
             castling and en-passant fields are ignored.
  RULING? 13 Fullmove number increases after Black's turn is completed; the
             halfmove clock is reset by a capture, a pawn move (chain moves
             included) or a displacement (conversions are displacements).

Mid-turn positions
------------------
Between turns the output is a standard FEN.  Mid-turn, the FEN is followed by
a bracketed suffix (this program's own extension, also accepted by --fen):
    {chain=a2,d1,e4}            activated pieces that have not moved yet
    {shift=?}                   shift direction still to be chosen
    {shift=e5,f7,g7}            pawns still to be processed, in order
    {chain=a2,e4 shift=...}     a shift inside a chain
The side field is the side whose turn it is (the mover).

Reference counts (fast and --reference implementations agree on all)
---------------------------------------------------------------------
  start position          d1 20  d2 336  d3 6228  d4 114079  d5 2269958
                          d6 44824801  d7 940444169 (d7 fast only)
  r3k2r/P1P2P1P/8/3i4/3I4/8/p1p2p1p/R3K2R w - - 0 1  (conversions,
      promotions, Impulse facing Impulse)
                          d1 44  d2 929  d3 20773  d4 484556  d5 12081376
  k7/4P3/3P4/8/1I6/4p3/3p1p2/2K3i1 w - - 0 1  (royal-square wins both ways)
                          d1 29  d2 307  d3 4003  d4 42255  d5 626104
  rcb1k2r/ppp2ppp/8/3pi3/3PI3/8/PPP2PPP/RCB1K2R w - - 0 1  (chains that
      activate the Impulse)
                          d1 38  d2 945  d3 22974  d4 553771  d5 13602888
  1r2k3/P1P3P1/8/5c2/3C4/8/p1p3p1/1R2K3 w - - 0 1  (promotions, also inside
      chains)             d1 43  d2 1454  d3 49117  d4 1484191  d5 47350391
  rcbikbcr/pp1p1ppp/2p5/1B2p3/4P3/8/PPPP1PPP/RCBIK1CR w - - 0 3  (the page's
      example before 3.Cc3)
                          d1 32  d2 764  d3 15910  d4 369303  d5 7960564

Usage
-----
  impulschach.py --fen FEN --depth N [--divide]
  impulschach.py [--fen FEN] --moves "e2e4 e7e5 ..." [--list] [--depth N [--divide]]
  impulschach.py --selftest
  impulschach.py [--fen FEN] --depth N --reference   (slow independent second
                 implementation, for cross-checking the fast one)
--fen defaults to the start position.  Last output line is "nodes N";
--divide first prints one "ACTION COUNT" line per legal action.  --moves plays
the actions (machine strings) and prints "fen ..." (mid-turn: with the suffix
above, and a line "midturn yes"); --list prints "moves ..." with the legal
actions at that decision point (and "result ..." if the game is over).
Other options: --no-bulk (no leaf bulk counting, cross-check of the speed-up),
--time (print seconds).
"""

import argparse
import sys
import time

START_FEN = 'rcbikbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBIKBCR w - - 0 1'

# ---------------------------------------------------------------------------
# Board geometry: 10x12 mailbox.  Square (file f 0..7, rank r 0..7) has index
# (r + 2) * 10 + f + 1.  Sentinels (OFF) around the board catch every knight
# jump / slider ray leaving it.
# ---------------------------------------------------------------------------
OFF, EMPTY = '#', '.'
SIZE = 120


def sq(f, r):
    return (r + 2) * 10 + f + 1


def file_of(i):
    return i % 10 - 1


def rank_of(i):
    return i // 10 - 2


def sq_name(i):
    return 'abcdefgh'[file_of(i)] + str(rank_of(i) + 1)


def parse_sq(s):
    if len(s) != 2 or s[0] not in 'abcdefgh' or s[1] not in '12345678':
        raise ValueError('bad square ' + s)
    return sq('abcdefgh'.index(s[0]), int(s[1]) - 1)


SQUARES = [sq(f, r) for r in range(8) for f in range(8)]
KNIGHT = (-21, -19, -12, -8, 8, 12, 19, 21)
KING = (-11, -10, -9, -1, 1, 9, 10, 11)
ROOK_DIRS = (-10, -1, 1, 10)
BISHOP_DIRS = (-11, -9, 9, 11)
QUEEN_DIRS = ROOK_DIRS + BISHOP_DIRS

WHITE, BLACK = 0, 1
OWN = (frozenset('PCBRIK'), frozenset('pcbrik'))
PAWN = ('P', 'p')
IMPULSE = ('I', 'i')
CATALYST = ('C', 'c')
KINGP = ('K', 'k')
FWD = (10, -10)                 # pawn direction per colour
START_RANK = (1, 6)
LAST_RANK = (7, 0)              # own pawn promotion rank = enemy first rank
FIRST_RANK = (0, 7)             # a side's own first rank
PROMOS = ('i', 'c', 'r', 'b')   # letters in move strings
# conversion by the file a displaced pawn lands on (None = e file = win)
CONVERT = ('R', 'C', 'B', 'I', None, 'B', 'C', 'R')
# the file order of a shift direction
DIR_FILES = {'a': tuple(range(8)), 'h': tuple(range(7, -1, -1))}

# Actions (tuples):
#   ('m', from, to, promo_piece_char_or_None)   ordinary move
#   ('s', 'a' | 'h')                            shift direction
#   ('d', from, to)                             displacement
#   ('e',)                                      end the chain
END = ('e',)
SHIFT_A = ('s', 'a')
SHIFT_H = ('s', 'h')


def action_name(a):
    k = a[0]
    if k == 'm':
        return sq_name(a[1]) + sq_name(a[2]) + (a[3].lower() if a[3] else '')
    if k == 's':
        return 'shift:' + a[1]
    if k == 'd':
        return sq_name(a[1]) + sq_name(a[2])
    return 'end'


def piece_moves(b, s, side, out):
    """Append every move of the piece of `side` on square s to out."""
    p = b[s]
    own = OWN[side]
    enemy = OWN[1 - side]
    u = p.upper()
    if u == 'P':
        d = FWD[side]
        t = s + d
        last = rank_of(t) == LAST_RANK[side]
        if b[t] == EMPTY:
            if last:
                for pr in PROMOS:
                    out.append(('m', s, t, pr.upper() if side == WHITE else pr))
            else:
                out.append(('m', s, t, None))
                if rank_of(s) == START_RANK[side] and b[t + d] == EMPTY:
                    out.append(('m', s, t + d, None))
        for t in (s + d - 1, s + d + 1):
            if b[t] in enemy:
                if last:
                    for pr in PROMOS:
                        out.append(('m', s, t, pr.upper() if side == WHITE else pr))
                else:
                    out.append(('m', s, t, None))
    elif u == 'C' or u == 'K':
        for st in (KNIGHT if u == 'C' else KING):
            t = s + st
            q = b[t]
            if q == EMPTY or q in enemy:
                out.append(('m', s, t, None))
    else:
        if u == 'R':
            dirs = ROOK_DIRS
        elif u == 'B':
            dirs = BISHOP_DIRS
        else:
            dirs = QUEEN_DIRS
        no_cap = IMPULSE[1 - side] if u == 'I' else None
        for d in dirs:
            t = s + d
            while True:
                q = b[t]
                if q == EMPTY:
                    out.append(('m', s, t, None))
                    t += d
                    continue
                if q in enemy and q != no_cap:
                    out.append(('m', s, t, None))
                break


def pawn_candidates(b, s):
    """Displacement candidates of the pawn on s (its own direction)."""
    p = b[s]
    t = s + (10 if p == 'P' else -10)
    return [x for x in (t, t - 1, t + 1) if b[x] == EMPTY]


def any_pawn_candidate(b, pawn_char):
    for s in SQUARES:
        if b[s] == pawn_char:
            t = s + (10 if pawn_char == 'P' else -10)
            if b[t] == EMPTY or b[t - 1] == EMPTY or b[t + 1] == EMPTY:
                return True
    return False


class State:
    """One decision point (or a finished game).

    board   list of 120 chars
    side    the side whose turn it is (the one deciding)
    winner  None, WHITE or BLACK
    chain   None, or tuple of squares of activated pieces that have not moved
    pending True while the shift direction is still to be chosen
    queue   None (no shift running) or tuple of pawn squares still to process
    """
    __slots__ = ('board', 'side', 'half', 'full', 'winner', 'chain',
                 'pending', 'queue', '_acts')

    def copy(self):
        n = State.__new__(State)
        n.board = self.board[:]
        n.side = self.side
        n.half = self.half
        n.full = self.full
        n.winner = self.winner
        n.chain = self.chain
        n.pending = self.pending
        n.queue = self.queue
        n._acts = None
        return n

    # ------------------------------------------------------------- FEN
    @staticmethod
    def from_fen(fen):
        extra = None
        if '{' in fen:
            fen, rest = fen.split('{', 1)
            if not rest.rstrip().endswith('}'):
                raise ValueError('unterminated {...} suffix')
            extra = rest.rstrip()[:-1]
        parts = fen.split()
        if len(parts) < 2:
            raise ValueError('FEN needs at least board and side to move')
        rows = parts[0].split('/')
        if len(rows) != 8:
            raise ValueError('expected 8 ranks')
        b = [OFF] * SIZE
        for s in SQUARES:
            b[s] = EMPTY
        kings = [0, 0]
        for i, row in enumerate(rows):
            r = 7 - i
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                elif ch in 'PCBRIKpcbrik':
                    if f >= 8:
                        raise ValueError('rank too long: ' + row)
                    if ch in 'Pp' and r in (0, 7):
                        raise ValueError('pawn on rank 1 or 8')
                    if ch in 'Kk':
                        kings[ch == 'k'] += 1
                    b[sq(f, r)] = ch
                    f += 1
                else:
                    raise ValueError('bad FEN char ' + ch)
            if f != 8:
                raise ValueError('rank has %d files: %s' % (f, row))
        if kings != [1, 1]:
            raise ValueError('each side needs exactly one king')
        st = State.__new__(State)
        st.board = b
        st.side = {'w': WHITE, 'b': BLACK}[parts[1]]
        st.half = int(parts[4]) if len(parts) > 4 else 0
        st.full = int(parts[5]) if len(parts) > 5 else 1
        st.winner = None
        st.chain = None
        st.pending = False
        st.queue = None
        st._acts = None
        if extra:
            for item in extra.split():
                key, _, val = item.partition('=')
                if key == 'chain':
                    st.chain = tuple(parse_sq(x) for x in val.split(',') if x)
                    for s in st.chain:
                        if b[s] not in OWN[st.side] or b[s] in CATALYST:
                            raise ValueError('bad chain square')
                elif key == 'shift':
                    if val == '?':
                        st.pending = True
                        st.queue = None
                    else:
                        st.queue = tuple(parse_sq(x) for x in val.split(',') if x)
                        for s in st.queue:
                            if b[s] != PAWN[1 - st.side]:
                                raise ValueError('bad shift queue square')
                else:
                    raise ValueError('bad suffix item ' + item)
            st.normalize()
        return st

    def midturn(self):
        return self.winner is None and (self.chain is not None or self.pending
                                        or self.queue is not None)

    def fen(self):
        rows = []
        for r in range(7, -1, -1):
            row, run = '', 0
            for f in range(8):
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
        s = '%s %s - - %d %d' % ('/'.join(rows), 'wb'[self.side], self.half,
                                 self.full)
        if self.midturn():
            items = []
            if self.chain is not None:
                items.append('chain=' + ','.join(sq_name(x) for x in self.chain))
            if self.pending:
                items.append('shift=?')
            elif self.queue is not None:
                items.append('shift=' + ','.join(sq_name(x) for x in self.queue))
            s += ' {' + ' '.join(items) + '}'
        return s

    # ------------------------------------------------------------- rules
    def actions(self):
        """Legal actions at this decision point (cached)."""
        a = self._acts
        if a is not None:
            return a
        a = []
        if self.winner is not None:
            pass
        elif self.pending:
            a = [SHIFT_A, SHIFT_H]
        elif self.queue is not None:
            s = self.queue[0]
            a = [('d', s, t) for t in pawn_candidates(self.board, s)]
        elif self.chain is not None:
            for s in self.chain:
                piece_moves(self.board, s, self.side, a)
            if a:
                a.append(END)
        else:
            b = self.board
            own = OWN[self.side]
            for s in SQUARES:
                if b[s] in own:
                    piece_moves(b, s, self.side, a)
        self._acts = a
        return a

    def end_turn(self):
        self.chain = None
        self.pending = False
        self.queue = None
        if self.side == BLACK:
            self.full += 1
        self.side = 1 - self.side
        self._acts = None

    def normalize(self):
        """Advance over everything that is not a decision."""
        self._acts = None
        if self.winner is not None:
            return
        if self.pending:
            return
        if self.queue is not None:
            q = self.queue
            b = self.board
            while q and not pawn_candidates(b, q[0]):
                q = q[1:]
            if q:
                self.queue = q
                return
            self.queue = None
        if self.chain is not None:
            if self.actions():       # some activated piece can move
                return
            self.chain = None
            self._acts = None
        self.end_turn()

    def start_shift(self):
        if any_pawn_candidate(self.board, PAWN[1 - self.side]):
            self.pending = True

    def apply(self, a):
        """Return the state after action a (self is not changed)."""
        n = self.copy()
        b = n.board
        side = n.side
        k = a[0]
        if k == 'm':
            _, fr, to, pr = a
            p = b[fr]
            cap = b[to]
            b[fr] = EMPTY
            b[to] = pr if pr else p
            if cap != EMPTY or p in PAWN:
                n.half = 0
            else:
                n.half += 1
            if cap in KINGP:
                n.winner = side
                n._acts = None
                return n
            if n.chain is not None:
                n.chain = tuple(x for x in n.chain if x != fr)
            if p in IMPULSE:
                n.start_shift()
            elif p in CATALYST:
                # only outside a chain (Catalysts are never activated)
                assert n.chain is None
                own = OWN[side]
                n.chain = tuple(sorted(
                    to + st for st in KNIGHT
                    if b[to + st] in own and b[to + st] not in CATALYST))
        elif k == 's':
            n.pending = False
            enemy_pawn = PAWN[1 - side]
            # most advanced first: for a black pawn (moving down) low rank first
            ranks = range(8) if enemy_pawn == 'p' else range(7, -1, -1)
            q = []
            for f in DIR_FILES[a[1]]:
                for r in ranks:
                    s = sq(f, r)
                    if b[s] == enemy_pawn:
                        q.append(s)
            n.queue = tuple(q)
        elif k == 'd':
            _, fr, to = a
            assert n.queue and n.queue[0] == fr
            n.queue = n.queue[1:]
            b[fr] = EMPTY
            n.half = 0
            if rank_of(to) == FIRST_RANK[side]:
                c = CONVERT[file_of(to)]
                if c is None:
                    b[to] = PAWN[1 - side]
                    n.winner = side
                    n._acts = None
                    return n
                b[to] = c if side == WHITE else c.lower()
            else:
                b[to] = PAWN[1 - side]
        else:  # end
            n.chain = None
        n.normalize()
        return n

    def find_action(self, text):
        for a in self.actions():
            if action_name(a) == text:
                return a
        return None


def perft(st, depth, bulk=True):
    if depth == 0:
        return 1
    acts = st.actions()
    if depth == 1 and bulk:
        return len(acts)
    total = 0
    for a in acts:
        total += perft(st.apply(a), depth - 1, bulk)
    return total


# ---------------------------------------------------------------------------
# Reference implementation: slow, written separately in a different style
# (coordinate dictionary board, continuation-passing turn structure instead of
# a state machine).  It shares the interpretations above but no code with the
# fast implementation, so that coding slips in one show up as a mismatch.
# ---------------------------------------------------------------------------

def ref_board(fen):
    rows = fen.split()[0].split('/')
    bd = {}
    for i, row in enumerate(rows):
        r = 7 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                bd[(f, r)] = ch
                f += 1
    return bd


def ref_white(p):
    return p.isupper()


def ref_moves(bd, white, only=None):
    """List of (from, to, newpiece) for the side; only= restrict squares."""
    res = []
    squares = only if only is not None else list(bd)
    for (f, r) in squares:
        p = bd.get((f, r))
        if p is None or ref_white(p) != white:
            continue
        kind = p.upper()

        def foe(x):
            q = bd.get(x)
            return q is not None and ref_white(q) != white

        def inside(x):
            return 0 <= x[0] < 8 and 0 <= x[1] < 8

        if kind == 'P':
            dr = 1 if white else -1
            lastr = 7 if white else 0
            opts = []
            one = (f, r + dr)
            if inside(one) and one not in bd:
                opts.append(one)
                two = (f, r + 2 * dr)
                if r == (1 if white else 6) and two not in bd:
                    opts.append(two)
            for df in (-1, 1):
                x = (f + df, r + dr)
                if inside(x) and foe(x):
                    opts.append(x)
            for x in opts:
                if x[1] == lastr:
                    for t in 'ICRB':
                        res.append(((f, r), x, t if white else t.lower()))
                else:
                    res.append(((f, r), x, p))
        elif kind in 'CK':
            if kind == 'C':
                jumps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1),
                         (-1, -2), (-2, -1)]
            else:
                jumps = [(a, c) for a in (-1, 0, 1) for c in (-1, 0, 1)
                         if (a, c) != (0, 0)]
            for a, c in jumps:
                x = (f + a, r + c)
                if inside(x) and (x not in bd or foe(x)):
                    res.append(((f, r), x, p))
        else:
            lines = []
            if kind in 'RI':
                lines += [(1, 0), (-1, 0), (0, 1), (0, -1)]
            if kind in 'BI':
                lines += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            for a, c in lines:
                x = (f + a, r + c)
                while inside(x):
                    if x not in bd:
                        res.append(((f, r), x, p))
                    else:
                        if foe(x) and not (kind == 'I' and bd[x].upper() == 'I'):
                            res.append(((f, r), x, p))
                        break
                    x = (x[0] + a, x[1] + c)
    return res


def ref_count(fen, depth):
    bd0 = ref_board(fen)
    white0 = fen.split()[1] == 'w'

    def done(d):            # a finished game: counts only at exactly depth 0
        return 1 if d == 0 else 0

    def pawn_opts(bd, pos):
        f, r = pos
        dr = 1 if bd[pos] == 'P' else -1
        return [(f + df, r + dr) for df in (0, -1, 1)
                if 0 <= f + df < 8 and 0 <= r + dr < 8 and (f + df, r + dr) not in bd]

    def shift(bd, white, d, k):
        enemy = 'p' if white else 'P'
        pawns = [x for x, p in bd.items() if p == enemy]
        if not any(pawn_opts(bd, x) for x in pawns):
            return k(bd, d)
        if d == 0:
            return 1
        total = 0
        for files in (range(8), range(7, -1, -1)):
            order = []
            for fl in files:
                # white shifting: black pawns, most advanced = lowest rank;
                # black shifting: white pawns, most advanced = highest rank
                col = sorted((x for x in pawns if x[0] == fl),
                             key=lambda x: x[1], reverse=not white)
                order += col
            total += displace(bd, white, order, d - 1, k)
        return total

    def displace(bd, white, order, d, k):
        i = 0
        while i < len(order) and not pawn_opts(bd, order[i]):
            i += 1
        if i == len(order):
            return k(bd, d)
        if d == 0:
            return 1
        pos = order[i]
        total = 0
        for x in pawn_opts(bd, pos):
            nb = dict(bd)
            pc = nb.pop(pos)
            if x[1] == (0 if white else 7):
                t = 'RCBI.BCR'[x[0]]
                if t == '.':
                    total += done(d - 1)
                    continue
                nb[x] = t if white else t.lower()
            else:
                nb[x] = pc
            total += displace(nb, white, order[i + 1:], d - 1, k)
        return total

    def chain(bd, white, act, d, k):
        mv = ref_moves(bd, white, only=act)
        if not mv:
            return k(bd, d)
        if d == 0:
            return 1
        total = k(bd, d - 1)           # "end"
        for fr, to, np in mv:
            nb = dict(bd)
            mover = nb.pop(fr)
            cap = nb.get(to)
            nb[to] = np
            rest = [x for x in act if x != fr]
            if cap is not None and cap.upper() == 'K':
                total += done(d - 1)
            elif mover.upper() == 'I':
                total += shift(nb, white, d - 1,
                               lambda b2, d2, rest=rest: chain(b2, white, rest, d2, k))
            else:
                total += chain(nb, white, rest, d - 1, k)
        return total

    def turn(bd, white, d):
        if d == 0:
            return 1
        total = 0
        nxt = lambda b2, d2: turn(b2, not white, d2)
        for fr, to, np in ref_moves(bd, white):
            nb = dict(bd)
            mover = nb.pop(fr)
            cap = nb.get(to)
            nb[to] = np
            if cap is not None and cap.upper() == 'K':
                total += done(d - 1)
            elif mover.upper() == 'I':
                total += shift(nb, white, d - 1, nxt)
            elif mover.upper() == 'C':
                act = []
                for a, c in [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1),
                             (-1, -2), (-2, -1)]:
                    x = (to[0] + a, to[1] + c)
                    q = nb.get(x)
                    if q is not None and ref_white(q) == white and q.upper() != 'C':
                        act.append(x)
                total += chain(nb, white, act, d - 1, nxt)
            else:
                total += nxt(nb, d - 1)
        return total

    return turn(bd0, white0, depth)


# ---------------------------------------------------------------------------
# Self-tests
# ---------------------------------------------------------------------------

def play(fen, moves):
    st = State.from_fen(fen)
    for m in moves.split():
        a = st.find_action(m)
        if a is None:
            raise AssertionError('illegal action %s at %s; legal: %s' % (
                m, st.fen(), ' '.join(sorted(action_name(x) for x in st.actions()))))
        st = st.apply(a)
    return st


def names(st):
    return sorted(action_name(a) for a in st.actions())


def selftest():
    ok = 0

    def check(cond, what):
        nonlocal ok
        if not cond:
            raise AssertionError('FAILED: ' + what)
        ok += 1
        print('ok  ' + what)

    # --- start position, depth 1 and 2 by hand -------------------------
    st = State.from_fen(START_FEN)
    check(perft(st, 1) == 20, 'start depth 1 = 16 pawn moves + 4 Catalyst moves = 20')
    # depth 2: 16 pawn moves x 20 Black moves; Cb1a3: c2 activated (c2c3,
    # c2c4, end) = 3; Cb1c3: a2, d1, e2 activated, Impulse blocked (a2a3,
    # a2a4, e2e3, e2e4, end) = 5; Cg1f3: e1, d2, h2 activated, king blocked
    # (d2d3, d2d4, h2h3, h2h4, end) = 5; Cg1h3: f2 activated (f2f3, f2f4,
    # end) = 3.
    check(perft(st, 2) == 16 * 20 + 3 + 5 + 5 + 3, 'start depth 2 = 336')
    check(names(play(START_FEN, 'g1f3')) ==
          ['d2d3', 'd2d4', 'end', 'h2h3', 'h2h4'], 'Cg1f3 chain actions')
    st = play(START_FEN, 'g1f3 d2d4')
    check(names(st) == ['e1d2', 'end', 'h2h3', 'h2h4'],
          'chain continues after d2d4; the activated king can now move')
    st = play(START_FEN, 'g1f3 d2d4 h2h4')
    check(names(st) == ['e1d2', 'end'], 'activated king still may move')
    st = play(START_FEN, 'g1f3 h2h4')
    check(names(st) == ['d2d3', 'd2d4', 'end'], 'king activated but blocked')
    st = play(START_FEN, 'g1f3 d2d4 h2h4 e1d2')
    check(st.side == BLACK and not st.midturn(), 'chain over after all moved')
    st = play(START_FEN, 'g1f3 end')
    check(st.side == BLACK and not st.midturn(), 'end closes the chain')
    check(play(START_FEN, 'b1a3 c2c4').fen() ==
          'rcbikbcr/pppppppp/8/8/2P5/C7/PP1PPPPP/R1BIKBCR b - - 0 1',
          'fen after Cb1a3 (c4)')

    # --- shift direction --------------------------------------------------
    # White Impulse d1; black pawns c4 and d4 (adjacent files).
    fen = '4k3/8/8/8/2pp4/8/8/3IK3 w - - 0 1'
    st = play(fen, 'd1a1')
    check(names(st) == ['shift:a', 'shift:h'], 'Impulse move offers two directions')
    check(names(st.apply(SHIFT_A)) == ['c4b3', 'c4c3', 'c4d3'],
          'shift:a starts with the c-file pawn')
    check(names(st.apply(SHIFT_H)) == ['d4c3', 'd4d3', 'd4e3'],
          'shift:h starts with the d-file pawn')
    st2 = play(fen, 'd1a1 shift:a c4d3')
    check(names(st2) == ['d4c3', 'd4e3'], 'candidates evaluated at the pawn\'s turn')
    check(perft(play(fen, 'd1a1'), 3) == 2 * (3 + 2 + 2),
          'both directions counted (3 + 2 + 2 each)')
    # A single pawn: both directions are still two actions.
    st = play('4k3/8/8/8/p7/8/8/3IK3 w - - 0 1', 'd1d2')
    check(names(st) == ['shift:a', 'shift:h'], 'two directions for one pawn')
    check(names(st.apply(SHIFT_A)) == ['a4a3', 'a4b3'], 'single pawn candidates')
    # No candidate at all -> no direction decision, turn passes.
    st = play('4k3/8/8/8/8/p7/P7/3IK3 w - - 0 1', 'd1d2')
    # a3 blocked by a2, b2 empty -> it does have a candidate (diagonal)
    check(names(st) == ['shift:a', 'shift:h'], 'diagonal candidate counts')
    st = play('4k3/8/8/8/8/p7/PP6/3IK3 w - - 0 1', 'd1d2')
    check(st.side == BLACK and not st.midturn(), 'no candidate -> no shift decision')
    # Doubled pawns: most advanced first (black pawns c3 and c4; c3 first).
    st = play('4k3/8/8/8/2p5/2p5/8/3IK3 w - - 0 1', 'd1h5 shift:a')
    check(names(st) == ['c3b2', 'c3c2', 'c3d2'], 'most advanced pawn on a file first')
    st = play('4k3/8/8/8/2p5/2p5/8/3IK3 w - - 0 1', 'd1h5 shift:a c3c2')
    check(names(st) == ['c4b3', 'c4c3', 'c4d3'], 'then the one behind it')
    # Black's shift: white pawns move up; most advanced = highest rank.
    st = play('3ik3/8/8/2P5/2P5/8/8/4K3 b - - 0 1', 'd8a5 shift:h')
    check(names(st) == ['c5b6', 'c5c6', 'c5d6'], 'black shift moves white pawns up')
    # Displacement never captures.
    st = play('4k3/8/8/8/3p4/2RRR3/8/3IK3 w - - 0 1', 'd1d2')
    check(st.side == BLACK, 'displacement never captures (blocked pawn stays)')

    # --- conversion on each file type ------------------------------------
    fen = '4k3/8/8/7p/8/4I3/pppp1ppp/4K3 w - - 0 1'
    conv = 'e3e4 shift:a a2a1 b2b1 c2c1 d2d1 f2f1 g2g1 h2h1 h5h4'
    st = play(fen, conv)
    check(st.fen().split()[0] == '4k3/8/8/8/4I2p/8/8/RCBIKBCR' and
          st.side == BLACK, 'conversion a/h R, b/g C, c/f B, d I')
    st = play(fen, 'e3e4 shift:h h2h1 h5h4 g2g1 f2f1 d2d1 c2c1 b2b1 a2a1')
    check(st.fen().split()[0] == '4k3/8/8/8/4I2p/8/8/RCBIKBCR' and
          st.side == BLACK, 'conversions with shift:h (h2 before h5)')
    # converted Impulse (d1) is the mover's Impulse and shifts later
    st = play(fen, conv + ' e8e7 d1d2')
    check(names(st) == ['shift:a', 'shift:h'], 'a converted Impulse shifts on its own move')
    # conversion of a White pawn by Black on rank 8
    st = play('3ik3/P7/8/8/8/8/8/4K3 b - - 0 1', 'd8d5 shift:a a7a8')
    check(st.fen().split()[0] == 'r3k3/8/8/3i4/8/8/8/4K3', 'black converts a7a8 to r')
    # converted piece is not activated: chain with Impulse, conversion on g1
    # (see chain tests below)

    # --- e-square win stops the turn -------------------------------------
    # e1 occupied by the king -> the e2 pawn cannot go to e1
    st = play('4k3/8/8/8/8/8/4p3/2I1K3 w - - 0 1', 'c1c4 shift:a')
    check(names(st) == ['e2d1', 'e2f1'], 'occupied e1 is no candidate')
    fen = '4k3/8/8/8/8/8/p3p2p/2I2K2 w - - 0 1'
    st = play(fen, 'c1c4 shift:a a2a1 e2e1')
    check(st.winner == WHITE and st.actions() == [], 'e1 landing wins, no more actions')
    check(st.board[parse_sq('h2')] == 'p', 'rest of the shift not played after the win')
    # chain set: Catalyst b3-d2 activates Impulse c1? no (not a knight jump);
    # from d2 the knight squares are b1, b3, c4, e4, f3, f1 -> king f1 only
    fen = '4k3/8/8/8/8/1C6/p3p2p/2I2K2 w - - 0 1'
    st = play(fen, 'b3d2')
    check(st.chain == (parse_sq('f1'),), 'chain set = pieces a knight jump away')
    st = play(fen, 'b3a5')     # from a5: b7, c6, c4, b3 -> nothing
    check(st.side == BLACK and not st.midturn(),
          'Catalyst with nothing activated ends the turn')
    fen = '4k3/8/8/8/8/8/p3p2p/I4KC1 w - - 0 1'
    st = play(fen, 'g1e2')     # captures the e2 pawn; from e2: c1, c3, d4,
    check(st.board[parse_sq('e2')] == 'C' and st.side == BLACK,  # f4, g3, g1
          'Catalyst capture, nothing activated')
    st = play('4k3/8/8/8/C7/8/p3p2p/3I1K2 w - - 0 1', 'a4b2')
    # Catalyst b2: knight squares a4, c4, d3, d1 -> Impulse on d1 activated
    check(st.chain == (parse_sq('d1'),), 'Impulse activated by Catalyst')
    st = play('4k3/8/8/8/C7/8/p3p2p/3I1K2 w - - 0 1', 'a4b2 d1d4 shift:a a2a1 e2e1')
    check(st.winner == WHITE and st.actions() == [], 'e1 win inside a chain')

    # --- pawn displaced onto an unvisited file is not moved again ---------
    fen = '4k3/8/8/8/2p5/8/8/3IK3 w - - 0 1'
    st = play(fen, 'd1h5 shift:a c4d3')
    check(st.side == BLACK and not st.midturn() and
          st.board[parse_sq('d3')] == 'p', 'c4d3 with shift:a: d3 pawn not shifted again')
    st = play('4k3/8/8/8/2p5/8/8/3IK3 w - - 0 1', 'd1h5 shift:h c4b3')
    check(st.side == BLACK, 'c4b3 with shift:h: not shifted again')
    # two pawns, one displaced onto the other's file ahead of it
    st = play('4k3/8/8/8/2p5/3p4/8/4K1I1 w - - 0 1', 'g1g4 shift:a c4c3')
    check(names(st) == ['d3c2', 'd3d2', 'd3e2'], 'd-file pawn still processed')
    st = play('4k3/8/8/2pp4/8/8/8/4K1I1 w - - 0 1', 'g1g2 shift:a c5d4')
    # d5 pawn now blocked straight by d4 (moved there), diagonals c4/e4 empty
    check(names(st) == ['d5c4', 'd5e4'], 'the d5 pawn behind the arrival is still processed')
    st = play('4k3/8/8/2pp4/8/8/8/4K1I1 w - - 0 1', 'g1g2 shift:a c5d4 d5e4')
    check(st.side == BLACK and st.board[parse_sq('d4')] == 'p',
          'the arrived d4 pawn is not displaced again')

    # --- Impulse does not capture the Impulse -------------------------------
    fen = '4k3/8/8/3i4/8/8/8/3IK2R w - - 0 1'
    st = State.from_fen(fen)
    n = names(st)
    check('d1d5' not in n and 'd1d4' in n and 'd1d6' not in n,
          'Impulse cannot capture (or pass) the enemy Impulse')
    fen = '4k3/8/8/3i4/8/8/8/3IK2R b - - 0 1'
    n = names(State.from_fen(fen))
    check('d5d1' not in n and 'd5d2' in n, 'black Impulse cannot capture the white one')
    fen = '4k3/8/8/7i/8/8/8/3IK2R w - - 0 1'
    check('h1h5' in names(State.from_fen(fen)), 'a rook may capture an Impulse')
    fen = '4k3/8/8/8/8/8/4p3/3IK3 w - - 0 1'
    check('d1e2' in names(State.from_fen(fen)), 'the Impulse captures other pieces')
    st = play('4k3/8/8/3r4/8/8/5p2/3IK3 w - - 0 1', 'd1d5')
    check(names(st) == ['shift:a', 'shift:h'], 'an Impulse capture shifts too')
    st = play('8/8/8/3k4/8/8/5p2/3IK3 w - - 0 1', 'd1d5')
    check(st.winner == WHITE and st.actions() == [], 'Impulse capturing the king: win, no shift')

    # --- chain activating the Impulse --------------------------------------
    # White: Catalyst b1 -> c3 activates a2 pawn, d1 Impulse, e4 pawn, b5 B
    fen = 'rcbikbcr/pp1p1ppp/2p5/1B2p3/4P3/8/PPPP1PPP/RCBIK1CR w - - 0 3'
    st = play(fen, 'b1c3')
    check(sorted(sq_name(x) for x in st.chain) == ['a2', 'b5', 'd1', 'e4'],
          'Cc3 activates a2, b5, d1, e4')
    n = names(st)
    check('d1e2' in n and 'end' in n and 'b5e8' not in n and
          not any(x.startswith('e4') for x in n), 'chain lists moves + end; e4 blocked')
    st = play(fen, 'b1c3 d1e2')
    check(names(st) == ['shift:a', 'shift:h'], 'activated Impulse brings a shift')
    st = play(fen, 'b1c3 d1e2 shift:a a7a6 b7b6 c6d5 d7d6 e5f4 f7f6 g7g6 h7h6')
    check(st.side == WHITE and sorted(sq_name(x) for x in st.chain) == ['a2', 'b5', 'e4'],
          'after the shift the chain continues without the Impulse')
    check('e4e5' in names(st) and 'e4d5' in names(st) and 'b5e8' in names(st),
          'blocked activated pawn may move after the shift (RULING? 2)')
    # conversion inside a chain: converted piece is not activated
    fen = '4k3/8/8/8/C7/8/6p1/3I1K2 w - - 0 1'
    st = play(fen, 'a4b2 d1d4 shift:a g2g1')
    check(st.side == BLACK and st.board[parse_sq('g1')] == 'C',
          'converted Catalyst on g1, not activated, chain over')
    # promotion inside a chain: no ability
    fen = '4k3/2P5/8/8/1C6/8/8/5K2 w - - 0 1'
    st = play(fen, 'b4a2')     # knight squares from a2: c1, c3, b4 -> nothing
    check(st.side == BLACK, 'nothing activated')
    fen = '4k3/2P5/8/8/1C6/8/8/5K2 w - - 0 1'
    st = play(fen, 'b4d5')     # from d5: c7 (pawn) activated
    check(names(st) == ['c7c8b', 'c7c8c', 'c7c8i', 'c7c8r', 'end'],
          'activated pawn may promote (4 choices)')
    st = play(fen, 'b4d5 c7c8i')
    check(st.side == BLACK, 'promotion to I in a chain triggers nothing')
    st = play(fen, 'b4d5 c7c8c')
    check(st.side == BLACK, 'promotion to C in a chain triggers nothing')
    # own promotion to I outside a chain: no shift
    st = play('4k3/2P5/8/8/8/p7/8/5K2 w - - 0 1', 'c7c8i')
    check(st.side == BLACK, 'promotion to I triggers no shift')
    # two Catalysts: the other one is not activated
    st = play('4k3/8/8/8/8/8/8/C1C1K3 w - - 0 1', 'a1b3')
    check(st.side == BLACK, 'a Catalyst does not activate a Catalyst')
    # king in chain may capture the king
    st = play('8/8/8/8/8/8/3k4/C3K3 w - - 0 1', 'a1c2')
    check(st.chain == (parse_sq('e1'),) and 'e1d2' in names(st), 'activated king')
    st = play('8/8/8/8/8/8/3k4/C3K3 w - - 0 1', 'a1c2 e1d2')
    check(st.winner == WHITE, 'activated king captures the king')
    # black Catalyst chain, with black Impulse shifting white pawns
    st = play('3ik3/8/8/8/8/8/PPPPPPPP/4K3 b - - 0 1', 'd8d3')
    check(names(st) == ['shift:a', 'shift:h'], 'black Impulse shift')
    # own pawn double step in chain
    st = play(START_FEN, 'b1a3 c2c4')
    check(st.board[parse_sq('c4')] == 'P', 'double step inside a chain')

    # --- the page's first example game (both e-pawn displacements) -------
    for e_disp in ('e5f4', 'e5d4'):
        line = ('e2e4 e7e5 f1b5 c7c6 b1c3 a2a4 d1e2 shift:a a7a6 b7b6 c6d5 '
                'd7d6 %s f7f6 g7g6 h7h6 e4e5 b5e8' % e_disp)
        st = play(START_FEN, line)
        check(st.winner == WHITE and st.actions() == [],
              'page example with %s ends in White\'s win by king capture' % e_disp)
        # and with exd5 instead of e5 (page: "White could also play ed")
        line2 = line.replace('e4e5', 'e4d5')
        st = play(START_FEN, line2)
        check(st.winner == WHITE, 'page example variant with e4d5 (%s)' % e_disp)

    # the page's own record (Cc3 (a4, Ie2(...), Bxe8#)) without the e4 move
    st = play(START_FEN, 'e2e4 e7e5 f1b5 c7c6 b1c3 a2a4 d1e2 shift:a a7a6 b7b6 '
              'c6d5 d7d6 e5f4 f7f6 g7g6 h7h6 b5e8')
    check(st.winner == WHITE, 'page record as written (no e5) also wins')
    st = play(START_FEN, 'e2e4 e7e5 f1b5 c7c6 b1c3 a2a4 d1e2 shift:h h7h6 g7g6 '
              'f7f6 e5d4 d7d6 c6d5 b7b6 a7a6 b5e8')
    check(st.winner == WHITE, 'page example with shift:h order also wins')

    # --- mid-turn FEN round trip ---------------------------------------
    for line in ('b1c3', 'g1f3 d2d4', 'e2e4 e7e5 f1b5 c7c6 b1c3 a2a4 d1e2',
                 'e2e4 e7e5 f1b5 c7c6 b1c3 a2a4 d1e2 shift:a a7a6 b7b6'):
        st = play(START_FEN, line)
        st2 = State.from_fen(st.fen())
        check(st2.fen() == st.fen() and perft(st2, 3) == perft(st, 3),
              'mid-turn FEN round trip after %s: %s' % (line, st.fen()))

    # --- fast implementation vs the reference, bulk vs no bulk ---------
    positions = [
        (START_FEN, 3),
        ('rcbikbcr/pp1p1ppp/2p5/1B2p3/4P3/8/PPPP1PPP/RCBIK1CR w - - 0 3', 3),
        ('4k3/pppp1ppp/8/8/8/4I3/pppp1ppp/4K3 w - - 0 1', 3),
        ('r3k2r/1P4P1/8/2c1i3/3C4/1p3I2/pp4pp/R3K2R w - - 0 1', 3),
        ('4k3/8/8/8/C7/8/p3p2p/3I1K2 w - - 0 1', 4),
        ('3ik3/1P6/8/2C5/4c3/8/PPP3PP/2I1K3 b - - 0 1', 3),
    ]
    for fen, d in positions:
        st = State.from_fen(fen)
        a = perft(st, d)
        b = perft(st, d, bulk=False)
        c = ref_count(fen, d)
        check(a == b == c, 'fast = no-bulk = reference (%d) for %s depth %d' % (a, fen, d))
    print('selftest passed: %d checks' % ok)


# ---------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description='Impulschach perft checker')
    ap.add_argument('--fen', default=START_FEN)
    ap.add_argument('--depth', type=int)
    ap.add_argument('--divide', action='store_true')
    ap.add_argument('--moves', help='space separated actions to play from --fen')
    ap.add_argument('--list', action='store_true',
                    help='list legal actions after --moves')
    ap.add_argument('--no-bulk', action='store_true',
                    help='no bulk counting at the last ply (cross-check)')
    ap.add_argument('--reference', action='store_true',
                    help='use the slow reference implementation (no --moves)')
    ap.add_argument('--selftest', action='store_true')
    ap.add_argument('--time', action='store_true', help='print elapsed seconds')
    args = ap.parse_args()

    if args.selftest:
        selftest()
        return

    try:
        st = State.from_fen(args.fen)
    except (ValueError, KeyError) as e:
        print('bad position: %s' % e, file=sys.stderr)
        sys.exit(2)

    if args.moves is not None or args.list:
        for text in (args.moves or '').split():
            a = st.find_action(text)
            if a is None:
                print('illegal action: ' + text, file=sys.stderr)
                print('legal: ' + ' '.join(names(st)), file=sys.stderr)
                sys.exit(1)
            st = st.apply(a)
        print('fen ' + st.fen())
        if st.midturn():
            print('midturn yes')
        if args.list:
            print('moves ' + ' '.join(names(st)))
            if st.winner is not None:
                print('result %s wins' % ('white', 'black')[st.winner])
            elif not st.actions():
                print('result draw (no legal action)')
        if args.depth is None:
            return

    if args.depth is None:
        ap.error('--depth is required')
    t0 = time.perf_counter()
    bulk = not args.no_bulk
    if args.reference:
        if args.moves or args.divide:
            ap.error('--reference takes only --fen and --depth')
        total = ref_count(args.fen, args.depth)
    elif args.divide and args.depth >= 1:
        total = 0
        rows = []
        for a in st.actions():
            c = perft(st.apply(a), args.depth - 1, bulk)
            rows.append((action_name(a), c))
            total += c
        for name, c in sorted(rows):
            print('%s %d' % (name, c))
    else:
        total = perft(st, args.depth, bulk)
    if args.time:
        print('seconds %.2f' % (time.perf_counter() - t0))
    print('nodes %d' % total)


if __name__ == '__main__':
    main()
