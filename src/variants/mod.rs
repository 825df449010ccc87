//! The variants, one file each, and the registry that builds one by name with options.

mod chess;
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

/// Every variant name the engine knows, in the order the CLI and the page list them.
pub const NAMES: [&str; 6] = [
    "chess",
    "nietzsche",
    "nacht",
    "quintessential",
    "impulschach",
    "immortal",
];

/// Builds the variant called `name` with `options` (`key=value` pairs).
///
/// ```
/// let chess = schachwerk::variants::by_name("chess", &[]).unwrap();
/// assert_eq!(chess.name(), "chess");
/// assert!(schachwerk::variants::by_name("chass", &[]).is_err());
/// ```
pub fn by_name(name: &str, options: &[(String, String)]) -> Result<Box<dyn Variant>> {
    match name {
        "chess" => {
            no_options(name, options)?;
            Ok(Box::new(Chess::new()))
        }
        "nietzsche" => Ok(Box::new(Nietzsche::from_options(options)?)),
        "nacht" => Ok(Box::new(Nacht::from_options(options)?)),
        "quintessential" => {
            no_options(name, options)?;
            Ok(Box::new(Quintessential::new()))
        }
        "immortal" => Ok(Box::new(Immortal::from_options(options)?)),
        "impulschach" => {
            no_options(name, options)?;
            Ok(Box::new(Impulschach::new()))
        }
        _ if NAMES.contains(&name) => Err(Error::new(
            ErrorCode::UnknownVariant,
            format!("variant '{name}' is planned but not implemented yet"),
        )),
        _ => Err(Error::new(
            ErrorCode::UnknownVariant,
            format!(
                "unknown variant '{name}'; known variants: {}",
                NAMES.join(", ")
            ),
        )),
    }
}

fn no_options(name: &str, options: &[(String, String)]) -> Result<()> {
    match options.first() {
        None => Ok(()),
        Some((key, _)) => Err(Error::new(
            ErrorCode::BadOption,
            format!("unknown option '{key}': variant '{name}' takes no options"),
        )),
    }
}

/// Splits `key=value` option strings.
pub fn parse_options<'a>(
    items: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<(String, String)>> {
    items
        .into_iter()
        .map(|item| match item.split_once('=') {
            Some((k, v)) if !k.is_empty() && !v.is_empty() => Ok((k.to_string(), v.to_string())),
            _ => Err(Error::new(
                ErrorCode::BadOption,
                format!("option '{item}' must be written key=value"),
            )),
        })
        .collect()
}
