//! The evaluation's memory of the positions it has scored: the search meets a position again
//! in each iteration of its deepening, in each re-search of a narrow window and by
//! transposition, and the score of a position never changes within a search.
//!
//! Only speed: an answer from here is the one the evaluation would compute (the key is the
//! position's Zobrist hash, which covers everything the evaluation reads), so the search's
//! tree is the same with it as without.

use std::cell::RefCell;

/// Positions remembered: a direct-mapped table, a power of two (16 bytes a slot: 1 MiB).
/// Measured against 2^14 and 2^18 slots in docs/PERFORMANCE.md.
const SLOTS: usize = 1 << 16;

/// A position's two parts of the score, as [`crate::search::eval::Evaluator`] splits it.
#[derive(Clone, Copy, Default)]
struct Slot {
    /// The position's hash; 0 in an empty slot (a hit on it would be a 1-in-2^64 accident).
    key: u64,
    /// Material, placement and the variant's cheap terms.
    rough: i32,
    /// The positional terms and open squares.
    lines: i32,
}

/// The remembered scores. Interior mutability: the evaluator is shared by reference, as the
/// pawn structures' cache is.
pub struct EvalCache {
    slots: RefCell<Vec<Slot>>,
}

impl EvalCache {
    pub fn new() -> EvalCache {
        EvalCache {
            slots: RefCell::new(vec![Slot::default(); SLOTS]),
        }
    }

    /// The rough part and the lines' part of the position `key`, if remembered.
    #[inline]
    pub fn get(&self, key: u64) -> Option<(i32, i32)> {
        let slots = self.slots.try_borrow().ok()?;
        let slot = slots.get(key as usize & (SLOTS - 1))?;
        (slot.key == key).then_some((slot.rough, slot.lines))
    }

    /// Remembers the parts of the position `key`, in place of what its slot held. Only whole
    /// scores are kept: also keeping the rough part of the lazily scored positions took their
    /// slots from whole ones and saved nothing (measured).
    #[inline]
    pub fn put(&self, key: u64, rough: i32, lines: i32) {
        if let Ok(mut slots) = self.slots.try_borrow_mut() {
            if let Some(slot) = slots.get_mut(key as usize & (SLOTS - 1)) {
                *slot = Slot { key, rough, lines };
            }
        }
    }
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_found_with_the_parts_it_was_put_with_until_another_takes_its_slot() {
        let cache = EvalCache::new();
        assert_eq!(cache.get(12345), None, "nothing is known at first");
        cache.put(12345, 40, -7);
        assert_eq!(cache.get(12345), Some((40, -7)));
        assert_eq!(cache.get(12346), None, "another key");
        assert_eq!(
            cache.get(12345 + SLOTS as u64),
            None,
            "another key of the same slot"
        );
        cache.put(12345 + SLOTS as u64, 3, 1);
        assert_eq!(cache.get(12345), None, "taken by the other");
        assert_eq!(cache.get(12345 + SLOTS as u64), Some((3, 1)));
    }
}
