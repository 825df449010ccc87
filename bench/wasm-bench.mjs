#!/usr/bin/env node
// Perft benchmark of the wasm package under node.
//
//   node bench/wasm-bench.mjs          startpos depth 5, Kiwipete depth 4, Quintessential depth 4
//   node bench/wasm-bench.mjs --full   startpos depth 6, Kiwipete depth 5, Quintessential depth 5
//
// Build the package first (./build.sh). Exits non-zero if a node count is wrong.
import { performance } from 'node:perf_hooks';
import { loadEngine } from './engine.mjs';
import { searchCases, searchRates, SEARCH_NODES } from './search-cases.mjs';

const { Game } = await loadEngine();

// The standard Kiwipete position (note the white knight on e5: '3PN3').
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const full = process.argv.includes('--full');

const cases = [
  { name: 'startpos', variant: 'chess', fen: null, depth: full ? 6 : 5, expected: { 5: 4865609, 6: 119060324 } },
  { name: 'kiwipete', variant: 'chess', fen: KIWIPETE, depth: full ? 5 : 4, expected: { 4: 4085603, 5: 193690690 } },
  {
    name: 'quintessential',
    variant: 'quintessential',
    fen: null,
    depth: full ? 5 : 4,
    expected: { 4: 1528606, 5: 72402015 },
  },
  {
    name: 'impulschach',
    variant: 'impulschach',
    fen: null,
    depth: full ? 6 : 5,
    expected: { 5: 2269958, 6: 44824801 },
  },
  {
    name: 'immortal',
    variant: 'immortal',
    options: { seed: '0'.repeat(64) },
    fen: null,
    depth: full ? 5 : 4,
    expected: { 4: 2698059, 5: 59028076 },
  },
];

// Like the native bench: three runs per case, best and median rate (the first run also pays
// for V8's tiering up to optimised code).
const RUNS = 3;
let failures = 0;
for (const { name, variant, options, fen, depth, expected } of cases) {
  const game = new Game(variant, options ?? null, fen);
  const rates = [];
  let nodes = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    nodes = Number(game.perft(depth));
    rates.push(nodes / ((performance.now() - start) / 1000) / 1e6);
  }
  game.free?.();
  rates.sort((a, b) => a - b);
  const ok = nodes === expected[depth];
  console.log(
    `wasm ${name} depth ${depth}: ${nodes} nodes, best ${rates[RUNS - 1].toFixed(1)} M nodes/s, ` +
      `median ${rates[RUNS >> 1].toFixed(1)} M nodes/s` +
      (ok ? '' : `  MISMATCH: expected ${expected[depth]}`),
  );
  if (!ok) failures++;
}

// The search: a fixed node budget per variant (a tenth without --full).
const searchNodes = full ? SEARCH_NODES : SEARCH_NODES / 10;
for (const c of searchCases) {
  const rates = searchRates(Game, c, searchNodes);
  console.log(
    `wasm search ${c.name}: ${searchNodes} nodes, best ${rates[2].toFixed(2)} M nodes/s, ` +
      `median ${rates[1].toFixed(2)} M nodes/s`,
  );
}

if (failures) {
  console.error(`${failures} perft count(s) wrong`);
  process.exit(1);
}
