#!/usr/bin/env node
// The cold functions of a wasm build, for the size pass of ./build.sh: every Rust function of
// the module that tools/dist/hot-functions.txt does not name, written as LLVM's
// `-forceattrs-csv-path` file (`symbol,minsize` a line). Compiled with that file, those
// functions are optimised for size and the hot ones stay at opt-level 3.
//
//   node tools/dist/cold-functions.mjs WASM OUT.csv    WASM: linked with --no-demangle
import { readFile, writeFile } from 'node:fs/promises';
import { functionNames, matches } from './wasm-names.mjs';

const [wasm, out] = process.argv.slice(2);
if (!wasm || !out) {
  console.error('usage: cold-functions.mjs WASM OUT.csv');
  process.exit(2);
}
const hot = (await readFile(new URL('hot-functions.txt', import.meta.url), 'utf8'))
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean);
const names = functionNames(await readFile(wasm));
if (!names.some((name) => name.startsWith('_ZN'))) {
  throw new Error(`${wasm} has no mangled Rust names: link it with --no-demangle`);
}
// Every function the module names: Rust's (mangled), and the exports (`game_new`, ...).
const rust = names;
const kept = new Set();
const cold = rust.filter((name) => {
  const pattern = hot.find((p) => matches(name, p));
  if (pattern) kept.add(pattern);
  return !pattern;
});
await writeFile(out, cold.map((name) => `${name},minsize\n`).join(''));
const missing = hot.filter((p) => !kept.has(p));
console.log(
  `${cold.length} of ${rust.length} functions compiled for size; ${rust.length - cold.length} hot kept at opt-level 3` +
    (missing.length ? ` (${missing.length} hot names not in this build)` : ''),
);
