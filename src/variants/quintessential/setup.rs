//! Quintessential Chess's start position and the checks a position string must pass.

use super::{FastPawns, Quintessential, CENTURION, KING, PAWN};
use crate::error::{Error, Result};
use crate::geometry::Square;
use crate::movement::{Color, Piece};
use crate::position::{resolve_castling, Board, Position, Setup};
use crate::rules::validation::{not_in_check_out_of_turn, one_king_each, plain_setup};

/// The start position, as RULES.md writes it.
pub const START: &str =
    "**cqklqc**/**1djjd1**/pppppppppp/10/10/10/10/PPPPPPPPPP/**1DJJD1**/**CQKLQC** w CHch - 0 1";

/// The files (from 0 = a) of the king and the centurions at the start: the only squares that
/// can keep a castling right.
const KING_FILE: u8 = 4;
const CENTURION_FILES: [u8; 2] = [2, 7];

/// Checks `setup` against the rules and builds the position.
pub fn validate(game: &Quintessential, setup: Setup) -> Result<Position> {
    plain_setup(&setup, "quintessential")?;
    if setup.pockets.is_some() {
        return Err(Error::fen("quintessential has no piece pools in brackets"));
    }
    let mut position = setup.place();
    let board = position.board();
    for color in Color::ALL {
        let stuck = board.pieces(color, PAWN) & game.pawns.promotion_squares(color);
        if let Some(sq) = stuck.first() {
            return Err(Error::fen(format!(
                "a {} pawn cannot stand on {sq}, where it would have promoted",
                color.name()
            )));
        }
    }
    one_king_each(&position, KING)?;
    let rights = resolve_castling(&setup.castling, &position, &game.armory, KING, CENTURION)?;
    for partner in rights {
        let color = position.board().piece_at(partner).map(|p| p.color);
        let home = if color == Some(Color::White) { 0 } else { 9 };
        let king = color.and_then(|c| Quintessential::king_square(&position, c));
        let king_home = king.is_some_and(|k| k.rank() == home && k.file() == KING_FILE);
        if !king_home || partner.rank() != home || !CENTURION_FILES.contains(&partner.file()) {
            return Err(Error::fen(format!(
                "castling right with the centurion on {partner}, but king and centurion are not on their start squares"
            )));
        }
    }
    position.set_castling(rights);
    if let Some(ep) = setup.en_passant {
        check_en_passant(game, &position, ep)?;
        // Written and hashed only when some piece could take there, as after a move.
        if game.could_capture_on(position.board(), ep, position.turn()) {
            position.set_en_passant(Some(ep));
        }
    }
    not_in_check_out_of_turn(&game.armory, &position, KING)?;
    Ok(position)
}

/// An en-passant square must follow a double step (an empty square with the pawn that passed
/// it beyond) or a legal jump (the jumped pawn on it and the jumper beyond), with the square
/// the pawn came from empty.
fn check_en_passant(game: &Quintessential, position: &Position, ep: Square) -> Result<()> {
    let passer = !position.turn();
    let pawn = Piece {
        color: passer,
        role: PAWN,
    };
    let board = position.board();
    let shape = game.armory.shape();
    let beyond = FastPawns::en_passant_victim(passer, ep).filter(|&s| shape.contains(s));
    let origin = ep
        .offset(0, -passer.forward())
        .filter(|&s| shape.contains(s));
    let on_ep = board.at(ep);
    let jumped = board.piece_at(ep) == Some(pawn);
    let valid = shape.contains(ep)
        && beyond.is_some_and(|b| board.piece_at(b) == Some(pawn))
        && origin.is_some_and(|o| board.at(o).is_none())
        && (on_ep.is_none() || jumped)
        && beyond.is_some_and(|b| !game.pawns.promotion_squares(passer).contains(b))
        && !(jumped && origin.is_some_and(|o| jumped_as_rearmost_of_three(board, pawn, o)));
    if valid {
        Ok(())
    } else {
        Err(Error::fen(format!(
            "en-passant square {ep} does not follow a double step or jump of a {} pawn",
            passer.name()
        )))
    }
}

/// Whether a pawn that jumped from `origin` was the rearmost of three or more pawns like it on
/// its file, which may not jump: no such pawn stands behind `origin`, and three stand on the
/// file (a jump keeps the count).
fn jumped_as_rearmost_of_three(board: &Board, pawn: Piece, origin: Square) -> bool {
    let on_file: Vec<Square> = board
        .pieces(pawn.color, pawn.role)
        .squares()
        .filter(|s| s.file() == origin.file())
        .collect();
    let ahead = |s: &Square| (s.rank() as i8 - origin.rank() as i8) * pawn.color.forward() > 0;
    on_file.len() >= 3 && on_file.iter().all(ahead)
}
