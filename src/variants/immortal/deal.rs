//! The deal of Immortal Chess, exactly as RULES.md specifies it so that any program can
//! reproduce it: a 32-byte seed keys a ChaCha20 keystream (zero nonce, block counter from 0,
//! little-endian 32-bit words), `uniform` draws by rejection, and a Fisher-Yates shuffle from
//! 35 down to 1 hands the identities, in canonical order, to the border squares in canonical
//! order. The commitment is the SHA-256 of the seed. The primitives are RustCrypto's.

use super::composition::Composition;
use crate::error::{Error, ErrorCode, Result};
use crate::geometry::Square;
use crate::movement::Piece;
use chacha20::cipher::{KeyIvInit, StreamCipher};
use chacha20::ChaCha20;
use sha2::{Digest, Sha256};

/// The number of border squares of the 10x10 board, and of Immortals.
pub const BORDER: usize = 36;

/// A deal's seed.
pub type Seed = [u8; 32];

/// The border squares in canonical order: a1 to j1, a10 to j10, a2 to a9, j2 to j9.
pub fn border_squares() -> [Square; BORDER] {
    let mut out = [Square::A1; BORDER];
    let mut order = Vec::with_capacity(BORDER);
    order.extend((0..10).map(|f| (f, 0)));
    order.extend((0..10).map(|f| (f, 9)));
    order.extend((1..9).map(|r| (0, r)));
    order.extend((1..9).map(|r| (9, r)));
    for (slot, (file, rank)) in out.iter_mut().zip(order) {
        *slot = Square::new(file, rank).unwrap_or(Square::A1);
    }
    out
}

/// The seed written as 64 hex digits.
pub fn parse_seed(text: &str) -> Result<Seed> {
    let bad = |why: &str| {
        Error::new(
            ErrorCode::BadOption,
            format!("seed '{text}' {why}: a seed is 64 hex digits (32 bytes)"),
        )
    };
    if text.len() != 64 {
        return Err(bad(&format!("has {} characters", text.chars().count())));
    }
    let mut seed = [0u8; 32];
    for (i, byte) in seed.iter_mut().enumerate() {
        let pair = text
            .get(2 * i..2 * i + 2)
            .ok_or_else(|| bad("is not hex"))?;
        *byte = hex_byte(pair).ok_or_else(|| bad("is not hex"))?;
    }
    Ok(seed)
}

/// Two hex digits as a byte, read as `u8::from_str_radix(pair, 16)` reads them (so `+a` is
/// 10), by hand: the standard parser costs the wasm download (see `Square::parse`).
fn hex_byte(pair: &str) -> Option<u8> {
    let digit = |c: char| c.to_digit(16);
    let mut chars = pair.chars();
    let (first, second) = (chars.next()?, chars.next()?);
    if chars.next().is_some() {
        return None;
    }
    match first {
        '+' => digit(second).map(|d| d as u8),
        _ => Some((digit(first)? * 16 + digit(second)?) as u8),
    }
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The commitment to a deal: SHA-256 of the seed's 32 bytes, in hex. Never inlined: its
/// callers (the referee, the PGN writer and reader) share one copy of SHA-256 in the wasm.
#[inline(never)]
pub fn commitment(seed: &Seed) -> String {
    hex(&Sha256::digest(seed))
}

/// A fresh seed from the platform's secure source (crypto.getRandomValues in a browser).
pub fn random_seed() -> Result<Seed> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| {
        Error::new(
            ErrorCode::BadRequest,
            format!("no secure random source for a seed: {e}"),
        )
    })?;
    Ok(seed)
}

/// The keystream as consecutive little-endian 32-bit words.
pub struct Words {
    cipher: ChaCha20,
    block: [u8; 64],
    next: usize,
}

impl Words {
    /// The keystream keyed by `seed`, nonce zero, block counter from 0.
    pub fn new(seed: &Seed) -> Words {
        Words {
            cipher: ChaCha20::new(seed.into(), &[0u8; 12].into()),
            block: [0; 64],
            next: 64,
        }
    }

    /// The next word.
    pub fn word(&mut self) -> u32 {
        if self.next == 64 {
            self.block = [0; 64];
            self.cipher.apply_keystream(&mut self.block);
            self.next = 0;
        }
        let bytes = [
            self.block[self.next],
            self.block[self.next + 1],
            self.block[self.next + 2],
            self.block[self.next + 3],
        ];
        self.next += 4;
        u32::from_le_bytes(bytes)
    }

    /// A number below `n` without modulo bias, from the next words ([`uniform`]).
    pub fn uniform(&mut self, n: u32) -> u32 {
        uniform(n, || self.word())
    }
}

/// `uniform(n)`: the first of the words `next` gives that lies below the largest multiple of
/// `n` that fits in 32 bits (`2^32 - (2^32 mod n)`), modulo `n`; the others are skipped, so
/// every result is equally likely.
pub fn uniform(n: u32, mut next: impl FnMut() -> u32) -> u32 {
    let n = n.max(1);
    let limit = (1u64 << 32) - ((1u64 << 32) % u64::from(n));
    loop {
        let word = next();
        if u64::from(word) < limit {
            return word % n;
        }
    }
}

/// Which identity each border square holds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Deal {
    identities: [Piece; BORDER],
}

impl Deal {
    /// The deal that `seed` makes of `composition`'s identities.
    pub fn new(seed: &Seed, composition: &Composition) -> Deal {
        let mut identities = composition.identities();
        let mut words = Words::new(seed);
        for i in (1..BORDER).rev() {
            let j = words.uniform(i as u32 + 1) as usize;
            identities.swap(i, j);
        }
        Deal { identities }
    }

    /// The deal that gives the k-th border square (canonical order) the k-th of `identities`.
    pub fn from_identities(identities: [Piece; BORDER]) -> Deal {
        Deal { identities }
    }

    /// The identity on the border square `sq`, if it is one.
    pub fn identity(&self, sq: Square) -> Option<Piece> {
        let at = border_squares().iter().position(|&b| b == sq)?;
        Some(self.identities[at])
    }

    /// Each border square with its identity, in canonical order.
    pub fn squares(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        border_squares().into_iter().zip(self.identities)
    }
}

impl crate::rules::Dealer for Deal {
    fn identity(&self, square: Square) -> Option<Piece> {
        Deal::identity(self, square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_bytes_read_as_the_standard_parser_reads_them() {
        let chars = ['0', '9', 'a', 'f', 'g', 'A', 'F', 'G', '+', '-', ' ', 'é'];
        for a in chars {
            for b in chars {
                let pair: String = [a, b].iter().collect();
                assert_eq!(
                    hex_byte(&pair),
                    u8::from_str_radix(&pair, 16).ok(),
                    "{pair}"
                );
            }
        }
    }

    #[test]
    fn the_keystream_of_the_zero_key_is_rfc_8439s_first_test_vector() {
        // RFC 8439, appendix A.1, test vector #1: key and nonce zero, block counter 0.
        let expected = "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7\
                        da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586";
        let mut words = Words::new(&[0; 32]);
        let bytes: Vec<u8> = (0..16).flat_map(|_| words.word().to_le_bytes()).collect();
        assert_eq!(hex(&bytes), expected);
        // The next block follows on (counter 1).
        assert_ne!(words.word(), u32::from_le_bytes([0x76, 0xb8, 0xe0, 0xad]));
    }

    #[test]
    fn uniform_skips_the_words_that_would_bias_it() {
        // 2^32 mod 3 = 1: the word 2^32 - 1 is the one that would make 0 likelier.
        let mut stream = [u32::MAX, 5].into_iter();
        assert_eq!(uniform(3, || stream.next().unwrap_or(0)), 2);
        let mut stream = [u32::MAX - 1].into_iter();
        assert_eq!(
            uniform(3, || stream.next().unwrap_or(0)),
            (u32::MAX - 1) % 3
        );
        // For a power of two nothing is skipped.
        let mut stream = [u32::MAX].into_iter();
        assert_eq!(uniform(4, || stream.next().unwrap_or(0)), 3);
        // n = 36: 2^32 mod 36 = 4, so the four largest words are skipped.
        let mut stream = [u32::MAX - 3, u32::MAX, 71].into_iter();
        assert_eq!(uniform(36, || stream.next().unwrap_or(0)), 71 % 36);
    }

    #[test]
    fn seeds_are_64_hex_digits() {
        assert_eq!(parse_seed(&"ab".repeat(32)).unwrap(), [0xab; 32]);
        for bad in [
            "",
            "00",
            &"0".repeat(63),
            &"0".repeat(65),
            &"g".repeat(64),
            &"é".repeat(32),
        ] {
            assert!(parse_seed(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_commitment_is_the_sha_256_of_the_seed() {
        // SHA-256 of 32 zero bytes.
        assert_eq!(
            commitment(&[0; 32]),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }
}
