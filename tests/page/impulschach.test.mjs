// End-to-end tests of Impulschach on the page, in headless Chromium: a turn with a Catalyst
// chain and a Resonance Shift played by clicks (the direction asked for, the pawn being
// displaced marked with its squares, the activated pieces marked, "end chain"), and the move
// list showing whole turns.
import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, useAppPage } from './helpers.mjs';

let page;

const { click, move, pieces, moveList, errorText, statusText } = appPage(() => page);
const marked = (name) =>
  page.$$eval(`.mark-${name}`, (els) => els.map((el) => el.dataset.square).sort());
const destinations = async () => {
  await page.waitForSelector('.square.dest');
  return page.$$eval('.square.dest', (els) => els.map((el) => el.dataset.square).sort());
};

describe('impulschach on the page', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  beforeEach(async () => {
    await page.selectOption('#variant', 'impulschach');
    assert.equal(await errorText(), '');
  });

  it('plays the rule page example game by clicks: a chain, a shift, the king captured', async () => {
    // Every pawn of the shift clicked, even those with one square (else played for the player).
    await page.$eval('#setting-autoplay', (el) => {
      el.checked = false;
      el.dispatchEvent(new Event('change'));
    });
    const board = await pieces();
    assert.equal(board.d1, 'I');
    assert.equal(board.b8, 'c');
    for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['f1', 'b5'], ['c7', 'c6']]) {
      await move(from, to);
    }
    assert.equal(await page.isVisible('#decision'), false);

    // The Catalyst's move activates a2, b5, d1 and e4.
    await move('b1', 'c3');
    assert.deepEqual(await marked('activated'), ['a2', 'b5', 'd1', 'e4']);
    assert.ok(await page.isVisible('#end'));
    assert.match(await page.textContent('#decision-text'), /activated/);
    await move('a2', 'a4');
    assert.deepEqual(await marked('activated'), ['b5', 'd1', 'e4']);

    // The Impulse moves: the direction is asked for, then each pawn is marked in turn.
    await move('d1', 'e2');
    assert.ok(await page.isVisible('#shift-a'));
    assert.ok(await page.isVisible('#shift-h'));
    assert.equal(await page.isVisible('#end'), false);
    await page.click('#shift-a');
    assert.deepEqual(await marked('displace'), ['a7']);
    assert.deepEqual(await destinations(), ['a6', 'b6']);
    const displacements = [['a7', 'a6'], ['b7', 'b6'], ['c6', 'd5'], ['d7', 'd6'], ['e5', 'f4'], ['f7', 'f6'], ['g7', 'g6'], ['h7', 'h6']];
    for (const [from, to] of displacements) {
      assert.deepEqual(await marked('displace'), [from], `${from} is the pawn to displace`);
      assert.ok((await destinations()).includes(to), `${to} is offered`);
      await click(to);
    }
    // Back in the chain, the bishop takes the king.
    assert.deepEqual(await marked('activated'), ['b5', 'e4']);
    await move('b5', 'e8');
    assert.equal(await errorText(), '');
    assert.match(await statusText(), /white wins.*king captured/i);
    const list = await moveList();
    assert.deepEqual(list, ['e4', 'e5', 'Bb5', 'c6', 'Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ef4, ff6, gg6, hh6), Bxe8#)']);
  });

  it('ends a chain early with the control, and undoes inside a turn', async () => {
    await move('g1', 'f3');
    assert.deepEqual(await marked('activated'), ['d2', 'e1', 'h2']);
    await move('d2', 'd4');
    await page.click('#end');
    assert.equal(await page.isVisible('#decision'), false);
    assert.deepEqual(await moveList(), ['Cf3 (d4)']);
    assert.match(await statusText(), /black to move/i);
    await page.click('#undo');
    await page.click('#undo');
    assert.deepEqual(await marked('activated'), ['d2', 'e1', 'h2']);
    assert.deepEqual(await moveList(), ['Cf3']);
  });
});
