#!/usr/bin/env node
// Perft benchmark of the wasm package in headless Chromium, where the page runs it.
//
//   node bench/browser-bench.mjs          startpos depth 5, Kiwipete depth 4, Quintessential depth 4
//   node bench/browser-bench.mjs --full   startpos depth 6, Kiwipete depth 5, Quintessential depth 5
//
// Build the package first (./build.sh) and install the node modules (npm ci; ./build.sh test
// does both). Serves www/ and drives /usr/bin/chromium (CHROMIUM_PATH overrides) like the page
// tests. Exits non-zero if a node count is wrong.
import { startServer, launchBrowser, openPage, requirePackage } from '../tests/page/helpers.mjs';
import { searchCases, searchRates, SEARCH_NODES } from './search-cases.mjs';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const full = process.argv.includes('--full');
const cases = [
  { name: 'startpos', variant: 'chess', fen: null, depth: full ? 6 : 5, expected: full ? 119060324 : 4865609 },
  { name: 'kiwipete', variant: 'chess', fen: KIWIPETE, depth: full ? 5 : 4, expected: full ? 193690690 : 4085603 },
  { name: 'quintessential', variant: 'quintessential', fen: null, depth: full ? 5 : 4, expected: full ? 72402015 : 1528606 },
  { name: 'impulschach', variant: 'impulschach', fen: null, depth: full ? 6 : 5, expected: full ? 44824801 : 2269958 },
  { name: 'immortal', variant: 'immortal', options: { seed: '0'.repeat(64) }, fen: null, depth: full ? 5 : 4, expected: full ? 59028076 : 2698059 },
];

await requirePackage();
const server = await startServer();
const browser = await launchBrowser();
let failures = 0;
try {
  const page = await openPage(browser.context, server.url);
  for (const c of cases) {
    // Like the other benches: three runs, best and median; the first also pays for tiering up.
    const { nodes, rates } = await page.evaluate(async ({ variant, options, fen, depth }) => {
      const { default: init, Game } = await import('./pkg/schachwerk.js');
      await init();
      const game = new Game(variant, options ?? null, fen);
      const rates = [];
      let nodes = 0;
      for (let run = 0; run < 3; run++) {
        const start = performance.now();
        nodes = Number(game.perft(depth));
        rates.push(nodes / ((performance.now() - start) / 1000) / 1e6);
      }
      game.free();
      return { nodes, rates: rates.sort((a, b) => a - b) };
    }, c);
    const ok = nodes === c.expected;
    if (!ok) failures++;
    console.log(
      `chromium ${c.name} depth ${c.depth}: ${nodes} nodes${ok ? '' : ` (expected ${c.expected})`}, ` +
        `best ${rates[2].toFixed(1)} M nodes/s, median ${rates[1].toFixed(1)} M nodes/s`,
    );
  }
  // The search, as the page's worker runs it (here on the page itself: the same engine).
  const searchNodes = full ? SEARCH_NODES : SEARCH_NODES / 10;
  for (const c of searchCases) {
    const rates = await page.evaluate(
      async ({ c, nodes, source }) => {
        const { default: init, Game } = await import('./pkg/schachwerk.js');
        await init();
        const searchRates = new Function(`return (${source})`)();
        return searchRates(Game, c, nodes);
      },
      { c, nodes: searchNodes, source: searchRates.toString() },
    );
    console.log(
      `chromium search ${c.name}: ${searchNodes} nodes, best ${rates[2].toFixed(2)} M nodes/s, ` +
        `median ${rates[1].toFixed(2)} M nodes/s`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
process.exit(failures ? 1 : 0);
