#!/usr/bin/env node
// Which of the wasm's functions are hot: profiles the bench's perft and search work (every
// variant) on a package whose wasm keeps its function names, and writes the functions that
// took at least 1 % of one workload's samples to tools/dist/hot-functions.txt, demangled, without hashes.
// ./build.sh compiles every other function of the crate for size (tools/dist/cold-functions.mjs).
//
//   node tools/dist/profile-hot.mjs [--add] [PKG_DIR]
//
// PKG_DIR: wasm-bindgen's output with the function names kept (./build.sh hot). Without --add
// the list is written anew from a build with inlining off, where each function's own time is
// its own. With --add, the package is the shipped build (inlined, hot list applied) and the
// functions it spends time in are added to the list: a small function that inlines a hot one
// (`has_entry` its `each_entry`) takes that time over, and compiled for size it runs the hot
// code slowly. It prints how many it added; ./build.sh hot repeats until none. A function
// that the named build (target/.../wasm-names/, which cold-functions.mjs reads) does not have
// is left off, and printed: cold-functions.mjs fails on a name it cannot find.
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { searchCases } from '../../bench/search-cases.mjs';
import { demangle, functionNames, matches } from './wasm-names.mjs';

const args = process.argv.slice(2);
const adding = args.includes('--add');
const dir = resolve(args.find((a) => a !== '--add') ?? 'target/wasm-profile/pkg');
const { default: init, Game } = await import(pathToFileURL(`${dir}/schachwerk.js`));
await init({ module_or_path: await readFile(`${dir}/schachwerk_bg.wasm`) });

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const perfts = [
  ['chess', null, null, 5],
  ['chess', null, KIWIPETE, 4],
  ['nietzsche', null, null, 4],
  ['nietzsche', { sequence: 'knighted' }, null, 4],
  ['nacht', null, null, 4],
  ['nacht', { setup: 'reverse', castling: true }, null, 4],
  ['quintessential', null, null, 4],
  ['impulschach', null, null, 5],
  ['immortal', { seed: '0'.repeat(64) }, null, 4],
];

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });

// Each workload is profiled alone: a function is hot when it takes at least THRESHOLD of the
// samples of some workload, so a variant's perft counts for that variant however short it is.
const THRESHOLD = 0.01;
const hot = new Map();
async function profiled(name, work) {
  await session.post('Profiler.start');
  // Repeated for at least 400 ms, some 4,000 samples, so that a short perft is no noise.
  const start = performance.now();
  do work();
  while (performance.now() - start < 400);
  const { profile } = await session.post('Profiler.stop');
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const samples = new Map();
  for (const id of profile.samples) {
    const fn = byId.get(id).callFrame.functionName;
    // Not Rust: JS, (idle), wasm-bindgen's import wrappers.
    if ((!fn.includes('::') && !/^_ZN|^_R/.test(fn)) || fn.startsWith('wasm-to-js')) continue;
    // wasm-bindgen writes the names demangled, with their hash: cut it, and crate hashes.
    const plain = demangle(fn).replace(/::h[0-9a-f]{16}$/, '').replace(/\[[0-9a-f]+\]/g, '');
    samples.set(plain, (samples.get(plain) ?? 0) + 1);
  }
  const total = profile.samples.length;
  for (const [fn, count] of samples) {
    const share = count / total;
    if (share >= THRESHOLD && share > (hot.get(fn)?.share ?? 0)) hot.set(fn, { share, name });
  }
}

for (const [variant, options, fen, depth] of perfts) {
  // One game for the repeated perfts: setting up a game is not what perft measures.
  const game = new Game(variant, options, fen);
  await profiled(`perft ${variant}${fen ? ' (position)' : ''}${options ? ' (options)' : ''}`, () => game.perft(depth));
  game.free();
}
for (const c of searchCases) {
  // A game for each think, as www/engine-worker.js rebuilds one.
  await profiled(`search ${c.name}`, () => {
    const game = new Game(c.variant, c.options ?? null, c.fen);
    game.think({ nodes: 200_000 });
    game.free();
  });
}

// Only names that cold-functions.mjs will find in the named build (pass 1 of ./build.sh).
const NAMED = new URL('../../target/wasm32-unknown-unknown/wasm-names/schachwerk.wasm', import.meta.url);
const named = functionNames(await readFile(NAMED));
for (const fn of hot.keys()) {
  if (!named.some((name) => matches(name, fn))) {
    console.error(`left off (not in ${NAMED.pathname}): ${fn}`);
    hot.delete(fn);
  }
}

const out = new URL('hot-functions.txt', import.meta.url);
// With --add: the list as it is, each line kept as written, and the functions not yet on it.
const listed = new Map();
if (adding) {
  for (const line of (await readFile(out, 'utf8')).split('\n')) {
    const fn = line.replace(/#.*/, '').trim();
    if (fn) listed.set(fn, line);
  }
}
const added = [...hot].filter(([fn]) => !listed.has(fn)).sort((a, b) => b[1].share - a[1].share);
const describe = ([fn, { share, name }]) =>
  `${fn}  # ${(100 * share).toFixed(1)} % of ${name}${adding ? ' (shipped build)' : ''}`;
const lines = [...listed.values(), ...added.map(describe)];
await writeFile(
  out,
  '# The wasm functions that take time in perft and the search (tools/dist/profile-hot.mjs);\n' +
    '# ./build.sh compiles every other function of the crate for size. One a line, demangled,\n' +
    '# with its largest share of one workload\'s samples: first from a build with inlining off,\n' +
    '# then (marked "shipped build") from the build as shipped, where a caller inlines them.\n' +
    lines.join('\n') +
    '\n',
);
console.log(
  adding
    ? `${added.length} functions added (${lines.length} hot) -> ${out.pathname}`
    : `${lines.length} hot functions -> ${out.pathname}`,
);
