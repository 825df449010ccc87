// End-to-end tests of the page's move list (www/move-list.js) and result banner
// (www/result-banner.js) in headless Chromium: clicking a move shows its position read-only,
// the way back to the live position, keyboard navigation, and the banner when a game ends.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appPage, useAppPage } from './helpers.mjs';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const LIVE_FEN = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';

// Screenshots to look at, kept out of git.
const SHOTS = fileURLToPath(new URL('../../target/screenshots/', import.meta.url));

let page;

const { click, move, pieces, moveList, fenBox, statusText } = appPage(() => page);
const ply = (index) => `#moves [data-turn="${index}"]`;
const viewing = () => page.evaluate(() => document.body.dataset.viewing);
const dests = () => page.$$eval('.square.dest', (els) => els.map((el) => el.dataset.square).sort());
const lastMove = () => page.$$eval('.last-move', (els) => els.map((el) => el.dataset.square).sort());

async function playOpening() {
  for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6']]) await move(from, to);
  assert.deepEqual(await moveList(), ['e4', 'e5', 'Nf3', 'Nc6']);
  assert.equal(await fenBox(), LIVE_FEN);
}

describe('the move list', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  it('shows the position after a clicked move, read-only, and goes back to the live one', async () => {
    await playOpening();
    await page.click(ply(1)); // 1... e5
    const board = await pieces();
    assert.equal(board.e4, 'P');
    assert.equal(board.e5, 'p');
    assert.equal(board.g1, 'N', 'the knight is home again');
    assert.equal(board.f3, undefined);
    assert.equal(board.b8, 'n');
    assert.equal(await fenBox(), AFTER_E4_E5, 'the FEN box shows the position viewed');
    assert.deepEqual(await lastMove(), ['e5', 'e7']);
    assert.equal(await viewing(), '1');
    assert.ok(await page.isVisible('#viewing'));
    assert.match(await page.textContent('#viewing-text'), /after 1\.\.\. e5/);
    assert.equal(await page.getAttribute(ply(1), 'aria-current'), 'step');
    assert.deepEqual(await moveList(), ['e4', 'e5', 'Nf3', 'Nc6'], 'the list keeps every move');

    // The board takes no moves while the past is shown.
    await click('d2');
    assert.deepEqual(await dests(), []);
    await move('d2', 'd4');
    await move('g1', 'f3');
    assert.equal((await pieces()).d2, 'P');
    assert.deepEqual(await moveList(), ['e4', 'e5', 'Nf3', 'Nc6']);

    await page.click('#back-to-live');
    assert.equal(await viewing(), '');
    assert.equal(await page.isVisible('#viewing'), false);
    assert.equal(await fenBox(), LIVE_FEN);
    assert.equal((await pieces()).f3, 'N');
    assert.deepEqual(await lastMove(), ['b8', 'c6']);
    await move('d2', 'd4');
    assert.deepEqual(await moveList(), ['e4', 'e5', 'Nf3', 'Nc6', 'd4']);
  });

  it('steps through the moves with the keyboard and the buttons', async () => {
    await playOpening();
    await page.focus(ply(3)); // the list's one tab stop: the latest move
    assert.equal(await page.getAttribute(ply(3), 'tabindex'), '0');
    assert.equal(await page.getAttribute(ply(0), 'tabindex'), '-1');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await viewing(), '2');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.turn), '2', 'the focus follows');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await fenBox(), AFTER_E4_E5);
    await page.keyboard.press('Home');
    assert.equal(await viewing(), '-1');
    assert.equal(await fenBox(), START_FEN);
    assert.equal(Object.keys(await pieces()).length, 32);
    assert.deepEqual(await lastMove(), []);
    assert.match(await page.textContent('#viewing-text'), /starting position/);
    await page.keyboard.press('ArrowRight');
    assert.equal(await viewing(), '0');
    await page.keyboard.press('End');
    assert.equal(await viewing(), '');
    assert.equal(await fenBox(), LIVE_FEN);

    // Enter on a move shows it; Escape goes back.
    await page.focus(ply(0));
    await page.keyboard.press('Enter');
    assert.equal(await viewing(), '0');
    await page.keyboard.press('Escape');
    assert.equal(await viewing(), '');

    // The buttons: start, back, forward, live.
    assert.equal(await page.isDisabled('#nav-forward'), true, 'nothing after the live position');
    await page.click('#nav-back');
    assert.equal(await viewing(), '2');
    await page.click('#nav-start');
    assert.equal(await viewing(), '-1');
    await page.click('#nav-forward');
    assert.equal(await viewing(), '0');
    await page.click('#nav-live');
    assert.equal(await viewing(), '');
    assert.match(await statusText(), /white to move/i);
  });

  it('leaves the past for a new game, a loaded position or an undo that takes it away', async () => {
    await playOpening();
    await page.click(ply(1));
    await page.click('#undo'); // takes back Nc6: the position after 1... e5 is still in the past
    assert.equal(await viewing(), '1');
    assert.equal(await fenBox(), AFTER_E4_E5);
    await page.click('#undo'); // takes back Nf3: the position viewed is the live one now
    assert.equal(await viewing(), '');
    assert.equal(await page.isDisabled('#undo'), false, 'undo still works');
    assert.equal(await fenBox(), AFTER_E4_E5);
    await page.click(ply(0));
    await page.click('#new-game');
    assert.equal(await viewing(), '');
    assert.deepEqual(await moveList(), []);
    assert.equal(await page.isDisabled('#nav-start'), true);
  });

  it('marks the king in check in the position shown', async () => {
    for (const [from, to] of [['e2', 'e4'], ['f7', 'f6'], ['d1', 'h5'], ['g7', 'g6']]) await move(from, to);
    const checked = () => page.$$eval('.check', (els) => els.map((el) => el.dataset.square));
    assert.deepEqual(await checked(), [], 'live: the check is answered');
    await page.click(ply(2)); // 2. Qh5+
    assert.deepEqual(await checked(), ['e8']);
    await page.click(ply(1));
    assert.deepEqual(await checked(), []);
    await page.click(ply(2));
    await page.click('#back-to-live');
    assert.deepEqual(await checked(), []);
  });

  it('shows whole Impulschach turns and the position after each', async () => {
    await page.selectOption('#variant', 'impulschach');
    await move('g1', 'f3'); // a Catalyst: d2, e1 and h2 are activated
    await move('d2', 'd4');
    await page.click('#end');
    await move('e7', 'e5');
    assert.deepEqual(await moveList(), ['Cf3 (d4)', 'e5']);
    await page.click(ply(0));
    const board = await pieces();
    assert.equal(board.f3, 'C');
    assert.equal(board.d4, 'P');
    assert.equal(board.e7, 'p');
    assert.deepEqual(await dests(), []);
    assert.equal(await page.isVisible('#end'), false);
  });

  it('shows a result banner with its reason when the game ends', async () => {
    assert.equal(await page.isVisible('#result'), false);
    for (const [from, to] of [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']]) await move(from, to);
    assert.ok(await page.isVisible('#result'));
    assert.equal(await page.textContent('#result .result-title'), 'Black wins');
    assert.equal(await page.textContent('#result .result-reason'), 'Checkmate');
    assert.equal(await page.getAttribute('#result', 'data-winner'), 'black');
    // Said once, by the status line's live region: the banner is no live region of its own,
    // which would also read out its buttons ("New game Rematch").
    assert.equal(await page.getAttribute('#status', 'aria-live'), 'polite');
    assert.match(await page.textContent('#status'), /checkmate/i);
    assert.deepEqual(
      await page.$eval('#result', (el) => [el.getAttribute('role'), el.getAttribute('aria-live')]),
      [null, null],
      'the banner is not a live region',
    );
    await mkdir(SHOTS, { recursive: true });
    // The queen's slide ended, so that the picture shows the final position.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
    await page.locator('.board-area').screenshot({ path: join(SHOTS, 'page-result.png') });
    await page.click('#undo');
    assert.equal(await page.isVisible('#result'), false);

    // A draw names its reason too.
    await page.fill('#fen', '7k/8/8/6Q1/8/8/8/K7 w - - 0 1');
    await page.click('#load-fen');
    await move('g5', 'g6');
    assert.ok(await page.isVisible('#result'));
    assert.equal(await page.textContent('#result .result-title'), 'Draw');
    assert.equal(await page.textContent('#result .result-reason'), 'Stalemate');
  });
});
