// The board as players handle it, on the page in headless Chromium: drag and drop with the
// mouse and with a finger (touch pointer events through the DevTools protocol), taps, an illegal
// drop snapping back, the destinations shown while a piece is held, keyboard play (arrows,
// Enter/Space, Escape), the screen-reader labels and announcements, the check and last-move
// highlights, and promotion through the board's picker by mouse, finger and keyboard.
import { describe, it, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { appPage, closeCheckedPage, launchBrowser, mouseDragBetween, settled, startServer, useAppPage } from './helpers.mjs';

const SHOTS = fileURLToPath(new URL('../../target/screenshots/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

let page;

const { move, pieces, moveList, fenBox, loadFen, errorText } = appPage(() => page);
const squaresWith = (selector) => page.$$eval(selector, (els) => els.map((el) => el.dataset.square).sort());

async function centre(square) {
  const box = await page.locator(`[data-square="${square}"]`).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags with the mouse from one square to another in steps, calling `held` while it is held. */
async function mouseDrag(from, to, held) {
  await mouseDragBetween(page, await centre(from), await centre(to), held);
}

/**
 * A finger: touch events through the DevTools protocol, which Chromium turns into touch pointer
 * events. A lifted finger waits for `settled`, as the wrapped mouse and keys do: the page draws
 * the move a task after the touch's own.
 */
async function touchscreen() {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const touch = async (type, p) => {
    await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
    if (type === 'touchEnd') await settled(page);
  };
  return {
    async drag(from, to, held = async () => {}) {
      const a = await centre(from);
      const b = await centre(to);
      await touch('touchStart', a);
      for (let i = 1; i <= 8; i++) await touch('touchMove', { x: a.x + ((b.x - a.x) * i) / 8, y: a.y + ((b.y - a.y) * i) / 8 });
      await held();
      await touch('touchEnd');
    },
    async tap(square) {
      await this.tapAt(await centre(square));
    },
    async tapAt(p) {
      await touch('touchStart', p);
      await touch('touchEnd');
    },
    detach: () => cdp.detach(),
  };
}

/** The pointer types the page saw pressed, in order. */
const recordPointerTypes = () =>
  page.evaluate(() => {
    window.pointerTypes = [];
    document.addEventListener('pointerdown', (e) => window.pointerTypes.push(e.pointerType), true);
  });

const label = (square) => page.getAttribute(`[data-square="${square}"]`, 'aria-label');

describe('playing on the board', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  it('drags and drops with the mouse, showing the destinations while the piece is held', async () => {
    await mouseDrag('e2', 'e4', async () => {
      assert.deepEqual(await squaresWith('.dest'), ['e3', 'e4'], 'destinations shown while held');
      assert.equal(await page.locator('.piece-ghost[data-piece="P"]').count(), 1, 'the piece follows the pointer');
      assert.deepEqual(await squaresWith('.drag-over'), ['e4']);
      const ghost = await page.locator('.piece-ghost').boundingBox();
      const e4 = await centre('e4');
      assert.ok(Math.abs(ghost.x + ghost.width / 2 - e4.x) < 2 && Math.abs(ghost.y + ghost.height / 2 - e4.y) < 2, 'under the pointer');
    });
    assert.deepEqual(await moveList(), ['e4']);
    assert.equal((await pieces()).e4, 'P');
    assert.equal(await page.locator('.piece-ghost, .drag-source, .drag-over, .dest, .selected').count(), 0);
    assert.deepEqual(await squaresWith('.last-move'), ['e2', 'e4']);
    // A capture by dragging, then click-click still works alongside.
    await move('d7', 'd5');
    await mouseDrag('e4', 'd5');
    assert.deepEqual(await moveList(), ['e4', 'd5', 'exd5']);
  });

  it('snaps an illegal drop back and reports nothing', async () => {
    const before = await fenBox();
    await mouseDrag('g1', 'g3'); // a knight cannot go there
    await mouseDrag('e2', 'e5'); // nor a pawn three squares
    await mouseDrag('e7', 'e5'); // not Black's turn: nothing to pick up
    assert.equal(await fenBox(), before);
    assert.deepEqual(await moveList(), []);
    const board = await pieces();
    assert.equal(board.g1, 'N');
    assert.equal(board.e2, 'P');
    assert.equal(board.e7, 'p');
    assert.equal(board.g3, undefined);
    assert.equal(await page.locator('.piece-ghost, .drag-source, .dest, .selected').count(), 0, 'nothing left held');
    // Dropped off the board: back too.
    const a = await centre('b1');
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(a.x + 900, a.y, { steps: 5 });
    await page.mouse.up();
    assert.equal((await pieces()).b1, 'N');
    assert.deepEqual(await moveList(), []);
    // Dropped on its own square: still held, and a click on a destination moves it.
    await mouseDrag('b1', 'b1');
    await page.mouse.click(...Object.values(await centre('b1')).map((v) => v + 2));
    assert.equal(await page.locator('.selected').count(), 0, 'a second press puts it down');
    const b1 = await centre('b1');
    const c1 = await centre('c1');
    await page.mouse.move(b1.x, b1.y);
    await page.mouse.down();
    await page.mouse.move((b1.x + c1.x) / 2, b1.y, { steps: 3 });
    await page.mouse.move(b1.x, b1.y, { steps: 3 });
    await page.mouse.up();
    assert.deepEqual(await squaresWith('.selected'), ['b1']);
    await page.click('[data-square="c3"]');
    assert.deepEqual(await moveList(), ['Nc3']);
    assert.equal(await errorText(), '');
  });

  it('drags and taps with a finger (touch pointer events)', async () => {
    await recordPointerTypes();
    const finger = await touchscreen();
    await finger.drag('e2', 'e4', async () => {
      assert.deepEqual(await squaresWith('.dest'), ['e3', 'e4']);
      assert.equal(await page.locator('.piece-ghost').count(), 1);
    });
    assert.deepEqual(await moveList(), ['e4']);
    // Tap, tap.
    await finger.tap('g8');
    assert.deepEqual(await squaresWith('.dest'), ['f6', 'h6']);
    await finger.tap('f6');
    assert.deepEqual(await moveList(), ['e4', 'Nf6']);
    // An illegal drag with a finger snaps back.
    await finger.drag('d2', 'd6');
    assert.equal((await pieces()).d2, 'P');
    assert.deepEqual(await moveList(), ['e4', 'Nf6']);
    assert.equal(await page.locator('.piece-ghost, .dest').count(), 0);
    await finger.detach();
    const types = await page.evaluate(() => window.pointerTypes);
    assert.ok(types.length >= 4 && types.every((t) => t === 'touch'), `touch pointers: ${types}`);
  });

  it('plays by keyboard: arrows, Enter and Space, Escape', async () => {
    await page.focus('.board [data-square][tabindex="0"]');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'a1', 'the board is one tab stop');
    const press = async (...keys) => {
      for (const key of keys) await page.keyboard.press(key);
    };
    const focused = () => page.evaluate(() => document.activeElement.dataset.square);
    await press('ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp');
    assert.equal(await focused(), 'e2');
    await press('Enter');
    assert.deepEqual(await squaresWith('.selected'), ['e2']);
    assert.deepEqual(await squaresWith('.dest'), ['e3', 'e4']);
    assert.equal(await page.getAttribute('[data-square="e2"]', 'aria-selected'), 'true');
    await press('ArrowUp', 'ArrowUp', 'Enter');
    assert.deepEqual(await moveList(), ['e4']);
    assert.equal(await focused(), 'e4');
    await page.waitForFunction(() => /e2 to e4/.test(document.querySelector('.board-live').textContent));

    // Black: up the board to g8, pick the knight up with Space, cancel with Escape.
    await press('ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp');
    assert.equal(await focused(), 'g8');
    await press(' ');
    assert.deepEqual(await squaresWith('.dest'), ['f6', 'h6']);
    await press('Escape');
    assert.equal(await page.locator('.selected, .dest').count(), 0);
    await press('Space', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'Space');
    assert.deepEqual(await moveList(), ['e4', 'Nf6']);
    // The edge stops the focus.
    await press('ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft');
    assert.equal(await focused(), 'a6');

    // Flipped, the arrows follow the screen: up is towards rank 1.
    await page.click('#flip');
    await page.focus('[data-square="a6"]');
    await press('ArrowUp');
    assert.equal(await focused(), 'a5');
    await press('ArrowRight');
    assert.equal(await focused(), 'a5', 'file a is at the right edge when flipped');
    await press('ArrowLeft');
    assert.equal(await focused(), 'b5');
  });

  it('skips missing squares with the arrow keys (Quintessential)', async () => {
    await page.selectOption('#variant', 'quintessential');
    await page.focus('.board [data-square][tabindex="0"]');
    const focused = () => page.evaluate(() => document.activeElement.dataset.square);
    assert.equal(await focused(), 'c1', 'the left-most square of the bottom row');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(), 'c1', 'b1 and a1 are holes');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(), 'c2', 'so are b2 and a2');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(), 'b3');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focused(), 'b3', 'nothing below b3 but holes');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.equal(await focused(), 'b8');
    await page.keyboard.press('ArrowUp');
    assert.equal(await focused(), 'b8', 'b9 and b10 are holes');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    assert.equal(await focused(), 'c9');
  });

  it('labels the board and every square for screen readers', async () => {
    assert.equal(await page.getAttribute('.board', 'role'), 'grid');
    assert.equal(await page.getAttribute('.board', 'aria-label'), 'Chess board');
    assert.equal(await page.locator('.board [role="row"]').count(), 8);
    assert.equal(await page.locator('.board [role="row"] > [role="gridcell"][data-square]').count(), 64);
    assert.equal(await label('e1'), 'e1, white king');
    assert.equal(await label('d8'), 'd8, black queen');
    assert.equal(await label('g1'), 'g1, white knight');
    assert.equal(await label('c8'), 'c8, black bishop');
    assert.equal(await label('e4'), 'e4, empty');
    const labels = await page.$$eval('[data-square]', (els) => els.map((el) => el.getAttribute('aria-label')));
    assert.ok(labels.every((l) => /^[a-h][1-8], (empty|(white|black) (king|queen|rook|bishop|knight|pawn))$/.test(l)), labels.join('; '));
    // The reading order is the screen's: a8 first, h1 last.
    assert.deepEqual([labels[0], labels.at(-1)], ['a8, black rook', 'h1, white rook']);
    await move('e2', 'e4');
    assert.equal(await label('e4'), 'e4, white pawn');
    assert.equal(await label('e2'), 'e2, empty');
    await page.click('#flip');
    const flipped = await page.$$eval('[data-square]', (els) => els.map((el) => el.dataset.square));
    assert.deepEqual([flipped[0], flipped.at(-1)], ['h1', 'a8'], 'flipped, the reading order follows');

    // Fairy pieces and face-down Immortals are named too.
    await page.selectOption('#variant', 'quintessential');
    assert.equal(await label('d1'), 'd1, white quintessence');
    assert.equal(await label('e2'), 'e2, white janus');
    assert.equal(await label('g9'), 'g9, black dragon horse');
    assert.equal(await label('h10'), 'h10, black centurion');
    await page.selectOption('#variant', 'impulschach');
    assert.equal(await label('d1'), 'd1, white impulse');
    assert.equal(await label('b8'), 'b8, black catalyst');
    await page.fill('#options', 'sequence=knighted');
    await page.selectOption('#variant', 'nietzsche');
    await loadFen('4k3/8/8/8/8/8/8/AMX1K3 w - - 0 1');
    assert.equal(await label('a1'), 'a1, white cardinal');
    assert.equal(await label('b1'), 'b1, white marshal');
    assert.equal(await label('c1'), 'c1, white ace');
    await page.fill('#options', '');
    await page.selectOption('#variant', 'immortal');
    assert.equal(await label('a1'), 'a1, face-down Immortal');
    assert.equal(await label('f2'), 'f2, white king');
  });

  it('marks the king in check and the last move', async () => {
    await move('e2', 'e4');
    await move('f7', 'f6');
    assert.equal(await page.locator('.check').count(), 0);
    await move('d1', 'h5');
    assert.deepEqual(await squaresWith('.check'), ['e8']);
    assert.deepEqual(await squaresWith('.last-move'), ['d1', 'h5']);
    await move('g7', 'g6');
    assert.equal(await page.locator('.check').count(), 0, 'check ends with the answer');
    await page.click('#undo');
    assert.deepEqual(await squaresWith('.check'), ['e8'], 'and comes back with an undo');
    // Immortal Chess: judged when the turn passes, after the entry or the pass.
    await page.selectOption('#variant', 'immortal');
    for (const step of [['f3', 'f4'], 'pass', ['g8', 'g6'], 'pass', ['e2', 'i6']]) {
      if (step === 'pass') await page.click('#pass');
      else await move(...step);
    }
    assert.equal(await page.locator('.check').count(), 0, 'not yet: the entry may follow');
    await page.click('#pass');
    assert.deepEqual(await squaresWith('.check'), ['f9']);
    // A position loaded with the side to move in check: no move of the game gave it.
    await page.selectOption('#variant', 'chess');
    await loadFen('4k3/8/8/8/8/8/8/4R1K1 b - - 0 1');
    assert.equal(await errorText(), '');
    assert.deepEqual(await squaresWith('.check'), ['e8'], 'a loaded position in check');
  });

  it('promotes through the picker with the mouse, a finger and the keyboard', async () => {
    const position = '8/P6k/8/8/8/8/8/K7 w - - 0 1';
    await loadFen(position);
    // Mouse: the picker opens over a8 with the pictures, Queen first.
    await mouseDrag('a7', 'a8');
    await page.waitForSelector('.promotion-picker');
    const choices = await page.$$eval('.promotion-picker [data-choice]', (els) =>
      els.map((el) => [el.dataset.choice, el.querySelector('[data-picture]').dataset.picture, !!el.querySelector('svg')]),
    );
    assert.deepEqual(choices, [['Q', 'queen', true], ['R', 'rook', true], ['B', 'bishop', true], ['N', 'knight', true]]);
    const a8 = await page.locator('[data-square="a8"]').boundingBox();
    const first = await page.locator('.promotion-picker [data-choice="Q"]').boundingBox();
    assert.ok(Math.abs(first.x - a8.x) < 2 && Math.abs(first.y - a8.y) < 2, 'the first choice covers the square');
    assert.equal((await pieces()).a7, 'P', 'nothing moved yet');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.choice), 'Q', 'the first choice has the focus');
    await page.locator('.board').screenshot({ path: `${SHOTS}promotion-picker.png` });
    await page.click('.promotion-picker [data-choice="R"]');
    assert.equal(await page.locator('.promotion-layer').count(), 0);
    assert.deepEqual(await moveList(), ['a8=R']);
    assert.equal(await page.getAttribute('[data-square="a8"] [data-piece]', 'data-picture'), 'rook');

    // A press beside the picker cancels it: nothing played.
    await loadFen(position);
    await move('a7', 'a8');
    await page.waitForSelector('.promotion-picker');
    const e4 = await centre('e4');
    await page.mouse.click(e4.x, e4.y); // the layer over the board takes it
    assert.equal(await page.locator('.promotion-layer').count(), 0);
    assert.deepEqual(await moveList(), []);

    // Keyboard: Enter on a7, Space on a8 (the picker opens and stays open), the arrows to the
    // knight, Enter.
    await page.focus('[data-square="a7"]');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await page.waitForSelector('.promotion-picker');
    assert.deepEqual(await moveList(), [], 'the key that opened the picker chose nothing');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.choice), 'N');
    await page.keyboard.press('Enter');
    assert.deepEqual(await moveList(), ['a8=N']);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'a8', 'the focus goes back to the board');

    // Escape cancels; a finger's tap chooses.
    await loadFen(position);
    await move('a7', 'a8');
    await page.waitForSelector('.promotion-picker');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('.promotion-layer').count(), 0);
    assert.deepEqual(await moveList(), []);
    const finger = await touchscreen();
    await finger.drag('a7', 'a8');
    await page.waitForSelector('.promotion-picker');
    const box = await page.locator('.promotion-picker [data-choice="B"]').boundingBox();
    await finger.tapAt({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    await page.waitForFunction(() => !document.querySelector('.promotion-layer'));
    await settled(page); // the move drawn a task after the picker closes, however it closes
    assert.deepEqual(await moveList(), ['a8=B']);
    await finger.detach();

    // Black's choices are black pieces, in a column up from a1.
    await loadFen('k7/8/8/8/8/8/p7/7K b - - 0 1');
    await move('a2', 'a1');
    await page.waitForSelector('.promotion-picker');
    const black = await page.$$eval('.promotion-picker [data-choice]', (els) => els.map((el) => el.dataset.choice));
    assert.deepEqual(black, ['q', 'r', 'b', 'n']);
    const a1 = await page.locator('[data-square="a1"]').boundingBox();
    const q = await page.locator('.promotion-picker [data-choice="q"]').boundingBox();
    const n = await page.locator('.promotion-picker [data-choice="n"]').boundingBox();
    assert.ok(Math.abs(q.y - a1.y) < 2 && n.y < q.y, 'from the square towards the middle');
    await page.click('.promotion-picker [data-choice="n"]');
    assert.deepEqual(await moveList(), ['a1=N']);
  });

  it("promotes to a variant's own pieces (Impulschach: impulse, catalyst, rook, bishop)", async () => {
    await page.selectOption('#variant', 'impulschach');
    await loadFen('4k3/P7/8/8/8/8/8/4K3 w - - 0 1');
    await move('a7', 'a8');
    await page.waitForSelector('.promotion-picker');
    const choices = await page.$$eval('.promotion-picker [data-choice]', (els) =>
      els.map((el) => `${el.dataset.choice}:${el.querySelector('[data-picture]').dataset.picture}`),
    );
    assert.deepEqual(choices, ['I:impulse', 'C:catalyst', 'R:rook', 'B:bishop']);
    await page.click('.promotion-picker [data-choice="C"]');
    assert.equal(await page.getAttribute('[data-square="a8"] [data-piece]', 'data-picture'), 'catalyst');
  });
});

// The widget on its own: what it reports, with no game behind it to refuse a move.
const HARNESS = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<link rel="stylesheet" href="/style.css"></head>
<body><div id="host" class="board-container" style="width: 480px"></div>
<script type="module">
  import { createBoard } from '/board.js';
  window.moves = [];
  window.board = createBoard(document.getElementById('host'), {});
  board.onMove((from, to) => moves.push(from + '-' + to));
  board.setPieces([{ square: 'e2', piece: 'P' }, { square: 'g1', piece: 'N' }, { square: 'd7', piece: 'p' }]);
  board.setDestinations({ e2: ['e3', 'e4'], g1: ['f3', 'h3'] });
  document.body.dataset.ready = 'true';
</script></body></html>`;

describe('the board widget reports only legal drops', () => {
  let harness;
  let browser;
  before(async () => {
    harness = await startServer({ '/__drag.html': { type: 'text/html', body: HARNESS } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await harness?.close();
  });
  beforeEach(async () => {
    page = await browser.context.newPage();
    page.problems = [];
    page.on('pageerror', (err) => page.problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => msg.type() === 'error' && page.problems.push(`console error: ${msg.text()}`));
    await page.goto(`${harness.url}__drag.html`);
    await page.waitForSelector('body[data-ready="true"]');
  });
  afterEach(async () => {
    const p = page;
    page = null;
    await closeCheckedPage(p);
  });

  it('snaps a drop on a square that is not a destination back, and reports nothing', async () => {
    for (const to of ['e5', 'd7', 'g1', 'h8']) await mouseDrag('e2', to);
    await mouseDrag('d7', 'd5'); // a piece without destinations is not picked up
    assert.deepEqual(await page.evaluate(() => moves), []);
    assert.equal(await page.locator('[data-square="e2"] [data-piece="P"]').count(), 1, 'the piece is back');
    assert.equal(await page.locator('.piece-ghost, .drag-source, .drag-over, .dest, .selected').count(), 0);
    await mouseDrag('g1', 'f3');
    await mouseDrag('e2', 'e4');
    assert.deepEqual(await page.evaluate(() => moves), ['g1-f3', 'e2-e4']);
    // The host redraws: until it does, the widget leaves the pieces where they were.
    assert.equal(await page.locator('[data-square="e2"] [data-piece="P"]').count(), 1);
    const finger = await touchscreen();
    await finger.drag('g1', 'g4');
    await finger.drag('e2', 'e3');
    await finger.detach();
    assert.deepEqual(await page.evaluate(() => moves), ['g1-f3', 'e2-e4', 'e2-e3']);
  });

  it('answers choosePromotion with the letter chosen, or null', async () => {
    const ask = () => page.evaluate(() => {
      window.answer = undefined;
      board.choosePromotion('e8', ['Q', 'N', 'e8=Q (the other)']).then((a) => { window.answer = a; });
    });
    await ask();
    assert.equal(await page.locator('.promotion-picker [data-choice]').count(), 3);
    assert.equal(await page.textContent('.promotion-picker .promotion-text'), 'e8=Q (the other)');
    await page.click('.promotion-picker [data-choice="N"]');
    await page.waitForFunction(() => window.answer !== undefined);
    assert.equal(await page.evaluate(() => answer), 'N');
    await ask();
    await page.click('.promotion-picker .promotion-cancel');
    await page.waitForFunction(() => window.answer !== undefined);
    assert.equal(await page.evaluate(() => answer), null);
    await ask();
    await page.evaluate(() => board.cancelPromotion());
    await page.waitForFunction(() => window.answer !== undefined);
    assert.equal(await page.evaluate(() => answer), null);
    assert.equal(await page.evaluate(() => board.promotionOpen), false);
    assert.deepEqual(await page.evaluate(() => moves), []);
  });
});
