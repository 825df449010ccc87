//! Arguments from JavaScript, checked before the engine sees them.
//!
//! Every export takes its arguments as `JsValue`s and reads them here. The generated glue hands
//! a parameter typed `&str` or `u32` to the module unchecked: a number where a string is
//! expected becomes a string of garbage length ("memory access out of bounds"), and -1 as a
//! `u32` depth becomes 4294967295. Reading a `JsValue` ourselves is the one way a wrong type is
//! refused instead of trapping the module.

use crate::error::{Error, ErrorCode};
use wasm_bindgen::{JsCast, JsValue};

/// The longest text argument taken, in UTF-16 code units. The longest real inputs (a position
/// string of a 10x10 board, a whole turn in notation) are a few hundred; a limit keeps a
/// megabyte string from being copied into the module's memory at all.
pub const MAX_TEXT: u32 = 4096;

/// The longest PGN text taken: a game of a thousand long turns is well under it.
pub const MAX_PGN: u32 = 1 << 20;

/// The deepest perft asked for, as the CLI allows.
pub const MAX_DEPTH: u32 = 20;

/// What a value is, for messages: `number -1`, `a string of 5000 characters`, `null`.
pub fn describe(value: &JsValue) -> String {
    if value.is_null() {
        return "null".into();
    }
    if value.is_undefined() {
        return "undefined".into();
    }
    if let Some(text) = value.dyn_ref::<js_sys::JsString>() {
        let length = text.length();
        return if length > 40 {
            format!("a string of {length} characters")
        } else {
            format!("the string {}", quoted(value))
        };
    }
    if let Some(number) = value.as_f64() {
        return format!("the number {}", number_text(value, number));
    }
    if let Some(flag) = value.as_bool() {
        return format!("the boolean {flag}");
    }
    // typeof gives object, bigint, symbol or function here. Nothing more is asked of the
    // value: even `Array.isArray` throws on a revoked Proxy.
    format!(
        "a value of type {}",
        value.js_typeof().as_string().unwrap_or_default()
    )
}

// Strings and numbers are written by JavaScript (`JSON.stringify`, `Number#toString`), as a
// JS caller would write them: Rust's `{:?}` and `f64` formatting would add their unicode
// tables and float printing to the wasm download (see docs/PERFORMANCE.md).

/// A JS string quoted as JSON writes it: `"depht"`.
fn quoted(value: &JsValue) -> String {
    js_sys::JSON::stringify(value)
        .map(String::from)
        .unwrap_or_default()
}

/// A JS number as JavaScript writes it: `5`, `1.5`, `NaN`, `Infinity`.
fn number_text(value: &JsValue, number: f64) -> String {
    match value
        .unchecked_ref::<js_sys::Number>()
        .to_string_with_radix(10)
    {
        Ok(text) => String::from(text),
        // Not reached for a number; the integer part is a fair description.
        Err(_) => format!("{}", number as i64),
    }
}

/// The string `value`, or an error naming `what` (e.g. `play: action`).
pub fn text(value: &JsValue, what: &str) -> Result<String, Error> {
    read_text(value, what, "a string", MAX_TEXT)
}

/// The string `value` of up to [`MAX_PGN`] characters (a PGN text), or an error naming `what`.
pub fn long_text(value: &JsValue, what: &str) -> Result<String, Error> {
    read_text(value, what, "a string", MAX_PGN)
}

/// `None` for `null` or `undefined`, else the string `value` as [`text`] reads it.
pub fn optional_text(value: &JsValue, what: &str) -> Result<Option<String>, Error> {
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    read_text(value, what, "a string, null or undefined", MAX_TEXT).map(Some)
}

fn read_text(value: &JsValue, what: &str, expected: &str, max: u32) -> Result<String, Error> {
    let Some(js) = value.dyn_ref::<js_sys::JsString>() else {
        return Err(Error::argument(format!(
            "{what} must be {expected}, got {}",
            describe(value)
        )));
    };
    if js.length() > max {
        return Err(Error::argument(format!(
            "{what} is {} characters long; at most {max} are taken",
            js.length()
        )));
    }
    Ok(String::from(js))
}

/// A whole number from 0 to `max`, or an error naming `what`.
pub fn whole_number(value: &JsValue, what: &str, max: u32) -> Result<u32, Error> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(max)).contains(&n) => Ok(n as u32),
        _ => Err(Error::argument(format!(
            "{what} must be a whole number from 0 to {max}, got {}",
            describe(value)
        ))),
    }
}

/// Reads an options object (`{sequence: "knighted"}`) into key/value pairs; `null` and
/// `undefined` mean no options.
pub fn options(value: &JsValue) -> Result<Vec<(String, String)>, Error> {
    pairs(value, &OPTIONS)
}

/// Reads a PGN tags object (`{White: "Anna"}`) into name/value pairs; `null` and `undefined`
/// mean none.
pub fn tags(value: &JsValue) -> Result<Vec<(String, String)>, Error> {
    pairs(value, &TAGS)
}

/// What a pairs object is called in errors, and their code.
struct Pairs {
    code: ErrorCode,
    /// `option`, `tag`.
    noun: &'static str,
    /// An example of the object.
    example: &'static str,
}

const OPTIONS: Pairs = Pairs {
    code: ErrorCode::BadOption,
    noun: "option",
    example: "{castling: true}",
};
const TAGS: Pairs = Pairs {
    code: ErrorCode::BadArgument,
    noun: "tag",
    example: "{White: 'Anna'}",
};

/// An object of names to strings, numbers or booleans, read as text pairs. Keys and values
/// are read with `Reflect`, which catches what a getter or a Proxy throws, so no JS exception
/// unwinds through the module.
fn pairs(value: &JsValue, kind: &Pairs) -> Result<Vec<(String, String)>, Error> {
    let Pairs {
        code,
        noun,
        example,
    } = *kind;
    if value.is_null() || value.is_undefined() {
        return Ok(Vec::new());
    }
    let not_an_object = || {
        Error::new(
            code,
            format!(
                "{noun}s must be an object such as {example}, or null; got {}",
                describe(value)
            ),
        )
    };
    if !value.is_object() {
        return Err(not_an_object());
    }
    let unreadable = |_| Error::new(code, format!("the {noun}s object cannot be read"));
    let keys = js_sys::Reflect::own_keys(value).map_err(unreadable)?;
    if js_sys::Array::is_array(value) {
        return Err(not_an_object());
    }
    let mut pairs = Vec::new();
    for key in keys.iter() {
        let Some(js_name) = key.dyn_ref::<js_sys::JsString>() else {
            return Err(Error::new(
                code,
                format!("{noun} names must be strings, not symbols"),
            ));
        };
        if js_name.length() > MAX_TEXT {
            return Err(Error::new(code, format!("a {noun} name is too long")));
        }
        let name = String::from(js_name);
        let entry = js_sys::Reflect::get(value, &key).map_err(unreadable)?;
        let text = if let Some(s) = entry.dyn_ref::<js_sys::JsString>() {
            if s.length() > MAX_TEXT {
                return Err(Error::new(code, format!("{noun} '{name}' is too long")));
            }
            String::from(s)
        } else if let Some(b) = entry.as_bool() {
            b.to_string()
        } else if let Some(n) = entry.as_f64() {
            number_text(&entry, n)
        } else {
            return Err(Error::new(
                code,
                format!(
                    "{noun} '{name}' must be a string, number or boolean, got {}",
                    describe(&entry)
                ),
            ));
        };
        pairs.push((name, text));
    }
    Ok(pairs)
}

/// The limits `think` takes: `{nodes?, ms?, depth?, noise?, seed?, keep?}`, at least one of
/// the first three, each a whole number in its range (`noise` and `seed` from 0: the choice
/// among the best lines, see [`crate::search::Choice`]), and whether to keep the search's table
/// for the next think (`keep`, a boolean). Read with `Reflect`, as options are, so a getter or
/// a Proxy that throws is refused instead of unwinding through the module.
pub fn limits(
    value: &JsValue,
) -> Result<(crate::search::Limits, crate::search::Choice, bool), Error> {
    const WHAT: &str = "think: limits";
    // Each field with its least and greatest value.
    const FIELDS: [(&str, u32, u32); 5] = [
        ("nodes", 1, 50_000_000),
        ("ms", 1, 600_000),
        ("depth", 1, 64),
        ("noise", 0, 1_000),
        ("seed", 0, u32::MAX),
    ];
    let usage = "an object such as {nodes: 20000}, {ms: 1000}, {depth: 6}, {nodes: 1000, noise: 100, seed: 7} or {nodes: 200000, keep: true}";
    let not_an_object =
        || Error::argument(format!("{WHAT} must be {usage}, got {}", describe(value)));
    if !value.is_object() {
        return Err(not_an_object());
    }
    let unreadable = |_| Error::argument(format!("{WHAT}: the object cannot be read"));
    // The keys first: they throw (and are caught) for a revoked Proxy, on which even
    // `Array.isArray` throws.
    let keys = js_sys::Reflect::own_keys(value).map_err(unreadable)?;
    if js_sys::Array::is_array(value) {
        return Err(not_an_object());
    }
    for key in keys.iter() {
        let known = key.as_string().is_some_and(|name| {
            name == "keep" || FIELDS.iter().any(|(field, _, _)| *field == name)
        });
        if !known {
            return Err(Error::argument(format!(
                "{WHAT} takes nodes, ms, depth, noise, seed and keep, not {}",
                describe(&key)
            )));
        }
    }
    let mut read = [None; 5];
    for (slot, (field, least, most)) in read.iter_mut().zip(FIELDS) {
        let entry = js_sys::Reflect::get(value, &field.into()).map_err(unreadable)?;
        if entry.is_undefined() {
            continue;
        }
        *slot = match entry.as_f64() {
            Some(n) if n.fract() == 0.0 && (f64::from(least)..=f64::from(most)).contains(&n) => {
                Some(n as u32)
            }
            _ => {
                return Err(Error::argument(format!(
                    "{WHAT}: {field} must be a whole number from {least} to {most}, got {}",
                    describe(&entry)
                )))
            }
        };
    }
    let [nodes, ms, depth, noise, seed] = read;
    if [nodes, ms, depth].iter().all(Option::is_none) {
        return Err(Error::argument(format!(
            "{WHAT} must give nodes, ms or depth: {usage}"
        )));
    }
    let limits = crate::search::Limits {
        depth,
        nodes: nodes.map(u64::from),
        millis: ms.map(u64::from),
    };
    let choice = crate::search::Choice {
        noise: noise.unwrap_or(0),
        seed: seed.map_or(0, u64::from),
    };
    let keep = js_sys::Reflect::get(value, &"keep".into()).map_err(unreadable)?;
    let keep = match keep.as_bool() {
        Some(keep) => keep,
        None if keep.is_undefined() => false,
        None => {
            return Err(Error::argument(format!(
                "{WHAT}: keep must be true or false, got {}",
                describe(&keep)
            )))
        }
    };
    Ok((limits, choice, keep))
}

/// `'white'` or `'black'`, or an error naming `what`.
pub fn color(value: &JsValue, what: &str) -> Result<crate::movement::Color, Error> {
    match value.as_string().as_deref() {
        Some("white") => Ok(crate::movement::Color::White),
        Some("black") => Ok(crate::movement::Color::Black),
        _ => Err(Error::argument(format!(
            "{what} must be 'white' or 'black', got {}",
            describe(value)
        ))),
    }
}

/// `legalActions`' filter: `null`/`undefined` (every action), or `{square}` with a square of
/// the board (`null` or missing: every action).
pub fn square_filter(
    value: &JsValue,
    armory: &crate::movement::Armory,
) -> Result<Option<crate::geometry::Square>, Error> {
    const WHAT: &str = "legalActions: filter";
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    if !plain_object(value) {
        return Err(Error::argument(format!(
            "{WHAT} must be an object such as {{square: 'e2'}}, got {}",
            describe(value)
        )));
    }
    let square = field(value, "square", WHAT)?;
    let Some(name) = optional_text(&square, "legalActions: square")? else {
        return Ok(None);
    };
    match crate::geometry::Square::parse(&name) {
        Some(sq) if armory.shape().contains(sq) => Ok(Some(sq)),
        _ => Err(Error::argument(
            "legalActions: square must name a square of this board",
        )),
    }
}

/// Whether `value` is an object and not an array. Its keys are asked for first: they throw
/// (and are caught) for a revoked Proxy, on which even `Array.isArray` throws.
fn plain_object(value: &JsValue) -> bool {
    value.is_object() && js_sys::Reflect::own_keys(value).is_ok() && !js_sys::Array::is_array(value)
}

/// The property `name` of the object `value`, read with `Reflect` (a getter or Proxy that
/// throws is refused, naming `what`).
fn field(value: &JsValue, name: &str, what: &str) -> Result<JsValue, Error> {
    js_sys::Reflect::get(value, &name.into())
        .map_err(|_| Error::argument(format!("{what}: the object cannot be read")))
}

/// The most actions a record may hold: longer than any real game, short enough to replay in
/// moments.
pub const MAX_ACTIONS: u32 = 20_000;

/// A record object, as `game.record()` returns it.
pub struct RecordArgs {
    pub variant: String,
    pub options: Vec<(String, String)>,
    pub start: Option<String>,
    pub actions: Vec<String>,
    pub end: Option<String>,
}

/// Reads a record object: `{variant, options, start, actions, end?}` (`options`, `start` and
/// `end` may be null or missing), each field checked as the other arguments are.
pub fn record(value: &JsValue) -> Result<RecordArgs, Error> {
    const WHAT: &str = "record";
    if !plain_object(value) {
        return Err(Error::argument(format!(
            "the record must be an object such as game.record() returns, got {}",
            describe(value)
        )));
    }
    let variant = text(&field(value, "variant", WHAT)?, "record.variant")?;
    let options = options(&field(value, "options", WHAT)?)?;
    let start = optional_text(&field(value, "start", WHAT)?, "record.start")?;
    let end = optional_text(&field(value, "end", WHAT)?, "record.end")?;
    let list = field(value, "actions", WHAT)?;
    // Read through Reflect: a Proxy's traps may throw.
    let length = if plain_object(&list) {
        None
    } else {
        field(&list, "length", WHAT)?.as_f64()
    };
    let length = match length {
        Some(n) if js_sys::Array::is_array(&list) && n <= f64::from(MAX_ACTIONS) => n as u32,
        _ => {
            return Err(Error::argument(format!(
                "record.actions must be an array of at most {MAX_ACTIONS} strings"
            )))
        }
    };
    let mut actions = Vec::new();
    for i in 0..length {
        let action = js_sys::Reflect::get_u32(&list, i)
            .map_err(|_| Error::argument("record.actions cannot be read"))?;
        actions.push(text(&action, "record.actions: an action")?);
    }
    Ok(RecordArgs {
        variant,
        options,
        start,
        end,
        actions,
    })
}
