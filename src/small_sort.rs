//! Small sorts instead of the standard library's: insertion sorts for the short lists sorted
//! off the hot paths (castling letters, a piece's steps, Immortal Chess's entries to keep).
//! Every `sort_unstable` on another element type adds kilobytes to the wasm download, these a
//! few hundred bytes (see docs/PERFORMANCE.md). The search's move ordering sorts its own
//! actions and keys together (`search::order`).

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
}
