//! Impulschach position strings checked against the rules, the mid-turn field included.

use super::step::Step;
use super::{phase_field, royal_square, Impulschach, TurnSoFar, CATALYST, KING, PAWN};
use crate::error::{Error, Result};
use crate::geometry::Bitboard;
use crate::movement::{Color, Piece};
use crate::position::{Phase, Position, Setup};

impl Impulschach {
    /// Checks a position string's setup: no castling or en passant, pawns only where they can
    /// stand, at most one king a side, at most one side already won, and a mid-turn field
    /// that names a decision of this position (docs/RULINGS.md).
    pub(super) fn validate(&self, setup: Setup) -> Result<Position> {
        crate::rules::validation::no_hidden_pieces(&setup, "Impulschach")?;
        if setup.pockets.is_some() {
            return Err(Error::fen("Impulschach has no piece pools in brackets"));
        }
        if !setup.castling.is_empty() {
            return Err(Error::fen(
                "Impulschach has no castling: the field must be '-'",
            ));
        }
        if setup.en_passant.is_some() {
            return Err(Error::fen(
                "Impulschach has no en passant: the field must be '-'",
            ));
        }
        let mut position = setup.place();
        let board = position.board();
        for color in Color::ALL {
            if board.pieces(color, KING).more_than_one() {
                return Err(Error::fen(format!(
                    "{} has more than one king",
                    color.name()
                )));
            }
            // A pawn stands on a first or last rank only as the mark of a royal-square win.
            let pawns = board.pieces(color, PAWN);
            let stray = pawns
                .squares()
                .find(|sq| (sq.rank() == 0 || sq.rank() == 7) && *sq != royal_square(!color));
            if let Some(sq) = stray {
                return Err(Error::fen(format!("a pawn cannot stand on {sq}")));
            }
        }
        let ends = Color::ALL
            .iter()
            .filter(|&&c| {
                board.pieces(c, KING).is_empty() || board.pieces(!c, PAWN).contains(royal_square(c))
            })
            .count();
        if ends > 1 {
            return Err(Error::fen("the position is won for both sides at once"));
        }
        if let Some(field) = &setup.phase {
            let phase = phase_field::read(field)?;
            if ends > 0 {
                return Err(Error::fen(format!(
                    "turn field '{field}', but the game is already won"
                )));
            }
            self.check_phase(&position, phase, field)?;
            position.set_phase(phase);
        }
        Ok(position)
    }

    /// The position that `phase` would settle into on `position` (the same phase when it is a
    /// decision that can be taken there), for checking a loaded mid-turn field.
    fn settled(&self, position: &Position, phase: Phase) -> Position {
        let mut settled = *position;
        settled.set_phase(Phase::Move);
        match Step::of(phase) {
            Step::Move => {}
            Step::Chain { activated, reset } => self.resume_chain(&mut settled, activated, reset),
            Step::ShiftOrder { chain, reset } => {
                self.start_shift(&mut settled, TurnSoFar { chain, reset })
            }
            Step::Displace {
                pending,
                from_a,
                chain,
                reset,
            } => self.settle_shift(&mut settled, pending, from_a, TurnSoFar { chain, reset }),
        }
        settled
    }

    /// Refuses activated pieces that no one Catalyst's move could have activated: they are
    /// all a knight's jump from the square the Catalyst moved to, where it still stands (the
    /// chain's moves and displacements capture none of the mover's pieces), and the pieces
    /// not yet moved stand where they stood. Names a square that the best-fitting Catalyst
    /// does not reach.
    fn check_activated(&self, position: &Position, own: Bitboard, field: &str) -> Result<()> {
        if own.is_empty() {
            return Ok(());
        }
        let us = position.turn();
        let catalyst = Piece {
            color: us,
            role: CATALYST,
        };
        let best = position
            .board()
            .pieces(us, CATALYST)
            .squares()
            .map(|from| {
                let missed = own & !self.armory.attacks(catalyst, from, Bitboard::EMPTY);
                (missed.count(), from, missed)
            })
            .min_by_key(|&(count, _, _)| count);
        match best {
            None => Err(Error::fen(format!(
                "turn field '{field}': {} was activated, but {} has no Catalyst",
                own.first().map(|s| s.to_string()).unwrap_or_default(),
                us.name()
            ))),
            Some((_, from, missed)) => match missed.first() {
                None => Ok(()),
                Some(sq) => Err(Error::fen(format!(
                    "turn field '{field}': {sq} is no knight's jump from the Catalyst on {from}, \
                     and one Catalyst's move activates all the pieces of a chain"
                ))),
            },
        }
    }

    /// Checks a mid-turn field against the board: activated pieces are the mover's own, pawns
    /// to displace the opponent's, and the field names a decision there is to take.
    fn check_phase(&self, position: &Position, phase: Phase, field: &str) -> Result<()> {
        let us = position.turn();
        let board = position.board();
        let (own, pawns) = match Step::of(phase) {
            Step::Chain { activated, .. } => (activated, Bitboard::EMPTY),
            Step::ShiftOrder { chain, .. } => (chain.unwrap_or_default(), Bitboard::EMPTY),
            Step::Displace { pending, chain, .. } => (chain.unwrap_or_default(), pending),
            _ => (Bitboard::EMPTY, Bitboard::EMPTY),
        };
        if let Some(sq) = (own & !(board.side(us) & !board.pieces(us, CATALYST))).first() {
            return Err(Error::fen(format!(
                "turn field '{field}': {sq} holds no activated piece of {}",
                us.name()
            )));
        }
        self.check_activated(position, own, field)?;
        if let Some(sq) = (pawns & !board.pieces(!us, PAWN)).first() {
            return Err(Error::fen(format!(
                "turn field '{field}': {sq} holds no {} pawn to displace",
                (!us).name()
            )));
        }
        let mut expected = *position;
        expected.set_phase(phase);
        if self.settled(position, phase) != expected {
            return Err(Error::fen(format!(
                "turn field '{field}' names no decision in this position (nothing is left to move)"
            )));
        }
        Ok(())
    }
}
