//! Checks of a position string that several variants share.

use super::safety::KingSafety;
use crate::error::{Error, Result};
use crate::movement::{Armory, Color, Role};
use crate::position::{Occupant, Position, Setup};

/// Refuses what only some variants' position strings have: hidden pieces (`?`) and a
/// seventh field for a decision within a turn. `game` names the variant for the message.
pub fn plain_setup(setup: &Setup, game: &str) -> Result<()> {
    if let Some(field) = &setup.phase {
        return Err(Error::fen(format!(
            "a {game} position string has six fields at most, not a seventh ('{field}'): its turns are one action"
        )));
    }
    no_hidden_pieces(setup, game)
}

/// Refuses hidden pieces (`?`) in a variant (`game`, for the message) that has none.
pub fn no_hidden_pieces(setup: &Setup, game: &str) -> Result<()> {
    match setup.placement.iter().find(|(_, o)| *o == Occupant::Hidden) {
        Some((sq, _)) => Err(Error::fen(format!(
            "{game} has no hidden pieces ('?' on {sq})"
        ))),
        None => Ok(()),
    }
}

/// Requires exactly one `king` a side.
pub fn one_king_each(position: &Position, king: Role) -> Result<()> {
    for color in Color::ALL {
        let kings = position.board().pieces(color, king).count();
        if kings != 1 {
            return Err(Error::fen(format!(
                "{} has {kings} kings; it needs exactly one",
                color.name()
            )));
        }
    }
    Ok(())
}

/// Refuses a position whose side not to move is in check: the last move cannot have left it so.
pub fn not_in_check_out_of_turn(armory: &Armory, position: &Position, king: Role) -> Result<()> {
    let them = !position.turn();
    let board = position.board();
    let attacked = board
        .pieces(them, king)
        .first()
        .is_some_and(|k| KingSafety::square_attacked(armory, board, !them, k));
    if attacked {
        return Err(Error::fen(format!(
            "{} is in check but it is {} to move",
            them.name(),
            position.turn().name()
        )));
    }
    Ok(())
}
