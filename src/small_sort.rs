//! An insertion sort for the few short lists sorted off the hot paths (castling letters, a
//! piece's steps): every `sort_unstable` on another element type adds about 4 KB of code to the
//! wasm download, where this adds a few hundred bytes.

/// Sorts `items` ascending; equal items keep their order. Quadratic: for short lists only.
pub fn insertion_sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `items` ascending, as [`insertion_sort_by_key`] does.
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
