//! A hint to the processor to fetch memory the search is about to read.
//!
//! The transposition table is larger than the caches, and a probe's wait for memory was a
//! fifth of a native chess search (`perf`, Kiwipete). The search asks for a position's entries
//! as it makes the position, so the wait overlaps the work done before they are read.

/// Asks the processor to bring the cache lines that hold `item` (its first and last byte)
/// into its cache. Nothing happens where there is no such hint (the wasm).
#[inline]
pub(super) fn prefetch<T: ?Sized>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let first: *const i8 = (item as *const T).cast();
        let last = first.wrapping_add(std::mem::size_of_val(item).saturating_sub(1));
        // SAFETY: SSE, which the instruction needs, is part of every x86_64 processor, and a
        // prefetch only hints the cache: it reads nothing into the program and never faults.
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(first);
            _mm_prefetch::<_MM_HINT_T0>(last);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}
