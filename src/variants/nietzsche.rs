//! Nietzsche Chess: after every move, each piece of the mover left en prise is promoted one step
//! along a promotion sequence.

use super::chess::{Chess, KING, PAWN};
use crate::error::{Error, ErrorCode, Result};
use crate::geometry::{Bitboard, Square};
use crate::movement::pieces::{
    ACE, ACME, ARROW, CALIPH, CAMEL, CANNON, CANVASSER, CARDINAL, CHATELAINE, DABBABA, ELEPHANT,
    FAGIN, FERZ, GNU, GOLD, HELM, INFANON, INQUION, MARSHAL, PICKET, POCKET, PRIMATE, PRINCE,
    SAINT, SILVER, SPARROW, TANK, WAZIR, WING,
};
use crate::movement::{Armory, Piece, PieceData, Role};
use crate::position::{Position, Setup};
use crate::rules::movegen::Collect;
use crate::rules::{Action, EvalTerms, Outcome, Promotion, Variant};

/// A promotion sequence: its option name (RULES.md's), the piece types it adds to the FIDE set,
/// and the letters of its types in order, the pawn first; the last one stays. A letter names
/// one type within a sequence (but may name another in another sequence). Another sequence is
/// one more entry here (and its pieces' data in `pieces`).
struct Sequence {
    name: &'static str,
    extra: &'static [&'static PieceData],
    letters: &'static str,
}

/// The fourteen sequences of the rule page, in its order.
const SEQUENCES: [Sequence; 14] = [
    Sequence {
        name: "fast",
        extra: &[],
        letters: "PNBRQ",
    },
    Sequence {
        name: "crowned",
        extra: &[&CAMEL, &PRINCE, &PRIMATE, &CHATELAINE],
        letters: "PCNIBHRDQ",
    },
    Sequence {
        name: "timur",
        extra: &[&CAMEL, &PICKET, &POCKET, &FAGIN],
        letters: "PCNJBURFQ",
    },
    Sequence {
        name: "eurasian",
        extra: &[&CAMEL, &ARROW, &CANNON, &TANK],
        letters: "PCNVBORTQ",
    },
    Sequence {
        name: "mixed-timur",
        extra: &[&CAMEL, &PICKET, &POCKET, &FAGIN, &INQUION, &INFANON],
        letters: "PCNJBURFIOQ",
    },
    Sequence {
        name: "mixed-eurasian",
        extra: &[&CAMEL, &ARROW, &CANNON, &TANK, &SAINT, &SPARROW],
        letters: "PCNVBORTSWQ",
    },
    Sequence {
        name: "knighted",
        extra: &[&CARDINAL, &MARSHAL, &ACE],
        letters: "PNBARMQX",
    },
    Sequence {
        name: "long-crowned",
        extra: &[
            &CAMEL,
            &PRINCE,
            &PRIMATE,
            &CALIPH,
            &CARDINAL,
            &CHATELAINE,
            &CANVASSER,
            &MARSHAL,
            &ACME,
            &ACE,
        ],
        letters: "PCNIBHYARDZMQEX",
    },
    Sequence {
        name: "long-timur",
        extra: &[
            &CAMEL, &PICKET, &POCKET, &CALIPH, &CARDINAL, &FAGIN, &CANVASSER, &MARSHAL, &ACME, &ACE,
        ],
        letters: "PCNJBUYARFZMQEX",
    },
    Sequence {
        name: "long-eurasian",
        extra: &[
            &CAMEL, &ARROW, &CANNON, &CALIPH, &CARDINAL, &TANK, &CANVASSER, &MARSHAL, &ACME, &ACE,
        ],
        letters: "PCNVBOYARTZMQEX",
    },
    Sequence {
        name: "ecumenical",
        extra: &[&CAMEL, &CALIPH, &GNU, &CARDINAL, &CANVASSER, &MARSHAL],
        letters: "PCNBYWARZMQ",
    },
    Sequence {
        name: "wildeurasian",
        extra: &[&CAMEL, &ARROW, &GNU, &CANNON, &TANK],
        letters: "PCNVBWORTQ",
    },
    Sequence {
        name: "shogi",
        extra: &[&HELM, &WING, &SILVER, &GOLD, &PRIMATE, &CHATELAINE],
        letters: "PELSGNBHRDQ",
    },
    Sequence {
        name: "courier",
        extra: &[&ELEPHANT, &DABBABA, &FERZ, &WAZIR, &CAMEL, &PRINCE],
        letters: "PEDFWCNIBRQ",
    },
];

/// A refused option: `problem`, then the sequences there are.
#[inline(never)]
fn bad_option(problem: String) -> Error {
    let mut message = problem + "; sequences: ";
    for (i, sequence) in SEQUENCES.iter().enumerate() {
        if i > 0 {
            message.push_str(", ");
        }
        message.push_str(sequence.name);
    }
    Error::new(ErrorCode::BadOption, message)
}

/// Nietzsche Chess with one promotion sequence.
pub struct Nietzsche {
    chess: Chess,
    /// For each role, the role it is promoted to when en prise (itself for the last type, none
    /// for the king).
    next: Vec<Option<Role>>,
}

impl Nietzsche {
    /// The variant with the sequence named by the `sequence` option (`fast` by default).
    pub fn from_options(options: &[(&str, &str)]) -> Result<Nietzsche> {
        let mut name = "fast";
        for &(key, value) in options {
            if key != "sequence" {
                return Err(bad_option(format!(
                    "unknown option '{key}' for nietzsche; it takes sequence"
                )));
            }
            name = value;
        }
        let sequence = SEQUENCES
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| bad_option(format!("unknown sequence '{name}'")))?;
        let chess = Chess::with_extra_pieces(sequence.extra.iter().map(|p| p.def()).collect());
        let armory = chess.armory();
        let roles: Vec<Role> = sequence
            .letters
            .chars()
            .filter_map(|c| armory.role_of_letter(c))
            .collect();
        let mut next = vec![None; armory.defs().len()];
        for (i, &role) in roles.iter().enumerate() {
            next[role.index()] = Some(*roles.get(i + 1).unwrap_or(&role));
        }
        Ok(Nietzsche { chess, next })
    }

    /// The option names of every sequence, in the rule page's order.
    pub fn sequences() -> impl Iterator<Item = &'static str> {
        SEQUENCES.iter().map(|s| s.name)
    }

    /// The en-prise promotions after the mover's `action` has been played on `position` (whose
    /// side to move is now the opponent), judged all at once on that position.
    fn en_prise(&self, position: &Position, action: &Action) -> Vec<Promotion> {
        let armory = self.chess.armory();
        let board = position.board();
        let mover = !position.turn();
        let occupied = board.occupied();
        // Every square the enemy attacks, its king's apart: one pass over the enemy's pieces
        // rather than an attackers question per piece (a third of the search's time).
        let enemy_king = board.pieces(!mover, KING);
        let mut by_others = Bitboard::EMPTY;
        for sq in board.side(!mover) & !enemy_king {
            if let Some(piece) = board.piece_at(sq) {
                by_others |= armory.attacks(piece, sq, occupied);
            }
        }
        let mut by_king = Bitboard::EMPTY;
        for sq in enemy_king {
            by_king |= armory.attacks(
                Piece {
                    color: !mover,
                    role: KING,
                },
                sq,
                occupied,
            );
        }
        let mut out = Vec::new();
        for sq in board.side(mover) & (by_others | by_king) {
            let Some(piece) = board.piece_at(sq) else {
                continue;
            };
            let Some(next) = self.next[piece.role.index()] else {
                continue;
            };
            if next == piece.role || (sq == action.to && action.promotion.is_some()) {
                continue;
            }
            // A king is no real threat to a protected piece.
            let en_prise = by_others.contains(sq)
                || armory
                    .attackers(sq, mover, occupied, board.role_sets(), board.side(mover))
                    .is_empty();
            if en_prise {
                out.push(Promotion {
                    square: sq,
                    from: piece,
                    to: Piece {
                        color: mover,
                        role: next,
                    },
                });
            }
        }
        out
    }

    fn apply(position: &mut Position, promotions: &[Promotion]) {
        let mut rights = position.castling();
        for p in promotions {
            position.take(p.square);
            position.put(p.square, p.to);
            // A promoted rook is no rook: its castling right ends.
            rights = rights.without(p.square);
        }
        position.set_castling(rights);
        // En passant captures pawns only; a double-stepped pawn promoted away cancels it.
        if let Some(ep) = position.en_passant() {
            let passer = Square::new(
                ep.file(),
                (ep.rank() as i8 - position.turn().forward()) as u8,
            );
            let still_pawn = passer
                .and_then(|s| position.board().piece_at(s))
                .is_some_and(|p| p.role == PAWN);
            if !still_pawn {
                position.set_en_passant(None);
            }
        }
    }
}

impl Variant for Nietzsche {
    fn name(&self) -> &'static str {
        "nietzsche"
    }

    fn title(&self) -> &'static str {
        "Nietzsche Chess"
    }

    fn eval_terms(&self) -> EvalTerms {
        EvalTerms {
            en_prise_becomes: self.next.clone(),
            ..EvalTerms::default()
        }
    }

    fn armory(&self) -> &Armory {
        self.chess.armory()
    }

    fn start_fen(&self) -> String {
        self.chess.start_fen()
    }

    fn position(&self, setup: Setup) -> Result<Position> {
        self.chess.position(setup)
    }

    fn fen(&self, position: &Position) -> String {
        self.chess.fen(position)
    }

    fn generate(&self, line: &[Position], sink: &mut Collect<'_>) {
        self.chess.generate(line, sink);
    }

    /// Its moves are chess's (with its own pieces): chess's generator lists the captures and
    /// one piece's actions apart.
    fn captures_apart(&self) -> bool {
        self.chess.captures_apart()
    }

    fn legal_captures(&self, line: &[Position], out: &mut Vec<Action>) {
        self.chess.legal_captures(line, out);
    }

    fn legal_actions_from(&self, line: &[Position], from: Square, out: &mut Vec<Action>) -> bool {
        self.chess.legal_actions_from(line, from, out)
    }

    fn play(&self, position: &mut Position, action: &Action) {
        self.chess.play(position, action);
        let promotions = self.en_prise(position, action);
        Nietzsche::apply(position, &promotions);
    }

    fn outcome_knowing(&self, line: &[Position], has_action: bool) -> Option<Outcome> {
        let outcome = self.chess.outcome_knowing(line, has_action)?;
        // Any piece but a king can grow into a queen here, so only bare kings are dead.
        let position = line.last()?;
        let board = position.board();
        let bare_kings = (board.occupied() & !board.role(KING)).is_empty();
        match outcome {
            Outcome::Draw {
                reason: "insufficient material",
            } if !bare_kings => None,
            other => Some(other),
        }
    }

    fn in_check(&self, position: &Position) -> bool {
        self.chess.in_check(position)
    }

    fn promotions(&self, before: &Position, action: &Action) -> Vec<Promotion> {
        let mut after = *before;
        self.chess.play(&mut after, action);
        self.en_prise(&after, action)
    }
}
