//! The game as an outside UCI engine reads it (`position startpos moves ...`), and its answer
//! (`bestmove b1c3,a2a4,end`) played on the referee's game, each action checked.

use schachwerk::game::Game;

/// `position startpos moves ...` (or `position fen FEN moves ...` for another start): every
/// whole turn one word, its actions' machine strings joined by commas, an entry written with
/// the piece the referee revealed (`f3f5,a5b5=n`), since the engine sees only the public game.
/// The actions of a turn under way are words of their own: a word of several actions is a
/// whole turn, which the engine would close (a Catalyst's chain) where the word ends.
pub fn position_command(game: &Game) -> String {
    let variant = game.variant();
    let start = variant.fen(&game.line()[0]);
    let standard = Game::new(variant.name(), &[], None).map(|g| g.fen());
    let mut command = if standard.as_ref() == Ok(&start) {
        String::from("position startpos")
    } else {
        format!("position fen {start}")
    };
    let armory = variant.armory();
    let history = game.history();
    let under_way = !game.position().phase().is_move();
    let turns = game.turns();
    let mut words: Vec<String> = Vec::new();
    for (index, turn) in turns.iter().enumerate() {
        let actions = history[turn.actions.clone()].iter();
        let machine = actions.map(|entry| entry.replayable(armory));
        if under_way && index + 1 == turns.len() {
            words.extend(machine);
        } else {
            words.push(machine.collect::<Vec<_>>().join(","));
        }
    }
    if !words.is_empty() {
        command.push_str(" moves ");
        command.push_str(&words.join(" "));
    }
    command
}

/// Plays the engine's answer `word` (the text after `bestmove`) on `game`, where it is the
/// engine's turn: one or more actions joined by commas, all the engine's own and each legal
/// when it comes. An entry comes bare (`a5b5`): the referee's deal reveals it. The answer may
/// stop inside the turn (at an entry, as our search's does, or anywhere): the engine is asked
/// again for the rest. An error names what was wrong, the game then being lost.
pub fn play_answer(game: &mut Game, word: &str) -> Result<(), String> {
    let mover = game.position().turn();
    if word.is_empty() || word == "0000" || word == "(none)" {
        return Err(format!(
            "it answered 'bestmove {word}' (no move), but it has {} legal actions",
            game.legal_actions().len()
        ));
    }
    let refused = |text: &str, why: String| {
        if text == word {
            format!("it answered 'bestmove {word}': {why}")
        } else {
            format!("it answered 'bestmove {word}', whose '{text}' is refused: {why}")
        }
    };
    for (index, text) in word.split(',').enumerate() {
        if index > 0 && (game.position().turn() != mover || game.outcome().is_some()) {
            return Err(refused(text, "its turn had ended".into()));
        }
        let action = game
            .parse_action(text)
            .map_err(|e| refused(text, e.to_string()))?;
        game.play_action(&action)
            .map_err(|e| refused(text, e.to_string()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use schachwerk::rules::TextEnd;

    const SEED: &str = "0000000000000000000000000000000000000000000000000000000000000000";

    #[test]
    fn whole_turns_are_words_and_a_turn_under_way_is_one_word_an_action() {
        let mut game = Game::new("chess", &[], None).unwrap();
        assert_eq!(position_command(&game), "position startpos");
        game.play("e2e4").unwrap();
        game.play("e7e5").unwrap();
        assert_eq!(position_command(&game), "position startpos moves e2e4 e7e5");
        // Another start is sent as its position string.
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let mut game = Game::new("chess", &[], Some(fen)).unwrap();
        game.play("e2e4").unwrap();
        assert_eq!(
            position_command(&game),
            format!("position fen {fen} moves e2e4")
        );

        // Impulschach: a Catalyst's move opens a chain, which goes on with another move.
        let mut game = Game::new("impulschach", &[], None).unwrap();
        game.play("b1c3").unwrap();
        game.play("a2a4").unwrap();
        assert!(!game.position().phase().is_move(), "the chain goes on");
        let words: Vec<String> = game.history().iter().map(|e| e.machine.clone()).collect();
        assert_eq!(
            position_command(&game),
            format!("position startpos moves {}", words.join(" "))
        );
        // Closed, the turn is one word.
        let close = game.decision().text_end;
        let TextEnd::Close(end) = close else {
            panic!("the chain cannot be closed: {close:?}")
        };
        game.play_action(&end).unwrap();
        let words: Vec<String> = game.history().iter().map(|e| e.machine.clone()).collect();
        assert_eq!(
            position_command(&game),
            format!("position startpos moves {}", words.join(","))
        );
    }

    #[test]
    fn an_entry_is_written_with_the_piece_the_deal_revealed() {
        let mut game = Game::new("immortal", &[("seed", SEED)], None).unwrap();
        // Moves and passes until an entry is legal, then the entry.
        for _ in 0..40 {
            let legal = game.legal_actions();
            let hidden = game.variant().hidden().unwrap();
            let entry = legal
                .iter()
                .find(|a| hidden.chance(game.position(), a).is_some());
            if let Some(entry) = entry.copied() {
                game.play_action(&entry).unwrap();
                break;
            }
            game.play_action(&legal[0]).unwrap();
        }
        let entry = game.history().last().unwrap();
        let revealed = entry.replayable(game.variant().armory());
        assert!(revealed.contains('='), "not an entry: {revealed}");
        let command = position_command(&game);
        assert!(command.ends_with(&revealed), "{command}");
        // The engine's game, public, takes the history as it is written.
        let mut public = Game::new("immortal", &[], None).unwrap();
        for word in command.split(' ').skip(3) {
            public.play(word).unwrap();
        }
        assert_eq!(public.fen(), game.fen());
    }

    #[test]
    fn an_answer_is_played_action_by_action_and_a_wrong_one_is_named() {
        let mut game = Game::new("chess", &[], None).unwrap();
        play_answer(&mut game, "e2e4").unwrap();
        assert_eq!(game.history().len(), 1);
        for (answer, says) in [
            ("a1a1", "'a1a1'"),
            ("0000", "no move"),
            ("", "no move"),
            ("e7e5,g1f3", "'g1f3' is refused: its turn had ended"),
            ("zz", "'zz'"),
        ] {
            let mut copy = game.clone();
            let error = play_answer(&mut copy, answer).unwrap_err();
            assert!(error.contains(says), "{answer}: {error}");
        }
        // Under a deal, an engine may not say what its entry reveals.
        let mut game = Game::new("immortal", &[("seed", SEED)], None).unwrap();
        let move_and_entry = (0..40).find_map(|_| {
            let legal = game.legal_actions();
            let hidden = game.variant().hidden().unwrap();
            let entry = legal
                .iter()
                .find(|a| hidden.chance(game.position(), a).is_some())
                .copied();
            if entry.is_none() {
                game.play_action(&legal[0]).unwrap();
            }
            entry
        });
        let entry = move_and_entry.expect("an entry comes up");
        let bare = entry.machine(game.variant().armory());
        let mut named = game.clone();
        assert!(play_answer(&mut named, &format!("{bare}=q")).is_err());
        play_answer(&mut game, &bare).unwrap();
        assert!(game.history().last().unwrap().reveal().is_some());
    }
}
