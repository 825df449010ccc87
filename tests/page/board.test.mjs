// Tests of the rules-free board widget (www/board.js) on its own, in headless Chromium:
// large boards, holes, piece pictures, destinations, move callbacks and flipping.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, assertNoProblems } from './helpers.mjs';

const HARNESS = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<link rel="stylesheet" href="/style.css"></head>
<body><div id="host" class="board-container" style="width: 500px"></div>
<script type="module">
  import { createBoard, createPiece } from '/board.js';
  window.createPiece = createPiece;
  window.moves = [];
  window.make = (opts) => {
    window.board = createBoard(document.getElementById('host'), opts);
    window.board.onMove((from, to) => window.moves.push(from + '-' + to));
  };
  document.body.dataset.ready = 'true';
</script></body></html>`;

let server;
let browser;
let page;

const squareNames = () => page.$$eval('[data-square]', (els) => els.map((el) => el.dataset.square));

describe('board widget', () => {
  before(async () => {
    server = await startServer({ '/__board.html': { type: 'text/html', body: HARNESS } });
    browser = await launchBrowser();
    page = await openPage(browser.context, `${server.url}__board.html`);
    await page.waitForSelector('body[data-ready="true"]');
  });

  after(async () => {
    try {
      if (page) assertNoProblems(page);
    } finally {
      await browser?.close();
      await server?.close();
    }
  });

  it('draws a 10x10 board with holes', async () => {
    await page.evaluate(() => make({ files: 10, ranks: 10, holes: ['a1', 'j10', 'e5'] }));
    const names = await squareNames();
    assert.equal(names.length, 97);
    assert.ok(names.includes('c10') && names.includes('j1') && names.includes('a10'));
    assert.ok(!names.includes('a1') && !names.includes('j10') && !names.includes('e5'));
    assert.equal(await page.locator('.square.hole').count(), 3);
    assert.equal(await page.locator('.square.hole[data-square]').count(), 0);
    assert.match(await page.getAttribute('[data-square="b1"]', 'class'), /\blight\b/);
    assert.match(await page.getAttribute('[data-square="b2"]', 'class'), /\bdark\b/);
    // Square: 500px wide, so 50px squares; j10 missing but the grid keeps its shape.
    const b = await page.locator('.board').boundingBox();
    assert.ok(Math.abs(b.width - b.height) < 2, `square board: ${b.width}x${b.height}`);
    const c10 = await page.locator('[data-square="c10"]').boundingBox();
    const c1 = await page.locator('[data-square="c1"]').boundingBox();
    assert.ok(c10.y < c1.y, 'rank 10 at the top');
  });

  it('draws pictures for the letters it knows and lettered discs for others', async () => {
    await page.evaluate(() =>
      board.setPieces([
        { square: 'b1', piece: 'K' },
        { square: 'c10', piece: 'q' },
        { square: 'd4', piece: 'A' },
        { square: 'f6', piece: 'z' },
        { square: 'a1', piece: 'R' }, // a hole: ignored
      ]),
    );
    const got = await page.$$eval('[data-piece]', (els) =>
      els.map((el) => [el.closest('[data-square]').dataset.square, el.dataset.piece, el.dataset.picture, el.className]),
    );
    const bySquare = Object.fromEntries(got.map(([sq, ...rest]) => [sq, rest]));
    assert.equal(got.length, 4);
    assert.equal(bySquare.b1[1], 'king');
    assert.match(bySquare.b1[2], /\bwhite\b/);
    assert.equal(bySquare.c10[1], 'queen');
    assert.match(bySquare.c10[2], /\bblack\b/);
    assert.equal(bySquare.d4[0], 'A');
    assert.equal(bySquare.d4[1], 'cardinal');
    assert.match(bySquare.d4[2], /\bwhite\b/);
    assert.equal(bySquare.f6[0], 'z');
    assert.equal(bySquare.f6[1], 'letter');
    assert.match(bySquare.f6[2], /\bblack\b/);
  });

  it('selects, shows destinations and reports moves', async () => {
    await page.evaluate(() => board.setDestinations({ b1: ['b2', 'c2'], d4: ['d5', 'c10'] }));
    await page.click('[data-square="b1"]');
    assert.deepEqual(await page.$$eval('.dest', (els) => els.map((e) => e.dataset.square).sort()), ['b2', 'c2']);
    assert.equal(await page.getAttribute('[data-square="b1"]', 'class').then((c) => /\bselected\b/.test(c)), true);

    // A square that is not a destination deselects, and no move is reported.
    await page.click('[data-square="h8"]');
    assert.equal(await page.locator('.dest').count(), 0);
    assert.deepEqual(await page.evaluate(() => moves), []);

    // Switch selection from one piece to another, then capture.
    await page.click('[data-square="b1"]');
    await page.click('[data-square="d4"]');
    assert.deepEqual(await page.$$eval('.dest', (els) => els.map((e) => e.dataset.square).sort()), ['c10', 'd5']);
    assert.equal(await page.locator('.dest.capture').count(), 1);
    await page.click('[data-square="c10"]');
    assert.deepEqual(await page.evaluate(() => moves), ['d4-c10']);
    assert.equal(await page.locator('.dest').count(), 0);
    await page.click('[data-square="b1"]');
    await page.locator('.board').screenshot({ path: '/tmp/page-board10.png' });
    await page.click('[data-square="b1"]');

    // A piece without destinations cannot be selected.
    await page.click('[data-square="f6"]');
    assert.equal(await page.locator('.selected').count(), 0);
    await page.click('[data-square="b1"]');
    await page.click('[data-square="b2"]');
    assert.deepEqual(await page.evaluate(() => moves), ['d4-c10', 'b1-b2']);
  });

  it('highlights the last move and flips', async () => {
    await page.evaluate(() => board.highlight({ from: 'b1', to: 'b2' }));
    assert.deepEqual(await page.$$eval('.last-move', (els) => els.map((e) => e.dataset.square).sort()), ['b1', 'b2']);
    await page.evaluate(() => board.highlight(null));
    assert.equal(await page.locator('.last-move').count(), 0);
    // Every square a move touched (a castling's four), and each royal piece in check.
    await page.evaluate(() => board.highlight(['e1', 'f1', 'g1', 'h1']));
    assert.deepEqual(await page.$$eval('.last-move', (els) => els.map((e) => e.dataset.square).sort()), ['e1', 'f1', 'g1', 'h1']);
    await page.evaluate(() => board.highlight([]));
    assert.equal(await page.locator('.last-move').count(), 0);
    await page.evaluate(() => board.setCheck(['b1', 'c10']));
    assert.deepEqual(await page.$$eval('.check', (els) => els.map((e) => e.dataset.square).sort()), ['b1', 'c10']);
    await page.evaluate(() => board.setCheck(null));
    assert.equal(await page.locator('.check').count(), 0);

    const top = async () => (await page.locator('[data-square="c10"]').boundingBox()).y;
    const bottom = async () => (await page.locator('[data-square="c1"]').boundingBox()).y;
    assert.ok((await top()) < (await bottom()));
    await page.evaluate(() => board.flip());
    assert.equal(await page.evaluate(() => board.orientation), 'black');
    assert.ok((await top()) > (await bottom()), 'rank 10 at the bottom after flip');
    const j1 = await page.locator('[data-square="j1"]').boundingBox();
    const b1 = await page.locator('[data-square="b1"]').boundingBox();
    assert.ok(j1.x < b1.x, 'file j on the left after flip');
    // Clicking still maps to the right squares.
    await page.evaluate(() => board.setDestinations(new Map([['b1', ['c2']]])));
    await page.click('[data-square="b1"]');
    await page.click('[data-square="c2"]');
    assert.deepEqual((await page.evaluate(() => moves)).at(-1), 'b1-c2');
  });

  it('draws pieces from the glyph set it is given (the older option)', async () => {
    await page.evaluate(() => {
      make({ files: 8, ranks: 8, glyphs: { K: '\u265A' } });
      board.setPieces([{ square: 'e1', piece: 'K' }, { square: 'd8', piece: 'q' }]);
    });
    const look = (square) =>
      page.$eval(`[data-square="${square}"]`, (el) => [el.querySelector('[data-piece]').dataset.picture, el.querySelector('[data-piece]').className, el.ariaLabel]);
    assert.deepEqual(await look('e1'), ['king', 'piece white', 'e1, white king']);
    assert.deepEqual(await look('d8'), ['letter', 'piece black', 'd8, black Q']);
    // A host drawing a piece with the board's glyphs gets the same; without them, the chess set.
    const drawn = await page.evaluate(() => [createPiece('Q', board.glyphs).dataset.picture, createPiece('Q').dataset.picture]);
    assert.deepEqual(drawn, ['letter', 'queen']);
    // The host's names (the engine's pieces()) for what the squares say.
    await page.evaluate(() => {
      make({ files: 8, ranks: 8, names: { Q: 'quintessence' } });
      board.setPieces([{ square: 'e1', piece: 'K' }, { square: 'd8', piece: 'q' }]);
    });
    assert.deepEqual(await look('d8'), ['queen', 'piece black', 'd8, black quintessence']);
    assert.equal(await page.getAttribute('[data-square="e1"]', 'aria-label'), 'e1, white king');
  });
});
