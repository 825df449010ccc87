//! Small sorts instead of the standard library's: an insertion sort for the few short lists
//! sorted off the hot paths (castling letters, a piece's steps), and one for the search's
//! move ordering (with Shell sort passes for long lists). Every `sort_unstable` on another
//! element type adds kilobytes to the wasm download, these a few hundred bytes (see
//! docs/PERFORMANCE.md).

/// Sorts `items` ascending; equal items keep their order. Quadratic: for short lists only.
/// Out of line, as [`insertion_sort`]: a list of known length (a piece's eight steps) was
/// sorted by inlined straight-line code.
#[inline(never)]
pub fn insertion_sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `items` ascending, as [`insertion_sort_by_key`] does. Out of line: inlined where
/// the length is known (a piece's eight steps), it was unrolled into straight-line code.
#[inline(never)]
pub fn insertion_sort<T: Ord>(items: &mut [T]) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && items[j - 1] > items[j] {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `items` ascending, not stably, for the search's move ordering: lists of up to about
/// a hundred actions (the bench's searches: at most 48 in chess, 79 in Quintessential, 96 in
/// Immortal Chess), whose keys are all different (each holds its index) and mostly in order
/// already (quiet moves tie on their score and keep their generation order). An insertion
/// sort is the fastest for those, and far smaller in the wasm than the standard library's
/// pattern-defeating quicksort (see docs/PERFORMANCE.md). A list longer than 128 first gets
/// Shell sort passes (Ciura's gaps), so that a long list in disorder costs no quadratic time.
pub fn shell_sort<T: Ord + Copy>(items: &mut [T]) {
    if items.len() > 128 {
        shell_passes(items);
    }
    for i in 1..items.len() {
        let item = items[i];
        let mut j = i;
        while j > 0 {
            let prev = items[j - 1];
            if prev <= item {
                break;
            }
            items[j] = prev;
            j -= 1;
        }
        items[j] = item;
    }
}

/// Shell sort's passes before the last (Ciura's gaps from 4 up), out of line: rarely run, so
/// compiled for size (./build.sh).
#[inline(never)]
fn shell_passes<T: Ord + Copy>(items: &mut [T]) {
    for gap in [701, 301, 132, 57, 23, 10, 4] {
        for i in gap..items.len() {
            let item = items[i];
            let mut j = i;
            while j >= gap && items[j - gap] > item {
                items[j] = items[j - gap];
                j -= gap;
            }
            items[j] = item;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_sort() {
        let mut items = vec![(3, 'a'), (1, 'b'), (2, 'c'), (1, 'a'), (0, 'z'), (3, 'a')];
        let mut expected = items.clone();
        expected.sort();
        insertion_sort(&mut items);
        assert_eq!(items, expected);
        let mut letters = vec!['q', 'c', 'k', 'a'];
        insertion_sort_by_key(&mut letters, |c| match c {
            'k' => 0,
            'q' => 1,
            _ => 2,
        });
        assert_eq!(letters, ['k', 'q', 'c', 'a']);
    }

    #[test]
    fn shell_sort_sorts_like_the_standard_sort() {
        // Lengths around and beyond the gaps, from a xorshift generator.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for len in [
            0, 1, 2, 3, 4, 5, 9, 64, 128, 129, 130, 131, 133, 700, 702, 2000,
        ] {
            let mut items: Vec<(i64, usize)> = (0..len)
                .map(|i| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    ((seed % 50) as i64 - 25, i % 7)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort();
            shell_sort(&mut items);
            assert_eq!(items, expected, "length {len}");
        }
    }
}
