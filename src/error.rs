//! Errors with a stable code for programs and a message for people.

use std::fmt;

/// What kind of problem an [`Error`] reports. The codes are stable across releases; new ones
/// may be added, so a `match` on a code needs a `_` arm.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ErrorCode {
    /// The variant name is not known.
    UnknownVariant,
    /// An option is unknown or has a bad value.
    BadOption,
    /// A position string is malformed or describes an impossible position.
    BadFen,
    /// An action string is neither a machine string nor notation the variant reads.
    BadAction,
    /// A well-formed action that is not legal here.
    IllegalAction,
    /// The game is over; no more actions are taken.
    GameOver,
    /// There is no action to take back.
    NothingToUndo,
    /// A request that makes no sense in the current phase or with these arguments.
    BadRequest,
    /// An argument of the wrong type or out of range (a number where a string is expected, a
    /// depth of -1): what the wasm boundary refuses before the engine sees the call.
    BadArgument,
    /// PGN text that is not PGN: a tag, comment or variation not closed, a move number that is
    /// not the game's, a result that is not the game's.
    BadPgn,
}

impl ErrorCode {
    /// Every code, for documentation and the tests that check the declarations list them all.
    pub const ALL: [ErrorCode; 10] = [
        ErrorCode::UnknownVariant,
        ErrorCode::BadOption,
        ErrorCode::BadFen,
        ErrorCode::BadAction,
        ErrorCode::IllegalAction,
        ErrorCode::GameOver,
        ErrorCode::NothingToUndo,
        ErrorCode::BadRequest,
        ErrorCode::BadArgument,
        ErrorCode::BadPgn,
    ];

    /// The stable machine-readable code, e.g. `bad_fen`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::UnknownVariant => "unknown_variant",
            ErrorCode::BadOption => "bad_option",
            ErrorCode::BadFen => "bad_fen",
            ErrorCode::BadAction => "bad_action",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NothingToUndo => "nothing_to_undo",
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::BadArgument => "bad_argument",
            ErrorCode::BadPgn => "bad_pgn",
        }
    }
}

/// An error: a stable code and a message that names the problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Error {
    /// What kind of error.
    pub code: ErrorCode,
    /// What went wrong, for people.
    pub message: String,
}

impl Error {
    /// An error of kind `code` saying `message`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
        }
    }

    /// An argument of the wrong type or out of range.
    pub fn argument(message: impl Into<String>) -> Error {
        Error::new(ErrorCode::BadArgument, message)
    }

    /// A malformed or impossible position string.
    pub fn fen(message: impl Into<String>) -> Error {
        Error::new(ErrorCode::BadFen, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for Error {}

/// Result with this crate's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
