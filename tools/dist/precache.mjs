#!/usr/bin/env node
// Writes www/precache.js for the service worker (www/sw.js): every file that index.html and
// embed.html load (tools/dist/assets.mjs), and a version hashed from their contents, so that
// a build that changes any of them installs a new worker with a new cache, and each file's
// SHA-256, by which the worker knows a copy it already has (the wasm the page fetched, a file
// of the previous version's cache) for the one it would fetch.
//
//   node tools/dist/precache.mjs [WWW_DIR]
import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageAssets } from './assets.mjs';

const www = process.argv[2] ?? fileURLToPath(new URL('../../www/', import.meta.url));
const entries = ['index.html'];
if (await stat(join(www, 'embed.html')).catch(() => null)) entries.push('embed.html');
const files = await pageAssets(www, entries);
if (files.missing.length) throw new Error(`missing files the page loads: ${files.missing.join(', ')}`);
const hash = createHash('sha256');
const sha256 = {};
for (const file of files) {
  const bytes = await readFile(join(www, file));
  hash.update(`${file}\0`);
  hash.update(bytes);
  sha256[file] = createHash('sha256').update(bytes).digest('hex');
}
const version = hash.digest('hex').slice(0, 16);
await writeFile(
  join(www, 'precache.js'),
  '// Written by ./build.sh (tools/dist/precache.mjs): what www/sw.js caches. Not in git.\n' +
    `self.PRECACHE = ${JSON.stringify({ version, files, sha256 }, null, 2)};\n`,
);
console.log(`www/precache.js: ${files.length} files, version ${version}`);
