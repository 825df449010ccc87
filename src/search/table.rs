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

    /// The largest table (a power of two entries, at least one) within `megabytes` MiB: UCI's
    /// `Hash` option.
    pub fn with_megabytes(megabytes: usize) -> Table {
        let entry = std::mem::size_of::<Option<Entry>>();
        let fits = megabytes.saturating_mul(1 << 20) / entry;
        // The power of two at or below what fits: `new` rounds up.
        Table::new(1 << fits.max(1).ilog2())
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(None);
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

#[cfg(test)]
mod tests {
    use super::Table;

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
        assert_eq!(Table::with_megabytes(0).entries.len(), 1);
    }
}
