//! NAChT Schach: 8x7, pawns that step once and promote only to captured pieces, kings that may
//! never face each other, no position repeated by the same player, and no legal move loses.

use super::chess::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::error::{Error, ErrorCode, Result};
use crate::geometry::{Bitboard, Shape, Square};
use crate::movement::{pieces, Armory, Atom, Color, Piece, Role, MAX_ROLES};
use crate::position::{
    resolve_castling, write_fen, CastlingStyle, Occupant, Pockets, Position, Setup,
};
use crate::rules::castling::{castling_actions, update_rights, CastlingGeometry};
use crate::rules::movegen::{piece_moves, targets, ActionSink, Collect, PawnMasks};
use crate::rules::safety::KingSafety;
use crate::rules::validation::{not_in_check_out_of_turn, one_king_each, plain_setup};
use crate::rules::{Action, ActionKind, EvalTerms, Outcome, Variant};

/// Each side's start army of pieces that can return by promotion: Q, R, R, B, B, N, N.
const ARMY: [(Role, u8); 4] = [(QUEEN, 1), (ROOK, 2), (BISHOP, 2), (KNIGHT, 2)];

/// The two start positions (without castling rights).
const SETUPS: [(&str, &str); 2] = [
    ("traditional", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR"),
    ("reverse", "rnbkqbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR"),
];

/// NAChT Schach with its options.
pub struct Nacht {
    armory: Armory,
    /// The same pieces, but the king also "attacks" along ranks and files: a king that sees the
    /// enemy king there is as unsafe as one in check, which gives the facing rule and its pins.
    facing_armory: Armory,
    pawn_masks: PawnMasks,
    start_board: &'static str,
    castling: bool,
    fifty: bool,
}

impl Nacht {
    /// The variant with `setup=traditional|reverse`, `castling=true|false`, `fifty=true|false`.
    pub fn from_options(options: &[(&str, &str)]) -> Result<Nacht> {
        let mut start_board = SETUPS[0].1;
        let (mut castling, mut fifty) = (false, false);
        for &(key, value) in options {
            let flag = || match value {
                "true" | "on" | "1" => Ok(true),
                "false" | "off" | "0" => Ok(false),
                _ => Err(Error::new(
                    ErrorCode::BadOption,
                    format!("option '{key}' takes true or false, not '{value}'"),
                )),
            };
            match key {
                "setup" => {
                    start_board = SETUPS
                        .iter()
                        .find(|(name, _)| *name == value)
                        .map(|(_, board)| *board)
                        .ok_or_else(|| {
                            Error::new(
                                ErrorCode::BadOption,
                                format!("unknown setup '{value}'; setups: traditional, reverse"),
                            )
                        })?
                }
                "castling" => castling = flag()?,
                "fifty" => fifty = flag()?,
                _ => {
                    return Err(Error::new(
                        ErrorCode::BadOption,
                        format!(
                            "unknown option '{key}' for nacht; it takes setup, castling and fifty"
                        ),
                    ))
                }
            }
        }
        let defs = pieces::fide();
        let mut facing = defs.clone();
        facing[KING.index()]
            .atoms
            .push(Atom::ride(1, 0).capture_only());
        let shape = Shape::rectangle(8, 7);
        Ok(Nacht {
            armory: Armory::new(shape, defs),
            facing_armory: Armory::new(shape, facing),
            pawn_masks: PawnMasks::new(&shape, None, [6, 0]),
            start_board,
            castling,
            fifty,
        })
    }

    fn king_square(position: &Position, color: Color) -> Option<Square> {
        position.board().pieces(color, KING).first()
    }

    /// What `color` may promote to now: the types with a piece in its pool.
    fn promotions(position: &Position, color: Color) -> Vec<Role> {
        let Some(pool) = position.pockets() else {
            return Vec::new();
        };
        ARMY.iter()
            .map(|&(role, _)| role)
            .filter(|role| pool[color.index()][role.index()] > 0)
            .collect()
    }

    /// The pool a position string without brackets means: the start army less the board.
    fn default_pool(position: &Position) -> Pockets {
        let mut pool: Pockets = [[0; MAX_ROLES]; 2];
        for color in Color::ALL {
            for (role, count) in ARMY {
                let on_board = position.board().pieces(color, role).count() as u8;
                pool[color.index()][role.index()] = count.saturating_sub(on_board);
            }
        }
        pool
    }

    /// How many pieces of `role` each side starts with.
    fn start_count(&self, role: Role) -> u32 {
        let letter = self.armory.def(role).letter;
        self.start_board.chars().filter(|&c| c == letter).count() as u32
    }

    /// Refuses a pool with a king or a pawn in it: it holds captured pieces that a pawn can
    /// promote to, and only the pieces of `ARMY` can be captured and come back.
    fn check_pool(&self, pool: &Pockets) -> Result<()> {
        for color in Color::ALL {
            for (index, def) in self.armory.defs().iter().enumerate() {
                let role = Role(index as u8);
                if pool[color.index()][index] > 0 && !ARMY.iter().any(|&(r, _)| r == role) {
                    return Err(Error::fen(format!(
                        "the pool holds a {} {}, but a pool holds only captured pieces a pawn \
                         may promote to (queen, rook, bishop, knight)",
                        color.name(),
                        def.name
                    )));
                }
            }
        }
        Ok(())
    }

    /// Refuses more pieces of a type, on the board and in the pool together, than the side
    /// started with: a capture moves a piece from the board to the pool, a promotion from the
    /// pool back to the board, so no type ever grows (docs/RULINGS.md). Pawns only decrease.
    fn check_army(&self, position: &Position, pool: Option<&Pockets>) -> Result<()> {
        let types = ARMY.iter().map(|&(role, _)| role).chain([PAWN]);
        for color in Color::ALL {
            for role in types.clone() {
                let on_board = position.board().pieces(color, role).count();
                let pooled = pool.map_or(0, |p| u32::from(p[color.index()][role.index()]));
                let had = self.start_count(role);
                if on_board + pooled > had {
                    let name = self.armory.def(role).name;
                    return Err(Error::fen(format!(
                        "{} has {} {name}s on the board and in the pool ({on_board} + {pooled}), \
                         but its army had {had}, and a pawn promotes only to a captured piece",
                        color.name(),
                        on_board + pooled,
                    )));
                }
            }
        }
        Ok(())
    }

    /// Whether the kings stand on one rank or file with nothing between them.
    fn kings_face(&self, position: &Position) -> bool {
        let board = position.board();
        let (Some(white), Some(black)) = (
            Nacht::king_square(position, Color::White),
            Nacht::king_square(position, Color::Black),
        ) else {
            return false;
        };
        let sees = self.facing_armory.attackers(
            white,
            Color::Black,
            board.occupied(),
            board.role_sets(),
            board.side(Color::Black),
        );
        sees.contains(black)
    }

    /// The legal actions, before the repetition ban.
    fn generate_at(&self, position: &Position, sink: &mut Collect<'_>) {
        let board = position.board();
        let us = position.turn();
        let king = Nacht::king_square(position, us);
        let threats = KingSafety::threats(&self.facing_armory, board, us);
        let safety = KingSafety::new(&threats, board, us, king);
        if !safety.only_king_moves() {
            let officers = [KNIGHT, BISHOP, ROOK, QUEEN];
            piece_moves(
                &self.armory,
                board,
                &safety,
                us,
                officers,
                Bitboard::ALL,
                sink,
            );
            let promotions = Nacht::promotions(position, us);
            let pawns = board.pieces(us, PAWN);
            let free = safety.free(pawns);
            self.pawn_masks
                .free_pawn_moves(board, us, free, &promotions, sink);
            for from in pawns & !free {
                let pawn = Piece {
                    color: us,
                    role: PAWN,
                };
                let (captures, quiets) = targets(&self.armory, board, pawn, from);
                self.pawn_masks.checked_moves(
                    board,
                    &safety,
                    from,
                    captures | quiets,
                    &promotions,
                    sink,
                );
            }
        }
        if let Some(from) = king {
            let (captures, quiets) = targets(
                &self.armory,
                board,
                Piece {
                    color: us,
                    role: KING,
                },
                from,
            );
            safety.keep_safe(board, from, captures | quiets, true, sink);
        }
        if self.castling {
            // Castling is judged by real attacks (passing a square the enemy king faces is no
            // crime); only the end position may not have the kings facing.
            let real_threats = KingSafety::threats(&self.armory, board, us);
            let real = KingSafety::new(&real_threats, board, us, king);
            let mut castles = Vec::new();
            castling_actions(
                &self.armory,
                position,
                &real,
                CastlingGeometry::FideFiles,
                &mut castles,
            );
            for action in castles {
                let mut after = *position;
                self.play(&mut after, &action);
                if !self.kings_face(&after) {
                    sink.action(action);
                }
            }
        }
    }

    /// Hashes of the positions the side to move produced with its earlier moves, as far back
    /// as one could recur (no capture, pawn move or promotion since).
    fn banned(line: &[Position]) -> Vec<u64> {
        let Some(current) = line.last() else {
            return Vec::new();
        };
        let mover = current.turn();
        let reach = (current.halfmove_clock as usize).min(line.len() - 1);
        let first = line.len() - 1 - reach;
        line.iter()
            .enumerate()
            .skip(first.max(1))
            .filter(|(_, p)| p.turn() != mover)
            .map(|(_, p)| p.hash())
            .collect()
    }

    /// The actions generated at `position` but those the repetition ban forbids (`banned`):
    /// in place in a list, and a count needs the list first. Out of line: the ban is rare,
    /// and the generator's fast path stays small.
    #[inline(never)]
    fn generate_unbanned(&self, position: &Position, banned: &[u64], sink: &mut Collect<'_>) {
        let mut counted = Vec::new();
        let (out, start) = match sink {
            Collect::List(out) => {
                let start = out.len();
                (&mut **out, start)
            }
            Collect::Count(_) => (&mut counted, 0),
        };
        self.generate_at(position, &mut Collect::List(out));
        let mut kept = start;
        for i in start..out.len() {
            let action = out[i];
            if !self.is_banned(position, &action, banned) {
                out[kept] = action;
                kept += 1;
            }
        }
        out.truncate(kept);
        if let Collect::Count(count) = sink {
            *count += counted.len();
        }
    }

    /// Whether `action` would produce one of the `banned` positions.
    fn is_banned(&self, position: &Position, action: &Action, banned: &[u64]) -> bool {
        let board = position.board();
        // Captures and pawn moves change the position for good: never a repetition.
        let irreversible = board.occupied().contains(action.to)
            || board.piece_at(action.from).is_some_and(|p| p.role == PAWN);
        if irreversible {
            return false;
        }
        let mut after = *position;
        self.play(&mut after, action);
        banned.contains(&after.hash())
    }
}

impl Variant for Nacht {
    fn name(&self) -> &'static str {
        "nacht"
    }

    fn title(&self) -> &'static str {
        "NAChT Schach"
    }

    /// Having no legal move loses, so every open square of every piece but the pawns counts,
    /// half again as much as the Quintessence's lines count in Quintessential Chess.
    fn eval_terms(&self) -> EvalTerms {
        let mut open_squares = Vec::new();
        for (index, def) in (0u8..).zip(self.armory.defs()) {
            if !def.pawn {
                open_squares.push((Role(index), 6));
            }
        }
        EvalTerms {
            open_squares,
            zugzwang: true,
            ..EvalTerms::default()
        }
    }

    fn armory(&self) -> &Armory {
        &self.armory
    }

    fn start_fen(&self) -> String {
        let rights = if self.castling { "KQkq" } else { "-" };
        format!("{} w {rights} - 0 1", self.start_board)
    }

    fn position(&self, setup: Setup) -> Result<Position> {
        plain_setup(&setup, "NAChT Schach")?;
        if let Some(ep) = setup.en_passant {
            return Err(Error::fen(format!(
                "NAChT Schach has no en passant, but the position names {ep}"
            )));
        }
        if !self.castling && !setup.castling.is_empty() {
            return Err(Error::fen(format!(
                "castling field '{}' but castling is off (option castling=true turns it on)",
                setup.castling
            )));
        }
        let mut position = setup.place();
        one_king_each(&position, KING)?;
        for color in Color::ALL {
            let own_first = if color == Color::White { 0 } else { 6 };
            let pawns = position.board().pieces(color, PAWN);
            if let Some(sq) = pawns.squares().find(|s| s.rank() == 0 || s.rank() == 6) {
                let why = if sq.rank() == own_first {
                    "its own first rank"
                } else {
                    "the last rank without promoting"
                };
                return Err(Error::fen(format!(
                    "a {} pawn cannot stand on {sq}, {why}",
                    color.name()
                )));
            }
        }
        match &setup.pockets {
            Some(pool) => self.check_pool(pool)?,
            None => position.set_pockets(Some(Nacht::default_pool(&position))),
        }
        self.check_army(&position, setup.pockets.as_ref())?;
        let rights = resolve_castling(&setup.castling, &position, &self.armory, KING, ROOK)?;
        for partner in rights {
            let home = partner.rank();
            let color = position.board().piece_at(partner).map(|p| p.color);
            let king_home = color
                .and_then(|c| Nacht::king_square(&position, c))
                .map(|k| k.rank());
            let expected = if color == Some(Color::White) { 0 } else { 6 };
            if home != expected || king_home != Some(expected) {
                return Err(Error::fen(format!(
                    "castling right with the rook on {partner}, but king and rook are not on their first rank"
                )));
            }
        }
        position.set_castling(rights);
        if self.kings_face(&position) {
            return Err(Error::fen(
                "the kings face each other with nothing between them",
            ));
        }
        not_in_check_out_of_turn(&self.armory, &position, KING)?;
        Ok(position)
    }

    fn fen(&self, position: &Position) -> String {
        // The pool is written unless it is empty and an unbracketed string means the same.
        let empty = |pool: &Pockets| pool.iter().all(|side| side.iter().all(|&n| n == 0));
        let omit = position
            .pockets()
            .is_none_or(|pool| empty(pool) && empty(&Nacht::default_pool(position)));
        if omit {
            let mut bare = *position;
            bare.set_pockets(None);
            write_fen(&bare, &self.armory, CastlingStyle::KingQueen, KING)
        } else {
            write_fen(position, &self.armory, CastlingStyle::KingQueen, KING)
        }
    }

    fn generate(&self, line: &[Position], sink: &mut Collect<'_>) {
        let Some(position) = line.last() else { return };
        let banned = Nacht::banned(line);
        if banned.is_empty() {
            self.generate_at(position, sink);
        } else {
            self.generate_unbanned(position, &banned, sink);
        }
    }

    fn play(&self, position: &mut Position, action: &Action) {
        let us = position.turn();
        let Some(Occupant::Piece(moving)) = position.take(action.from) else {
            return;
        };
        update_rights(position, us, action.from, action.to, moving.role == KING);
        let captured = position.take(action.to);
        let mut pool = position.pockets().copied().unwrap_or([[0; MAX_ROLES]; 2]);
        let mut pool_changed = action.promotion.is_some();
        if let Some(Occupant::Piece(victim)) = captured {
            if victim.role != PAWN {
                // A captured piece waits in its owner's pool to come back by promotion.
                pool[victim.color.index()][victim.role.index()] += 1;
                pool_changed = true;
            }
        }
        if let ActionKind::Castle {
            partner_from,
            partner_to,
        } = action.kind
        {
            if let Some(Occupant::Piece(partner)) = position.take(partner_from) {
                position.put(partner_to, partner);
            }
        }
        let landing = match action.promotion {
            Some(role) => {
                let slot = &mut pool[us.index()][role.index()];
                *slot = slot.saturating_sub(1);
                Piece { color: us, role }
            }
            None => moving,
        };
        position.put(action.to, landing);
        // Rehashing the pool is a tenth of the search's time: only when it changed.
        if pool_changed {
            position.set_pockets(Some(pool));
        }
        position.end_turn(captured.is_some() || moving.role == PAWN);
    }

    fn refused_actions(&self, line: &[Position]) -> Vec<(Action, &'static str)> {
        let Some(position) = line.last() else {
            return Vec::new();
        };
        let banned = Nacht::banned(line);
        if banned.is_empty() {
            return Vec::new();
        }
        let mut all = Vec::new();
        self.generate_at(position, &mut Collect::List(&mut all));
        all.into_iter()
            .filter(|a| self.is_banned(position, a, &banned))
            .map(|a| {
                (
                    a,
                    "it would repeat a position the same player made before (the repetition ban)",
                )
            })
            .collect()
    }

    fn outcome_knowing(&self, line: &[Position], has_action: bool) -> Option<Outcome> {
        let position = line.last()?;
        if !has_action {
            let mut unbanned = Collect::Count(0);
            self.generate_at(position, &mut unbanned);
            let reason = if unbanned.counted() > 0 {
                "repetition ban"
            } else if self.in_check(position) {
                "checkmate"
            } else {
                "stalemate"
            };
            return Some(Outcome::Win {
                winner: !position.turn(),
                reason,
            });
        }
        if self.fifty && position.halfmove_clock >= 100 {
            return Some(Outcome::Draw {
                reason: "fifty-move rule",
            });
        }
        None
    }

    fn in_check(&self, position: &Position) -> bool {
        KingSafety::king_attacked(&self.armory, position, KING)
    }
}
