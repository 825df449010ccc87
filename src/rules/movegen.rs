//! Move generation the variants share: where each piece can go, and pawn double steps.

use crate::geometry::{Bitboard, Shape, Square, STRIDE};
use crate::movement::{Armory, Color, Piece, Role};
use crate::position::Board;
use crate::rules::safety::KingSafety;
use crate::rules::{Action, ActionKind};

/// Squares `piece` on `from` can capture on (enemy pieces it attacks) and move to quietly.
#[inline]
pub fn targets(armory: &Armory, board: &Board, piece: Piece, from: Square) -> (Bitboard, Bitboard) {
    let occupied = board.occupied();
    let (attacks, quiets) = armory.reach(piece, from, occupied);
    (attacks & board.side(!piece.color), quiets)
}

/// The moves of every piece of `us` of each of `roles` (neither pawns nor the king), to the
/// squares of `allowed` only, that leave the king safe.
#[inline]
pub fn piece_moves(
    armory: &Armory,
    board: &Board,
    safety: &KingSafety,
    us: Color,
    roles: impl IntoIterator<Item = Role>,
    allowed: Bitboard,
    sink: &mut impl ActionSink,
) {
    let occupied = board.occupied();
    let enemy = board.side(!us);
    for role in roles {
        let mover = armory.mover(Piece { color: us, role });
        for from in board.pieces(us, role) {
            let (attacks, quiets) = mover.reach(from, occupied);
            let to = ((attacks & enemy) | quiets) & allowed;
            safety.keep_safe(board, from, to, false, sink);
        }
    }
}

/// The square two steps ahead of a pawn of `color` on `from`, if both steps are on the board and
/// empty.
#[inline]
pub fn double_step(armory: &Armory, board: &Board, color: Color, from: Square) -> Option<Square> {
    let shape = armory.shape();
    let occupied = board.occupied();
    let one = shape.step(from, 0, color.forward())?;
    let two = shape.step(one, 0, color.forward())?;
    (!occupied.contains(one) && !occupied.contains(two)).then_some(two)
}

/// Whether an enemy pawn stands beside `to` and could take en passant on the next move.
#[inline]
pub fn en_passant_threat(armory: &Armory, board: &Board, pawn: Piece, passed: Square) -> bool {
    // An enemy pawn captures onto `passed` if one of ours on `passed` would attack it.
    let enemy_pawns = board.pieces(!pawn.color, pawn.role);
    (armory.attacks(pawn, passed, Bitboard::EMPTY) & enemy_pawns).any()
}

/// Where generated actions go: a list, or a counter for perft's last ply.
///
/// A variant's generator may be generic over it (each sink then gets its own copy of the
/// generator) or take a [`Collect`], which is both sinks in one type.
pub trait ActionSink {
    /// Takes one action.
    fn action(&mut self, action: Action);
    /// Takes a plain move from `from` to each of `targets`, all known to be legal.
    fn moves(&mut self, from: Square, targets: Bitboard);
    /// Takes, for each of `targets`, a legal move from the square `back` bit positions behind
    /// it, once for each of `promotions` (or once, unpromoted, if there are none).
    fn shifted(&mut self, targets: Bitboard, back: i32, kind: ActionKind, promotions: &[Role]);
}

/// A sink that passes on only the actions landing on `allowed` squares (captures only, for
/// the search's quiescence).
pub struct Landing<'a, S> {
    /// The squares an action may land on.
    pub allowed: Bitboard,
    /// Where the actions go.
    pub inner: &'a mut S,
}

impl<S: ActionSink> ActionSink for Landing<'_, S> {
    fn action(&mut self, action: Action) {
        if self.allowed.contains(action.to) {
            self.inner.action(action);
        }
    }

    fn moves(&mut self, from: Square, targets: Bitboard) {
        self.inner.moves(from, targets & self.allowed);
    }

    fn shifted(&mut self, targets: Bitboard, back: i32, kind: ActionKind, promotions: &[Role]) {
        self.inner
            .shifted(targets & self.allowed, back, kind, promotions);
    }
}

impl ActionSink for Vec<Action> {
    #[inline]
    fn action(&mut self, action: Action) {
        self.push(action);
    }

    #[inline]
    fn moves(&mut self, from: Square, targets: Bitboard) {
        self.extend(targets.squares().map(|to| Action::normal(from, to)));
    }

    #[inline]
    fn shifted(&mut self, targets: Bitboard, back: i32, kind: ActionKind, promotions: &[Role]) {
        // Often empty (no promotions, no double steps): tested here, where it is inlined.
        if targets.any() {
            push_shifted(self, targets, back, kind, promotions);
        }
    }
}

/// [`ActionSink::shifted`] for a list, out of line: inlined, its loop was copied into every
/// pawn generator once for each shift (see docs/PERFORMANCE.md).
#[inline(never)]
// extern "C-unwind": passes the bitboards as values in wasm (see the `Bitboard` docs).
#[allow(improper_ctypes_definitions)]
extern "C-unwind" fn push_shifted(
    out: &mut Vec<Action>,
    targets: Bitboard,
    back: i32,
    kind: ActionKind,
    promotions: &[Role],
) {
    for to in targets {
        let Some(from) = Square::from_index((to.index() as i32 - back) as u32) else {
            continue;
        };
        let action = Action {
            kind,
            ..Action::normal(from, to)
        };
        if promotions.is_empty() {
            out.push(action);
        }
        for &role in promotions {
            out.push(Action {
                promotion: Some(role),
                ..action
            });
        }
    }
}

/// A list or a counter in one type, for the generators of chess (Nietzsche's and Immortal
/// Chess's too), NAChT and Quintessential: taking it, each is compiled once for listing and
/// counting alike, where a copy per sink costs the wasm download, and a dynamic sink
/// (`&mut dyn ActionSink`) the wasm's perft speed (see docs/PERFORMANCE.md). Here the sink is
/// one predictable branch, and the count stays inline.
pub enum Collect<'a> {
    /// Appends the actions to the list.
    List(&'a mut Vec<Action>),
    /// Counts them (perft's last ply, whether any action exists).
    Count(usize),
}

impl Collect<'_> {
    /// How many actions were counted (none for a list).
    pub fn counted(&self) -> usize {
        match self {
            Collect::List(_) => 0,
            Collect::Count(count) => *count,
        }
    }
}

impl ActionSink for Collect<'_> {
    #[inline]
    fn action(&mut self, action: Action) {
        match self {
            Collect::List(list) => list.push(action),
            Collect::Count(count) => *count += 1,
        }
    }

    #[inline]
    fn moves(&mut self, from: Square, targets: Bitboard) {
        match self {
            Collect::List(list) => push_moves(list, from, targets),
            Collect::Count(count) => *count += targets.count() as usize,
        }
    }

    #[inline]
    fn shifted(&mut self, targets: Bitboard, back: i32, kind: ActionKind, promotions: &[Role]) {
        match self {
            Collect::List(list) => list.shifted(targets, back, kind, promotions),
            Collect::Count(count) => *count += targets.count() as usize * promotions.len().max(1),
        }
    }
}

/// [`ActionSink::moves`] for a list, out of line: one copy for every piece type's moves.
#[inline(never)]
// extern "C-unwind": passes the bitboard as a value in wasm (see the `Bitboard` docs).
#[allow(improper_ctypes_definitions)]
extern "C-unwind" fn push_moves(list: &mut Vec<Action>, from: Square, targets: Bitboard) {
    list.extend(targets.squares().map(|to| Action::normal(from, to)));
}

/// Counts actions without keeping them.
#[derive(Default)]
pub struct ActionCounter(pub usize);

impl ActionSink for ActionCounter {
    #[inline]
    fn action(&mut self, _: Action) {
        self.0 += 1;
    }

    #[inline]
    fn moves(&mut self, _: Square, targets: Bitboard) {
        self.0 += targets.count() as usize;
    }

    #[inline]
    fn shifted(&mut self, targets: Bitboard, _: i32, _: ActionKind, promotions: &[Role]) {
        self.0 += targets.count() as usize * promotions.len().max(1);
    }
}

/// Masks for generating the moves of many orthodox pawns at once by shifting bitboards: one step
/// forward to an empty square, two from the start rank, diagonal captures, promotion on a rank.
#[derive(Clone, Debug)]
pub struct PawnMasks {
    playable: Bitboard,
    /// Pawns that may capture towards the a side (not on the first file), and towards the far
    /// side (not on the last file), so that shifts never wrap to the next rank.
    not_first_file: Bitboard,
    not_last_file: Bitboard,
    /// Per colour, squares a single step from the start rank reaches, from which a double step
    /// may go on.
    double_via: [Bitboard; 2],
    /// Per colour, the promotion squares.
    promotion: [Bitboard; 2],
}

impl PawnMasks {
    /// Masks for `shape` with the start ranks `start` (from which a double step may be made,
    /// or none) and promotion ranks `promotion` of White and Black (0 = rank 1).
    pub fn new(shape: &Shape, start: Option<[u8; 2]>, promotion: [u8; 2]) -> PawnMasks {
        let rank = |r: i16| -> Bitboard {
            shape
                .playable
                .squares()
                .filter(|s| s.rank() as i16 == r)
                .collect()
        };
        let file =
            |f: u8| -> Bitboard { shape.playable.squares().filter(|s| s.file() == f).collect() };
        PawnMasks {
            playable: shape.playable,
            not_first_file: shape.playable & !file(0),
            not_last_file: shape.playable & !file(shape.files - 1),
            double_via: match start {
                Some([white, black]) => [rank(white as i16 + 1), rank(black as i16 - 1)],
                None => [Bitboard::EMPTY; 2],
            },
            promotion: [rank(promotion[0] as i16), rank(promotion[1] as i16)],
        }
    }

    /// All moves of the pawns `pawns` of `us`, which must be free to move (no check, no pin):
    /// steps, double steps and captures, promoting to `promotions` on the promotion squares
    /// (with none to promote to, a pawn cannot go there).
    pub fn free_pawn_moves(
        &self,
        board: &Board,
        us: Color,
        pawns: Bitboard,
        promotions: &[Role],
        sink: &mut impl ActionSink,
    ) {
        match us {
            Color::White => self.free_pawn_moves_of::<true>(board, us, pawns, promotions, sink),
            Color::Black => self.free_pawn_moves_of::<false>(board, us, pawns, promotions, sink),
        }
    }

    /// [`PawnMasks::free_pawn_moves`] for the pawns of `us`, which move `UP` the board or
    /// down: a constant direction lets every shift compile to a few instructions.
    #[inline]
    fn free_pawn_moves_of<const UP: bool>(
        &self,
        board: &Board,
        us: Color,
        pawns: Bitboard,
        promotions: &[Role],
        sink: &mut impl ActionSink,
    ) {
        if pawns.is_empty() {
            return;
        }
        let forward = if UP { STRIDE as i32 } else { -(STRIDE as i32) };
        let empty = self.playable & !board.occupied();
        let enemy = board.side(!us);
        let promotion = self.promotion[us.index()];
        let single = pawns.shift(forward) & empty;
        sink.shifted(single & !promotion, forward, ActionKind::Normal, &[]);
        if !promotions.is_empty() {
            sink.shifted(single & promotion, forward, ActionKind::Normal, promotions);
        }
        let double = (single & self.double_via[us.index()]).shift(forward) & empty & !promotion;
        sink.shifted(double, 2 * forward, ActionKind::DoubleStep, &[]);
        for (from_mask, back) in [
            (self.not_first_file, forward - 1),
            (self.not_last_file, forward + 1),
        ] {
            let captures = (pawns & from_mask).shift(back) & enemy;
            sink.shifted(captures & !promotion, back, ActionKind::Normal, &[]);
            if !promotions.is_empty() {
                sink.shifted(captures & promotion, back, ActionKind::Normal, promotions);
            }
        }
    }

    /// Steps and captures of one pawn of `us` on `from` whose legality needs the full check (it
    /// is pinned, or its king is in check): each of `targets` that `safety` allows, promoting
    /// on the promotion squares to each of `promotions` (with none, it cannot go there).
    pub fn checked_moves(
        &self,
        board: &Board,
        safety: &KingSafety,
        from: Square,
        targets: Bitboard,
        promotions: &[Role],
        sink: &mut impl ActionSink,
    ) {
        let Some(us) = board.piece_at(from).map(|p| p.color) else {
            return;
        };
        for to in targets {
            if !safety.allows(board, from, to, None, false) {
                continue;
            }
            if self.promotion[us.index()].contains(to) {
                for &role in promotions {
                    sink.action(Action {
                        promotion: Some(role),
                        ..Action::normal(from, to)
                    });
                }
            } else {
                sink.action(Action::normal(from, to));
            }
        }
    }
}
