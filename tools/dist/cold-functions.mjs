#!/usr/bin/env node
// The cold functions of a wasm build, for the size pass of ./build.sh: every Rust function of
// the module that tools/dist/hot-functions.txt does not name, written as LLVM's
// `-forceattrs-csv-path` file (`symbol,minsize` a line). Compiled with that file, those
// functions are optimised for size and the hot ones stay at opt-level 3. A name in
// hot-functions.txt that matches no function of the module fails it (exit 1, each named).
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
// A hot name that matches no function is stale (renamed, removed, or inlined away): the list
// no longer says what it meant to, so the build stops rather than compile that code for size.
const stale = hot.filter((pattern) => !rust.some((name) => matches(name, pattern)));
if (stale.length) {
  console.error(
    `error: ${stale.length} name${stale.length === 1 ? '' : 's'} in tools/dist/hot-functions.txt ` +
      `match${stale.length === 1 ? 'es' : ''} no function of ${wasm}:\n` +
      stale.map((pattern) => `  ${pattern}\n`).join('') +
      'Rename or remove them in tools/dist/hot-functions.txt, or profile again: ./build.sh hot',
  );
  process.exit(1);
}
const cold = rust.filter((name) => !hot.some((pattern) => matches(name, pattern)));
await writeFile(out, cold.map((name) => `${name},minsize\n`).join(''));
console.log(
  `${cold.length} of ${rust.length} functions compiled for size; ${rust.length - cold.length} hot kept at opt-level 3`,
);
