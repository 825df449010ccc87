//! A king left alone: the side with pieces drives it to the edge and brings its own king up
//! (a "mop-up" term). The mate of a lone king by a rook or a queen lies beyond the search's
//! horizon from most positions, and without a score that rewards the steps towards it the
//! search shuffled and let the fifty-move rule or a repetition draw a won game
//! (docs/PERFORMANCE.md, "a lone king driven to the edge").

use super::Positional;
use crate::geometry::{Bitboard, Square};
use crate::movement::Color;
use crate::position::Position;

impl Positional {
    /// White's bonus (negative: Black's) where one side has its king alone on the board and the
    /// other a piece besides pawns (`pawns`: both sides', as the caller has them): the lone king's
    /// distance from the centre and the kings' nearness, each a step worth the `cornering` weight.
    /// Nothing else may stand on the board (Immortal Chess's hidden pieces can still come in for
    /// the lone king). Out of line: compiled for size, as the page has little room (a test in the
    /// hot caller, before the call, put the element over its budget); it costs a chess search 0.6 %
    /// of its instructions.
    #[inline(never)]
    pub(super) fn cornering(&self, position: &Position, pawns: Bitboard) -> i32 {
        let board = position.board();
        let Some(royal) = self.royal else {
            return 0;
        };
        let kings = board.role(royal);
        for strong in Color::ALL {
            let lone = board.side(!strong);
            let others = board.occupied() & !lone;
            let (Some(lone_king), Some(king)) = ((lone & kings).first(), (others & kings).first())
            else {
                continue;
            };
            if lone.count() != 1
                || others != board.side(strong)
                || (others & !kings & !pawns).is_empty()
            {
                continue;
            }
            let steps = self.weights.cornering
                * (self.off_centre(lone_king) + self.nearness(lone_king, king));
            return match strong {
                Color::White => steps,
                Color::Black => -steps,
            };
        }
        0
    }

    /// Steps from the board's centre: 1 on its middle squares, more towards the edges, 7 in
    /// a corner of 8x8 (half the files and ranks away from the middle, rounded down).
    fn off_centre(&self, sq: Square) -> i32 {
        let away = |at: u8, size: u8| i32::from((2 * at + 1).abs_diff(size));
        (away(sq.file(), self.shape.files) + away(sq.rank(), self.shape.ranks)) / 2
    }

    /// How near two squares are: the board's longer side less one, less the king's steps
    /// between them.
    fn nearness(&self, a: Square, b: Square) -> i32 {
        let steps = a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()));
        let longest = self.shape.files.max(self.shape.ranks) - 1;
        i32::from(longest.saturating_sub(steps))
    }
}
