// End-to-end tests of the shareable link (www/share-link.js) in headless Chromium: a URL hash
// restores variant, options, start position and moves, also after a reload and on hashchange;
// the hash follows the game; a bad hash is named, not a crash; Immortal Chess keeps its seed
// out of the link unless the user asks or the game is over.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, closeCheckedPage, openAppPage, useAppPage } from './helpers.mjs';

const ZERO = '0'.repeat(64);
const ZERO_COMMITMENT = '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925';
const NACHT_LINK = '#variant=nacht&options=castling%3Dtrue&moves=e2e3,e6e5';
const NACHT_AFTER = 'rnbqkbnr/pppp1ppp/4p3/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2';

let page;
let suite; // the server and the browser (useAppPage)

const { move, pieces, moveList, fenBox, errorText, loadFen, statusText } = appPage(() => page);
// The page writes the address a frame after a change (share-link.js): read it after that frame.
const settledHash = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(location.hash)))));
const hash = settledHash;
const open = (suffix = '') => openAppPage(suite.browser, `${suite.server.url}${suffix}`);
const param = async (name) => new URLSearchParams((await hash()).slice(1)).get(name);

async function reload() {
  await settledHash(); // the address as the page last wrote it, a frame after its last change
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
}

describe('the shareable link', () => {
  // Each test opens the page at its own link.
  suite = useAppPage({ getPage: () => page, setPage: (p) => (page = p), openEach: false });

  it('restores variant, options and moves from the hash, and after a reload', async () => {
    page = await open(NACHT_LINK);
    const check = async (when) => {
      assert.equal(await page.inputValue('#variant'), 'nacht', when);
      assert.equal(await page.inputValue('#options'), 'castling=true', when);
      assert.deepEqual(await moveList(), ['e3', 'e5'], when);
      assert.equal(await fenBox(), NACHT_AFTER, when);
      const board = await pieces();
      assert.equal(board.e3, 'P', when);
      assert.equal(board.e5, 'p', when);
      assert.equal(await page.locator('[data-square]').count(), 56, when);
      assert.equal(await errorText(), '', when);
    };
    await check('from the link');
    assert.equal(await hash(), NACHT_LINK, 'the hash stays as it was');
    await reload();
    await check('after a reload');

    // The hash follows the game: a move, an undo.
    await move('d2', 'd3');
    assert.equal(await hash(), `${NACHT_LINK},d2d3`);
    assert.equal(await page.inputValue('#share-link'), `${suite.server.url}${NACHT_LINK},d2d3`);
    await reload();
    assert.deepEqual(await moveList(), ['e3', 'e5', 'd3']);
    await page.click('#undo');
    assert.equal(await hash(), NACHT_LINK);
    // Moving through the list does not change the link.
    await page.click('#moves [data-turn="0"]');
    assert.equal(await hash(), NACHT_LINK);
  });

  it('writes and restores a start position, and applies a hash changed on the page', async () => {
    page = await open();
    assert.equal(await hash(), '', 'a new chess game needs no hash');
    await loadFen('8/P6k/8/8/8/8/8/K7 w - - 0 1');
    await move('a7', 'a8');
    await page.click('#promotion [data-promotion="q"]');
    assert.equal(await param('variant'), 'chess');
    assert.equal(await param('fen'), '8/P6k/8/8/8/8/8/K7 w - - 0 1');
    assert.equal(await param('moves'), 'a7a8q');
    const link = await page.inputValue('#share-link');

    // Another page opens the link.
    const first = page;
    page = await openAppPage(suite.browser, link);
    assert.deepEqual(await moveList(), ['a8=Q']);
    assert.equal((await pieces()).a8, 'Q');
    await closeCheckedPage(first);

    // A hash typed or followed on the page is applied (hashchange).
    await page.evaluate((h) => (location.hash = h), NACHT_LINK);
    await page.waitForFunction(() => document.querySelector('#variant').value === 'nacht');
    assert.deepEqual(await moveList(), ['e3', 'e5']);
    // Notation is read too.
    await page.evaluate(() => (location.hash = '#variant=chess&moves=e4,e5,Nf3'));
    await page.waitForFunction(() => document.querySelectorAll('#moves .ply:not(.empty)').length === 3);
    assert.deepEqual(await moveList(), ['e4', 'e5', 'Nf3']);
    assert.equal(await param('moves'), 'e2e4,e7e5,g1f3', 'written back as machine strings');
    // A start position with the side to move in check: its king is marked.
    await page.evaluate(() => (location.hash = '#variant=chess&fen=4k3%2F8%2F8%2F8%2F8%2F8%2F8%2F4R1K1%20b%20-%20-%200%201'));
    await page.waitForFunction(() => document.querySelector('#fen').value.startsWith('4k3/'));
    assert.deepEqual(await page.$$eval('.check', (els) => els.map((el) => el.dataset.square)), ['e8']);
  });

  it("lets a link the user goes to win over a move's address still to be written", async () => {
    page = await open();
    await move('e2', 'e4');
    // The move's address is written a frame and a task later; the user's link comes in that
    // frame, so its hashchange is queued after the write.
    await page.evaluate(
      () =>
        new Promise((done) =>
          requestAnimationFrame(() => {
            location.hash = '#variant=chess&moves=d2d4,d7d5';
            done();
          }),
        ),
    );
    await page.waitForFunction(() => document.querySelectorAll('#moves .ply:not(.empty)').length === 2);
    assert.deepEqual(await moveList(), ['d4', 'd5']);
    assert.equal(await param('moves'), 'd2d4,d7d5');
    assert.equal(await errorText(), '');
  });

  it('names a bad hash in the error box and never crashes', async () => {
    // An unknown variant: the error, and a new chess game.
    page = await open('#variant=shogi&moves=e2e4');
    assert.match(await errorText(), /link.*unknown variant 'shogi'/i);
    assert.equal(await page.getAttribute('#error', 'data-code'), 'unknown_variant');
    assert.equal(await page.inputValue('#variant'), 'chess');
    assert.deepEqual(await moveList(), []);
    await move('e2', 'e4'); // and the page plays on
    assert.deepEqual(await moveList(), ['e4']);

    // The moves before an illegal one are played; the error names it.
    await page.evaluate(() => (location.hash = '#variant=chess&moves=e2e4,e7e5,e5e4,g1f3'));
    await page.waitForFunction(() => document.querySelector('#error:not([hidden])'));
    assert.match(await errorText(), /move 3, e5e4, was not played/);
    assert.deepEqual(await moveList(), ['e4', 'e5']);
    assert.equal(await param('moves'), 'e2e4,e7e5', 'the hash says what is shown');

    const cases = [
      ['#variant=nacht&options=setup%3Dmirror', /setup 'mirror'/],
      ['#moves=e2e4', /names no variant/],
      ['#variant=chess&moves=%E0%A4%A', /could not be read/],
      ['#variant=chess&fen=8%2F8%20w', /could not be started/],
      ['#variant=immortal&seed=xyz', /seed is not 64 hex digits/],
    ];
    for (const [bad, message] of cases) {
      const shown = await page.evaluate(() => document.querySelector('#moves').textContent);
      await page.evaluate(() => {
        const error = document.querySelector('#error');
        error.hidden = true;
      });
      await page.evaluate((h) => (location.hash = h), bad);
      await page.waitForFunction(() => !document.querySelector('#error').hidden);
      assert.match(await errorText(), message, bad);
      assert.equal(await page.evaluate(() => document.querySelector('#moves').textContent), shown, `${bad}: the game stays`);
    }
    // A hash that is no game link (a page anchor) is left alone.
    await page.evaluate(() => (location.hash = '#top'));
    await page.waitForTimeout(100);
    assert.deepEqual(await moveList(), ['e4', 'e5']);

    // Opened fresh, a bad link still gives a working page.
    const first = page;
    page = await open('#variant=chess&moves=e2e5');
    await closeCheckedPage(first);
    assert.match(await errorText(), /move 1, e2e5, was not played/);
    assert.match(await statusText(), /white to move/i);
  });

  it('Immortal Chess: the commitment in the link, the seed only when asked or the game is over', async () => {
    page = await open();
    await page.selectOption('#variant', 'immortal');
    const commitment = await page.textContent('#commitment');
    await move('f3', 'f5');
    await move('a5', 'b5');
    const revealed = (await pieces()).b5;
    assert.equal(await param('commitment'), commitment);
    assert.equal(await param('seed'), null, 'the seed stays out of the link');
    assert.match(await param('moves'), new RegExp(`^f3f5,a5b5=${revealed}$`));

    // A reload keeps the deal: the page kept the seed for this tab.
    await reload();
    assert.equal(await page.textContent('#commitment'), commitment);
    assert.deepEqual(await moveList(), [`f5, @a5-b5=${revealed}`]);
    assert.equal(await page.isVisible('#link-note'), false);

    // Another tab has no seed: the public record, and a note.
    const link = await page.inputValue('#share-link');
    const other = await openAppPage(suite.browser, link);
    assert.deepEqual(await other.$$eval('#moves .ply:not(.empty)', (els) => els.map((el) => el.textContent)), [
      `f5, @a5-b5=${revealed}`,
    ]);
    assert.match(await other.textContent('#link-note'), /without its seed/);
    assert.equal(await other.isVisible('#deal'), false, 'no referee here');
    assert.equal(new URLSearchParams(new URL(other.url()).hash.slice(1)).get('commitment'), commitment);
    await closeCheckedPage(other);

    // "With the seed": then another tab plays the same deal.
    await page.check('#share-seed');
    const seed = await param('seed');
    assert.match(seed, /^[0-9a-f]{64}$/);
    const seeded = await openAppPage(suite.browser, await page.inputValue('#share-link'));
    assert.equal(await seeded.textContent('#commitment'), commitment);
    assert.equal(await seeded.isVisible('#link-note'), false);
    assert.equal(await seeded.textContent('#error'), '');
    await closeCheckedPage(seeded);

    // A known seed, a finished game: the seed is disclosed, so the link holds it.
    await page.uncheck('#share-seed');
    await page.fill('#seed', ZERO);
    await page.click('#new-game');
    assert.equal(await param('seed'), null);
    await loadFen('9k/10/7K2/10/10/8Q1/10/10/10/10[] w - - 0 1');
    await move('i5', 'i9');
    assert.match(await statusText(), /white wins/i);
    assert.equal(await param('seed'), ZERO);
    assert.equal(await param('commitment'), ZERO_COMMITMENT);
  });

  it('Immortal Chess: a seeded link whose reveals the deal contradicts is refused at that move', async () => {
    // With the zero seed the Immortal on a5 is a black knight, not a queen.
    page = await open(`#variant=immortal&moves=f3f5,a5b5=q&seed=${ZERO}`);
    assert.match(await errorText(), /move 2, a5b5=q, was not played.*reveals q/);
    assert.deepEqual(await moveList(), ['f5']);
    await move('a5', 'b5');
    assert.deepEqual(await moveList(), ['f5, @a5-b5=n']);
  });
});
