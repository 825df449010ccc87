// End-to-end tests of www/ (index.html + app.js + board.js + the wasm package) in headless Chromium.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, useAppPage } from './helpers.mjs';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

let page;

const { click, move, pieces, moveList, fenBox, statusText, errorText, loadFen } = appPage(() => page);

describe('schachwerk page', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  it('loads the starting position with variants from the engine', async () => {
    assert.equal(await page.locator('[data-square]').count(), 64);
    assert.equal(await page.locator('.square.hole').count(), 0);
    const board = await pieces();
    assert.equal(Object.keys(board).length, 32);
    assert.equal(board.e1, 'K');
    assert.equal(board.d8, 'q');
    assert.equal(board.a2, 'P');
    assert.equal(await page.getAttribute('[data-square="e1"] [data-piece]', 'data-picture'), 'king');
    // a1 is a dark square, h1 a light one.
    assert.match(await page.getAttribute('[data-square="a1"]', 'class'), /\bdark\b/);
    assert.match(await page.getAttribute('[data-square="h1"]', 'class'), /\blight\b/);
    assert.equal(await fenBox(), START_FEN);
    assert.match(await statusText(), /white to move/i);
    assert.deepEqual(await moveList(), []);
    const options = await page.$$eval('#variant option', (els) => els.map((el) => el.value));
    assert.ok(options.includes('chess'), `variants: ${options}`);
    assert.equal(await page.inputValue('#variant'), 'chess');
    assert.equal(await errorText(), '');
  });

  it('plays an opening by clicking squares', async () => {
    const line = [
      ['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'],
      ['f1', 'c4'], ['g8', 'f6'], ['f3', 'g5'],
    ];
    for (const [from, to] of line) await move(from, to);

    const board = await pieces();
    assert.equal(board.e4, 'P');
    assert.equal(board.e5, 'p');
    assert.equal(board.c6, 'n');
    assert.equal(board.c4, 'B');
    assert.equal(board.f6, 'n');
    assert.equal(board.g5, 'N');
    for (const sq of ['e2', 'e7', 'g1', 'b8', 'f1', 'g8', 'f3']) assert.equal(board[sq], undefined, sq);
    assert.equal(await page.locator('[data-square="e4"] [data-piece="P"]').count(), 1);

    assert.deepEqual(await moveList(), ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6', 'Ng5']);
    const text = (await page.textContent('#moves')).replace(/\s+/g, ' ').trim();
    assert.equal(text, '1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5');
    assert.equal(await fenBox(), 'r1bqkb1r/pppp1ppp/2n2n2/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 5 4');
    assert.match(await statusText(), /black to move/i);
    // The last move is highlighted.
    assert.deepEqual(
      await page.$$eval('.last-move', (els) => els.map((el) => el.dataset.square).sort()),
      ['f3', 'g5'],
    );

    // Selecting a piece shows its destinations (the knight on f6 after 4.Ng5).
    await click('f6');
    const dests = await page.$$eval('.dest', (els) => els.map((el) => el.dataset.square).sort());
    assert.deepEqual(dests, ['d5', 'e4', 'g4', 'g8', 'h5']);
    await page.screenshot({ path: '/tmp/page.png' });
    await click('a4'); // clicking elsewhere deselects
    assert.equal(await page.locator('.dest').count(), 0);
    assert.equal(await page.locator('.selected').count(), 0);
  });

  it('ignores illegal clicks', async () => {
    await move('e2', 'e4');
    const before = { board: await pieces(), fen: await fenBox(), moves: await moveList() };

    await move('g8', 'g5'); // a knight cannot go there
    await move('e4', 'e5'); // not White's turn
    await move('e8', 'e7'); // own pawn is there
    await move('d7', 'd4'); // pawn cannot jump three
    await click('e5'); // empty square, nothing selected

    assert.deepEqual(await pieces(), before.board);
    assert.equal(await fenBox(), before.fen);
    assert.deepEqual(await moveList(), before.moves);
    assert.equal(await errorText(), '');
    assert.match(await statusText(), /black to move/i);
  });

  it('undoes moves', async () => {
    await move('e2', 'e4');
    await move('e7', 'e5');
    await move('g1', 'f3');
    await page.click('#undo');
    assert.deepEqual(await moveList(), ['e4', 'e5']);
    const board = await pieces();
    assert.equal(board.g1, 'N');
    assert.equal(board.f3, undefined);
    // (the en-passant field is left out: engines differ on when they name it)
    const fields = (await fenBox()).split(' ');
    assert.deepEqual(
      [fields[0], fields[1], fields[2], fields[4], fields[5]],
      ['rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR', 'w', 'KQkq', '0', '2'],
    );
    await page.click('#undo');
    await page.click('#undo');
    assert.deepEqual(await moveList(), []);
    assert.equal(await fenBox(), START_FEN);
    assert.equal(await page.isDisabled('#undo'), true);
    // The game continues normally after undoing.
    await move('d2', 'd4');
    assert.deepEqual(await moveList(), ['d4']);
  });

  it('promotes through the chooser', async () => {
    await loadFen('8/P6k/8/8/8/8/8/K7 w - - 0 1');
    assert.equal(await errorText(), '');
    assert.equal((await pieces()).a7, 'P');
    assert.equal(await page.isHidden('#promotion'), true);

    await move('a7', 'a8');
    await page.waitForSelector('#promotion:not([hidden])');
    const choices = await page.$$eval('#promotion [data-promotion]', (els) => els.map((el) => el.dataset.promotion).sort());
    assert.deepEqual(choices, ['b', 'n', 'q', 'r']);
    await page.screenshot({ path: '/tmp/page-promotion.png' });
    // Nothing moved yet.
    assert.equal((await pieces()).a7, 'P');

    await page.click('#promotion [data-promotion="n"]');
    assert.equal(await page.isHidden('#promotion'), true);
    assert.equal(await page.locator('[data-square="a8"] [data-piece="N"]').count(), 1);
    assert.equal((await pieces()).a7, undefined);
    assert.deepEqual(await moveList(), ['a8=N']);
    assert.equal(await fenBox(), 'N7/7k/8/8/8/8/8/K7 b - - 0 1');
    // A promoted piece shows the picture of its new kind.
    assert.equal(await page.getAttribute('[data-square="a8"] [data-piece]', 'data-picture'), 'knight');
  });

  it('can cancel the promotion chooser', async () => {
    await loadFen('8/P6k/8/8/8/8/8/K7 w - - 0 1');
    await move('a7', 'a8');
    await page.waitForSelector('#promotion:not([hidden])');
    await page.click('.promotion-cancel');
    assert.equal(await page.isHidden('#promotion'), true);
    assert.equal((await pieces()).a7, 'P');
    assert.deepEqual(await moveList(), []);
  });

  it('shows an error for a bad FEN and keeps the board', async () => {
    await move('e2', 'e4');
    const before = { board: await pieces(), fen: await fenBox() };
    await loadFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1'); // only seven ranks
    const message = await errorText();
    assert.notEqual(message, '', 'an error message is shown');
    assert.ok(message.length > 5, `a descriptive message: ${message}`);
    assert.equal(await page.getAttribute('#error', 'data-code'), 'bad_fen');
    assert.deepEqual(await pieces(), before.board);
    assert.deepEqual(await moveList(), ['e4']);

    await loadFen('this is not a fen');
    assert.notEqual(await errorText(), '');
    assert.deepEqual(await pieces(), before.board);

    // A good FEN clears the error.
    await loadFen(START_FEN);
    assert.equal(await errorText(), '');
    assert.equal(await fenBox(), START_FEN);
    assert.deepEqual(await moveList(), []);
  });

  it("shows checkmate after Fool's mate", async () => {
    await move('f2', 'f3');
    await move('e7', 'e5');
    await move('g2', 'g4');
    await move('d8', 'h4');
    assert.deepEqual(await moveList(), ['f3', 'e5', 'g4', 'Qh4#']);
    const status = await statusText();
    assert.match(status, /black wins/i);
    assert.match(status, /checkmate/i);
    assert.equal(await page.getAttribute('#status', 'data-state'), 'black wins');
    // No piece can be selected any more.
    await click('e1');
    assert.equal(await page.locator('.dest').count(), 0);
  });

  it('flips the board and starts a new game', async () => {
    const firstSquare = () => page.$eval('.board', (b) => {
      const cells = [...b.querySelectorAll('[data-square]')];
      const topLeft = cells.find((c) => c.style.gridRow === '1' && c.style.gridColumn === '1');
      return topLeft?.dataset.square;
    });
    assert.equal(await firstSquare(), 'a8');
    await page.click('#flip');
    assert.equal(await firstSquare(), 'h1');
    const box = await page.locator('[data-square="h1"]').boundingBox();
    const box8 = await page.locator('[data-square="a8"]').boundingBox();
    assert.ok(box.y < box8.y, 'h1 is at the top when flipped');
    await move('e2', 'e4'); // moves still work
    assert.deepEqual(await moveList(), ['e4']);
    await page.click('#new-game');
    assert.deepEqual(await moveList(), []);
    assert.equal(await fenBox(), START_FEN);
    assert.equal(await firstSquare(), 'h1', 'orientation is kept for a new game');
  });

  it('shows an error when a variant cannot be created', async () => {
    const names = await page.$$eval('#variant option', (els) => els.map((el) => el.value));
    // Pick the variants one by one: each either starts a game or shows an error, never a crash.
    for (const name of names) {
      await page.selectOption('#variant', name);
      const error = await errorText();
      if (error) {
        assert.equal(await page.inputValue('#variant'), 'chess', `${name}: the selector goes back`);
        assert.equal(await fenBox(), START_FEN, `${name}: the old game stays`);
      } else {
        assert.equal(await page.inputValue('#variant'), name);
        assert.ok((await page.locator('[data-square]').count()) > 0, `${name}: a board is drawn`);
        await page.selectOption('#variant', 'chess');
        assert.equal(await errorText(), '');
      }
    }
  });

  it('starts a variant with options from the options field', async () => {
    await page.fill('#options', 'setup=reverse castling=true');
    await page.selectOption('#variant', 'nacht');
    assert.equal(await errorText(), '');
    assert.equal(await page.locator('[data-square]').count(), 56, 'an 8x7 board');
    assert.equal(await page.locator('[data-square="d7"] [data-piece="k"]').count(), 1);
    assert.match(await fenBox(), /^rnbkqbnr\/pppppppp\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1$/);
    await move('e2', 'e3');
    assert.deepEqual(await moveList(), ['e3']);
    // A bad option is named in the error and the game stays.
    await page.fill('#options', 'setup=mirror');
    await page.locator('#options').dispatchEvent('change');
    assert.match(await errorText(), /setup 'mirror'/);
    assert.deepEqual(await moveList(), ['e3']);
    await page.fill('#options', '');
    await page.selectOption('#variant', 'chess');
    assert.equal(await fenBox(), START_FEN);
  });
});
