//! The wasm's memory allocator: blocks in power-of-two size classes, each class with a list
//! of freed blocks to reuse, new blocks cut from pages taken with `memory.grow`.
//!
//! Why: this one is a few hundred bytes of the download, the standard library's allocator on
//! wasm (dlmalloc) kilobytes, and its allocation and freeing are a few instructions each (see
//! docs/PERFORMANCE.md). What it gives up: a block is rounded up to a power of two and freed
//! blocks are never merged, so a page could hold more memory than with dlmalloc. The engine
//! allocates a few sizes over and over (move lists, position lines, the search's tables),
//! which a class's free list serves. wasm memory never shrinks, with either allocator.
//!
//! Only for wasm without threads (no `atomics` target feature): the heap is not locked.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::UnsafeCell;

/// wasm's page, the unit of `memory.grow`.
const PAGE: usize = 65_536;

/// Size classes 2^0 to 2^31 bytes (the classes below 16 bytes stay empty: a free block holds
/// the address of the next).
const CLASSES: usize = 32;

struct Heap {
    /// Per size class, the address of the first free block (0 for none); each free block
    /// holds the address of the next.
    free: [usize; CLASSES],
    /// The unused part of the last page taken for blocks smaller than a page: `next..end`
    /// (64-bit, so that the end of the last page, 4 GiB, does not overflow).
    next: u64,
    end: u64,
}

/// The global allocator of the wasm build (see the module docs).
pub struct SizeClasses(UnsafeCell<Heap>);

// SAFETY: the wasm build without the atomics feature runs on one thread, so the heap is never
// reached from two threads.
unsafe impl Sync for SizeClasses {}

#[global_allocator]
static ALLOCATOR: SizeClasses = SizeClasses(UnsafeCell::new(Heap {
    free: [0; CLASSES],
    next: 0,
    end: 0,
}));

/// The size class of `layout`: the smallest power of two at least its size, its alignment
/// and 16 bytes. A block smaller than a page is aligned to its size, so any alignment up to
/// it holds; a larger one to a page.
fn class_of(layout: Layout) -> usize {
    let size = layout.size().max(layout.align()).max(16);
    (usize::BITS - (size - 1).leading_zeros()) as usize
}

/// `pages` new pages, their address (aligned to a page), or `None` when memory cannot grow.
fn grow(pages: usize) -> Option<usize> {
    let old = core::arch::wasm32::memory_grow(0, pages);
    (old != usize::MAX).then(|| old * PAGE)
}

impl Heap {
    /// A block of `class`: a freed one, or a new one.
    fn take(&mut self, class: usize) -> Option<usize> {
        let head = *self.free.get(class)?;
        if head != 0 {
            // SAFETY: `head` is a free block of this class, which holds the next one's
            // address (written by `give`).
            self.free[class] = unsafe { *(head as *const usize) };
            return Some(head);
        }
        let size = 1usize << class;
        if size >= PAGE {
            return grow(size / PAGE);
        }
        // Aligned to its size; a page's start is aligned to every smaller power of two.
        let size = size as u64;
        let mut start = (self.next + size - 1) & !(size - 1);
        if start + size > self.end {
            start = grow(1)? as u64;
            self.end = start + PAGE as u64;
        }
        self.next = start + size;
        Some(start as usize)
    }

    /// Puts the block at `address` of `class` on its class's free list.
    fn give(&mut self, address: usize, class: usize) {
        if let Some(head) = self.free.get_mut(class) {
            // SAFETY: the block is the caller's, at least 16 bytes long and aligned, and no
            // longer in use: it now holds the address of the next free block.
            unsafe { *(address as *mut usize) = *head };
            *head = address;
        }
    }
}

// Out of line (`inline(never)`): small enough to be inlined, the allocator was copied into
// every allocation in the crate.
//
// SAFETY: blocks are never handed out twice: a block is either on one free list or cut once
// from fresh memory, and a class's blocks are at least as large and as aligned as any layout
// of the class.
unsafe impl GlobalAlloc for SizeClasses {
    #[inline(never)]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // Blocks of a page or more are aligned to a page only (no Rust type asks for more).
        if layout.align() > PAGE {
            return std::ptr::null_mut();
        }
        // SAFETY: one thread (see `Sync`), and no call below reenters the allocator.
        let heap = unsafe { &mut *self.0.get() };
        match heap.take(class_of(layout)) {
            Some(address) => address as *mut u8,
            None => std::ptr::null_mut(),
        }
    }

    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as in `alloc`.
        let heap = unsafe { &mut *self.0.get() };
        heap.give(ptr as usize, class_of(layout));
    }

    #[inline(never)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller guarantees that the new size with the old alignment is a valid
        // layout.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        if class_of(new_layout) == class_of(layout) {
            return ptr;
        }
        // SAFETY: a fresh block of the new size, then the old contents copied and the old
        // block freed, as GlobalAlloc's own `realloc` does.
        unsafe {
            let new = self.alloc(new_layout);
            if !new.is_null() {
                std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
            new
        }
    }
}
