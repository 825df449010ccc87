//! The transposition table: what an earlier search found for a position, by its Zobrist key.
//!
//! Entries come in buckets of two. A new result goes to its own key's entry if the bucket has
//! one, else over the entry worth least: the shallower, counting an entry from an earlier
//! search ([`Table::new_search`]) as [`AGE_WEIGHT`] turns shallower per search since. Deep
//! results from this search so survive the stream of shallow ones, and a table kept through a
//! game (UCI) does not fill up with the old game's positions.

use crate::rules::Action;

/// Turns of depth an entry loses for each search since it was written, when it competes for
/// its slot.
const AGE_WEIGHT: i32 = 4;

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

impl Bound {
    /// What a search within the window (`alpha`, `beta`) that found `score` knows of it.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` of this kind settles a search within (`alpha`, `beta`).
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
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
    /// The search that wrote it.
    generation: u8,
}

/// A table of a fixed number of entries, in buckets of two.
pub struct Table {
    entries: Vec<Option<Entry>>,
    /// The search under way, as [`Entry::generation`] counts.
    generation: u8,
}

/// The entries of a table the caller does not size: 2^18 (6 MiB).
const DEFAULT_ENTRIES: usize = 1 << 18;

impl Default for Table {
    fn default() -> Table {
        Table::new(DEFAULT_ENTRIES)
    }
}

impl Table {
    /// A table of `size` entries (a power of two, at least two).
    pub fn new(size: usize) -> Table {
        Table {
            entries: vec![None; size.next_power_of_two().max(2)],
            generation: 0,
        }
    }

    /// The largest table (a power of two entries, at least two) within `megabytes` MiB: UCI's
    /// `Hash` option.
    pub fn with_megabytes(megabytes: usize) -> Table {
        let entry = std::mem::size_of::<Option<Entry>>();
        let fits = megabytes.saturating_mul(1 << 20) / entry;
        // The power of two at or below what fits: `new` rounds up.
        Table::new(1 << fits.max(1).ilog2())
    }

    /// The table moved out, for a search to own until [`Searcher::into_table`] gives it back
    /// (a player keeps one through a game); a two-entry stand-in is left in its place.
    ///
    /// [`Searcher::into_table`]: super::Searcher::into_table
    pub fn lend(&mut self) -> Table {
        std::mem::replace(self, Table::new(2))
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(None);
        self.generation = 0;
    }

    /// Marks the start of a new search: what earlier ones wrote gives way more easily.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The first of the two entries of `key`'s bucket.
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1) & !1
    }

    /// Asks for `key`'s bucket ahead of its [`Table::probe`] (see [`super::prefetch`]).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let at = self.bucket(key);
        if let Some(bucket) = self.entries.get(at..at + 2) {
            super::prefetch::prefetch(bucket);
        }
    }

    /// The entry for `key`, if the table still holds it.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let at = self.bucket(key);
        self.entries[at..at + 2]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// What an entry is worth keeping: its depth, less for its age.
    fn worth(&self, entry: &Option<Entry>) -> i32 {
        entry.map_or(i32::MIN, |e| {
            let age = i32::from(self.generation.wrapping_sub(e.generation));
            e.depth - AGE_WEIGHT * age
        })
    }

    /// Remembers a search's result.
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Option<Action>) {
        let at = self.bucket(key);
        let same = (at..at + 2).find(|&i| self.entries[i].is_some_and(|e| e.key == key));
        let slot = same.unwrap_or_else(|| {
            if self.worth(&self.entries[at]) <= self.worth(&self.entries[at + 1]) {
                at
            } else {
                at + 1
            }
        });
        // A result for the same position keeps the move it knew if it has none of its own.
        let best = best.or_else(|| same.and_then(|i| self.entries[i]).and_then(|e| e.best));
        self.entries[slot] = Some(Entry {
            key,
            depth,
            score,
            bound,
            best,
            generation: self.generation,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{Bound, Table};

    #[test]
    fn a_table_by_megabytes_is_the_largest_power_of_two_that_fits() {
        for megabytes in [1, 3, 16, 100] {
            let table = Table::with_megabytes(megabytes);
            assert!(table.entries.len().is_power_of_two());
            let bytes = table.entries.len() * std::mem::size_of_val(&table.entries[0]);
            assert!(bytes <= megabytes << 20, "{megabytes} MiB: {bytes} bytes");
            assert!(
                2 * bytes > megabytes << 20,
                "{megabytes} MiB: {bytes} bytes"
            );
        }
        assert_eq!(Table::with_megabytes(0).entries.len(), 2);
    }

    /// Keys that share one bucket of a table of `size` entries.
    fn same_bucket(size: u64, n: u64) -> Vec<u64> {
        (0..n).map(|i| 5 + i * size).collect()
    }

    #[test]
    fn a_deep_entry_outlives_shallow_ones_of_its_bucket() {
        let mut table = Table::new(16);
        let keys = same_bucket(16, 4);
        table.store(keys[0], 9, 10, Bound::Exact, None);
        for (n, &key) in keys[1..].iter().enumerate() {
            table.store(key, 1, n as i32, Bound::Lower, None);
        }
        assert_eq!(table.probe(keys[0]).map(|e| e.depth), Some(9));
        // The newest shallow one is there too; the one before it gave way.
        assert!(table.probe(keys[3]).is_some());
        assert!(table.probe(keys[2]).is_none());
    }

    #[test]
    fn entries_of_earlier_searches_give_way() {
        let mut table = Table::new(16);
        let keys = same_bucket(16, 3);
        table.store(keys[0], 6, 0, Bound::Exact, None);
        table.store(keys[1], 6, 0, Bound::Exact, None);
        table.new_search();
        table.new_search();
        // Two searches on, a depth-6 entry counts as depth -2: a depth-1 result replaces one.
        table.store(keys[2], 1, 0, Bound::Exact, None);
        assert!(table.probe(keys[2]).is_some());
        table.clear();
        assert!(table.probe(keys[2]).is_none());
    }
}
