// Shared helpers for the page tests: a static server for www/, a headless Chromium, the hooks
// of a suite (useAppPage) and mouse drags.
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { before, after, beforeEach, afterEach } from 'node:test';
import { chromium } from 'playwright-core';

export const WWW = fileURLToPath(new URL('../../www/', import.meta.url));

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.ts': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Serve www/ (or the folder `root`) on a free 127.0.0.1 port. `extra` maps URL paths to
 * {type, body} for test-only pages; `headers` are added to every response; `onRequest(path)`
 * hears every request (the page's, its workers' and its service worker's). Resolves to
 * {url, close()}.
 */
export async function startServer(extra = {}, { root: folder = WWW, headers = {}, onRequest = () => {} } = {}) {
  const root = resolve(folder);
  const server = createServer(async (req, res) => {
    try {
      onRequest(decodeURIComponent(new URL(req.url, 'http://x').pathname));
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (extra[path]) {
        res.writeHead(200, { ...headers, 'content-type': extra[path].type, 'cache-control': 'no-store' });
        res.end(extra[path].body);
        return;
      }
      let file = resolve(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) throw Object.assign(new Error('forbidden'), { status: 403 });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        ...headers,
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch (err) {
      const status = err.status ?? (err.code === 'ENOENT' ? 404 : 500);
      res.writeHead(status, { ...headers, 'content-type': 'text/plain' });
      res.end(String(status));
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/** Launch /usr/bin/chromium with a fresh temporary profile. Resolves to {context, close()}. */
export async function launchBrowser() {
  const userDataDir = await mkdtemp(join(tmpdir(), 'schachwerk-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 760 },
    timeout: 60_000,
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => {});
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Open a new page and record console errors, page errors and failed requests in `page.problems`.
 * `prepare(page)` runs before the page loads: emulated media, init scripts.
 */
export async function openPage(context, url, { prepare = async () => {} } = {}) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // A reload or a navigation cancels what is still loading (the icon, say): the browser's
    // doing, not a failure of the page.
    if (req.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  page.problems = problems;
  page.setDefaultTimeout(10_000);
  settleAfterInput(page);
  await prepare(page);
  await page.goto(url);
  return page;
}

/**
 * Waits until the tasks the page has queued so far have run. The page draws a human's move in
 * a task after the click's or the key's own (www/app.js, refreshSoon: issue 27's budget of
 * 50 ms a task), so a test reads the page as drawn only after it.
 */
export async function settled(page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0))).catch(() => {
    // the click navigated or closed the page: nothing to wait for
  });
}

/** The page's clicks, taps and keys (page.click, page.keyboard.press, ...) each wait for `settled` after. */
function settleAfterInput(page) {
  const wrap = (owner, names) => {
    for (const name of names) {
      const original = owner[name].bind(owner);
      owner[name] = async (...args) => {
        const result = await original(...args);
        await settled(page);
        return result;
      };
    }
  };
  wrap(page, ['click', 'dblclick', 'tap', 'press', 'check', 'uncheck']);
  wrap(page.keyboard, ['press', 'type', 'up']);
  wrap(page.mouse, ['click', 'up']);
  wrap(page.touchscreen, ['tap']);
}

export function assertNoProblems(page) {
  assert.deepEqual(page.problems, [], 'the page logged errors');
}

/**
 * Open the app page and wait until the engine is ready, reporting what the page showed if it
 * never gets there.
 */
export async function openAppPage(browser, url, options = {}) {
  const page = await openPage(browser.context, url, options);
  try {
    await page.waitForSelector('body[data-ready="true"]');
  } catch (err) {
    const shown = await page.textContent('#error').catch(() => '');
    throw new Error(`the page did not start: ${err.message}\n#error: ${shown}\n${page.problems.join('\n')}`);
  }
  return page;
}

/**
 * A suite's hooks, registered in the describe() that calls it: one server for www/ (with the
 * test-only `pages`, an object as startServer's `extra` or an async function making one) and
 * one Chromium for the whole suite; before each test the app page opened and handed to
 * `setPage` (unless `openEach` is false); after each, the page `getPage()` returns (the test
 * may have opened another) checked for logged problems and closed. A test file keeps its own
 * `page` variable through the two functions. Returns `{server, browser}`, set once it starts.
 */
export function useAppPage({ getPage, setPage, openEach = true, pages = {} }) {
  const suite = { server: null, browser: null };
  before(async () => {
    await requirePackage();
    suite.server = await startServer(typeof pages === 'function' ? await pages() : pages);
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  if (openEach) {
    beforeEach(async () => {
      setPage(await openAppPage(suite.browser, suite.server.url));
    });
  }
  afterEach(async () => {
    const page = getPage();
    setPage(null);
    if (!page) return;
    // The settings the test chose (settings.js keeps them in localStorage) are not the next
    // test's: each test starts as a new visitor.
    await page.evaluate(() => localStorage.clear()).catch(() => {});
    await closeCheckedPage(page);
  });
  return suite;
}

/** Drags with the mouse from point `a` to point `b` in steps; `held` runs before letting go. */
export async function mouseDragBetween(page, a, b, held = async () => {}) {
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await held();
  await page.mouse.up();
}

/** Fails on anything the page logged, then closes it. */
export async function closeCheckedPage(page) {
  try {
    assertNoProblems(page);
  } finally {
    await page.close();
  }
}

/** Fails early, with the fix, when the wasm package has not been built. */
export async function requirePackage() {
  for (const file of ['pkg/schachwerk.js', 'app.bundle.js']) {
    await stat(join(WWW, file)).catch(() => {
      throw new Error(`www/${file} is missing: run ./build.sh first`);
    });
  }
}

/**
 * Queries and clicks on the app page that `current()` returns (the test's page of the moment).
 */
export function appPage(current) {
  const click = (square) => current().click(`[data-square="${square}"]`);
  return {
    /** Click a square by name. */
    click,
    /** Make a move by clicking its from and to squares. */
    async move(from, to) {
      await click(from);
      await click(to);
    },
    /** {square: piece} of every piece on the board. */
    pieces: () =>
      current().$$eval('[data-square] [data-piece]', (els) =>
        Object.fromEntries(els.map((el) => [el.closest('[data-square]').dataset.square, el.dataset.piece])),
      ),
    moveList: () => current().$$eval('#moves .ply:not(.empty)', (els) => els.map((el) => el.textContent.trim())),
    fenBox: () => current().inputValue('#fen'),
    statusText: () => current().textContent('#status'),
    errorText: async () =>
      (await current().isVisible('#error')) ? (await current().textContent('#error')).trim() : '',
    /** Type a position string into the FEN box and load it. */
    async loadFen(fen) {
      await current().fill('#fen', fen);
      await current().click('#load-fen');
    },
  };
}
