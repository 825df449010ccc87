//! Whole turns written in notation: `3. Cc3 (a4, Ie2(aa6, bb6, cd5), Bxe8#)`.

/// The actions a turn's text lists, in the order they are played: the parentheses and commas
/// only group them (the game's decisions say what each one answers), and a move number
/// (`3.`, `3...`) is dropped.
pub fn turn_tokens(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ','))
        .filter(|t| !t.is_empty())
        .filter(|t| !is_move_number(t))
        .collect()
}

fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::turn_tokens;

    #[test]
    fn a_turn_splits_into_its_actions() {
        assert_eq!(
            turn_tokens("3. Cc3 (a4, Ie2(aa6, bb6), Bxe8#)"),
            ["Cc3", "a4", "Ie2", "aa6", "bb6", "Bxe8#"]
        );
        assert_eq!(turn_tokens("e4"), ["e4"]);
        assert_eq!(turn_tokens("12... e5"), ["e5"]);
        assert!(turn_tokens(" ( , ) ").is_empty());
    }
}
