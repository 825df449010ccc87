//! Layer 7: notation. Machine strings (`e2e4`) and human notation (SAN with each variant's
//! letters), each read and written.

mod machine;
mod san;
mod turn;

pub use machine::parse_machine;
pub use san::{move_part, parse_san, san, NotMove};
pub use turn::{split_move_number, turn_tokens};
