//! Whole turns written in notation: `3. Cc3 (a4, Ie2(aa6, bb6, cd5), Bxe8#)`.

/// The actions a turn's text lists, in the order they are played: the parentheses and commas
/// only group them (the game's decisions say what each one answers). A move number before
/// the turn is the caller's to take off ([`split_move_number`]); one inside stays a token, and
/// is refused as an action.
pub fn turn_tokens(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ','))
        .filter(|t| !t.is_empty())
        .collect()
}

/// A move number at the start of `text`: `12.` (White's move 12) or `12...` (Black's), glued
/// to the move or not. Returns the number as written, its value (`None` when too large), whether
/// it is Black's, and the rest of the text. `None` when `text` does not start with digits and a
/// dot (`0-0`, `1-0`); `Some(Err(written))` for digits with two dots or more than three.
#[allow(clippy::type_complexity)]
pub fn split_move_number(
    text: &str,
) -> Option<std::result::Result<(&str, Option<u32>, bool, &str), &str>> {
    let text = text.trim_start();
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = text.get(digits..)?;
    let dots = after.len() - after.trim_start_matches('.').len();
    if digits == 0 || dots == 0 {
        return None;
    }
    let written = text.get(..digits + dots)?;
    let rest = after.get(dots..)?.trim_start();
    let black = match dots {
        1 => false,
        3 => true,
        _ => return Some(Err(written)),
    };
    let number = text.get(..digits).and_then(|d| d.parse::<u32>().ok());
    Some(Ok((written, number, black, rest)))
}

#[cfg(test)]
mod tests {
    use super::{split_move_number, turn_tokens};

    #[test]
    fn a_turn_splits_into_its_actions() {
        assert_eq!(
            turn_tokens("Cc3 (a4, Ie2(aa6, bb6), Bxe8#)"),
            ["Cc3", "a4", "Ie2", "aa6", "bb6", "Bxe8#"]
        );
        assert_eq!(turn_tokens("e4"), ["e4"]);
        assert_eq!(turn_tokens("e5 3."), ["e5", "3."]);
        assert!(turn_tokens(" ( , ) ").is_empty());
    }

    #[test]
    fn a_move_number_splits_off_the_start() {
        assert_eq!(
            split_move_number("12... e5"),
            Some(Ok(("12...", Some(12), true, "e5")))
        );
        assert_eq!(
            split_move_number("1.e4"),
            Some(Ok(("1.", Some(1), false, "e4")))
        );
        assert_eq!(
            split_move_number("3."),
            Some(Ok(("3.", Some(3), false, "")))
        );
        assert_eq!(split_move_number("2.. a6"), Some(Err("2..")));
        assert_eq!(split_move_number("0-0"), None);
        assert_eq!(split_move_number("1-0"), None);
        assert_eq!(split_move_number("e4"), None);
    }
}
