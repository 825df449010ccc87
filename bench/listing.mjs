#!/usr/bin/env node
// Listing speed for a validator: "list the legal moves as strings", calls per second, for
// this package's lean `legalMoves()` (and `countLegal()`, and the full `legalActions()`
// mapped to its strings) beside Fairy-Stockfish's wasm build (the npm package ffish, pinned in
// package.json) `board.legalMoves()`, which returns one space-separated string (timed as it
// is and split into an array, as ours returns). One Node process, the same positions.
// A benchmark, not a test; it exits non-zero only if the two disagree on a position's moves.
//
//   node bench/listing.mjs [ITERATIONS]    (default 20000 per position and call; ./build.sh first)
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { loadEngine } from './engine.mjs';

const { Game } = await loadEngine();

// ffish's Emscripten loader fetches its wasm by path when `fetch` exists, which Node's
// fetch cannot: hidden while it loads, the loader reads the file instead.
const fetch = globalThis.fetch;
globalThis.fetch = undefined;
const ffish = createRequire(import.meta.url)('ffish');
globalThis.fetch = fetch;
await new Promise((resolve) => {
  if (ffish.Board) resolve();
  else ffish.onRuntimeInitialized = resolve;
});

const POSITIONS = [
  ['start', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'],
  ['kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'],
  // The Chess Programming Wiki's perft position 6: a quiet middlegame, both sides castled.
  ['middlegame', 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10'],
];
const iterations = Number(process.argv[2] ?? 20000);

/** Calls per second of `call`, after a warm-up, best of three runs. */
function rate(call) {
  let sink = 0;
  for (let i = 0; i < Math.min(2000, iterations); i++) sink += call().length ?? 1;
  let best = 0;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    for (let i = 0; i < iterations; i++) sink += call().length ?? 1;
    best = Math.max(best, iterations / ((performance.now() - t0) / 1000));
  }
  if (sink < 0) console.log(sink);
  return best;
}

const fmt = (n) => Math.round(n).toLocaleString('en-US').padStart(10);
console.log(`legal move listing, calls/s (best of 3 x ${iterations}); ffish ${ffish.info?.() ?? ''}`.trim());
console.log(`${'position'.padEnd(11)}${'moves'.padStart(6)} ${'legalMoves'.padStart(10)} ${'countLegal'.padStart(10)} ${'legalActions'.padStart(12)}  | ${'ffish str'.padStart(10)} ${'ffish []'.padStart(10)}  ours/ffish[]`);
let failed = false;
for (const [name, fen] of POSITIONS) {
  const game = new Game('chess', null, fen);
  const board = new ffish.Board('chess', fen);
  const ours = game.legalMoves();
  const theirs = board.legalMoves().split(' ').filter(Boolean);
  if ([...ours].sort().join() !== [...theirs].sort().join()) {
    console.error(`${name}: the move lists differ:\n  ours  ${[...ours].sort()}\n  ffish ${[...theirs].sort()}`);
    failed = true;
  }
  const lean = rate(() => game.legalMoves());
  const count = rate(() => [game.countLegal()]);
  const full = rate(() => game.legalActions().map((a) => a.action));
  const ffStr = rate(() => [board.legalMoves()]);
  const ffArr = rate(() => board.legalMoves().split(' '));
  console.log(`${name.padEnd(11)}${String(ours.length).padStart(6)} ${fmt(lean)} ${fmt(count)} ${fmt(full).padStart(12)}  | ${fmt(ffStr)} ${fmt(ffArr)}  ${(lean / ffArr).toFixed(2)}x`);
  board.delete();
  game.free();
}
process.exit(failed ? 1 : 0);
