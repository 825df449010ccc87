// <schach-board> on real sites, in headless Chromium: a page's style sheet full of common
// class names changes nothing inside the board; a page themes it through custom properties,
// attributes and ::part(); its size in flex rows, grid cells, inline-blocks, under a
// max-height and in a plain block; its events (change, gameover, error) bubble out of shadow
// roots; errors of the first set-up reach a listener added after `ready`; and `ready` rejects
// with a code when the engine cannot load.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useAppPage } from './helpers.mjs';

const page_ = (head, body) => `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
  import { SchachBoard } from '/schach-board.js';
  window.SchachBoard = SchachBoard;
  window.heard = [];
  for (const type of ['move', 'change', 'gameover', 'error', 'entry']) {
    document.addEventListener(type, (e) => window.heard.push({
      type, target: e.target.id, bubbles: e.bubbles, composed: e.composed, detail: e.detail,
    }));
  }
  await Promise.allSettled([...document.querySelectorAll('schach-board')].map((el) => el.ready));
  document.body.dataset.ready = 'true';
</script>${head}</head><body>${body}</body></html>`;

// Rules a site might have for its own elements, with the names the board used to use inside,
// and resets on everything. None may reach the board's squares.
const HOSTILE = `<style>
  * { box-sizing: content-box !important; font: italic 31px/3 serif; letter-spacing: 4px;
      text-transform: uppercase; color: red; word-spacing: 9px; }
  div, span, button, svg, p { margin: 7px; padding: 5px; border: 3px dashed magenta !important;
      background: yellow !important; width: 300px; height: 17px; display: inline; position: static; }
  .board, .square, .dark, .light, .hole, .piece, .white, .black, .coord, .coord-file, .coord-rank,
  .selected, .dest, .capture, .last-move, .check, .sb-bar, .sb-text, .sb-error, .sb-root, .sb-area,
  .board-row, [data-square], [role="grid"], [role="gridcell"] {
      display: none !important; width: 300px !important; background: red !important; }
  svg, path, circle { fill: lime !important; stroke: blue !important; }
</style>`;
// Both pages size the element alike, as its host would; the rest is the test.
const SIZED = '<style>schach-board#b { display: block; width: 400px !important; margin: 0 !important; padding: 0 !important; border: 0 !important; }</style>';

const THEMED = `<style>
  #themed { --sb-light: rgb(1, 2, 3); --sb-white-fill: rgb(10, 20, 30); width: 400px; }
  #themed::part(dark) { background-color: rgb(4, 5, 6); }
  #themed::part(last-move) { outline: 3px solid rgb(7, 8, 9); }
  #brown, #bare { width: 300px; }
</style>`;

const SIZES = `<style>
  body { margin: 0; }
  .row { display: flex; gap: 8px; align-items: flex-start; }
  .grid { display: grid; grid-template-columns: auto 1fr; }
  .narrow { display: flex; width: 200px; }
  .block600 { width: 600px; }
</style>`;
const SIZES_BODY = `
  <div class="row"><schach-board id="flex"></schach-board><p>Some text beside the board in a flex row.</p></div>
  <div class="row"><schach-board id="flexError" moves="e4 and-then-a-very-long-text-that-is-no-move-at-all-and-goes-on-and-on-for-a-while-longer"></schach-board><p>x</p></div>
  <div class="grid"><schach-board id="grid"></schach-board><p>A grid cell sized to its content.</p></div>
  <div><span style="display: inline-block"><schach-board id="inline"></schach-board></span></div>
  <div class="narrow"><schach-board id="narrow"></schach-board></div>
  <div class="block600"><schach-board id="block"></schach-board></div>
  <div class="block600"><schach-board id="capped" style="max-height: 300px"></schach-board></div>
  <div class="block600"><schach-board id="nacht" variant="nacht"></schach-board></div>
  <schach-board id="full"></schach-board>`;

let page;

/** Every square's box relative to the board, its background, and the sizes inside. */
const layoutOf = (id) =>
  page.evaluate((id) => {
    const root = document.getElementById(id).shadowRoot;
    const board = root.querySelector('.board').getBoundingClientRect();
    const squares = [...root.querySelectorAll('[data-square]')].map((el) => {
      const box = el.getBoundingClientRect();
      const piece = el.querySelector('.piece')?.getBoundingClientRect();
      return {
        square: el.dataset.square,
        x: Math.round(box.x - board.x), y: Math.round(box.y - board.y),
        w: Math.round(box.width), h: Math.round(box.height),
        background: getComputedStyle(el).backgroundColor,
        piece: piece ? Math.round(piece.width) : null,
      };
    });
    const coord = root.querySelector('.coord');
    const text = root.querySelector('.sb-text');
    return {
      squares,
      coordFont: getComputedStyle(coord).fontSize,
      coordColour: getComputedStyle(coord).color,
      textFont: getComputedStyle(text).font,
      textTransform: getComputedStyle(text).textTransform,
      fill: getComputedStyle(root.querySelector('.piece svg')).fill,
    };
  }, id);

/** The element's board box, and whether its squares are square. */
const sizeOf = (id) =>
  page.evaluate((id) => {
    const el = document.getElementById(id);
    const board = el.shadowRoot.querySelector('.board')?.getBoundingClientRect();
    const square = el.shadowRoot.querySelector('[data-square]')?.getBoundingClientRect();
    const host = el.getBoundingClientRect();
    return {
      host: { w: host.width, h: host.height },
      board: board ? { w: board.width, h: board.height } : null,
      square: square ? { w: square.width, h: square.height } : null,
    };
  }, id);

const click = (id, square) => page.click(`#${id} [data-square="${square}"]`);

describe('<schach-board> on a site', () => {
  const pages = {
    '/__clean.html': { type: 'text/html', body: page_(SIZED, '<schach-board id="b"></schach-board>') },
    '/__hostile.html': { type: 'text/html', body: page_(SIZED + HOSTILE, '<div><schach-board id="b"></schach-board></div>') },
    '/__themed.html': {
      type: 'text/html',
      body: page_(THEMED, `<schach-board id="themed"></schach-board>
        <schach-board id="brown" board-theme="brown" coordinates="off"></schach-board>
        <schach-board id="bare"></schach-board>`),
    },
    '/__sizes.html': { type: 'text/html', body: page_(SIZES, SIZES_BODY) },
    '/__events.html': { type: 'text/html', body: page_('<style>schach-board { max-width: 360px }</style>', '<schach-board id="b"></schach-board>') },
    '/__entry.html': { type: 'text/html', body: page_('<style>schach-board { max-width: 360px }</style>', '<schach-board id="imm" variant="immortal"></schach-board>') },
  };
  const suite = useAppPage({ getPage: () => page, setPage: (p) => (page = p), openEach: false, pages });

  async function open(path) {
    page = await openPage(suite.browser.context, `${suite.server.url}${path}`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  }

  it("a page's style sheet of common class names and resets changes nothing inside, and it plays", async () => {
    await open('__clean.html');
    const clean = await layoutOf('b');
    await page.close();
    await open('__hostile.html');
    const hostile = await layoutOf('b');
    assert.equal(hostile.squares.length, 64);
    assert.ok(hostile.squares.every((s) => s.w > 40 && s.w === s.h), 'square squares');
    assert.deepEqual(hostile, clean, 'the same board, square by square, with and without the hostile rules');
    assert.equal(hostile.textTransform, 'none');
    await click('b', 'e2');
    await click('b', 'e4');
    const moves = await page.evaluate(() => window.heard.filter((e) => e.type === 'move').map((e) => e.detail.action));
    assert.deepEqual(moves, ['e2e4']);
    assert.equal(await page.locator('#b [data-square="e4"] [data-piece="P"]').count(), 1);
  });

  it('a page themes it through custom properties, ::part() and attributes', async () => {
    await open('__themed.html');
    const colour = (id, square) =>
      page.$eval(`#${id} [data-square="${square}"]`, (el) => getComputedStyle(el).backgroundColor);
    assert.equal(await colour('themed', 'b1'), 'rgb(1, 2, 3)', '--sb-light');
    assert.equal(await colour('themed', 'a1'), 'rgb(4, 5, 6)', '::part(dark)');
    assert.equal(await colour('bare', 'b1'), 'rgb(238, 238, 210)', 'the default theme');
    assert.equal(await colour('brown', 'b1'), 'rgb(240, 217, 181)', 'board-theme="brown"');
    assert.equal(await colour('brown', 'a1'), 'rgb(181, 136, 99)');
    const fill = await page.$eval('#themed [data-square="e1"] .piece svg', (el) => getComputedStyle(el).fill);
    assert.equal(fill, 'rgb(10, 20, 30)', '--sb-white-fill');
    const coords = (id) =>
      page.$$eval(`#${id} .coord`, (els) => els.filter((el) => getComputedStyle(el).display !== 'none').length);
    assert.equal(await coords('bare'), 16);
    assert.equal(await coords('brown'), 0, 'coordinates="off"');
    await click('themed', 'e2');
    await click('themed', 'e4');
    const outline = await page.$eval('#themed [data-square="e4"]', (el) => getComputedStyle(el).outlineColor);
    assert.equal(outline, 'rgb(7, 8, 9)', '::part(last-move)');
    // The parts follow the state: the highlight leaves e4 with the next move.
    await page.evaluate(() => document.getElementById('themed').play('e5'));
    await page.waitForFunction(() => !document.getElementById('themed').shadowRoot.querySelector('[data-square="e4"]').part.contains('last-move'));
  });

  it('sizes: intrinsic in flex, grid and inline-block; fills a block; fits max-height and the viewport', async () => {
    await open('__sizes.html');
    const near = (value, want, what) => assert.ok(Math.abs(value - want) <= 2, `${what}: ${value}, want about ${want}`);
    const square = ({ square: s }, what) => assert.ok(Math.abs(s.w - s.h) < 0.6, `${what}: square squares ${s.w}x${s.h}`);
    for (const id of ['flex', 'grid', 'inline']) {
      const size = await sizeOf(id);
      near(size.board.w, 320, `${id}: 8 squares of 40 px`);
      square(size, id);
    }
    // A long message under the board does not widen it.
    const withError = await sizeOf('flexError');
    near(withError.host.w, 320, 'flexError: the host, whatever its message');
    const narrow = await sizeOf('narrow');
    assert.ok(narrow.board.w <= 200 && narrow.board.w > 150, `narrow flex row: ${narrow.board.w}`);
    square(narrow, 'narrow');
    const block = await sizeOf('block');
    near(block.board.w, 600, 'block: the width it is given');
    square(block, 'block');
    const capped = await sizeOf('capped');
    assert.ok(capped.host.h <= 300.5, `max-height 300px: the element is ${capped.host.h} tall`);
    assert.ok(capped.board.h > 220 && capped.board.h < 290, `the board fits under it: ${capped.board.h}`);
    square(capped, 'capped');
    const nacht = await sizeOf('nacht');
    near(nacht.board.w, 600, 'NAChT: the width');
    near(nacht.board.h, 600 * (7 / 8), 'NAChT: 8x7 squares');
    // In the whole width of a 1100x760 window, the board fits the window's height.
    const full = await sizeOf('full');
    assert.ok(full.host.h <= 760 && full.board.h > 650, `full width: the element ${full.host.h} tall, the board ${full.board.h}`);
    square(full, 'full');
    // The height limit follows a change of max-height.
    await page.evaluate(() => (document.getElementById('block').style.maxHeight = '250px'));
    await page.waitForFunction(() => document.getElementById('block').getBoundingClientRect().height <= 250.5);
    // The board follows its host at the next resize observation, a frame later: wait for it
    // (with a time limit, so that a board that never follows fails below with its size).
    await page
      .waitForFunction(() => document.getElementById('block').shadowRoot.querySelector('.board').getBoundingClientRect().height < 230, null, { timeout: 3000 })
      .catch(() => {});
    const shrunk = await sizeOf('block');
    assert.ok(shrunk.board.h < 230, `after max-height 250px: ${shrunk.board.h}`);
  });

  it('change, gameover, move and error bubble and are composed', async () => {
    await open('__events.html');
    await click('b', 'f2');
    await click('b', 'f3');
    await page.evaluate(() => {
      const el = document.getElementById('b');
      el.play('e5');
      el.play('g4');
      el.play('Qh4#');
      el.undo();
      el.play('Qh4#');
      el.reset();
      el.setAttribute('variant', 'nosuch');
    });
    await page.waitForFunction(() => window.heard.some((e) => e.type === 'error'));
    const heard = await page.evaluate(() => window.heard);
    assert.ok(heard.every((e) => e.bubbles && e.composed && e.target === 'b'), 'every event bubbles, composed');
    assert.deepEqual(
      heard.map((e) => (e.type === 'change' ? `change:${e.detail.cause}` : e.type)),
      ['change:setup', 'move', 'change:move', 'change:play', 'change:play', 'change:play', 'gameover', 'change:undo',
        'change:play', 'gameover', 'change:setup', 'error'],
    );
    const over = heard.find((e) => e.type === 'gameover').detail;
    assert.equal(over.status.state, 'black wins');
    assert.match(over.fen, /^rnb1kbnr\/pppp1ppp\/8\/4p3\/6Pq\/5P2\/PPPPP2P\/RNBQKBNR w/);
    assert.equal(heard.at(-1).detail.code, 'unknown_variant');
    assert.equal(await page.evaluate(() => document.getElementById('b').lastError.code), 'unknown_variant');
  });

  it('entry bubbles and is composed', async () => {
    await open('__entry.html');
    await click('imm', 'f3');
    await click('imm', 'f5');
    await click('imm', 'a5');
    await click('imm', 'b5');
    const entry = (await page.evaluate(() => window.heard)).find((e) => e.type === 'entry');
    assert.deepEqual(entry, {
      type: 'entry', target: 'imm', bubbles: true, composed: true, detail: { action: 'a5b5', from: 'a5', to: 'b5' },
    });
  });

  it('errors of the first set-up reach a listener added after ready; ready rejects when the engine cannot load', async () => {
    page = await openPage(suite.browser.context, `${suite.server.url}__events.html`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    const result = await page.evaluate(async () => {
      const out = {};
      const bad = document.createElement('schach-board');
      bad.setAttribute('variant', 'nosuch');
      document.body.append(bad);
      await bad.ready; // the engine loaded; the attribute was bad
      out.errors = [];
      bad.addEventListener('error', (e) => out.errors.push(e.detail.code));
      out.lastError = bad.lastError?.code;
      const broken = document.createElement('schach-board');
      broken.setAttribute('engine', '/nowhere/schachwerk.js');
      document.body.append(broken);
      try {
        await broken.ready;
        out.ready = 'resolved';
      } catch (err) {
        out.ready = err.code;
        out.readyMessage = err.message;
      }
      out.brokenErrors = [];
      broken.addEventListener('error', (e) => out.brokenErrors.push(e.detail.code));
      try {
        broken.play('e4');
      } catch (err) {
        out.play = err.code;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      return out;
    });
    page.problems.splice(0); // the missing engine's 404, asked for by the test
    assert.deepEqual(result.errors, ['unknown_variant'], 'heard after await ready');
    assert.equal(result.lastError, 'unknown_variant');
    assert.equal(result.ready, 'engine_unavailable');
    assert.match(result.readyMessage, /engine did not load/);
    assert.deepEqual(result.brokenErrors, ['engine_unavailable']);
    assert.equal(result.play, 'engine_unavailable', 'not "still loading"');
  });
});
