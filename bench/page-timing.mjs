// The page's time budgets of issue 27, measured in headless Chromium (bench/size.mjs prints
// them, ./build.sh runs it):
//
//   - the first legal moves: milliseconds from navigation to the performance mark
//     'first-legal-moves' of www/app.js, each load in a fresh context (no cache, no service
//     worker), as it is and under 4x CPU throttling (CDP Emulation.setCPUThrottlingRate);
//   - per tap move (a click on a piece, a click on its square, or a click on a decision's
//     option) under 4x throttling: the longest main-thread task (PerformanceObserver
//     'longtask', which reports the tasks of 50 ms and more; 0 when there was none), for a
//     series of moves in chess, Impulschach and Immortal Chess.
//
//   const times = await measureStartup({ loads: 5, throttle: 4 });  // ms, best first
//   const { variants } = await measureMoves({ throttle: 4 });  // [{variant, tasks: [ms per move], plays}]
//   await measureMoves({ moves: 40, variants: ['chess'] });     // a longer series
//
// The moves are chosen in Node with the built package (bench/engine.mjs), reproducibly: each
// a legal action with one piece's from and to square that no other action shares (so no
// picker opens), never a promotion or a hidden piece's entry (whose outcome is the deal's);
// a keyword option (Pass, End chain) where a decision offers nothing else.
export const THROTTLE = 4;
export const MOVE_VARIANTS = ['chess', 'impulschach', 'immortal'];
// Far enough into a game that a redraw whose cost grows with the game shows: the move list
// drawn whole at each move made tasks over 50 ms only past the twelfth move.
const MOVES_PER_VARIANT = 24;

/** Runs `work(browser, url)` with a headless Chromium and a server for www/ (or `url`). */
async function withBrowser(url, work, extra = {}) {
  const { chromium } = await import('playwright-core');
  const { startServer, CHROMIUM_ARGS } = await import('../tests/page/helpers.mjs');
  const server = url ? null : await startServer(extra);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    return await work(browser, url ?? server.url);
  } finally {
    await browser.close();
    await server?.close();
  }
}

/** A fresh context and page (no cache, no service worker), its CPU slowed `throttle` times. */
async function freshPage(browser, throttle) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1100, height: 760 } });
  const page = await context.newPage();
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  return { context, page };
}

async function firstLegalMoves(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  const mark = await page.evaluate(() => performance.getEntriesByName('first-legal-moves')[0]?.startTime ?? null);
  if (mark === null) throw new Error("the page set no performance mark 'first-legal-moves'");
  return mark;
}

/**
 * Milliseconds from navigation to the first legal moves on the board, each of `loads` loads in
 * a fresh browser context, the CPU slowed `throttle` times; all of them, sorted, best first.
 */
export async function measureStartup({ loads = 5, url, throttle = 1 } = {}) {
  return withBrowser(url, async (browser, pageUrl) => {
    const times = [];
    for (let i = 0; i < loads; i++) {
      const { context, page } = await freshPage(browser, throttle);
      try {
        times.push(await firstLegalMoves(page, pageUrl));
      } finally {
        await context.close();
      }
    }
    return times.sort((a, b) => a - b);
  });
}

/**
 * The machine's floor under the first legal moves: the same measure of a blank page whose one
 * module script sets the mark at once (no engine, no board), each load in a fresh context;
 * sorted, best first. What the page itself costs is the difference.
 */
export async function measureFloor({ loads = 5, throttle = 1 } = {}) {
  const blank =
    '<!doctype html><html lang="en"><title>floor</title><script type="module">' +
    "performance.mark('first-legal-moves'); document.body.dataset.ready = 'true';</script><body>a blank page</body></html>";
  return measureExtraPage(blank, { loads, throttle });
}

/**
 * The engine's own share of the first legal moves: the same measure of a page that does
 * nothing but load the package (its wasm preloaded, as index.html does), start a chess game
 * and ask for its legal moves, each load in a fresh context; sorted, best first. What the
 * page costs beyond the engine is the difference to measureStartup's.
 */
export async function measureEngineFloor({ loads = 5, throttle = 1 } = {}) {
  const engineOnly =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>engine floor</title>' +
    '<link rel="preload" href="pkg/schachwerk_bg.wasm" as="fetch" type="application/wasm" crossorigin>' +
    '<script type="module">' +
    "import init, { Game } from './pkg/schachwerk.js';" +
    "const module = await WebAssembly.compileStreaming(fetch('pkg/schachwerk_bg.wasm'));" +
    'await init({ module_or_path: module });' +
    "const game = new Game('chess', {}, null);" +
    "document.body.textContent = `${game.legalActions().length} legal moves`;" +
    "performance.mark('first-legal-moves'); document.body.dataset.ready = 'true';" +
    '</script></head><body>loading</body></html>';
  return measureExtraPage(engineOnly, { loads, throttle });
}

/** measureStartup's measure of one page given as text, served beside www/'s files. */
async function measureExtraPage(html, { loads, throttle }) {
  const pages = { '/timing-floor.html': { type: 'text/html; charset=utf-8', body: html } };
  return withBrowser(
    null,
    async (browser, serverUrl) => {
      const times = [];
      for (let i = 0; i < loads; i++) {
        const { context, page } = await freshPage(browser, throttle);
        try {
          times.push(await firstLegalMoves(page, `${serverUrl}timing-floor.html`));
        } finally {
          await context.close();
        }
      }
      return times.sort((a, b) => a - b);
    },
    pages,
  );
}

// ---------------------------------------------------------------- moves

/** A small reproducible generator (mulberry32), so that every run plays the same moves. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The clicks of `count` actions of `variant` from its start: [{from, to} | {option}]. */
export async function chooseMoves(variant, count = MOVES_PER_VARIANT, seed = 27) {
  const { loadEngine } = await import('./engine.mjs');
  const { Game } = await loadEngine();
  const game = new Game(variant, {}, null);
  const next = random(seed);
  const steps = [];
  try {
    while (steps.length < count && game.status().state === 'ongoing') {
      const hidden = new Set(game.board().pieces.filter((p) => p.piece === '?').map((p) => p.square));
      const actions = game.legalActions();
      const pair = (a) => `${a.from}-${a.to}`;
      const shared = new Set(actions.map(pair).filter((p, i, all) => all.indexOf(p) !== i));
      const taps = actions.filter((a) => a.from && a.to && !a.promotion && !hidden.has(a.from) && !shared.has(pair(a)));
      const options = game.decision().options;
      if (taps.length) {
        const action = taps[Math.floor(next() * taps.length)];
        steps.push({ from: action.from, to: action.to });
        game.play(action.action);
      } else if (options.length) {
        steps.push({ option: options[0].action });
        game.play(options[0].action);
      } else break;
    }
    return steps;
  } finally {
    game.free();
  }
}

/** Starts a new game of `variant` on the page and watches its long tasks from now on. */
async function startVariant(page, variant) {
  await page.selectOption('#variant', variant);
  await page.waitForFunction((v) => document.querySelector('#variant').value === v && document.querySelectorAll('#moves .ply:not(.empty)').length === 0, variant);
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, ms: e.duration })))).observe({ type: 'longtask' });
  });
}

/** Waits until the page has painted and gone idle after the clicks of a move. */
const settle = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 2000 }))),
      ),
  );

/** The longest main-thread task (ms, 0 if none reached 50 ms) of one step's clicks. */
//
// The clicks are the mouse's own (CDP input events at the squares' centres, read before the
// step's time starts), as a user's are: page.click would add Playwright's checks of the click's
// target to the page's own tasks (its hit-target listener runs inside the pointerdown).
async function timeStep(page, step) {
  const selectors = step.option
    ? [`#decision-options [data-action="${step.option}"]`]
    : [`[data-square="${step.from}"]`, `[data-square="${step.to}"]`];
  const points = [];
  for (const selector of selectors) {
    const box = await page.locator(selector).boundingBox();
    if (!box) throw new Error(`${selector} is not on the page`);
    points.push({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  }
  const start = await page.evaluate(() => performance.now());
  for (const { x, y } of points) await page.mouse.click(x, y);
  await settle(page);
  return page.evaluate((since) => Math.max(0, ...window.__longTasks.filter((t) => t.start >= since).map((t) => t.ms)), start);
}

/**
 * The longest task of each tap move under `throttle`x CPU throttling, for each variant of
 * `variants`: {variants: [{variant, tasks: [ms, ...], plays: [[ms, ...], ...]}]}, the moves of
 * chooseMoves. Each series is played `plays` times, each time in a fresh page; a move's
 * figure in `tasks` is its best play, as the first legal moves' is the best load: what the
 * page costs rather than what the machine's other work added to one play (on the shared
 * 2-core machine, the same move measured 20-70 ms in successive plays). `plays` keeps every
 * play's figures.
 */
export async function measureMoves({ variants = MOVE_VARIANTS, throttle = THROTTLE, url, moves = MOVES_PER_VARIANT, plays = 3 } = {}) {
  const series = [];
  for (const variant of variants) series.push({ variant, steps: await chooseMoves(variant, moves) });
  return withBrowser(url, async (browser, pageUrl) => {
    const results = series.map(({ variant }) => ({ variant, tasks: [], plays: [] }));
    for (let play = 0; play < plays; play++) {
      const { context, page } = await freshPage(browser, throttle);
      // Every step is clicked: forced choices are not played for the player (settings.js), so
      // the page follows the steps chosen above. Animation and sounds stay on, as by default.
      await page.addInitScript(() => localStorage.setItem('schachwerk.settings', JSON.stringify({ autoplay: false })));
      try {
        await firstLegalMoves(page, pageUrl);
        for (const [i, { variant, steps }] of series.entries()) {
          await startVariant(page, variant);
          // A player's first move comes after the page has drawn the game and gone idle.
          await settle(page);
          const tasks = [];
          for (const step of steps) tasks.push(await timeStep(page, step));
          const plies = await page.$$eval('#moves .ply:not(.empty)', (els) => els.length);
          if (plies === 0) throw new Error(`${variant}: the moves were not played`);
          results[i].plays.push(tasks);
        }
      } finally {
        await context.close();
      }
    }
    for (const result of results) result.tasks = result.plays[0].map((_, move) => Math.min(...result.plays.map((p) => p[move])));
    return { variants: results };
  });
}

/** The middle value (the lower of the two middle ones). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
