//! The variants, one file each, and the registry that builds one by name with options.

mod chess;
mod chess_placement;
pub mod immortal;
mod impulschach;
mod nacht;
mod nietzsche;
mod quintessential;

pub use crate::rules::Variant;
pub use chess::Chess;
pub use immortal::Immortal;
pub use impulschach::Impulschach;
pub use nacht::Nacht;
pub use nietzsche::Nietzsche;
pub use quintessential::Quintessential;

use crate::error::{Error, ErrorCode, Result};
use std::sync::{Arc, Mutex, PoisonError};

/// Every variant name the engine knows, in the order the CLI and the page list them.
pub const NAMES: [&str; 6] = [
    "chess",
    "nietzsche",
    "nacht",
    "quintessential",
    "impulschach",
    "immortal",
];

/// The variant called `name` with `options` (`key`, `value` pairs). Variants are built once
/// for each name and options and shared: their tables (attack tables, Zobrist keys) are the
/// most of what a game holds, and every game of the same rules uses the same ones.
///
/// ```
/// let chess = schachwerk::variants::by_name("chess", &[]).unwrap();
/// assert_eq!(chess.name(), "chess");
/// let again = schachwerk::variants::by_name("chess", &[]).unwrap();
/// assert!(std::sync::Arc::ptr_eq(&chess, &again));
/// assert!(schachwerk::variants::by_name("chass", &[]).is_err());
/// ```
pub fn by_name(name: &str, options: &[(&str, &str)]) -> Result<Arc<dyn Variant>> {
    let key = cache_key(name, options);
    let mut cache = BUILT.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, variant)) = cache.iter().find(|(k, _)| *k == key) {
        return Ok(Arc::clone(variant));
    }
    let variant = build(name, options)?;
    if cache.len() >= CACHE_SIZE {
        cache.remove(0);
    }
    cache.push((key, Arc::clone(&variant)));
    Ok(variant)
}

/// The variants built so far, by name and options, the oldest first.
static BUILT: Mutex<Vec<(String, Arc<dyn Variant>)>> = Mutex::new(Vec::new());

/// How many differently built variants are kept (a long-running server that sees many
/// compositions drops the oldest; a game holds its own reference).
const CACHE_SIZE: usize = 32;

/// `name` and the options, in order, as one string.
fn cache_key(name: &str, options: &[(&str, &str)]) -> String {
    let mut key = name.to_string();
    for (k, v) in options {
        for part in ["\u{0}", k, "=", v] {
            key.push_str(part);
        }
    }
    key
}

/// Builds the variant called `name` with `options`.
fn build(name: &str, options: &[(&str, &str)]) -> Result<Arc<dyn Variant>> {
    match name {
        "chess" => {
            no_options(name, options)?;
            Ok(Arc::new(Chess::new()))
        }
        "nietzsche" => Ok(Arc::new(Nietzsche::from_options(options)?)),
        "nacht" => Ok(Arc::new(Nacht::from_options(options)?)),
        "quintessential" => {
            no_options(name, options)?;
            Ok(Arc::new(Quintessential::new()))
        }
        "immortal" => Ok(Arc::new(Immortal::from_options(options)?)),
        "impulschach" => {
            no_options(name, options)?;
            Ok(Arc::new(Impulschach::new()))
        }
        _ => Err(Error::new(
            ErrorCode::UnknownVariant,
            format!(
                "unknown variant '{name}'; known variants: {}",
                NAMES.join(", ")
            ),
        )),
    }
}

fn no_options(name: &str, options: &[(&str, &str)]) -> Result<()> {
    match options.first() {
        None => Ok(()),
        Some((key, _)) => Err(Error::new(
            ErrorCode::BadOption,
            format!("unknown option '{key}': variant '{name}' takes no options"),
        )),
    }
}

/// Splits `key=value` option strings into pairs borrowed from them.
pub fn parse_options<'a>(
    items: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<(&'a str, &'a str)>> {
    items
        .into_iter()
        .map(|item| match item.split_once('=') {
            Some((k, v)) if !k.is_empty() && !v.is_empty() => Ok((k, v)),
            _ => Err(Error::new(
                ErrorCode::BadOption,
                format!("option '{item}' must be written key=value"),
            )),
        })
        .collect()
}
