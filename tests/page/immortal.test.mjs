// End-to-end tests of Immortal Chess on the page, in headless Chromium, with the local
// referee: face-down Immortals on the border, an entry after the regular move or "Pass", the
// reveal announced, the commitment from the start, and the seed with "Verify" at the end.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, useAppPage } from './helpers.mjs';

const ZERO = '0'.repeat(64);
// SHA-256 of 32 zero bytes.
const ZERO_COMMITMENT = '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925';

let page;

const { click, move, pieces, moveList, errorText, loadFen, statusText } = appPage(() => page);

async function startWithSeed(seed) {
  await page.selectOption('#variant', 'immortal');
  await page.fill('#seed', seed);
  await page.click('#new-game');
  assert.equal(await errorText(), '');
}

describe('immortal on the page', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  it('deals face down, publishes the commitment, and reveals an entry as it happens', async () => {
    await startWithSeed(ZERO);
    assert.equal(await page.locator('[data-square]').count(), 100);
    const board = await pieces();
    assert.equal(Object.values(board).filter((p) => p === '?').length, 36);
    assert.equal(board.f2, 'K');
    assert.equal(await page.textContent('#commitment'), ZERO_COMMITMENT);
    assert.equal(await page.isVisible('#disclosed'), false);
    // Every border square shows a face-down Immortal, and nothing else names it.
    const border = Object.entries(board).filter(([sq]) => /^[aj]|^.10$|^.1$/.test(sq));
    assert.equal(border.length, 36);
    assert.ok(border.every(([, p]) => p === '?'));
    // (The rules panel's general account of the composition aside: it names no square.)
    const shown = await page.evaluate(() => {
      const copy = document.querySelector('main').cloneNode(true);
      copy.querySelector('#rules')?.remove();
      return copy.textContent;
    });
    assert.ok(!/knight|=n/.test(shown));

    await move('f3', 'f5');
    assert.ok(await page.isVisible('#pass'));
    assert.match(await page.textContent('#decision-text'), /bring an Immortal in/);
    await move('a5', 'b5');
    assert.equal(await errorText(), '');
    assert.match(await page.textContent('#reveal'), /from a5 is a black knight/);
    assert.equal((await pieces()).b5, 'n');
    assert.deepEqual(await moveList(), ['f5, @a5-b5=n']);
    // Black moves and passes.
    await move('f8', 'f6');
    await page.click('#pass');
    assert.deepEqual(await moveList(), ['f5, @a5-b5=n', 'f6']);
    assert.match(await statusText(), /white to move/i);
  });

  it('discloses the seed when the game ends and verifies it against the commitment', async () => {
    await startWithSeed(ZERO);
    // A position the deal could reach: every Immortal already in, Black about to be mated.
    await loadFen('9k/10/7K2/10/10/8Q1/10/10/10/10[] w - - 0 1');
    assert.equal(await errorText(), '');
    await move('i5', 'i9');
    assert.match(await statusText(), /white wins.*checkmate/i);
    assert.ok(await page.isVisible('#disclosed'));
    assert.equal(await page.textContent('#seed-shown'), ZERO);
    await page.click('#verify');
    assert.equal(await page.getAttribute('#verdict', 'data-ok'), 'true');
    assert.match(await page.textContent('#verdict'), /matches the commitment/);
  });

  it('deals a random seed when the field is empty', async () => {
    await startWithSeed('');
    const commitment = await page.textContent('#commitment');
    assert.match(commitment, /^[0-9a-f]{64}$/);
    assert.notEqual(commitment, ZERO_COMMITMENT);
    await page.fill('#seed', 'not a seed');
    await page.click('#new-game');
    assert.match(await errorText(), /seed/);
    assert.equal(await page.textContent('#commitment'), commitment, 'the game stayed');
  });
});
