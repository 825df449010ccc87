//! Layer 9: the wasm boundary. Every `#[wasm_bindgen]` export lives here; everything below it
//! is plain Rust. Errors cross as JS `Error` objects with a stable `code` property.

use crate::error::{Error, ErrorCode};
use crate::game::{Game as EngineGame, RecordEntry};
use crate::rules::{Action, Outcome, Promotion};
use crate::variants::NAMES;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** An error thrown by the engine: a JS `Error` with a stable `code`. */
export interface EngineError extends Error {
    code: "unknown_variant" | "bad_option" | "bad_fen" | "bad_action" | "illegal_action"
        | "game_over" | "nothing_to_undo" | "bad_request";
}
/** Variant options, e.g. `{sequence: "knighted"}` or `{setup: "reverse", castling: true}`. */
export type GameOptions = Record<string, string | number | boolean>;
/** A legal action: its machine string, squares (null for keywords), promotion letter, notation. */
export interface ActionInfo {
    action: string;
    from: string | null;
    to: string | null;
    promotion: string | null;
    notation: string;
}
/** A piece that changed type as an effect of an action (FEN letters). */
export interface PromotionInfo { square: string; from: string; to: string; }
/** Whether the game is over, who won and why. */
export interface Status {
    state: "ongoing" | "white wins" | "black wins" | "draw";
    winner: "white" | "black" | null;
    reason: string | null;
}
/** A played action as the record keeps it. */
export interface RecordInfo { action: string; notation: string; promotions: PromotionInfo[]; }
/** The result of `play`. */
export interface Played extends RecordInfo { fen: string; status: Status; }
/** The board: size, missing squares and pieces (FEN letters, `?` for a hidden piece). */
export interface BoardInfo {
    files: number;
    ranks: number;
    holes: string[];
    pieces: { square: string; piece: string }[];
}
"#;

/// Turns an engine error into a JS `Error` with `code` and `message`.
fn js_error(error: Error) -> JsValue {
    let js = js_sys::Error::new(&error.message);
    // Setting a property on a fresh Error object cannot fail; ignore the impossible case.
    let _ = js_sys::Reflect::set(&js, &"code".into(), &error.code.as_str().into());
    js.into()
}

/// Serialises a value for JS, with `None` as `null`.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    value
        .serialize(&serializer)
        .map_err(|e| js_error(Error::new(ErrorCode::BadRequest, e.to_string())))
}

#[derive(Serialize)]
struct ActionView {
    action: String,
    from: Option<String>,
    to: Option<String>,
    promotion: Option<String>,
    notation: String,
}

#[derive(Serialize)]
struct StatusView {
    state: &'static str,
    winner: Option<&'static str>,
    reason: Option<&'static str>,
}

#[derive(Serialize)]
struct PromotionView {
    square: String,
    from: String,
    to: String,
}

#[derive(Serialize)]
struct PlayedView {
    action: String,
    notation: String,
    promotions: Vec<PromotionView>,
    fen: String,
    status: StatusView,
}

#[derive(Serialize)]
struct RecordView {
    action: String,
    notation: String,
    promotions: Vec<PromotionView>,
}

#[derive(Serialize)]
struct PieceView {
    square: String,
    piece: String,
}

#[derive(Serialize)]
struct BoardView {
    files: u8,
    ranks: u8,
    holes: Vec<String>,
    pieces: Vec<PieceView>,
}

fn status_view(outcome: Option<Outcome>) -> StatusView {
    match outcome {
        None => StatusView {
            state: "ongoing",
            winner: None,
            reason: None,
        },
        Some(Outcome::Win { winner, reason }) => StatusView {
            state: match winner {
                crate::movement::Color::White => "white wins",
                crate::movement::Color::Black => "black wins",
            },
            winner: Some(winner.name()),
            reason: Some(reason),
        },
        Some(Outcome::Draw { reason }) => StatusView {
            state: "draw",
            winner: None,
            reason: Some(reason),
        },
    }
}

fn record_view(armory: &crate::movement::Armory, entry: &RecordEntry) -> RecordView {
    RecordView {
        action: entry.machine.clone(),
        notation: entry.notation.clone(),
        promotions: promotion_views(armory, &entry.promotions),
    }
}

/// Effects of an action as `{square, from, to}` with FEN letters (their case gives the colour).
fn promotion_views(
    armory: &crate::movement::Armory,
    promotions: &[Promotion],
) -> Vec<PromotionView> {
    promotions
        .iter()
        .map(|p| PromotionView {
            square: p.square.to_string(),
            from: armory.fen_char(p.from).to_string(),
            to: armory.fen_char(p.to).to_string(),
        })
        .collect()
}

/// Reads an options object (`{sequence: "knighted"}`) into key/value pairs; `null` and
/// `undefined` mean no options.
fn read_options(options: &JsValue) -> Result<Vec<(String, String)>, JsValue> {
    if options.is_null() || options.is_undefined() {
        return Ok(Vec::new());
    }
    if !options.is_object() || js_sys::Array::is_array(options) {
        return Err(js_error(Error::new(
            ErrorCode::BadOption,
            "options must be an object such as {castling: true}, or null",
        )));
    }
    let mut pairs = Vec::new();
    for entry in js_sys::Object::entries(options.unchecked_ref()).iter() {
        let entry: js_sys::Array = entry.unchecked_into();
        let key = entry.get(0).as_string().unwrap_or_default();
        let value = entry.get(1);
        let text = if let Some(s) = value.as_string() {
            s
        } else if let Some(b) = value.as_bool() {
            b.to_string()
        } else if let Some(n) = value.as_f64() {
            n.to_string()
        } else {
            return Err(js_error(Error::new(
                ErrorCode::BadOption,
                format!("option '{key}' must be a string, number or boolean"),
            )));
        };
        pairs.push((key, text));
    }
    Ok(pairs)
}

/// The names of all variants, in display order.
#[wasm_bindgen]
pub fn variants() -> Vec<String> {
    NAMES.iter().map(|n| n.to_string()).collect()
}

/// A game of one variant: legal actions, playing, undo, position strings and status.
#[wasm_bindgen]
pub struct Game {
    inner: EngineGame,
}

#[wasm_bindgen]
impl Game {
    /// `new Game(variant, options?, fen?)`: throws `unknown_variant`, `bad_option` or `bad_fen`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        variant: &str,
        #[wasm_bindgen(unchecked_param_type = "GameOptions | null | undefined")] options: JsValue,
        fen: Option<String>,
    ) -> Result<Game, JsValue> {
        let options = read_options(&options)?;
        let inner = EngineGame::new(variant, &options, fen.as_deref()).map_err(js_error)?;
        Ok(Game { inner })
    }

    /// The variant's name.
    pub fn variant(&self) -> String {
        self.inner.variant().name().to_string()
    }

    /// `'white'` or `'black'`: whose decision it is.
    pub fn turn(&self) -> String {
        self.inner.position().turn().name().to_string()
    }

    /// The board: `{files, ranks, holes, pieces: [{square, piece}]}`.
    #[wasm_bindgen(unchecked_return_type = "BoardInfo")]
    pub fn board(&self) -> Result<JsValue, JsValue> {
        let armory = self.inner.variant().armory();
        let shape = armory.shape();
        let board = self.inner.position().board();
        let pieces = board
            .occupied()
            .squares()
            .filter_map(|sq| {
                let letter = match board.at(sq)? {
                    crate::position::Occupant::Piece(p) => armory.fen_char(p),
                    crate::position::Occupant::Hidden => '?',
                };
                Some(PieceView {
                    square: sq.to_string(),
                    piece: letter.to_string(),
                })
            })
            .collect();
        to_js(&BoardView {
            files: shape.files,
            ranks: shape.ranks,
            holes: shape.holes().squares().map(|s| s.to_string()).collect(),
            pieces,
        })
    }

    /// The legal actions: `[{action, from, to, promotion, notation}]`.
    #[wasm_bindgen(js_name = legalActions, unchecked_return_type = "ActionInfo[]")]
    pub fn legal_actions(&self) -> Result<JsValue, JsValue> {
        let armory = self.inner.variant().armory();
        let views: Vec<ActionView> = self
            .inner
            .describe_legal()
            .into_iter()
            .map(|info| {
                let squares = info.action.has_squares();
                ActionView {
                    from: squares.then(|| info.action.from.to_string()),
                    to: squares.then(|| info.action.to.to_string()),
                    promotion: promotion_letter(armory, &info.action),
                    action: info.machine,
                    notation: info.notation,
                }
            })
            .collect();
        to_js(&views)
    }

    /// Plays an action given as a machine string or in notation; returns
    /// `{action, notation, promotions: [{square, from, to}], fen, status}`. A rejected action leaves the game unchanged.
    #[wasm_bindgen(unchecked_return_type = "Played")]
    pub fn play(&mut self, action: &str) -> Result<JsValue, JsValue> {
        let entry = self.inner.play(action).map_err(js_error)?.clone();
        let armory = self.inner.variant().armory();
        to_js(&PlayedView {
            promotions: promotion_views(armory, &entry.promotions),
            action: entry.machine,
            notation: entry.notation,
            fen: self.inner.fen(),
            status: status_view(self.inner.outcome()),
        })
    }

    /// Takes back the last action and returns it as `{action, notation, promotions}`.
    #[wasm_bindgen(unchecked_return_type = "RecordInfo")]
    pub fn undo(&mut self) -> Result<JsValue, JsValue> {
        let entry = self.inner.undo().map_err(js_error)?;
        to_js(&record_view(self.inner.variant().armory(), &entry))
    }

    /// The current position string.
    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// Starts again from a position string; throws `bad_fen` and keeps the game on error.
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(&mut self, fen: &str) -> Result<(), JsValue> {
        self.inner.set_fen(fen).map_err(js_error)
    }

    /// `{state, winner, reason}`; state is `ongoing`, `white wins`, `black wins` or `draw`.
    #[wasm_bindgen(unchecked_return_type = "Status")]
    pub fn status(&self) -> Result<JsValue, JsValue> {
        to_js(&status_view(self.inner.outcome()))
    }

    /// The actions played: `[{action, notation, promotions}]`.
    #[wasm_bindgen(unchecked_return_type = "RecordInfo[]")]
    pub fn history(&self) -> Result<JsValue, JsValue> {
        let armory = self.inner.variant().armory();
        let views: Vec<RecordView> = self
            .inner
            .history()
            .iter()
            .map(|e| record_view(armory, e))
            .collect();
        to_js(&views)
    }

    /// Number of action sequences of length `depth` from the current position.
    pub fn perft(&self, depth: u32) -> f64 {
        self.inner.perft(depth) as f64
    }
}

fn promotion_letter(armory: &crate::movement::Armory, action: &Action) -> Option<String> {
    action
        .promotion
        .map(|role| armory.def(role).letter.to_ascii_lowercase().to_string())
}
