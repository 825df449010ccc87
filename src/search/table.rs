//! The transposition table: what an earlier search found for a position, by its Zobrist key.

use crate::rules::Action;

/// How a stored score relates to the position's true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The score itself.
    Exact,
    /// At least the score (the search failed high).
    Lower,
    /// At most the score (no move raised alpha).
    Upper,
}

/// One position's entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    /// The depth searched, in turns.
    pub depth: i32,
    /// The score found.
    pub score: i32,
    /// What kind of score.
    pub bound: Bound,
    /// The best action found, tried first next time.
    pub best: Option<Action>,
}

/// A table of a fixed number of entries, always replaced.
pub struct Table {
    entries: Vec<Option<Entry>>,
}

impl Table {
    /// A table of `size` entries (a power of two).
    pub fn new(size: usize) -> Table {
        Table {
            entries: vec![None; size.next_power_of_two()],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry for `key`, if the table still holds it.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.slot(key)].filter(|e| e.key == key)
    }

    /// Remembers a search's result.
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Option<Action>) {
        let slot = self.slot(key);
        self.entries[slot] = Some(Entry {
            key,
            depth,
            score,
            bound,
            best,
        });
    }
}
