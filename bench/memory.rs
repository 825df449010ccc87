//! The memory each additional game of each variant costs, natively: what a server holding many
//! games at once pays per game.
//!
//!   cargo run --release --example memory          (./build.sh memory: this, then the wasm's)
//!
//! A counting global allocator (the system's, with the bytes live added up) measures the
//! bytes live after one game of a variant (which pays for anything shared and built once),
//! then after GAMES more, held at once; the difference over GAMES is the figure printed, with
//! the target of issue 22 beside it (printed, not checked). bench/memory.mjs measures the same
//! in the wasm.

use schachwerk::game::Game;
use schachwerk::referee::Referee;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Games created after the first, held at once.
const GAMES: usize = 100;
/// What an additional game should cost at most, in KiB (issue 22; not checked).
const TARGET_KIB: f64 = 16.0;

/// The system allocator, counting the bytes live.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed to the system allocator unchanged; only the count is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let block = System.alloc(layout);
        if !block.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let block = System.alloc_zeroed(layout);
        if !block.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        System.dealloc(block, layout);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let moved = System.realloc(block, layout, new_size);
        if !moved.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            LIVE.fetch_add(new_size, Ordering::Relaxed);
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The cases measured: a label and how to make one game.
type Case = (&'static str, fn() -> schachwerk::Result<Game>);

const CASES: [Case; 8] = [
    ("chess", || Game::new("chess", &[], None)),
    ("nietzsche", || Game::new("nietzsche", &[], None)),
    ("nietzsche knighted", || {
        Game::new("nietzsche", &[("sequence", "knighted")], None)
    }),
    ("nacht", || Game::new("nacht", &[], None)),
    ("quintessential", || Game::new("quintessential", &[], None)),
    ("impulschach", || Game::new("impulschach", &[], None)),
    ("immortal (public)", || Game::new("immortal", &[], None)),
    ("immortal (refereed)", || {
        Referee::new(None)?.game(&[], None)
    }),
];

fn main() -> schachwerk::Result<()> {
    println!("memory per additional game, native ({GAMES} games held; target {TARGET_KIB} KiB)");
    for (label, make) in CASES {
        let mut games = Vec::with_capacity(GAMES + 1);
        let before_first = LIVE.load(Ordering::Relaxed);
        games.push(make()?);
        let first = LIVE.load(Ordering::Relaxed);
        for _ in 0..GAMES {
            games.push(make()?);
        }
        let all = LIVE.load(Ordering::Relaxed);
        let kib = |bytes: usize| bytes as f64 / 1024.0;
        let each = kib(all.saturating_sub(first)) / GAMES as f64;
        println!(
            "  {label:<20} {each:>8.1} KiB a game   (target {TARGET_KIB} KiB{}; the first {:.1} KiB)",
            if each <= TARGET_KIB { ", met" } else { "" },
            kib(first.saturating_sub(before_first)),
        );
    }
    Ok(())
}
