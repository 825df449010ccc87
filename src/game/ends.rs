//! Ends that the players or an arbiter declare, beside the rules' own: resignation, a draw by
//! agreement, abandonment (docs/RULINGS.md).

use super::Game;
use crate::error::{Error, ErrorCode, Result};
use crate::movement::Color;
use crate::rules::Outcome;

impl Game {
    /// The end the players or an arbiter declared, if any (see [`Game::resign`]).
    pub fn declared(&self) -> Option<Outcome> {
        self.declared
    }

    /// `color` resigns: the other side wins, with the reason `white resigned` or `black
    /// resigned`. Either side may resign at any point of the game, at its turn or not, even
    /// inside a turn. Refused (`game_over`) once the game is over.
    pub fn resign(&mut self, color: Color) -> Result<Outcome> {
        let reason = match color {
            Color::White => "white resigned",
            Color::Black => "black resigned",
        };
        self.declare(Outcome::Win {
            winner: !color,
            reason,
        })
    }

    /// The players agree to a draw (reason `agreement`). Refused once the game is over.
    pub fn agree_draw(&mut self) -> Result<Outcome> {
        self.declare(Outcome::Draw {
            reason: "agreement",
        })
    }

    /// The game is abandoned: over, without a result (PGN's `*`, termination `abandoned`;
    /// docs/RULINGS.md). A referee then discloses its seed. Refused once the game is over.
    pub fn abandon(&mut self) -> Result<Outcome> {
        self.declare(Outcome::Unfinished {
            reason: "abandoned",
        })
    }

    /// Ends the game by the declared end whose reason is `reason` (`white resigned`, `black
    /// resigned`, `agreement`, `abandoned`): what a record carries as its end.
    pub fn declare_reason(&mut self, reason: &str) -> Result<Outcome> {
        match reason {
            "white resigned" => self.resign(Color::White),
            "black resigned" => self.resign(Color::Black),
            "agreement" => self.agree_draw(),
            "abandoned" => self.abandon(),
            _ => Err(Error::new(
                ErrorCode::BadRequest,
                format!("'{reason}' is no declared end: white resigned, black resigned, agreement or abandoned"),
            )),
        }
    }

    fn declare(&mut self, end: Outcome) -> Result<Outcome> {
        if let Some(outcome) = self.outcome() {
            return Err(Error::new(
                ErrorCode::GameOver,
                format!("the game is already over ({})", outcome.describe()),
            ));
        }
        self.declared = Some(end);
        Ok(end)
    }
}
