//! A validated position: placement, side to move, rights, clocks, pools and turn phase, with an
//! incrementally updated Zobrist hash.

use super::{zobrist, Board, Occupant, Phase};
use crate::geometry::{Bitboard, Square};
use crate::movement::{Color, Piece, MAX_ROLES};

/// Counts of pieces per colour and role held off the board: NAChT Schach's returnable pieces,
/// Immortal Chess's hidden pool.
pub type Pockets = [[u8; MAX_ROLES]; 2];

/// A position the rules can play on. Change it only through its methods so the hash stays right.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    board: Board,
    turn: Color,
    castling: Bitboard,
    en_passant: Option<Square>,
    phase: Phase,
    pockets: Option<Pockets>,
    /// Plies since the last capture or pawn move (or what the variant counts instead).
    pub halfmove_clock: u32,
    /// Starts at 1 and grows after Black's turn.
    pub fullmove_number: u32,
    hash: u64,
}

impl Position {
    /// An empty board, White to move, no rights.
    pub fn empty() -> Position {
        Position {
            board: Board::default(),
            turn: Color::White,
            castling: Bitboard::EMPTY,
            en_passant: None,
            phase: Phase::Move,
            pockets: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
        }
    }

    /// The placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side whose decision it is.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Partner squares (rooks, centurions) that keep a castling right.
    #[inline]
    pub fn castling(&self) -> Bitboard {
        self.castling
    }

    /// The en-passant square, if the last move created one.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Where within its turn the side to move stands.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Pieces held off the board, if the variant keeps any.
    #[inline]
    pub fn pockets(&self) -> Option<&Pockets> {
        self.pockets.as_ref()
    }

    /// The Zobrist hash of everything above except the clocks.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.board.put(sq, piece);
        self.hash ^= zobrist::piece(piece, sq);
    }

    /// Puts a hidden piece on the empty square `sq`.
    pub fn put_hidden(&mut self, sq: Square) {
        self.board.put_hidden(sq);
        self.hash ^= zobrist::hidden(sq);
    }

    /// Empties `sq`, returning what stood there.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Occupant> {
        let found = self.board.take(sq);
        match found {
            Some(Occupant::Piece(p)) => self.hash ^= zobrist::piece(p, sq),
            Some(Occupant::Hidden) => self.hash ^= zobrist::hidden(sq),
            None => {}
        }
        found
    }

    /// Sets the side to move.
    #[inline]
    pub fn set_turn(&mut self, color: Color) {
        if color != self.turn {
            self.hash ^= zobrist::black_to_move();
            self.turn = color;
        }
    }

    /// Sets the castling partners.
    #[inline]
    pub fn set_castling(&mut self, partners: Bitboard) {
        for sq in self.castling ^ partners {
            self.hash ^= zobrist::castling(sq);
        }
        self.castling = partners;
    }

    /// Sets the en-passant square.
    #[inline]
    pub fn set_en_passant(&mut self, sq: Option<Square>) {
        if let Some(old) = self.en_passant {
            self.hash ^= zobrist::en_passant(old);
        }
        if let Some(new) = sq {
            self.hash ^= zobrist::en_passant(new);
        }
        self.en_passant = sq;
    }

    /// Sets the turn phase.
    #[inline]
    pub fn set_phase(&mut self, phase: Phase) {
        self.hash ^= zobrist::phase(self.phase.code()) ^ zobrist::phase(phase.code());
        self.phase = phase;
    }

    /// Sets the pockets (or removes them with `None`).
    pub fn set_pockets(&mut self, pockets: Option<Pockets>) {
        match (&self.pockets, &pockets) {
            // A move changes a count or two: rehash those only (hashing the whole pool was a
            // sixth of Immortal Chess's search time).
            (Some(old), Some(new)) => {
                for color in Color::ALL {
                    let (old, new) = (&old[color.index()], &new[color.index()]);
                    for (role, (&was, &now)) in old.iter().zip(new).enumerate() {
                        if was != now {
                            self.hash ^=
                                pocket_key(color, role, was) ^ pocket_key(color, role, now);
                        }
                    }
                }
            }
            _ => self.hash ^= pockets_hash(self.pockets.as_ref()) ^ pockets_hash(pockets.as_ref()),
        }
        self.pockets = pockets;
    }

    /// Hands the turn to the other side after a move: the halfmove clock restarts after an
    /// `irreversible` move (what counts as one is the variant's rule) and grows otherwise,
    /// and the fullmove number grows after Black's move.
    pub fn end_turn(&mut self, irreversible: bool) {
        if irreversible {
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock += 1;
        }
        if self.turn == Color::Black {
            self.fullmove_number += 1;
        }
        self.set_turn(!self.turn);
    }

    /// The hash computed from scratch; equals [`Position::hash`] when the updates are right.
    pub fn fresh_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.board.occupied() {
            h ^= match self.board.at(sq) {
                Some(Occupant::Piece(p)) => zobrist::piece(p, sq),
                Some(Occupant::Hidden) => zobrist::hidden(sq),
                None => 0,
            };
        }
        if self.turn == Color::Black {
            h ^= zobrist::black_to_move();
        }
        for sq in self.castling {
            h ^= zobrist::castling(sq);
        }
        if let Some(sq) = self.en_passant {
            h ^= zobrist::en_passant(sq);
        }
        h ^ zobrist::phase(self.phase.code())
            ^ zobrist::phase(Phase::Move.code())
            ^ pockets_hash(self.pockets.as_ref())
    }
}

// Out of line: set_pockets, which is hot, calls it only when pools appear or go, and its
// loop unrolled there (twice) cost the wasm download.
#[inline(never)]
fn pockets_hash(pockets: Option<&Pockets>) -> u64 {
    let Some(pockets) = pockets else { return 0 };
    let mut h = zobrist::phase(0xbeef);
    for color in Color::ALL {
        for (role, &count) in pockets[color.index()].iter().enumerate() {
            h ^= pocket_key(color, role, count);
        }
    }
    h
}

/// The key of `count` pieces of `role` in `color`'s pocket; none have no key.
fn pocket_key(color: Color, role: usize, count: u8) -> u64 {
    if count > 0 {
        zobrist::pocket(color, role, count)
    } else {
        0
    }
}
