//! A server-side referee for Immortal Chess, with nothing but the standard library: it keeps
//! games in a `HashMap`, reads one command a line on stdin and answers one line on stdout.
//!
//! ```text
//! cargo run --example referee
//! new                      ok 1 commitment 9985b2e4...   publish the commitment to both players
//! moves 1                  ok move c2b4 c2d4 ... i3i5    what the side to move decides, and how
//! play 1 g3g4              ok g4 ongoing                 a machine string or notation
//! play 1 j3i4              ok @j3-i4=P ongoing           an entry: the deal reveals its piece
//! fen 1                    ok ??????????/?rnbqkbnr?/...  the public position (no hidden piece)
//! record 1                 ok g4, @j3-i4=P; ...          the public record, turn by turn
//! disclose 1               error bad_request ...         the seed, only once the game is over
//! close 1                  ok                            forget the game
//! quit
//! ```
//!
//! Every answer starts with `ok` or `error CODE MESSAGE` (`CODE` as in
//! `schachwerk::ErrorCode::as_str`). `new composition=2Q2R3B3N8P` picks the hidden pieces.
//! The seed never leaves the referee before the game is over: the position, the legal moves
//! and the record are public information, so a server can send them to both players as they
//! are. After `disclose`, anyone can check the seed against the commitment and the record
//! (`schachwerk::referee::verify`). A real server would put this behind its own transport
//! (HTTP, a websocket) and authenticate who may play which side; `Server::handle` is the part
//! that stays the same.

use schachwerk::game::Game;
use schachwerk::referee::Referee;
use schachwerk::{Error, ErrorCode, Result};
use std::collections::HashMap;
use std::io::{self, BufRead, Read, Write};

/// The most games kept at once; `close` frees one. A game takes about 200 KiB today
/// (`cargo run --release --example memory`).
const MAX_GAMES: usize = 1_000;
/// Longer lines are refused and skipped (no command needs more than a few dozen characters).
const MAX_LINE: usize = 1_000;

/// One refereed game: the referee holds the seed, and its game reveals each entry from the
/// deal; the game's position, legal moves and record are public.
struct Session {
    referee: Referee,
    game: Game,
}

/// The games by id.
#[derive(Default)]
struct Server {
    sessions: HashMap<u64, Session>,
    next_id: u64,
}

impl Server {
    /// The answer to one command line (without `ok `/`error `: see `answer`).
    fn handle(&mut self, line: &str) -> Result<String> {
        let mut words = line.split_whitespace();
        let command = words.next().unwrap_or("");
        let id = words.next().unwrap_or("");
        match command {
            "new" => self.new_game(line.split_whitespace().skip(1).collect()),
            "play" => {
                let game = &mut self.session(id)?.game;
                // A whole turn in notation has a space (`g4, @j3-i4`): take the rest of the line.
                let entry = game.play(&words.collect::<Vec<_>>().join(" "))?;
                let status = game.outcome().map_or("ongoing".into(), |o| o.describe());
                Ok(format!("{} {status}", entry.notation))
            }
            "moves" => {
                let game = &self.session(id)?.game;
                let mut text = game.decision().kind.to_string();
                for info in game.describe_legal() {
                    text.push(' ');
                    text.push_str(&info.machine);
                }
                Ok(text)
            }
            "fen" => Ok(self.session(id)?.game.fen()),
            "record" => {
                let turns = self.session(id)?.game.turns();
                let notations: Vec<String> = turns.into_iter().map(|t| t.notation).collect();
                Ok(notations.join("; "))
            }
            "commitment" => Ok(self.session(id)?.referee.commitment()),
            "disclose" => {
                let session = self.session(id)?;
                session.referee.disclose(&session.game)
            }
            "close" => match id
                .parse()
                .ok()
                .and_then(|id: u64| self.sessions.remove(&id))
            {
                Some(_) => Ok(String::new()),
                None => Err(no_game(id)),
            },
            _ => Err(bad_request(format!(
                "unknown command '{command}' (new, play, moves, fen, record, commitment, \
                 disclose, close, quit)"
            ))),
        }
    }

    /// The game `id`, or a `bad_request` error.
    fn session(&mut self, id: &str) -> Result<&mut Session> {
        id.parse()
            .ok()
            .and_then(|id: u64| self.sessions.get_mut(&id))
            .ok_or_else(|| no_game(id))
    }

    /// `new [key=value ...]`: a game with a fresh seed; answers its id and commitment.
    fn new_game(&mut self, options: Vec<&str>) -> Result<String> {
        if self.sessions.len() >= MAX_GAMES {
            return Err(bad_request("too many games: close one"));
        }
        let options: Vec<(&str, &str)> = options
            .iter()
            .map(|option| match option.split_once('=') {
                Some((key, value)) => Ok((key, value)),
                None => Err(Error::new(ErrorCode::BadOption, "options are key=value")),
            })
            .collect::<Result<_>>()?;
        let referee = Referee::new(None)?;
        let game = referee.game(&options, None)?;
        self.next_id += 1;
        let id = self.next_id;
        let commitment = referee.commitment();
        self.sessions.insert(id, Session { referee, game });
        Ok(format!("{id} commitment {commitment}"))
    }

    /// The line to write back for `line`: `ok ...` or `error CODE MESSAGE`.
    fn answer(&mut self, line: &str) -> String {
        match self.handle(line) {
            Ok(text) if text.is_empty() => "ok".to_string(),
            Ok(text) => format!("ok {text}"),
            Err(err) => format!("error {} {}", err.code.as_str(), err.message),
        }
    }
}

fn bad_request(message: impl Into<String>) -> Error {
    Error::new(ErrorCode::BadRequest, message)
}

fn no_game(id: &str) -> Error {
    bad_request(format!("no game '{id}'"))
}

fn main() -> io::Result<()> {
    let mut server = Server::default();
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    let mut line = String::new();
    loop {
        line.clear();
        // At most MAX_LINE bytes a read: a longer line is refused, its rest skipped.
        let read = input.by_ref().take(MAX_LINE as u64).read_line(&mut line)?;
        if read == 0 {
            return Ok(());
        }
        if !line.ends_with('\n') && read == MAX_LINE {
            input.skip_until(b'\n')?;
            writeln!(
                output,
                "error bad_request line longer than {MAX_LINE} bytes"
            )?;
            continue;
        }
        let command = line.trim();
        if command == "quit" {
            return Ok(());
        }
        if !command.is_empty() {
            writeln!(output, "{}", server.answer(command))?;
            output.flush()?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use schachwerk::referee::verify;

    /// A whole game through the protocol: a move and an entry, mate, disclose, verify.
    #[test]
    fn a_game_is_played_disclosed_and_verified() {
        let mut server = Server::default();
        let created = server.answer("new");
        let words: Vec<&str> = created.split(' ').collect();
        assert_eq!(words[..3], ["ok", "1", "commitment"], "{created}");
        let commitment = words[3].to_string();
        assert_eq!(server.answer("commitment 1"), format!("ok {commitment}"));

        assert!(server.answer("moves 1").starts_with("ok move c2b4 "));
        assert_eq!(server.answer("play 1 g3g4"), "ok g4 ongoing");
        assert!(server.answer("moves 1").starts_with("ok entry "));
        // The seed is fresh, so the piece entering is not known; on b4 none of the pieces of
        // the composition stops the mate that follows.
        let entry = server.answer("play 1 a3b4");
        assert!(entry.starts_with("ok @a3-b4="), "{entry}");
        assert!(server
            .answer("disclose 1")
            .starts_with("error bad_request "));
        assert!(server.answer("fen 1").starts_with("ok ??????????/"));

        for action in ["f8f6", "pass", "h3h5", "pass", "e9i5"] {
            assert!(server
                .answer(&format!("play 1 {action}"))
                .starts_with("ok "));
        }
        assert_eq!(
            server.answer("play 1 pass"),
            "ok pass# black wins checkmate"
        );
        assert!(server.answer("play 1 d3d4").starts_with("error game_over "));
        assert_eq!(server.answer("moves 1"), "ok over");

        let disclosed = server.answer("disclose 1");
        let seed = disclosed
            .strip_prefix("ok ")
            .expect("the seed after the game");
        // A player replays the public record on a game of their own and checks the deal.
        let record = server.answer("record 1");
        let mut replay = Game::new("immortal", &[], None).unwrap();
        for turn in record.strip_prefix("ok ").unwrap().split("; ") {
            replay.play(turn).unwrap();
        }
        assert_eq!(format!("ok {}", replay.fen()), server.answer("fen 1"));
        let verdict = verify(seed, &commitment, &replay).unwrap();
        assert!(verdict.commitment_matches);
        assert_eq!(verdict.wrong_reveal, None);

        assert_eq!(server.answer("close 1"), "ok");
        assert!(server
            .answer("fen 1")
            .starts_with("error bad_request no game"));
    }

    #[test]
    fn bad_commands_are_answered_with_an_error_code() {
        let mut server = Server::default();
        let created = server.answer("new composition=2Q2R3B3N8P");
        assert!(created.starts_with("ok 1 commitment "), "{created}");
        let cases = [
            ("fly", "error bad_request unknown command 'fly'"),
            ("fen", "error bad_request no game ''"),
            ("fen x", "error bad_request no game 'x'"),
            ("fen 99", "error bad_request no game '99'"),
            ("new 2", "error bad_option "),
            ("new seed=00", "error bad_option "),
            ("new composition=9Q", "error bad_option "),
            ("play 1", "error bad_action "),
            ("play 1 z9z9", "error bad_action "),
            ("play 1 i3i6", "error illegal_action "),
            ("play 1 pass", "error illegal_action "),
            ("close 2", "error bad_request no game '2'"),
        ];
        for (command, expected) in cases {
            let answer = server.answer(command);
            assert!(answer.starts_with(expected), "{command}: {answer}");
        }
        assert_eq!(
            server.answer("play 1 g3g4"),
            "ok g4 ongoing",
            "no refusal changed it"
        );
    }
}
