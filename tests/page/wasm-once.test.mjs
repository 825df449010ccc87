// The wasm fetched once on a first visit (issue 27): the page compiles the engine from its
// preload, hands the compiled module to the computer's worker, and leaves the response it
// fetched for the service worker's precache (www/engine-load.js, www/sw.js). The server counts
// every request for the file: the page's, the worker's and the service worker's.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appPage, closeCheckedPage, launchBrowser, openAppPage, requirePackage, startServer, WWW } from './helpers.mjs';

const WASM = '/pkg/schachwerk_bg.wasm';

/**
 * A first visit for the tests of a `describe`: before them a server that counts the requests
 * for each path (serving `pages` as startServer's `extra`) and a browser with a fresh profile
 * (nothing cached, no service worker); after them both closed. Returns `{visit, requests}`:
 * `visit()` opens the app page.
 */
function firstVisit(pages = async () => ({})) {
  let server;
  let browser;
  const requests = [];
  before(async () => {
    await requirePackage();
    server = await startServer(await pages(), { onRequest: (path) => requests.push(path) });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  return { requests, visit: () => openAppPage(browser, server.url) };
}

describe('the wasm on a first visit', () => {
  let page;
  const { move, moveList } = appPage(() => page);
  const { requests, visit } = firstVisit(async () => {
    await readFile(join(WWW, 'precache.js')).catch(() => {
      throw new Error('www/precache.js is missing: run ./build.sh first');
    });
    return {};
  });

  it('is fetched once by the page, the computer and the service worker together', async () => {
    page = await visit();
    // The service worker installs (precaching every file), activates and claims the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    });
    // The computer (its worker loads the engine) answers a move.
    await page.selectOption('#level', 'easy');
    await page.selectOption('#opponent', 'black');
    await move('e2', 'e4');
    await page.waitForFunction(() => document.querySelectorAll('#moves .ply:not(.empty)').length === 2, null, { timeout: 30_000 });
    assert.equal((await moveList())[0], 'e4');
    // The service worker's cache holds the wasm, for offline play.
    const cached = await page.evaluate(async (url) => {
      const response = await caches.match(new URL(url, location.href).href);
      return response ? (await response.arrayBuffer()).byteLength : 0;
    }, '.' + WASM);
    const size = (await readFile(join(WWW, WASM))).length;
    assert.equal(cached, size, 'the cached wasm is the whole file');
    assert.equal(requests.filter((path) => path === WASM).length, 1, `requests: ${requests.join(' ')}`);
    // index.html's early start is let go once used (its unread copy would keep the bytes).
    assert.equal(await page.evaluate(() => self.schachwerkWasm), undefined);
    await closeCheckedPage(page);
  });
});

// index.html's `engine-start` script compiles the wasm as it streams in, which needs the type
// application/wasm; from a server that names another type the page compiles it from its bytes.
describe('the wasm from a server that names another type', () => {
  let page;
  const { move, moveList } = appPage(() => page);
  const { requests, visit } = firstVisit(async () => ({
    [WASM]: { type: 'application/octet-stream', body: await readFile(join(WWW, WASM)) },
  }));

  it('still starts the page, from one request', async () => {
    page = await visit();
    await move('e2', 'e4');
    assert.equal((await moveList())[0], 'e4');
    assert.equal(requests.filter((path) => path === WASM).length, 1, `requests: ${requests.join(' ')}`);
    // index.html's early start is let go once used (its unread copy would keep the bytes).
    assert.equal(await page.evaluate(() => self.schachwerkWasm), undefined);
    await closeCheckedPage(page);
  });
});
