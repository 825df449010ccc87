#!/usr/bin/env node
// The budgets of issue 15, measured: the wasm gzipped, the whole page gzipped (every file
// index.html loads: HTML, JS, CSS, the wasm, the worker, the pieces; tools/dist/assets.mjs),
// <schach-board> gzipped (every file schach-board.js loads, its engine with the wasm inside),
// and with --startup the time from navigation to the first legal moves on the board in
// headless Chromium (the performance mark 'first-legal-moves' of www/app.js), best of 5 loads.
//
//   node bench/size.mjs [--startup] [--check]    --check: exit 1 when a budget is exceeded
//
// Sizes are gzip -9 of each file as a server would send it; 1 KB = 1000 bytes.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { pageAssets } from '../tools/dist/assets.mjs';

export const WWW = fileURLToPath(new URL('../www/', import.meta.url));

// The budgets. Issue 15's: the wasm at most 110 KB gzipped with every variant in, the page at
// most 200 KB, the first legal moves within 150 ms. Issue 26 puts records in the wasm (PGN
// read and written, resignation and the other declared ends, a refereed game rebuilt from its
// record, lean listings, notation read strictly): 23.8 KB more, measured in docs/PERFORMANCE.md,
// so the wasm's budget is 135 KB. The element (issue 23): everything schach-board.js loads, the
// engine with its wasm inlined too: the wasm's budget and 50 KB for the widget.
export const BUDGETS = {
  wasmGz: 135_000,
  pageGz: 200_000,
  elementGz: 185_000,
  firstMovesMs: 150,
};

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * {raw, gz, files: [{file, raw, gz}]}: every file `entry` loads but those `skip` names,
 * gzipped one by one.
 */
async function measureLoad(www, entry, skip = []) {
  const assets = await pageAssets(www, [entry]);
  if (assets.missing.length) throw new Error(`${entry} loads files that are missing: ${assets.missing.join(', ')}`);
  const files = [];
  for (const file of assets.filter((f) => !skip.includes(f))) {
    const bytes = await readFile(`${www}/${file}`);
    files.push({ file, raw: bytes.length, gz: gz(bytes) });
  }
  const sum = (key) => files.reduce((total, f) => total + f[key], 0);
  return { raw: sum('raw'), gz: sum('gz'), files };
}

/** {wasm: {raw, gz}, page: {raw, gz, files}, element: {raw, gz, files}} for www/ as built. */
export async function measureSizes(www = WWW) {
  const wasmBytes = await readFile(`${www}/pkg/schachwerk_bg.wasm`);
  return {
    wasm: { raw: wasmBytes.length, gz: gz(wasmBytes) },
    page: await measureLoad(www, 'index.html'),
    // The glue names the wasm file, but the element's engine hands it the inlined bytes: the
    // file is never fetched (tests/page/element.test.mjs counts the requests).
    element: await measureLoad(www, 'schach-board.js', ['pkg/schachwerk_bg.wasm']),
  };
}

/**
 * Milliseconds from navigation to the first legal moves on the board, each of `loads` loads in
 * a fresh browser context (no cache, no service worker); all of them, sorted, best first.
 */
export async function measureStartup({ loads = 5, url } = {}) {
  const { chromium } = await import('playwright-core');
  const { startServer, CHROMIUM_ARGS } = await import('../tests/page/helpers.mjs');
  const server = url ? null : await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const times = [];
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto(url ?? server.url);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
      const mark = await page.evaluate(() => performance.getEntriesByName('first-legal-moves')[0]?.startTime ?? null);
      await context.close();
      if (mark === null) throw new Error("the page set no performance mark 'first-legal-moves'");
      times.push(mark);
    }
    return times.sort((a, b) => a - b);
  } finally {
    await browser.close();
    await server?.close();
  }
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/** The budgets line that ./build.sh prints; `over` lists the budgets exceeded. */
export function budgetsLine(sizes, startup) {
  const over = [];
  const part = (name, value, max, show) => {
    if (value > max) over.push(name);
    return `${name} ${show(value)} (max ${show(max)}${value > max ? ', OVER' : ''})`;
  };
  const parts = [
    part('wasm', sizes.wasm.gz, BUDGETS.wasmGz, kb) + ` [${kb(sizes.wasm.raw)} raw]`,
    part('page', sizes.page.gz, BUDGETS.pageGz, kb) + ` [${sizes.page.files.length} files, ${kb(sizes.page.raw)} raw]`,
    part('element', sizes.element.gz, BUDGETS.elementGz, kb) + ` [${sizes.element.files.length} files, ${kb(sizes.element.raw)} raw]`,
  ];
  if (startup) parts.push(part('first legal moves', startup[0], BUDGETS.firstMovesMs, (ms) => `${Math.round(ms)} ms`) +
    ` [best of ${startup.length}: ${startup.map((t) => Math.round(t)).join(', ')} ms]`);
  return { line: `budgets (gzip -9): ${parts.join('; ')}`, over };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const sizes = await measureSizes();
  const startup = args.includes('--startup') ? await measureStartup() : null;
  if (args.includes('--files')) for (const f of sizes.page.files) console.log(`  ${f.file}: ${kb(f.raw)} raw, ${kb(f.gz)} gz`);
  const { line, over } = budgetsLine(sizes, startup);
  console.log(line);
  if (args.includes('--check') && over.length) {
    console.error(`over budget: ${over.join(', ')}`);
    process.exit(1);
  }
}
