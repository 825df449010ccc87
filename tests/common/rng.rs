//! A small deterministic generator for the tests' random games (xorshift64*), so that a
//! failure replays.

/// xorshift64*, from a nonzero seed.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        ((self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) % n as u64) as usize
    }
}
