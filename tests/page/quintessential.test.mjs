// End-to-end tests of Quintessential Chess on the page, in headless Chromium: the 84-square
// board with its missing corners, pictures for the non-chess pieces, and moves played by clicking
// (fast pawns, zig-zag leeloo, castling onto the centurion, en passant by any piece).
import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, useAppPage } from './helpers.mjs';

const START_FEN =
  '**cqklqc**/**1djjd1**/pppppppppp/10/10/10/10/PPPPPPPPPP/**1DJJD1**/**CQKLQC** w CHch - 0 1';
const CORNERS = ['a1', 'b1', 'a2', 'b2', 'i1', 'j1', 'i2', 'j2', 'a9', 'b9', 'a10', 'b10', 'i9', 'j9', 'i10', 'j10'];

let page;

const { click, move, pieces, moveList, fenBox, errorText, ...app } = appPage(() => page);
const squaresWith = (selector) => page.$$eval(selector, (els) => els.map((el) => el.dataset.square).sort());

async function loadFen(fen) {
  await app.loadFen(fen);
  assert.equal(await errorText(), '', `loads ${fen}`);
}

/** The centre of the cell on fileSquare's file and rankSquare's rank (a hole has no name). */
async function centreOf(fileSquare, rankSquare) {
  const x = await page.locator(`[data-square="${fileSquare}"]`).boundingBox();
  const y = await page.locator(`[data-square="${rankSquare}"]`).boundingBox();
  return { x: x.x + x.width / 2, y: y.y + y.height / 2 };
}

describe('quintessential on the page', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  beforeEach(async () => {
    await page.selectOption('#variant', 'quintessential');
    assert.equal(await errorText(), '');
  });

  it('draws the 84-square board, with pictures for the non-chess pieces', async () => {
    assert.equal(await page.locator('[data-square]').count(), 84);
    const names = await squaresWith('[data-square]');
    for (const corner of CORNERS) assert.ok(!names.includes(corner), `${corner} is not a square`);
    for (const square of ['c10', 'j8', 'a3', 'h1']) assert.ok(names.includes(square), `${square} is a square`);
    assert.equal(await page.locator('.square.hole').count(), 16);
    assert.equal(await page.locator('.square.hole[data-square], .square.hole[role]').count(), 0);
    const holeColor = await page.$eval('.square.hole', (el) => getComputedStyle(el).backgroundColor);
    assert.equal(holeColor, 'rgba(0, 0, 0, 0)', 'a hole is not painted as a square');

    const board = await pieces();
    assert.equal(Object.keys(board).length, 40);
    assert.equal(board.f1, 'L');
    assert.equal(board.d10, 'q');
    assert.equal(board.e2, 'J');
    assert.equal(board.g9, 'd');
    assert.equal(await fenBox(), START_FEN);
    assert.deepEqual(await moveList(), []);

    // King and pawn are chess pieces; Q is the Quintessence, not a queen: its own picture.
    const look = (square) => page.$eval(`[data-square="${square}"] [data-piece]`, (el) => el.dataset.picture);
    assert.equal(await look('e1'), 'king');
    assert.equal(await look('a8'), 'pawn');
    assert.equal(await look('d1'), 'quintessence');
    assert.equal(await look('d10'), 'quintessence');
    assert.equal(await look('f1'), 'leeloo');
    const drawn = await page.$$eval('[data-piece]', (els) => els.map((el) => el.dataset.picture));
    assert.ok(!drawn.includes('queen'), 'no queen picture');
  });

  it('never offers or selects a missing corner', async () => {
    await click('f1');
    // The leeloo's rook lines are blocked; its zig-zags reach as far as j8.
    assert.deepEqual(await squaresWith('.dest'), ['g4', 'h2', 'h7', 'i5', 'j8']);
    assert.equal(await page.locator('.square.hole.dest, .square.hole.selected').count(), 0);

    // A click where a1 would be lands on no square: it deselects and plays nothing.
    const a1 = await centreOf('a3', 'c1');
    assert.equal(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.dataset.square ?? null, a1), null);
    await page.mouse.click(a1.x, a1.y);
    assert.equal(await page.locator('.selected, .dest').count(), 0);
    assert.deepEqual(await moveList(), []);
    assert.equal(await fenBox(), START_FEN);
  });

  it('plays fast pawns and zig-zag moves by clicking', async () => {
    await move('e3', 'e5'); // a double step
    await move('e8', 'e6');
    await move('f1', 'g4'); // the leeloo's zig-zag through h2
    await move('d9', 'f7');

    const board = await pieces();
    assert.equal(board.e5, 'P');
    assert.equal(board.e6, 'p');
    assert.equal(board.g4, 'L');
    assert.equal(board.f7, 'd');
    for (const sq of ['e3', 'e8', 'f1', 'd9', 'h2']) assert.equal(board[sq], undefined, sq);
    assert.deepEqual(await moveList(), ['e5', 'e6', 'Lg4', 'Df7']);
    assert.equal((await page.textContent('#moves')).replace(/\s+/g, ' ').trim(), '1. e5 e6 2. Lg4 Df7');
    assert.equal(
      await fenBox(),
      '**cqklqc**/**2jjd1**/pppp1ppppp/5d4/4p5/4P5/6L3/PPPP1PPPPP/**1DJJD1**/**CQK1QC** w CHch - 2 3',
    );
    assert.deepEqual(await squaresWith('.last-move'), ['d9', 'f7']);
  });

  it('castles by clicking the king onto its own centurion', async () => {
    await loadFen('**c1k2c**/**6**/10/10/10/10/10/10/**6**/**C1K2C** w CHch - 0 1');
    await click('e1');
    assert.ok((await squaresWith('.dest')).includes('c1'), 'the centurion square is a destination');
    await click('c1');
    let board = await pieces();
    assert.equal(board.c1, 'K');
    assert.equal(board.d1, 'C');
    assert.equal(board.e1, undefined);

    // Black castles the other way: the king onto g10, the centurion from h10 to f10.
    await move('e10', 'g10');
    board = await pieces();
    assert.equal(board.g10, 'k');
    assert.equal(board.f10, 'c');
    assert.equal(board.h10, undefined);
    assert.deepEqual(await moveList(), ['O-O', 'O-O-O']);
    assert.match(await fenBox(), /^\*\*c2ck1\*\*\/.*\/\*\*KC3C\*\* w - - /);
  });

  it('takes en passant with a janus', async () => {
    await loadFen('**2k3**/**6**/4p5/10/10/3J6/10/10/**6**/**2K3** b - - 0 1');
    await move('e8', 'e6'); // passes e7, which the janus on d5 attacks
    assert.equal((await fenBox()).split(' ')[3], 'e7');
    await click('d5');
    assert.ok((await squaresWith('.dest')).includes('e7'));
    await click('e7');

    const board = await pieces();
    assert.equal(board.e7, 'J');
    assert.equal(board.e6, undefined, 'the pawn that passed is taken');
    assert.equal(board.d5, undefined);
    assert.deepEqual(await moveList(), ['e6', 'Jxe7']);
  });

  it('promotes through the chooser, drawn as on the board', async () => {
    await loadFen('**2k3**/**P5**/10/10/10/10/10/10/**6**/**2K3** w - - 0 1');
    await move('c9', 'c10');
    await page.waitForSelector('#promotion:not([hidden])');
    const choices = await page.$$eval('#promotion [data-promotion]', (els) =>
      els.map((el) => [el.dataset.promotion, el.title, el.querySelector('[data-piece]').dataset.picture]),
    );
    assert.deepEqual(choices, [
      ['c', 'white centurion', 'centurion'],
      ['q', 'white quintessence', 'quintessence'],
      ['j', 'white janus', 'janus'],
      ['d', 'white dragon horse', 'dragon-horse'],
      ['l', 'white leeloo', 'leeloo'],
    ]);
    await page.click('#promotion [data-promotion="l"]');
    assert.equal(await page.locator('[data-square="c10"] [data-piece="L"]').count(), 1);
    assert.deepEqual(await moveList(), ['c10=L+']);
  });

  it('fits the board on wide and narrow screens', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 400, height: 800 }]) {
      await page.setViewportSize(viewport);
      const { board, scrollWidth } = await page.evaluate(() => ({
        board: document.querySelector('.board').getBoundingClientRect().toJSON(),
        scrollWidth: document.documentElement.scrollWidth,
      }));
      const size = `${viewport.width}x${viewport.height}`;
      assert.ok(scrollWidth <= viewport.width, `${size}: no sideways scrolling (${scrollWidth}px)`);
      assert.ok(board.left >= 0 && board.right <= viewport.width, `${size}: board within the width`);
      assert.ok(board.bottom <= viewport.height, `${size}: board within the height (${board.bottom}px)`);
      assert.ok(Math.abs(board.width - board.height) < 2, `${size}: square board ${board.width}x${board.height}`);
    }
  });
});
