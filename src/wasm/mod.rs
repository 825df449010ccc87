//! Layer 9: the wasm boundary. Every `#[wasm_bindgen]` export lives here; everything below it
//! is plain Rust. Errors cross as JS `Error` objects with a stable `code` property.
//!
//! No call from JavaScript may trap the module, since a trap kills it for the whole page. So
//! every export takes its arguments as `JsValue`s and checks them (`args`), nothing here
//! unwraps, and a refused call returns before it changes the game.

mod args;
mod views;

use crate::error::{Error, ErrorCode};
use crate::game::Game as EngineGame;
use crate::variants::NAMES;
use serde::Serialize;
use views::{ActionView, BoardView, DecisionView, PlayedView, RecordView, StatusView, TurnView};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** An error thrown by the engine: a JS `Error` with a stable `code`. */
export interface EngineError extends Error {
    code: "unknown_variant" | "bad_option" | "bad_fen" | "bad_action" | "illegal_action"
        | "game_over" | "nothing_to_undo" | "bad_request" | "bad_argument";
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
/** One turn of the record: who played it, its notation, and its actions' machine strings. */
export interface TurnInfo { color: "white" | "black"; notation: string; actions: string[]; }
/**
 * The decision the side to move faces: a move; Impulschach's shift direction, the pawn being
 * displaced (`pawn`), a Catalyst chain (`activated`: the activated pieces not yet moved);
 * Immortal Chess's entry; or none, the game being over (`color` null).
 */
export interface DecisionInfo {
    kind: "move" | "shift" | "displace" | "chain" | "entry" | "over";
    color: "white" | "black" | null;
    pawn: string | null;
    activated: string[];
}
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
    /// `new Game(variant, options?, fen?)`: throws `bad_argument`, `unknown_variant`,
    /// `bad_option` or `bad_fen`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] variant: JsValue,
        #[wasm_bindgen(unchecked_param_type = "GameOptions | null | undefined")] options: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null | undefined")] fen: JsValue,
    ) -> Result<Game, JsValue> {
        let variant = args::text(&variant, "new Game: variant").map_err(js_error)?;
        let options = args::options(&options).map_err(js_error)?;
        let fen = args::optional_text(&fen, "new Game: fen").map_err(js_error)?;
        let inner = EngineGame::new(&variant, &options, fen.as_deref()).map_err(js_error)?;
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
        to_js(&BoardView::new(
            self.inner.variant().armory(),
            self.inner.position(),
        ))
    }

    /// The legal actions: `[{action, from, to, promotion, notation}]`.
    #[wasm_bindgen(js_name = legalActions, unchecked_return_type = "ActionInfo[]")]
    pub fn legal_actions(&self) -> Result<JsValue, JsValue> {
        let armory = self.inner.variant().armory();
        let views: Vec<ActionView> = self
            .inner
            .describe_legal()
            .into_iter()
            .map(|info| ActionView::new(armory, info))
            .collect();
        to_js(&views)
    }

    /// Plays an action given as a machine string or in notation; returns
    /// `{action, notation, promotions: [{square, from, to}], fen, status}`. A rejected action
    /// leaves the game unchanged.
    #[wasm_bindgen(unchecked_return_type = "Played")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] action: JsValue,
    ) -> Result<JsValue, JsValue> {
        let action = args::text(&action, "play: action").map_err(js_error)?;
        let entry = self.inner.play(&action).map_err(js_error)?;
        let status = StatusView::new(self.inner.outcome());
        let armory = self.inner.variant().armory();
        to_js(&PlayedView::new(armory, entry, self.inner.fen(), status))
    }

    /// Takes back the last action and returns it as `{action, notation, promotions}`.
    #[wasm_bindgen(unchecked_return_type = "RecordInfo")]
    pub fn undo(&mut self) -> Result<JsValue, JsValue> {
        let entry = self.inner.undo().map_err(js_error)?;
        to_js(&RecordView::new(self.inner.variant().armory(), &entry))
    }

    /// The current position string.
    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// Starts again from a position string; throws `bad_argument` or `bad_fen` and keeps the
    /// game on error.
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] fen: JsValue,
    ) -> Result<(), JsValue> {
        let fen = args::text(&fen, "setFen: fen").map_err(js_error)?;
        self.inner.set_fen(&fen).map_err(js_error)
    }

    /// `{state, winner, reason}`; state is `ongoing`, `white wins`, `black wins` or `draw`.
    #[wasm_bindgen(unchecked_return_type = "Status")]
    pub fn status(&self) -> Result<JsValue, JsValue> {
        to_js(&StatusView::new(self.inner.outcome()))
    }

    /// The record by turns: `[{color, notation, actions}]`, each turn in the variant's
    /// notation (`Cc3 (a4, Ie2(aa6, bb6), Bxe8#)` in Impulschach).
    #[wasm_bindgen(unchecked_return_type = "TurnInfo[]")]
    pub fn turns(&self) -> Result<JsValue, JsValue> {
        let history = self.inner.history();
        let views: Vec<TurnView> = self
            .inner
            .turns()
            .iter()
            .map(|turn| TurnView::new(turn, history))
            .collect();
        to_js(&views)
    }

    /// What the side to move decides next: `{kind, color, pawn, activated}`.
    #[wasm_bindgen(unchecked_return_type = "DecisionInfo")]
    pub fn decision(&self) -> Result<JsValue, JsValue> {
        to_js(&DecisionView::new(
            self.inner.decision(),
            self.inner.position().turn(),
        ))
    }

    /// The actions played: `[{action, notation, promotions}]`.
    #[wasm_bindgen(unchecked_return_type = "RecordInfo[]")]
    pub fn history(&self) -> Result<JsValue, JsValue> {
        let armory = self.inner.variant().armory();
        let views: Vec<RecordView> = self
            .inner
            .history()
            .iter()
            .map(|e| RecordView::new(armory, e))
            .collect();
        to_js(&views)
    }

    /// Number of action sequences of length `depth` (a whole number from 0 to 20) from the
    /// current position; throws `bad_argument` for any other depth.
    pub fn perft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    ) -> Result<f64, JsValue> {
        let depth =
            args::whole_number(&depth, "perft: depth", args::MAX_DEPTH).map_err(js_error)?;
        Ok(self.inner.perft(depth) as f64)
    }
}
