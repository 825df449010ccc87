//! Layer 9: the wasm boundary. Every `#[wasm_bindgen]` export lives here; everything below it
//! is plain Rust. Errors cross as JS `Error` objects with a stable `code` property.
//!
//! No call from JavaScript may trap the module, since a trap kills it for the whole page. So
//! every export takes its arguments as `JsValue`s and checks them (`args`), nothing here
//! unwraps, and a refused call returns before it changes the game.

mod args;
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod heap;
mod views;

use crate::error::{Error, ErrorCode};
use crate::game::Game as EngineGame;
use crate::referee::{verify, Referee};
use crate::search::{chosen_turn, Choice, Limits, Table};
use crate::variants::NAMES;
use serde::Serialize;
use std::cell::RefCell;
use views::{
    names, ActionView, BoardView, DecisionView, GameRecordView, OptionsView, PieceTypeView,
    RecordView, StatusView, ThoughtView, TurnView, VariantInfoView, VerdictView,
};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** A side: whose turn, decision or win. */
export type Color = "white" | "black";
/** An error thrown by the engine: a JS `Error` with a stable `code`. */
export interface EngineError extends Error {
    code: "unknown_variant" | "bad_option" | "bad_fen" | "bad_action" | "illegal_action"
        | "game_over" | "nothing_to_undo" | "bad_request" | "bad_argument" | "bad_pgn";
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
/**
 * Whether the game is over, who won and why: by the rules (`checkmate`, ...) or declared
 * (`white resigned`, `agreement`; `abandoned`, state `unfinished`: over without a result).
 */
export interface Status {
    state: "ongoing" | "white wins" | "black wins" | "draw" | "unfinished";
    winner: Color | null;
    reason: string | null;
}
/** A hidden piece an entry revealed: the square it came from, where it landed, what it is. */
export interface RevealInfo { square: string; to: string; piece: string; color: Color; }
/**
 * A played action as the record keeps it: its machine string, notation, the pieces it changed
 * into other types, every square whose occupant it changed, and what an entry revealed.
 */
export interface RecordInfo {
    action: string;
    notation: string;
    promotions: PromotionInfo[];
    squares: string[];
    reveal: RevealInfo | null;
}
/** The result of `play`. */
export interface Played extends RecordInfo { fen: string; status: Status; }
/**
 * One turn of the record: who played it, its notation, its actions' machine strings, and every
 * square whose occupant they changed.
 */
export interface TurnInfo {
    color: Color;
    notation: string;
    actions: string[];
    squares: string[];
}
/**
 * The decision the side to move faces, as the variant describes it: `kind` (`move` at a
 * turn's start, `over` when the game is over, else the variant's own: Impulschach's `shift`,
 * `displace` and `chain`, Immortal Chess's `entry`), whose it is (`color`, null when over), a
 * sentence for the player, squares to mark by mark name, the actions without squares on
 * offer with their labels, and a square whose moves to show at once (`select`).
 */
export interface DecisionInfo {
    kind: string;
    color: Color | null;
    prompt: string | null;
    marks: { mark: string; squares: string[] }[];
    options: { action: string; label: string }[];
    select: string | null;
}
/** A piece type of the variant: White's FEN letter and its name. */
export interface PieceType { letter: string; name: string; }
/** A variant: its name, its title, and whether a referee reveals hidden identities. */
export interface VariantInfo { name: string; title: string; hiddenIdentities: boolean; }
/** A disclosed seed checked: its SHA-256 against the commitment, its deal against the reveals. */
export interface DealVerdict { commitment: boolean; wrongReveal: string | null; }
/**
 * What `think` may spend, at least one of: `nodes` (1 to 50,000,000; the answer is the same
 * for the same budget), `ms` (1 to 600,000 milliseconds), `depth` (1 to 64 turns). `keep`:
 * search with the table the module's last think left, as a computer opponent playing on
 * does (then the answer depends on that think too).
 */
export interface ThinkLimits { nodes?: number; ms?: number; depth?: number; noise?: number; seed?: number; keep?: boolean; }
/**
 * What `think` found for the side to move: `turn`, the machine strings of its whole turn
 * (several actions in Impulschach; a move and an entry or `pass` in Immortal Chess), `best`
 * its first action, `score` (`cp 35`, `mate 2`, `mate -1`), the depth completed in turns, the
 * nodes searched, nodes per second, milliseconds and the principal variation.
 */
export interface Thought {
    turn: string[];
    best: string;
    score: string;
    depth: number;
    nodes: number;
    nps: number;
    ms: number;
    pv: string[];
}
/**
 * What rebuilds a game's public copy elsewhere (a Web Worker): `new Game(variant, options,
 * start)`, then `play` each of `actions` (machine strings; an Immortal's entry with the piece
 * revealed, `a5b5=n`); or `Game.fromRecord(record, seed)`. The options leave out a local
 * referee's seed. `end`: the declared end's reason (`white resigned`, `agreement`,
 * `abandoned`), null if none; `Game.fromRecord` restores it.
 */
export interface GameRecord {
    variant: string;
    options: Record<string, string>;
    start: string;
    actions: string[];
    end?: "white resigned" | "black resigned" | "agreement" | "abandoned" | null;
}
/** What `legalActions` may be asked for: only the actions from `square`. */
export interface ActionFilter { square?: string | null; }
export interface Game {
    /**
     * The legal actions: `[{action, from, to, promotion, notation}]`; with `{square}` only
     * those from that square (`bad_argument` for a square not on the board).
     */
    legalActions(filter?: ActionFilter | null): ActionInfo[];
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
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    value.serialize(&serializer).map_err(not_serialized)
}

/// The error for a value that could not be serialised (not reached: the views are plain
/// data), out of line so that each view's `to_js` does not carry its own copy.
#[inline(never)]
fn not_serialized(error: serde_wasm_bindgen::Error) -> JsValue {
    js_error(Error::new(ErrorCode::BadRequest, error.to_string()))
}

/// Immortal Chess's deal for a seed (64 hex digits): `[{square, piece}]` for the 36 border
/// squares in canonical order, so that a disclosed seed can be replayed.
#[wasm_bindgen(js_name = dealOf, unchecked_return_type = "{ square: string; piece: string }[]")]
pub fn deal_of(
    #[wasm_bindgen(unchecked_param_type = "string")] seed: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "GameOptions | null")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let seed = args::text(&seed, "dealOf: seed").map_err(js_error)?;
    let seed = crate::variants::immortal::deal::parse_seed(&seed).map_err(js_error)?;
    let options = args::options(&options).map_err(js_error)?;
    let variant = crate::variants::Immortal::from_options(&pairs(&options)).map_err(js_error)?;
    let armory = crate::rules::Variant::armory(&variant);
    let squares: Vec<views::PieceView> =
        crate::variants::immortal::Deal::new(&seed, &variant.composition())
            .squares()
            .map(|(square, piece)| views::PieceView::new(square, armory.fen_char(piece)))
            .collect();
    to_js(&squares)
}

/// Options as the engine takes them.
fn pairs(options: &[(String, String)]) -> Vec<(&str, &str)> {
    options
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

/// For a referee's server that keeps no game: what the entry `entry` (`a5b5`) reveals after
/// the public `record` (what `game.record()` returns), from the deal of `seed`:
/// `{square, to, piece, color}`. Throws if the record does not replay under that deal, if
/// `entry` is not legal after it (`illegal_action`) or is no entry (`bad_request`). The
/// answer is the deal: send it once the player has made the entry, never before.
#[wasm_bindgen(js_name = revealOf, unchecked_return_type = "RevealInfo")]
pub fn reveal_of(
    #[wasm_bindgen(unchecked_param_type = "string")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GameRecord")] record: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] entry: JsValue,
) -> Result<JsValue, JsValue> {
    let seed = args::text(&seed, "revealOf: seed").map_err(js_error)?;
    let entry = args::text(&entry, "revealOf: entry").map_err(js_error)?;
    let game = Game::rebuilt(&record, Some(seed)).map_err(js_error)?;
    let reveal = game.inner.reveal_of(&entry).map_err(js_error)?;
    to_js(&views::RevealView::new(
        game.inner.variant().armory(),
        reveal,
    ))
}

/// The names of all variants, in display order.
#[wasm_bindgen]
pub fn variants() -> Vec<String> {
    NAMES.iter().map(|n| n.to_string()).collect()
}

/// A variant described: `{name, title, hiddenIdentities}` (throws `unknown_variant`).
#[wasm_bindgen(js_name = variantInfo, unchecked_return_type = "VariantInfo")]
pub fn variant_info(
    #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
) -> Result<JsValue, JsValue> {
    let name = args::text(&name, "variantInfo: name").map_err(js_error)?;
    let variant = crate::variants::by_name(&name, &[]).map_err(js_error)?;
    to_js(&VariantInfoView {
        name: variant.name(),
        title: variant.title(),
        hidden_identities: variant.hidden().is_some(),
    })
}

/// A game of one variant: legal actions, playing, undo, position strings and status.
#[wasm_bindgen]
pub struct Game {
    /// The game, with its referee when it has one (option `seed`).
    inner: EngineGame,
    /// The options, without a local referee's seed: those of the public game.
    options: Vec<(String, String)>,
}

#[wasm_bindgen]
impl Game {
    /// `new Game(variant, options?, fen?)`: throws `bad_argument`, `unknown_variant`,
    /// `bad_option` or `bad_fen`. For a variant with hidden identities the option `seed`
    /// (`"random"` or 64 hex digits) gives the game a local referee, which keeps the seed;
    /// without it the game is public and takes reveals from outside.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] variant: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "GameOptions | null")] options: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] fen: JsValue,
    ) -> Result<Game, JsValue> {
        let variant = args::text(&variant, "new Game: variant").map_err(js_error)?;
        let options = args::options(&options).map_err(js_error)?;
        let fen = args::optional_text(&fen, "new Game: fen").map_err(js_error)?;
        let inner =
            EngineGame::new(&variant, &pairs(&options), fen.as_deref()).map_err(js_error)?;
        let public = match inner.referee() {
            Some(_) => options.into_iter().filter(|(k, _)| k != "seed").collect(),
            None => options,
        };
        Ok(Game {
            inner,
            options: public,
        })
    }

    /// `Game.fromPgn(text)`: the first game of a PGN text, as `from_pgn` reads it (its tags
    /// say the variant, options, start and, with a `Seed`, a local referee). Throws with the
    /// line and the move named: `bad_pgn`, `illegal_action`, `unknown_variant`, ...
    #[wasm_bindgen(js_name = fromPgn)]
    pub fn from_pgn(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<Game, JsValue> {
        let text = args::long_text(&text, "Game.fromPgn: text").map_err(js_error)?;
        let inner = EngineGame::from_pgn(&text).map_err(js_error)?;
        let options = inner.options().to_vec();
        Ok(Game { inner, options })
    }

    /// `game.pgn(tags?)`: the game as PGN. `tags` (`{White: 'Anna', Date: '2026.12.02'}`)
    /// fill the seven-tag roster and add tags of their own; the game writes its result,
    /// variant, options, start and commitment (and the seed once the game is over) itself.
    pub fn pgn(
        &self,
        #[wasm_bindgen(
            unchecked_optional_param_type = "Record<string, string | number | boolean> | null"
        )]
        tags: JsValue,
    ) -> Result<String, JsValue> {
        let tags = args::tags(&tags).map_err(js_error)?;
        let pairs: Vec<(&str, &str)> = tags.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        self.inner.pgn(&pairs).map_err(js_error)
    }

    /// The variant's name.
    pub fn variant(&self) -> String {
        self.inner.variant().name().to_string()
    }

    /// `'white'` or `'black'`: whose decision it is.
    #[wasm_bindgen(unchecked_return_type = "Color")]
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

    /// `Game.fromRecord(record, seed)`: the game `record` (what `game.record()` returns)
    /// describes, rebuilt: each action replayed, its declared end restored. With `seed` (64
    /// hex digits) the game has that seed's local referee, whose deal must reveal each entry
    /// as the record says (else `illegal_action`, naming both), and it goes on as the
    /// original would: the same commitment, the same reveals to come. With `null` it is
    /// public.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "GameRecord")] record: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null | undefined")] seed: JsValue,
    ) -> Result<Game, JsValue> {
        let seed = args::optional_text(&seed, "fromRecord: seed").map_err(js_error)?;
        Game::rebuilt(&record, seed).map_err(js_error)
    }

    /// The legal actions: `[{action, from, to, promotion, notation}]`; with `{square}` only
    /// those from that square (`bad_argument` for a square not on the board).
    // Declared in TYPES, where its argument is optional.
    #[wasm_bindgen(js_name = legalActions, skip_typescript)]
    pub fn legal_actions(&self, filter: Option<JsValue>) -> Result<JsValue, JsValue> {
        let armory = self.inner.variant().armory();
        let from = match filter {
            Some(filter) => args::square_filter(&filter, armory).map_err(js_error)?,
            None => None,
        };
        let views: Vec<ActionView> = self
            .inner
            .describe_legal_from(from)
            .into_iter()
            .map(|info| ActionView::new(armory, info))
            .collect();
        to_js(&views)
    }

    /// The legal actions' machine strings, `['e2e4', ...]`: the lean list for a validator.
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "string[]")]
    pub fn legal_moves(&self) -> js_sys::Array {
        // One string across the boundary, split by JavaScript: far cheaper than a string
        // each.
        let armory = self.inner.variant().armory();
        let legal = self.inner.legal_actions();
        if legal.is_empty() {
            return js_sys::Array::new();
        }
        let mut text = String::with_capacity(legal.len() * 6);
        for action in &legal {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&action.machine(armory));
        }
        js_sys::JsString::from(text).split(" ")
    }

    /// The number of legal actions (0 once the game is over).
    #[wasm_bindgen(js_name = countLegal)]
    pub fn count_legal(&self) -> u32 {
        self.inner.count_legal() as u32
    }

    /// Whether `play(text)` would take the one action `text` (a machine string or notation);
    /// never throws: anything else, of any type, is `false`.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> bool {
        args::text(&text, "isLegal").is_ok_and(|text| self.inner.is_legal(&text))
    }

    /// The number of actions played (the length of `history()`, without building it).
    pub fn ply(&self) -> u32 {
        self.inner.ply() as u32
    }

    /// `color` (`'white'` or `'black'`) resigns: the other side wins. Returns the status;
    /// throws `game_over` once the game is over. Undo is then refused: a declared end is not
    /// an action.
    #[wasm_bindgen(unchecked_return_type = "Status")]
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "\"white\" | \"black\"")] color: JsValue,
    ) -> Result<JsValue, JsValue> {
        let color = args::color(&color, "resign: color").map_err(js_error)?;
        let end = self.inner.resign(color);
        self.declared(end)
    }

    /// The players agree to a draw: the status, reason `agreement`.
    #[wasm_bindgen(js_name = agreeDraw, unchecked_return_type = "Status")]
    pub fn agree_draw(&mut self) -> Result<JsValue, JsValue> {
        let end = self.inner.agree_draw();
        self.declared(end)
    }

    /// The game is abandoned: over without a result (state `unfinished`, reason
    /// `abandoned`); a local referee then discloses its seed.
    #[wasm_bindgen(unchecked_return_type = "Status")]
    pub fn abandon(&mut self) -> Result<JsValue, JsValue> {
        let end = self.inner.abandon();
        self.declared(end)
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
        self.played(&action)
    }

    /// Immortal Chess, a public game: plays the entry `entry` (`a5b5`) revealing `piece` (its
    /// FEN letter, `n` for a black knight), as a site's server, the referee, tells it. The same
    /// as `play("a5b5=n")`; the piece must be in the pool. A game with a local referee refuses
    /// it (`bad_request`, the same words whatever the piece): its deal reveals every entry.
    #[wasm_bindgen(unchecked_return_type = "Played")]
    pub fn reveal(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] entry: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] piece: JsValue,
    ) -> Result<JsValue, JsValue> {
        let entry = args::text(&entry, "reveal: entry").map_err(js_error)?;
        let piece = args::text(&piece, "reveal: piece").map_err(js_error)?;
        if entry.contains('=') || piece.chars().count() != 1 {
            return Err(js_error(Error::argument(
                "reveal takes an entry's squares (a5b5) and one piece letter (n)",
            )));
        }
        self.played(&format!("{}={piece}", entry.trim_start_matches('@')))
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

    /// Whether the side to move is in check (false in Impulschach, which has no check, and
    /// in Immortal Chess's entry), so that a page marks the king in a position it loaded, not
    /// only after a move whose notation ends in `+` or `#`.
    #[wasm_bindgen(js_name = inCheck)]
    pub fn in_check(&self) -> bool {
        self.inner.variant().in_check(self.inner.position())
    }

    /// What the side to move decides next, as the variant describes it.
    #[wasm_bindgen(unchecked_return_type = "DecisionInfo")]
    pub fn decision(&self) -> Result<JsValue, JsValue> {
        to_js(&DecisionView::new(
            self.inner.variant().armory(),
            self.inner.decision(),
        ))
    }

    /// The squares of the side to move's royal pieces in check (none when not in check).
    #[wasm_bindgen(js_name = checkSquares)]
    pub fn check_squares(&self) -> Vec<String> {
        names(self.inner.check_squares())
    }

    /// The variant's piece types: `[{letter, name}]`.
    #[wasm_bindgen(unchecked_return_type = "PieceType[]")]
    pub fn pieces(&self) -> Result<JsValue, JsValue> {
        to_js(&PieceTypeView::all(self.inner.variant().armory()))
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

    /// Immortal Chess with a local referee: the commitment to its deal (the SHA-256 of the
    /// seed, hex), published before play; `null` for a game without a referee.
    pub fn commitment(&self) -> Option<String> {
        self.inner.referee().map(Referee::commitment)
    }

    /// The local referee's seed, once the game is over (`bad_request` before; `null` without
    /// a referee), so that anyone can check the commitment and the reveals.
    pub fn disclose(&self) -> Result<Option<String>, JsValue> {
        self.inner
            .referee()
            .map(|r| r.disclose(&self.inner))
            .transpose()
            .map_err(js_error)
    }

    /// Checks a disclosed seed: `{commitment, wrongReveal}`, whether its SHA-256 is
    /// `commitment` and the first entry of this game's record its deal contradicts (or null).
    #[wasm_bindgen(js_name = verifyDeal, unchecked_return_type = "DealVerdict")]
    pub fn verify_deal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] seed: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] commitment: JsValue,
    ) -> Result<JsValue, JsValue> {
        let seed = args::text(&seed, "verifyDeal: seed").map_err(js_error)?;
        let commitment = args::text(&commitment, "verifyDeal: commitment").map_err(js_error)?;
        let verdict = verify(&seed, &commitment, &self.inner).map_err(js_error)?;
        to_js(&VerdictView::new(verdict))
    }

    /// What rebuilds this game's public copy: `{variant, options, start, actions}`, the
    /// options without a referee's seed, the starting position string, and each recorded
    /// action as a string that replays it (an Immortal's entry with its piece: `a5b5=n`).
    #[wasm_bindgen(unchecked_return_type = "GameRecord")]
    pub fn record(&self) -> Result<JsValue, JsValue> {
        let variant = self.inner.variant();
        let armory = variant.armory();
        to_js(&GameRecordView {
            variant: variant.name(),
            options: OptionsView(self.options.clone()),
            start: self.start_fen(),
            end: self.inner.declared().map(|end| end.reason()),
            actions: self
                .inner
                .history()
                .iter()
                .map(|entry| entry.replayable(armory))
                .collect(),
        })
    }

    /// The search: the best whole turn for the side to move within `limits` (`{nodes?, ms?,
    /// depth?}`; with `noise` centipawns and a `seed`, any of the best few lines within the
    /// noise, a beginner's play), as `{turn, best, score, depth, nodes, nps, ms, pv}`. It searches the public
    /// game only: a copy without the local referee, so the deal is never read. Throws `bad_argument` for bad limits and `game_over` when the game is
    /// over; it never changes the game. It runs on the calling thread: a page calls it in a
    /// Web Worker (`www/engine-worker.js`).
    #[wasm_bindgen(unchecked_return_type = "Thought")]
    pub fn think(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ThinkLimits")] limits: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (limits, choice, keep) = args::limits(&limits).map_err(js_error)?;
        if let Some(outcome) = self.inner.outcome() {
            return Err(js_error(Error::new(
                ErrorCode::GameOver,
                format!("think: the game is over ({})", outcome.describe()),
            )));
        }
        // The public game: the search never sees the referee's deal.
        let mut public = self.inner.public();
        let kept = KEPT_TABLE.take().filter(|_| keep);
        let mut table = kept.unwrap_or_default();
        let thought = think_turn(&mut public, limits, choice, &mut table);
        KEPT_TABLE.set(Some(table));
        to_js(&thought.map_err(js_error)?)
    }

    /// Number of action sequences of length `depth` (a whole number from 0 to 20) from the
    /// current position; throws `bad_argument` for any other depth.
    pub fn perft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    ) -> Result<f64, JsValue> {
        let depth =
            args::whole_number(&depth, "perft: depth", args::MAX_DEPTH).map_err(js_error)?;
        Ok(self.inner.perft(depth).map_err(js_error)? as f64)
    }
}

thread_local! {
    /// The table of the last `think`, which the next lends again if it asks to `keep` it.
    static KEPT_TABLE: RefCell<Option<Table>> = const { RefCell::new(None) };
}

impl Game {
    /// The status after a declared end (out of line: the three ends share it).
    #[inline(never)]
    fn declared(&self, end: crate::Result<crate::rules::Outcome>) -> Result<JsValue, JsValue> {
        to_js(&StatusView::new(Some(end.map_err(js_error)?)))
    }

    /// The game a record object describes, replayed, with `seed`'s referee if given.
    fn rebuilt(record: &JsValue, seed: Option<String>) -> Result<Game, Error> {
        let record = args::record(record)?;
        let options = pairs(&record.options);
        let actions: Vec<&str> = record.actions.iter().map(String::as_str).collect();
        let mut inner = EngineGame::from_record(
            &record.variant,
            &options,
            record.start.as_deref(),
            &actions,
            seed.as_deref(),
        )?;
        if let Some(end) = &record.end {
            inner.declare_reason(end)?;
        }
        Ok(Game {
            inner,
            options: record.options,
        })
    }

    /// Plays `text` and says what was played: `play` and `reveal` share it (out of line, so
    /// that its view is in the download once).
    #[inline(never)]
    fn played(&mut self, text: &str) -> Result<JsValue, JsValue> {
        let entry = self.inner.play(text).map_err(js_error)?;
        // The record's view with `fen` and `status` added: one view type less in the download.
        let played = to_js(&RecordView::new(self.inner.variant().armory(), &entry))?;
        let status = to_js(&StatusView::new(self.inner.outcome()))?;
        // Setting a property on a fresh plain object cannot fail.
        let _ = js_sys::Reflect::set(&played, &"fen".into(), &self.inner.fen().into());
        let _ = js_sys::Reflect::set(&played, &"status".into(), &status);
        Ok(played)
    }

    /// The position string the record starts from.
    fn start_fen(&self) -> String {
        let start = self.inner.line().first().unwrap_or(self.inner.position());
        self.inner.variant().fen(start)
    }
}

/// The whole turn of the side to move in `game` (a copy: the turn is played on it).
fn think_turn(
    game: &mut EngineGame,
    limits: Limits,
    choice: Choice,
    table: &mut Table,
) -> Result<ThoughtView, Error> {
    let clock = js_sys::Date::now;
    let Some(thought) = chosen_turn(game, limits, choice, &clock, table, |_| {})? else {
        return Err(Error::new(
            ErrorCode::GameOver,
            "think: there is no legal action",
        ));
    };
    let armory = game.variant().armory();
    let machine = |actions: &[crate::rules::Action]| -> Vec<String> {
        actions.iter().map(|a| a.machine(armory)).collect()
    };
    let turn = machine(&thought.turn);
    Ok(ThoughtView {
        best: turn.first().cloned().unwrap_or_default(),
        score: thought.report.score_text(),
        depth: thought.report.depth,
        nodes: thought.nodes as f64,
        nps: thought.nps() as f64,
        ms: thought.millis as f64,
        pv: machine(&thought.report.pv),
        turn,
    })
}
