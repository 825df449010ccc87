#!/usr/bin/env node
// ./build.sh, after wasm-bindgen: minifies the engine's JavaScript glue (www/pkg/schachwerk.js)
// in place. The glue is loaded by the page, its worker, <schach-board> and the npm package;
// wasm-bindgen writes it with every doc comment of the Rust API, which its declarations
// (schachwerk.d.ts, where editors read them) carry too. Minified, the page and the element
// load 4 KB less gzipped (7.5 -> 3.5 KB, measured when this was written), room in their size
// budgets (bench/size.mjs). The first line, `@ts-self-types`, stays: it names the
// declarations for Deno and for TypeScript's bundler resolution.
//
//   node tools/dist/minify-glue.mjs [PKG_DIR]     default www/pkg
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = process.argv[2] ?? join(ROOT, 'www', 'pkg');
const file = join(pkg, 'schachwerk.js');
const source = await readFile(file, 'utf8');
const selfTypes = /^\/\* @ts-self-types="[^"]+" \*\/\n/.exec(source)?.[0] ?? '';
const { code } = await esbuild.transform(source, { loader: 'js', format: 'esm', target: 'es2022', minify: true, legalComments: 'none' });
await writeFile(file, selfTypes + code);
const kb = (text) => (Buffer.byteLength(text) / 1000).toFixed(1);
console.log(`schachwerk.js minified: ${kb(source)} -> ${kb(selfTypes + code)} KB raw`);
