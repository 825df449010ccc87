#!/usr/bin/env node
// wasm against native on the same perft, run in turns so both see the same machine.
//
//   node bench/compare.mjs [ROUNDS] [--search]   (default 5 rounds; --search: the search only)
//
// On a shared machine the speed of both drifts by a third within a minute, so comparing a
// native run with a wasm run made a minute later says little. Here each round runs the native
// CLI (target/release/schachwerk) and then the wasm package on the same position. Two figures
// come out: the best of the rounds compared with the best, and the median of the rounds' own
// ratios (each from two runs back to back, so that a slow phase of the machine slows both).
// Build both first (./build.sh bench does).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { searchCases, SEARCH_NODES } from './search-cases.mjs';
import { loadEngine } from './engine.mjs';

const root = new URL('../', import.meta.url);
const native = fileURLToPath(new URL('target/release/schachwerk', root));
const { Game } = await loadEngine(root);

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const cases = [
  { name: 'startpos', variant: 'chess', fen: null, depth: 6 },
  { name: 'kiwipete', variant: 'chess', fen: KIWIPETE, depth: 5 },
  { name: 'quintessential', variant: 'quintessential', fen: null, depth: 5 },
  { name: 'impulschach', variant: 'impulschach', fen: null, depth: 6 },
  { name: 'immortal', variant: 'immortal', options: { seed: '0'.repeat(64) }, fen: null, depth: 5 },
];
const searchOnly = process.argv.includes('--search');
const rounds = Number(process.argv.slice(2).find((a) => a !== '--search') ?? 5);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`ROUNDS must be a positive whole number, not '${process.argv[2]}'`);
  process.exit(2);
}

/** Seconds the native CLI takes for the perft: the child's wall time, start-up included (a millisecond). */
function nativeSeconds({ variant, options, fen, depth }, expected) {
  const args = ['perft', '--variant', variant, '--depth', String(depth)];
  if (fen) args.push('--fen', fen);
  for (const [key, value] of Object.entries(options ?? {})) args.push('--option', `${key}=${value}`);
  const start = performance.now();
  const run = spawnSync(native, args, { encoding: 'utf8' });
  const seconds = (performance.now() - start) / 1000;
  if (run.error || run.status !== 0) {
    console.error(`cannot run ${native} (cargo build --release first): ${run.error ?? run.stderr}`);
    process.exit(2);
  }
  const nodes = Number(run.stdout.trim().split('\n').pop().replace('nodes ', ''));
  if (nodes !== expected) {
    console.error(`native perft gave ${nodes}, wasm ${expected}`);
    process.exit(1);
  }
  return seconds;
}

for (const c of searchOnly ? [] : cases) {
  const game = new Game(c.variant, c.options ?? null, c.fen);
  game.perft(c.depth - 1); // let V8 optimise the code before the first timed run
  let bestWasm = 0;
  let bestNative = 0;
  const ratios = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    const nodes = Number(game.perft(c.depth));
    const wasm = nodes / ((performance.now() - start) / 1000) / 1e6;
    const native = nodes / nativeSeconds(c, nodes) / 1e6;
    bestWasm = Math.max(bestWasm, wasm);
    bestNative = Math.max(bestNative, native);
    ratios.push(native / wasm);
  }
  game.free?.();
  ratios.sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)];
  console.log(
    `${c.name} depth ${c.depth}: native ${bestNative.toFixed(1)} M nodes/s, ` +
      `wasm ${bestWasm.toFixed(1)} M nodes/s, native/wasm ${(bestNative / bestWasm).toFixed(2)} ` +
      `best to best, ${median.toFixed(2)} median of ${rounds} rounds ` +
      `(${ratios[0].toFixed(2)}-${ratios[ratios.length - 1].toFixed(2)})`,
  );
}

/** Seconds the native CLI takes to search `c`'s position to `nodes` nodes (start-up included). */
function nativeSearchSeconds({ variant, options, fen }, nodes) {
  const args = ['think', '--variant', variant, '--nodes', String(nodes)];
  if (fen) args.push('--fen', fen);
  for (const [key, value] of Object.entries(options ?? {})) args.push('--option', `${key}=${value}`);
  const start = performance.now();
  const run = spawnSync(native, args, { encoding: 'utf8' });
  if (run.error || run.status !== 0) {
    console.error(`cannot run ${native} think: ${run.error ?? run.stderr}`);
    process.exit(2);
  }
  return (performance.now() - start) / 1000;
}

// The search, in turns the same way: a fixed node budget, so both do the same work.
for (const c of searchCases) {
  const game = new Game(c.variant, c.options ?? null, c.fen);
  game.think({ nodes: SEARCH_NODES / 10 }); // warm up
  let bestWasm = 0;
  let bestNative = 0;
  const ratios = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    const nodes = game.think({ nodes: SEARCH_NODES }).nodes;
    const wasm = nodes / ((performance.now() - start) / 1000) / 1e6;
    const native = nodes / nativeSearchSeconds(c, SEARCH_NODES) / 1e6;
    bestWasm = Math.max(bestWasm, wasm);
    bestNative = Math.max(bestNative, native);
    ratios.push(native / wasm);
  }
  game.free?.();
  ratios.sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)];
  console.log(
    `search ${c.name}: native ${bestNative.toFixed(2)} M nodes/s, wasm ${bestWasm.toFixed(2)} M nodes/s, ` +
      `wasm/native ${(bestWasm / bestNative).toFixed(2)} best to best, ` +
      `${(1 / median).toFixed(2)} median of ${rounds} rounds`,
  );
}
