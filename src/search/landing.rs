//! What an entry's square costs the side that enters, for ranking entries before they are
//! searched (`Searcher::narrow_chances`).
//!
//! An entry ends the turn, so the opponent moves next. A piece of the entering side that
//! arrives where the opponent attacks it is lost, or traded down, before its side can move it;
//! a piece of the opponent's arriving where the entering side attacks it simply moves away.
//! The arrival's worth alone (material and placement, averaged over the pool) is nearly the
//! same for every square, the pool being half each side's: without this the entries kept
//! for the search were those on the best-placed squares, attacked or not.

use crate::geometry::Square;
use crate::movement::{Armory, Color};
use crate::position::Position;

use super::eval::Values;

/// The table's size: every square index of the largest board.
const SQUARES: usize = 128;

/// The attack on one landing square, from the side that enters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Exposure {
    /// The opponent does not attack it (or only its king does, and the square is defended).
    Safe,
    /// The opponent attacks it and nothing of the entering side defends it.
    Hanging,
    /// Defended, and attacked by a piece worth this much at the least.
    Defended(i32),
}

impl Exposure {
    /// What a piece of the entering side worth `material` stands to lose here.
    pub(super) fn loss(self, material: i32) -> i32 {
        match self {
            Exposure::Safe => 0,
            Exposure::Hanging => material,
            Exposure::Defended(attacker) => (material - attacker).max(0),
        }
    }
}

/// The attacks on the squares where entries land, each square's found once.
pub(super) struct Landings<'a> {
    position: &'a Position,
    armory: &'a Armory,
    values: &'a Values,
    /// Each square's exposure once asked: many entries land on one square.
    known: [Option<Exposure>; SQUARES],
}

impl<'a> Landings<'a> {
    /// The landings of `position`, whose side to move is the one entering.
    pub(super) fn new(
        position: &'a Position,
        armory: &'a Armory,
        values: &'a Values,
    ) -> Landings<'a> {
        Landings {
            position,
            armory,
            values,
            known: [None; SQUARES],
        }
    }

    /// The attack on `to` once an Immortal has arrived there. Where it came from does not
    /// matter: it left the board's edge along the line it came in by, so no line through its
    /// square reaches `to` from beyond it.
    pub(super) fn exposure(&mut self, to: Square) -> Exposure {
        let slot = to.index() % SQUARES;
        if let Some(known) = self.known[slot] {
            return known;
        }
        let found = self.find(to);
        self.known[slot] = Some(found);
        found
    }

    /// Out of line: called once a square, inlined it cost the wasm hundreds of bytes.
    #[inline(never)]
    fn find(&self, to: Square) -> Exposure {
        let board = self.position.board();
        let us = self.position.turn();
        let attackers_of = |by: Color| {
            let own = board.side(by);
            self.armory
                .attackers(to, by, board.occupied(), board.role_sets(), own)
        };
        let attackers = attackers_of(!us);
        if !attackers.any() {
            return Exposure::Safe;
        }
        let defended = attackers_of(us).any();
        if !defended {
            return Exposure::Hanging;
        }
        // A royal piece (worth 0) cannot take on a defended square.
        let least = attackers
            .squares()
            .filter_map(|sq| board.piece_at(sq))
            .map(|piece| self.values.of(piece.role))
            .filter(|&worth| worth > 0)
            .min();
        least.map_or(Exposure::Safe, Exposure::Defended)
    }
}

#[cfg(test)]
mod tests {
    use super::{Exposure, Landings};
    use crate::game::Game;
    use crate::geometry::Square;
    use crate::search::Values;

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("a square")
    }

    #[test]
    fn a_landing_is_safe_hanging_or_defended_by_the_attacks_on_it() {
        // Black pawns c6 and e6, the black king f9; a white knight f6, a pawn g4, the king i2.
        let fen = "??????????/?4k3?/?8?/?8?/?1p1pN3?/?8?/?5P2?/?8?/?7K?/?????????? w - - 0 1";
        let game = Game::new("immortal", &[], Some(fen)).expect("fen");
        let armory = game.variant().armory();
        let values = Values::new(armory);
        let mut landings = Landings::new(game.position(), armory, &values);
        let mut exposure = |to: &str| landings.exposure(sq(to));
        // c6 takes on b5, which nothing defends.
        assert_eq!(exposure("b5"), Exposure::Hanging);
        // c6 and e6 take on d5, which the knight defends; g4 defends f5.
        assert_eq!(exposure("d5"), Exposure::Defended(100));
        assert_eq!(exposure("f5"), Exposure::Defended(100));
        // The king alone attacks g8 (defended by the knight: safe) and g9 (undefended).
        assert_eq!(exposure("g8"), Exposure::Safe);
        assert_eq!(exposure("g9"), Exposure::Hanging);
        assert_eq!(exposure("f3"), Exposure::Safe);
    }

    #[test]
    fn a_piece_loses_all_where_it_hangs_and_its_worth_above_the_attacker_where_defended() {
        assert_eq!(Exposure::Safe.loss(916), 0);
        assert_eq!(Exposure::Hanging.loss(916), 916);
        assert_eq!(Exposure::Defended(100).loss(916), 816);
        assert_eq!(Exposure::Defended(304).loss(100), 0);
    }
}
