//! `schachwerk deal`: Immortal Chess's deal for a seed, as any program can check it.

use schachwerk::variants::immortal::deal::{commitment, parse_seed};
use schachwerk::variants::immortal::{Composition, Deal, Immortal};
use schachwerk::variants::parse_options;
use schachwerk::variants::Variant;

/// Prints one `SQUARE LETTER` line per border square in canonical order, then the commitment.
pub fn run(args: &[String]) -> Result<String, String> {
    let mut seed = None;
    let mut options = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = || {
            iter.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value"))
        };
        match arg.as_str() {
            "--seed" => seed = Some(value()?),
            "--option" => options.push(value()?),
            other => {
                return Err(format!(
                    "unexpected argument '{other}' (deal --seed HEX [--option composition=...])"
                ))
            }
        }
    }
    let seed = seed.ok_or("deal needs --seed HEX (64 hex digits)")?;
    let seed = parse_seed(&seed).map_err(|e| e.to_string())?;
    let options = parse_options(options.iter().map(String::as_str)).map_err(|e| e.to_string())?;
    // The options are checked as the variant checks them (a composition of 18 a side).
    let variant = Immortal::from_options(&options).map_err(|e| e.to_string())?;
    let composition: Composition = variant.composition();
    let armory = variant.armory();
    let mut out = String::new();
    for (square, piece) in Deal::new(&seed, &composition).squares() {
        out.push_str(&format!("{square} {}\n", armory.fen_char(piece)));
    }
    out.push_str(&format!("commitment {}\n", commitment(&seed)));
    Ok(out)
}
