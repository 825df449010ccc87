#!/usr/bin/env node
// ./build.sh, after wasm-opt and minify-glue.mjs: gives the wasm's imports from its glue short
// names, in the wasm (schachwerk_bg.wasm) and in the glue (schachwerk.js) alike. wasm-bindgen
// names each import after its JavaScript function and a 16-digit hash (`__wbg_new_37eb45aaf5eeb820`);
// those hashes are written twice, once in each file, and gzip cannot compress random digits:
// short names save about 1.1 KB gzipped of the page and of the element (measured when this was
// written), room in their size budgets (bench/size.mjs). Only hashed names are changed; a name
// the glue does not hold exactly once as a key fails the build, as does an import section this
// script cannot read, so a new wasm-bindgen cannot break the pair silently.
//
//   node tools/dist/minify-imports.mjs [PKG_DIR]     default www/pkg
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = process.argv[2] ?? join(ROOT, 'www', 'pkg');
const wasmFile = join(pkg, 'schachwerk_bg.wasm');
const glueFile = join(pkg, 'schachwerk.js');
const MODULE = './schachwerk_bg.js';
const HASHED = /^__wbg\w*_[0-9a-f]{16}$|^__wbindgen_generic_\d{16}$/;

function fail(message) {
  console.error(`minify-imports: ${message}`);
  process.exit(1);
}

/** An unsigned LEB128 at `at`: [value, the offset after it]. */
function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    if (at >= bytes.length) fail('the wasm ends inside a number');
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

function leb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

/** The offset after the limits (of a table or a memory) at `at`. */
function skipLimits(bytes, at) {
  const flags = bytes[at++];
  [, at] = readLeb(bytes, at);
  if (flags & 1) [, at] = readLeb(bytes, at);
  return at;
}

/** The offset after an import's description (its kind byte at `at`). */
function skipDescription(bytes, at) {
  const kind = bytes[at++];
  switch (kind) {
    case 0: // a function: its type's index
      return readLeb(bytes, at)[1];
    case 1: // a table: its reference type, its limits
      return skipLimits(bytes, at + 1);
    case 2: // a memory
      return skipLimits(bytes, at);
    case 3: // a global: its value type, whether it is mutable
      return at + 2;
    case 4: // a tag: its attribute, its type's index
      return readLeb(bytes, at + 1)[1];
    default:
      return fail(`an import of kind ${kind}, which this script does not know`);
  }
}

const wasm = await readFile(wasmFile);
let glue = await readFile(glueFile, 'utf8');
const decoder = new TextDecoder();
const encoder = new TextEncoder();
const out = [wasm.subarray(0, 8)];
const renamed = new Map();
let at = 8;
while (at < wasm.length) {
  const id = wasm[at];
  const [size, start] = readLeb(wasm, at + 1);
  const end = start + size;
  if (id !== 2) {
    out.push(wasm.subarray(at, end));
    at = end;
    continue;
  }
  const [count, first] = readLeb(wasm, start);
  const body = [...leb(count)];
  let p = first;
  for (let i = 0; i < count; i++) {
    const names = [];
    for (let part = 0; part < 2; part++) {
      const [length, from] = readLeb(wasm, p);
      names.push(decoder.decode(wasm.subarray(from, from + length)));
      p = from + length;
    }
    const [module, field] = names;
    let name = field;
    if (module === MODULE && HASHED.test(field)) {
      name = renamed.get(field) ?? `w${renamed.size.toString(36)}`;
      renamed.set(field, name);
    }
    const descriptionEnd = skipDescription(wasm, p);
    for (const text of [module, name]) {
      const bytes = encoder.encode(text);
      body.push(...leb(bytes.length), ...bytes);
    }
    body.push(...wasm.subarray(p, descriptionEnd));
    p = descriptionEnd;
  }
  if (p !== end) fail('the import section holds more than its imports');
  out.push(Uint8Array.from([2, ...leb(body.length), ...body]));
  at = end;
}
if (renamed.size === 0) fail(`no hashed import of '${MODULE}' found`);
for (const [from, to] of renamed) {
  const key = `${from}:`;
  const found = glue.split(key).length - 1;
  if (found !== 1) fail(`the glue holds '${key}' ${found} times, not once`);
  if (glue.includes(`${to}:`)) fail(`the glue already holds the short name '${to}'`);
  glue = glue.replace(key, `${to}:`);
  if (glue.includes(from)) fail(`the glue names '${from}' elsewhere too`);
}
const wasmOut = Buffer.concat(out);
await writeFile(wasmFile, wasmOut);
await writeFile(glueFile, glue);
console.log(`${renamed.size} imports renamed: wasm ${wasm.length} -> ${wasmOut.length} bytes raw`);
