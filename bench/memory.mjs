#!/usr/bin/env node
// The memory each additional game of each variant costs in the wasm: what a page or a Node
// server holding many games pays per game.
//
//   node bench/memory.mjs            (./build.sh memory: the native figures, then these)
//
// Build the package first (./build.sh). Each variant gets a module instance of its own (the
// package imported afresh), so that no game reuses memory another variant's games freed. It
// creates one game (which pays for anything built once), reads the wasm memory's size, creates
// GAMES more held in an array, reads it again, and prints the growth over GAMES with the target
// of issue 22 beside it (printed, not checked). wasm memory grows by 64 KiB pages, so a figure
// is exact to 64 / GAMES KiB; it includes the allocator's rounding (src/wasm/heap.rs rounds a
// block up to a power of two). The native figures: cargo run --release --example memory.
import { readFile } from 'node:fs/promises';

const GAMES = 200;
const TARGET_KIB = 16;

const pkg = new URL('../www/pkg/', import.meta.url);
const bytes = await readFile(new URL('schachwerk_bg.wasm', pkg)).catch((err) => {
  console.error(`cannot read www/pkg/schachwerk_bg.wasm (run ./build.sh first): ${err.message}`);
  process.exit(2);
});
const module = await WebAssembly.compile(bytes);

const cases = [
  { label: 'chess', variant: 'chess' },
  { label: 'nietzsche', variant: 'nietzsche' },
  { label: 'nietzsche knighted', variant: 'nietzsche', options: { sequence: 'knighted' } },
  { label: 'nacht', variant: 'nacht' },
  { label: 'quintessential', variant: 'quintessential' },
  { label: 'impulschach', variant: 'impulschach' },
  { label: 'immortal (public)', variant: 'immortal' },
  { label: 'immortal (refereed)', variant: 'immortal', options: { seed: 'random' } },
];

const kib = (n) => n / 1024;
console.log(`memory per additional game, wasm (${GAMES} games held; target ${TARGET_KIB} KiB)`);
for (const [index, { label, variant, options }] of cases.entries()) {
  // A query string makes a new module record: its own bindings and its own wasm instance.
  const { default: init, Game } = await import(new URL(`schachwerk.js?instance=${index}`, pkg));
  const wasm = await init({ module_or_path: module });
  const size = () => wasm.memory.buffer.byteLength;
  const start = size();
  const games = [new Game(variant, options ?? null, null)];
  const first = size();
  for (let i = 0; i < GAMES; i++) games.push(new Game(variant, options ?? null, null));
  const each = kib(size() - first) / GAMES;
  const met = each <= TARGET_KIB ? ', met' : '';
  console.log(
    `  ${label.padEnd(20)} ${each.toFixed(1).padStart(8)} KiB a game   ` +
      `(target ${TARGET_KIB} KiB${met}; memory ${kib(start).toFixed(0)} KiB at start, ` +
      `${kib(size()).toFixed(0)} KiB with ${games.length} games)`,
  );
  for (const game of games) game.free();
}
