//! What the exports return: plain serde structs that cross to JS as objects, with `None` as
//! `null`. Their TypeScript shapes are declared in `mod.rs`.

use crate::game::{ActionInfo, RecordEntry, Reveal, Turn};
use crate::geometry::{Bitboard, Square};
use crate::movement::{Armory, Color};
use crate::position::{Occupant, Position};
use crate::rules::{Action, DecisionPoint, Outcome, Promotion};
use serde::Serialize;

/// A legal action: `{action, from, to, promotion, notation}`.
#[derive(Serialize)]
pub struct ActionView {
    action: String,
    from: Option<String>,
    to: Option<String>,
    promotion: Option<String>,
    notation: String,
}

/// `{state, winner, reason}`.
#[derive(Serialize)]
pub struct StatusView {
    state: &'static str,
    winner: Option<&'static str>,
    reason: Option<&'static str>,
}

/// A piece that changed type: `{square, from, to}` with FEN letters.
#[derive(Serialize)]
pub struct PromotionView {
    square: String,
    from: String,
    to: String,
}

/// A hidden piece revealed by an entry: `{square, to, piece, color}`, `square` the one it came
/// from and `piece` its FEN letter.
#[derive(Serialize)]
pub struct RevealView {
    square: String,
    to: String,
    piece: String,
    color: &'static str,
}

impl RevealView {
    fn of(armory: &Armory, entry: &RecordEntry) -> Option<RevealView> {
        entry.reveal().map(|reveal| RevealView::new(armory, reveal))
    }

    pub fn new(armory: &Armory, reveal: Reveal) -> RevealView {
        RevealView {
            square: reveal.square.name(),
            to: reveal.to.name(),
            piece: armory.fen_char(reveal.piece).to_string(),
            color: reveal.piece.color.name(),
        }
    }
}

/// A played action as the record keeps it.
#[derive(Serialize)]
pub struct RecordView {
    action: String,
    notation: String,
    promotions: Vec<PromotionView>,
    squares: Vec<String>,
    reveal: Option<RevealView>,
}

/// A turn: `{color, notation, actions, squares}`.
#[derive(Serialize)]
pub struct TurnView {
    color: &'static str,
    notation: String,
    actions: Vec<String>,
    squares: Vec<String>,
}

impl TurnView {
    pub fn new(turn: &Turn, history: &[RecordEntry]) -> TurnView {
        TurnView {
            color: turn.color.name(),
            notation: turn.notation.clone(),
            actions: history
                .get(turn.actions.clone())
                .unwrap_or_default()
                .iter()
                .map(|e| e.machine.clone())
                .collect(),
            squares: names(turn.squares),
        }
    }
}

/// The names of `squares`, in order.
pub fn names(squares: Bitboard) -> Vec<String> {
    squares.squares().map(Square::name).collect()
}

/// Squares to mark: `{mark, squares}`.
#[derive(Serialize)]
pub struct MarkView {
    mark: &'static str,
    squares: Vec<String>,
}

/// An action without squares on offer: `{action, label}`.
#[derive(Serialize)]
pub struct ChoiceView {
    action: String,
    label: &'static str,
}

/// The next decision: `{kind, color, prompt, marks, options, select}`, as the variant
/// describes it.
#[derive(Serialize)]
pub struct DecisionView {
    kind: &'static str,
    color: Option<&'static str>,
    prompt: Option<String>,
    marks: Vec<MarkView>,
    options: Vec<ChoiceView>,
    select: Option<String>,
}

impl DecisionView {
    pub fn new(armory: &Armory, decision: DecisionPoint) -> DecisionView {
        DecisionView {
            kind: decision.kind,
            color: (!decision.is_over()).then(|| decision.color.name()),
            prompt: decision.prompt,
            marks: decision
                .marks
                .iter()
                .map(|m| MarkView {
                    mark: m.name,
                    squares: names(m.squares),
                })
                .collect(),
            options: decision
                .choices
                .iter()
                .map(|c| ChoiceView {
                    action: c.action.machine(armory),
                    label: c.label,
                })
                .collect(),
            select: decision.select.map(Square::name),
        }
    }
}

/// A piece type of the variant: `{letter, name}` (White's letter).
#[derive(Serialize)]
pub struct PieceTypeView {
    letter: char,
    name: &'static str,
}

impl PieceTypeView {
    /// Every piece type of `armory`, in its order.
    pub fn all(armory: &Armory) -> Vec<PieceTypeView> {
        armory
            .defs()
            .iter()
            .map(|def| PieceTypeView {
                letter: def.letter.to_ascii_uppercase(),
                name: def.name,
            })
            .collect()
    }
}

/// A variant described: `{name, title, hiddenIdentities}`.
#[derive(Serialize)]
pub struct VariantInfoView {
    pub name: &'static str,
    pub title: &'static str,
    #[serde(rename = "hiddenIdentities")]
    pub hidden_identities: bool,
}

/// A square and what stands there (a FEN letter).
#[derive(Serialize)]
pub struct PieceView {
    square: String,
    piece: String,
}

impl PieceView {
    pub fn new(square: crate::geometry::Square, piece: char) -> PieceView {
        PieceView {
            square: square.name(),
            piece: piece.to_string(),
        }
    }
}

/// `{commitment, wrongReveal}`.
#[derive(Serialize)]
pub struct VerdictView {
    commitment: bool,
    #[serde(rename = "wrongReveal")]
    wrong_reveal: Option<String>,
}

impl VerdictView {
    pub fn new(verdict: crate::referee::Verdict) -> VerdictView {
        VerdictView {
            commitment: verdict.commitment_matches,
            wrong_reveal: verdict.wrong_reveal,
        }
    }
}

/// The board: size, missing squares and pieces.
#[derive(Serialize)]
pub struct BoardView {
    files: u8,
    ranks: u8,
    holes: Vec<String>,
    pieces: Vec<PieceView>,
}

impl ActionView {
    pub fn new(armory: &Armory, info: ActionInfo) -> ActionView {
        let squares = info.action.has_squares();
        ActionView {
            from: squares.then(|| info.action.from.name()),
            to: squares.then(|| info.action.to.name()),
            promotion: promotion_letter(armory, &info.action),
            action: info.machine,
            notation: info.notation,
        }
    }
}

impl StatusView {
    pub fn new(outcome: Option<Outcome>) -> StatusView {
        match outcome {
            None => StatusView {
                state: "ongoing",
                winner: None,
                reason: None,
            },
            Some(Outcome::Win { winner, reason }) => StatusView {
                state: match winner {
                    Color::White => "white wins",
                    Color::Black => "black wins",
                },
                winner: Some(winner.name()),
                reason: Some(reason),
            },
            Some(Outcome::Draw { reason }) => StatusView {
                state: "draw",
                winner: None,
                reason: Some(reason),
            },
            Some(Outcome::Unfinished { reason }) => StatusView {
                state: "unfinished",
                winner: None,
                reason: Some(reason),
            },
        }
    }
}

impl RecordView {
    pub fn new(armory: &Armory, entry: &RecordEntry) -> RecordView {
        RecordView {
            action: entry.machine.clone(),
            notation: entry.notation.clone(),
            promotions: promotion_views(armory, &entry.promotions),
            squares: names(entry.squares),
            reveal: RevealView::of(armory, entry),
        }
    }
}

impl BoardView {
    pub fn new(armory: &Armory, position: &Position) -> BoardView {
        let shape = armory.shape();
        let board = position.board();
        let pieces = board
            .occupied()
            .squares()
            .filter_map(|sq| {
                let letter = match board.at(sq)? {
                    Occupant::Piece(p) => armory.fen_char(p),
                    Occupant::Hidden => '?',
                };
                Some(PieceView {
                    square: sq.name(),
                    piece: letter.to_string(),
                })
            })
            .collect();
        BoardView {
            files: shape.files,
            ranks: shape.ranks,
            holes: shape.holes().squares().map(Square::name).collect(),
            pieces,
        }
    }
}

/// Effects of an action as `{square, from, to}` with FEN letters (their case gives the colour).
fn promotion_views(armory: &Armory, promotions: &[Promotion]) -> Vec<PromotionView> {
    promotions
        .iter()
        .map(|p| PromotionView {
            square: p.square.name(),
            from: armory.fen_char(p.from).to_string(),
            to: armory.fen_char(p.to).to_string(),
        })
        .collect()
}

fn promotion_letter(armory: &Armory, action: &Action) -> Option<String> {
    action
        .promotion
        .map(|role| armory.def(role).letter.to_ascii_lowercase().to_string())
}

/// What `think` found: `{turn, best, score, depth, nodes, nps, ms, pv}`.
#[derive(Serialize)]
pub struct ThoughtView {
    /// The machine strings of the whole turn of the side to move.
    pub turn: Vec<String>,
    /// Its first action.
    pub best: String,
    /// `cp 35` or `mate 2`, for the side to move.
    pub score: String,
    /// The depth completed, in turns.
    pub depth: u32,
    /// Positions visited.
    pub nodes: f64,
    /// Nodes per second.
    pub nps: f64,
    /// Milliseconds taken.
    pub ms: f64,
    /// The principal variation, machine strings.
    pub pv: Vec<String>,
}

/// What rebuilds a game's public copy: `{variant, options, start, actions}`.
#[derive(Serialize)]
pub struct GameRecordView {
    pub variant: &'static str,
    pub options: OptionsView,
    pub start: String,
    pub end: Option<&'static str>,
    pub actions: Vec<String>,
}

/// Options as a plain object of strings, in the order given.
pub struct OptionsView(pub Vec<(String, String)>);

impl Serialize for OptionsView {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}
