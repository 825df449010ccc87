// <schach-board> inside another component's shadow root, as a site built with Lit or any
// web-component framework places it (the element's own shadow root inside the host's): a legal move by mouse drag and by click-click, an illegal
// drag snapping back, and the move events reaching the element and, composed, the document.
// Both an open and a closed shadow root: the test reaches the closed one through the host.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mouseDragBetween, openPage, useAppPage } from './helpers.mjs';

// A host element drawing a board in its own shadow root (`?mode=closed` for a closed one).
const HARNESS = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
  import '/schach-board.js';
  const mode = new URLSearchParams(location.search).get('mode');
  customElements.define('board-host', class extends HTMLElement {
    constructor() {
      super();
      const root = this.attachShadow({ mode });
      root.innerHTML = '<style>schach-board { width: 420px; }</style><schach-board></schach-board>';
      window.shadow = root;
    }
  });
  document.body.append(document.createElement('board-host'));
  const el = window.shadow.querySelector('schach-board');
  // The board's squares are in the element's own (open) shadow root, inside the host's.
  window.shadow = el.shadowRoot;
  window.events = [];
  el.addEventListener('move', (e) => events.push({ on: 'element', action: e.detail.action }));
  document.addEventListener('move', (e) => events.push({ on: e.target.localName, action: e.detail.action }));
  await el.ready;
  document.body.dataset.ready = 'true';
</script></head><body></body></html>`;

let page;

const pieces = () =>
  page.evaluate(() =>
    Object.fromEntries(
      [...shadow.querySelectorAll('[data-square] [data-piece]')].map((el) => [el.closest('[data-square]').dataset.square, el.dataset.piece]),
    ),
  );
const squaresWith = (cls) => page.evaluate((c) => [...shadow.querySelectorAll(`.${c}`)].map((el) => el.dataset.square).sort(), cls);
const events = () => page.evaluate(() => window.events);

async function centre(square) {
  return page.evaluate((sq) => {
    const box = shadow.querySelector(`[data-square="${sq}"]`).getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }, square);
}

async function click(square) {
  const p = await centre(square);
  await page.mouse.click(p.x, p.y);
}

const drag = async (from, to, held) => mouseDragBetween(page, await centre(from), await centre(to), held);

describe('<schach-board> inside a shadow root', () => {
  const suite = useAppPage({
    getPage: () => page,
    setPage: (p) => (page = p),
    openEach: false,
    pages: { '/__shadow.html': { type: 'text/html', body: HARNESS } },
  });

  for (const mode of ['open', 'closed']) {
    it(`plays by drag and by click-click, and snaps an illegal drag back (${mode} root)`, async () => {
      page = await openPage(suite.browser.context, `${suite.server.url}__shadow.html?mode=${mode}`);
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      assert.equal(await page.evaluate(() => shadow.querySelectorAll('[data-square]').length), 64);
      const a1 = await page.evaluate(() => getComputedStyle(shadow.querySelector('[data-square="a1"]')).backgroundColor);
      assert.equal(a1, 'rgb(118, 150, 86)', "the element's styles reach its shadow root");

      // A legal drag: the piece follows the pointer, the square under it is found.
      await drag('e2', 'e4', async () => {
        assert.deepEqual(await squaresWith('drag-over'), ['e4'], 'the square under the pointer');
        assert.deepEqual(await squaresWith('dest'), ['e3', 'e4']);
      });
      assert.equal((await pieces()).e4, 'P');
      assert.deepEqual(await events(), [
        { on: 'element', action: 'e2e4' },
        { on: 'board-host', action: 'e2e4' },
      ], 'the event, composed, reaches the page outside the host');

      // An illegal drag (not a knight's move) snaps back and reports nothing.
      const before = await pieces();
      await drag('g8', 'g5', async () => {
        assert.deepEqual(await squaresWith('drag-over'), ['g5']);
      });
      assert.deepEqual(await pieces(), before);
      assert.equal(await page.evaluate(() => shadow.querySelectorAll('.piece-ghost, .drag-source').length), 0, 'snapped back');
      assert.equal((await events()).length, 2);

      // Click-click: the press on the board does not count as a press outside it.
      await click('g8');
      assert.deepEqual(await squaresWith('selected'), ['g8'], 'still picked up after the click');
      await click('f6');
      assert.equal((await pieces()).f6, 'n');
      assert.deepEqual((await events()).slice(2), [
        { on: 'element', action: 'g8f6' },
        { on: 'board-host', action: 'g8f6' },
      ]);
      // A press outside the board still puts a picked-up piece down.
      await click('d2');
      assert.deepEqual(await squaresWith('selected'), ['d2']);
      await page.mouse.click(700, 700);
      assert.deepEqual(await squaresWith('selected'), []);
    });
  }
});
