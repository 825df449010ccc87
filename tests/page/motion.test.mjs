// End-to-end tests of motion and turns a player can follow, in headless Chromium: pieces slide
// and captured ones fade (board-motion.js), not with the animation setting off, with
// prefers-reduced-motion or after a drag; the computer's multi-action turns played out step by
// step (computer-playback.js), cancelled by Stop; every square of a Resonance Shift marked;
// forced choices played for the player unless the autoplay setting is off (forced-choice.js);
// Nietzsche promotions and Immortal reveals marked and told, and a turn of several actions
// summed up (turn-story.js).
import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, mouseDragBetween, useAppPage } from './helpers.mjs';

let page;

const { click, move, pieces, loadFen } = appPage(() => page);

/** Slows every animation of the page 50 times (CDP), so that a running one is seen for sure. */
async function slowAnimations() {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.02 });
}

/** The animations running on the piece on `square` (their keyframes' properties). */
const animationsOn = (square) =>
  page.$eval(`[data-square="${square}"] .piece`, (el) =>
    el.getAnimations().filter((a) => a.playState === 'running').map((a) => Object.keys(a.effect.getKeyframes()[0]).filter((k) => !['offset', 'easing', 'composite', 'computedOffset'].includes(k))).flat(),
  );

/** Sets a checkbox of the settings panel (closed, so not clicked) as the player would. */
const setSetting = (id, checked) =>
  page.$eval(`#${id}`, (el, value) => {
    el.checked = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, checked);

/** The settings are kept in localStorage, shared by the suite's pages: each test starts from the defaults. */
async function defaultSettings() {
  const stored = await page.evaluate(() => localStorage.getItem('schachwerk.settings'));
  if (stored === null) return;
  await page.evaluate(() => localStorage.removeItem('schachwerk.settings'));
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
}

const marked = (name) => page.$$eval(`.mark-${name}`, (els) => els.map((el) => el.dataset.square).sort());

describe('pieces move on the board', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });
  beforeEach(defaultSettings);

  it('slides a moved piece from its square, the position drawn at once', async () => {
    await slowAnimations();
    await move('e2', 'e4');
    // The DOM is the new position at once.
    const board = await pieces();
    assert.equal(board.e4, 'P');
    assert.equal(board.e2, undefined);
    assert.deepEqual(await animationsOn('e4'), ['transform']);
    const transform = await page.$eval('[data-square="e4"] .piece', (el) => getComputedStyle(el).transform);
    assert.notEqual(transform, 'none', 'the pawn is still on its way');
  });

  it('going back through the moves, slides from the position shown, not from the live one', async () => {
    await move('e2', 'e4');
    await move('e7', 'e5');
    await move('g1', 'f3');
    await page.click('#nav-back'); // after 1...e5: the knight back on g1
    await page.waitForFunction(() => document.querySelector('[data-square="g1"] .piece'));
    // That step's own slide over first.
    await page.waitForFunction(() => [...document.querySelectorAll('.piece')].every((el) => el.getAnimations().length === 0));
    await slowAnimations();
    await page.click('#nav-back'); // after 1.e4: only the black pawn goes back, e5 to e7
    await page.waitForFunction(() => document.querySelector('[data-square="e7"] .piece'));
    assert.deepEqual(await animationsOn('e7'), ['transform'], 'the pawn slides back');
    assert.deepEqual(await animationsOn('g1'), [], 'the knight, still on g1, does not move');
  });

  it('fades a captured piece out over its square, and slides the capturer', async () => {
    await loadFen('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1');
    await slowAnimations();
    await move('e4', 'd5');
    assert.deepEqual(await animationsOn('d5'), ['transform']);
    const leaving = await page.$$eval('.piece-leaving', (els) => els.map((el) => el.getAnimations().length));
    assert.deepEqual(leaving, [1], 'the black pawn fades out');
    assert.equal((await pieces()).d5, 'P');
  });

  it('slides both pieces of a castling', async () => {
    await loadFen('4k3/8/8/8/8/8/8/4K2R w K - 0 1');
    await slowAnimations();
    await move('e1', 'g1');
    assert.deepEqual(await animationsOn('g1'), ['transform']);
    assert.deepEqual(await animationsOn('f1'), ['transform']);
  });

  it('does not slide a piece the user dragged there', async () => {
    await slowAnimations();
    const box = async (sq) => {
      const b = await page.locator(`[data-square="${sq}"]`).boundingBox();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    await mouseDragBetween(page, await box('g1'), await box('f3'));
    assert.equal((await pieces()).f3, 'N');
    assert.deepEqual(await animationsOn('f3'), []);
  });

  it('moves nothing with the animation setting off', async () => {
    await slowAnimations();
    await setSetting('setting-animation', false);
    await move('e2', 'e4');
    assert.deepEqual(await animationsOn('e4'), []);
    await setSetting('setting-animation', true);
    await move('e7', 'e5');
    assert.deepEqual(await animationsOn('e5'), ['transform'], 'on again');
  });

  it('moves nothing when the system asks for reduced motion', async () => {
    await slowAnimations();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await move('e2', 'e4');
    assert.deepEqual(await animationsOn('e4'), []);
  });

  it('draws a new position without animation', async () => {
    await slowAnimations();
    await loadFen('4k3/8/8/8/8/8/8/4K2R w K - 0 1');
    assert.equal(await page.$$eval('[data-square] .piece', (els) => els.filter((el) => el.getAnimations().length).length), 0);
    assert.equal(await page.locator('.piece-leaving').count(), 0, 'the pieces gone do not fade out one by one');
  });
});

describe('turns a player can follow', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });
  beforeEach(defaultSettings);

  // White's chain of the rule page's example up to the Impulse's move (impulschach.test.mjs).
  async function impulseShift() {
    await page.selectOption('#variant', 'impulschach');
    for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['f1', 'b5'], ['c7', 'c6'], ['b1', 'c3'], ['a2', 'a4'], ['d1', 'e2']]) {
      await move(from, to);
    }
    await page.click('#shift-a');
  }
  // Where each black pawn goes in the shift, where it has a choice.
  const SHIFT = { a7: 'a6', b7: 'b6', c6: 'd5', d7: 'd6', e5: 'f4', f7: 'f6', g7: 'g6', h7: 'h6' };
  const displaced = async () => (await marked('displace'))[0] ?? null;

  it('plays a pawn with one square for the player, and after an undo leaves it to them', async () => {
    await impulseShift();
    assert.equal(await displaced(), 'a7');
    await click('a6');
    // b7 has b6 only: played without a click; c6 has two squares, and waits.
    await page.waitForFunction(() => document.querySelector('.mark-displace')?.dataset.square === 'c6');
    assert.equal((await pieces()).b6, 'p');
    // Undo takes b7-b6 back, and the choice is the player's again: not played at once.
    await page.click('#undo');
    await page.waitForTimeout(1200);
    assert.equal(await displaced(), 'b7');
    assert.equal((await pieces()).b7, 'p');
  });

  it("plays a forced choice an undo held in the last game, in a new game", async () => {
    await impulseShift();
    await click('a6');
    await page.waitForFunction(() => document.querySelector('.mark-displace')?.dataset.square === 'c6');
    await page.click('#undo'); // b7-b6 taken back: this position's choice is held for the player
    await page.waitForFunction(() => document.querySelector('.mark-displace')?.dataset.square === 'b7');
    await page.click('#new-game');
    await impulseShift();
    await click('a6');
    // The same position in another game: b7 has b6 only and is played for the player again.
    await page.waitForFunction(() => document.querySelector('.mark-displace')?.dataset.square === 'c6', null, { timeout: 5000 });
    assert.equal((await pieces()).b6, 'p');
  });

  it('keeps every click with the autoplay setting off', async () => {
    await setSetting('setting-autoplay', false);
    await impulseShift();
    await click('a6');
    await page.waitForTimeout(1200);
    assert.equal(await displaced(), 'b7');
    await page.waitForSelector('.square.dest[data-square="b6"]');
    // Turned on again while the forced choice waits: it is played at once, not only after the
    // next click.
    await setSetting('setting-autoplay', true);
    await page.waitForFunction(() => document.querySelector('.mark-displace')?.dataset.square === 'c6', null, { timeout: 5000 });
    assert.equal((await pieces()).b6, 'p');
  });

  it('marks every square of a whole Resonance Shift', async () => {
    await setSetting('setting-autoplay', false); // each pawn clicked, so each is waited for
    await impulseShift();
    for (let pawn = await displaced(); pawn; pawn = await displaced()) {
      await page.waitForSelector(`.square.dest[data-square="${SHIFT[pawn]}"]`);
      await click(SHIFT[pawn]);
      await page.waitForFunction((p) => document.querySelector('.mark-displace')?.dataset.square !== p, pawn);
    }
    await page.click('#end');
    const last = await page.$$eval('.square.last-move', (els) => els.map((el) => el.dataset.square).sort());
    const expected = new Set(['a2', 'a4', 'b1', 'c3', 'd1', 'e2', ...Object.entries(SHIFT).flat()]);
    assert.deepEqual(last, [...expected].sort());
    assert.equal(last.length, 22);
  });

  it("shows the computer's turn step by step, and sums it up", async () => {
    await page.selectOption('#variant', 'impulschach');
    await page.selectOption('#level', 'easy');
    await page.selectOption('#opponent', 'black');
    // Each position the board shows, with the time it was drawn.
    await page.evaluate(() => {
      window.seen = [];
      const record = () => {
        const at = (sq) => document.querySelector(`[data-square="${sq}"] .piece`)?.dataset.piece ?? '';
        const key = ['b8', 'c6', 'a7', 'a5', 'e7', 'e5'].map(at).join(',');
        if (window.seen.at(-1)?.key !== key) window.seen.push({ key, t: performance.now() });
      };
      new MutationObserver(record).observe(document.getElementById('board'), { childList: true, subtree: true });
    });
    await move('e2', 'e4');
    await page.waitForFunction(() => document.querySelector('#engine').dataset.state === 'playing', null, { timeout: 30_000 });
    // The human cannot act meanwhile.
    await click('d2');
    assert.equal(await page.$('.square.dest'), null);
    await page.waitForFunction(() => document.querySelector('#engine').dataset.state === 'idle', null, { timeout: 30_000 });
    const seen = await page.evaluate(() => window.seen);
    // b8-c6, whose chain then moves a7-a5 and e7-e5 (the easy level's turn here, the same for
    // the same budget).
    const keys = seen.map((s) => s.key);
    assert.deepEqual(
      keys.slice(-4),
      ['c,,p,,p,', ',c,p,,p,', ',c,,p,p,', ',c,,p,,p'],
      `positions: ${keys.join(' | ')}`,
    );
    const pause = seen.at(-1).t - seen.at(-2).t;
    assert.ok(pause >= 300, `a readable pause between the actions: ${pause} ms`);
    assert.match(await page.textContent('#turn-story'), /Black's turn, .*: b8-c6, a7-a5, e7-e5\b/);
    assert.ok(await page.isVisible('#turn-story'));
    // Every square of the turn marked.
    const last = await page.$$eval('.square.last-move', (els) => els.map((el) => el.dataset.square).sort());
    assert.deepEqual(last, ['a5', 'a7', 'b8', 'c6', 'e5', 'e7']);
  });

  it("plays the computer's turn at once without motion", async () => {
    await setSetting('setting-animation', false);
    await page.selectOption('#variant', 'impulschach');
    await page.selectOption('#level', 'easy');
    await page.selectOption('#opponent', 'black');
    await page.evaluate(() => {
      window.states = [];
      new MutationObserver(() => window.states.push(document.querySelector('#engine').dataset.state)).observe(
        document.getElementById('engine'), { attributes: true });
    });
    await move('e2', 'e4');
    await page.waitForFunction(() => document.querySelector('#moves .ply.latest')?.textContent.includes('e5'), null, { timeout: 30_000 });
    assert.ok(!(await page.evaluate(() => window.states)).includes('playing'));
    assert.equal((await pieces()).c6, 'c');
  });

  it("stops the computer's playback with Stop: the rest is the human's", async () => {
    await page.selectOption('#variant', 'impulschach');
    await page.selectOption('#level', 'medium');
    await page.selectOption('#opponent', 'black');
    await move('e2', 'e4');
    await page.waitForFunction(() => document.querySelector('#engine').dataset.state === 'playing', null, { timeout: 30_000 });
    await page.click('#stop');
    const latest = await page.textContent('#moves .ply.latest');
    await page.waitForTimeout(1500);
    assert.equal(await page.textContent('#moves .ply.latest'), latest, 'nothing more was played');
    assert.equal(await page.getAttribute('#engine', 'data-state'), 'stopped');
    // Black's turn goes on, by the human's hand.
    assert.match(await page.textContent('#status'), /black to move/i);
    assert.ok(await page.isVisible('#decision'), 'the decision in the turn is offered');
  });

  it('marks and tells a Nietzsche promotion', async () => {
    await page.selectOption('#variant', 'nietzsche');
    await move('e2', 'e4');
    await move('d7', 'd5');
    assert.deepEqual(await marked('promoted'), ['d5']);
    assert.equal((await pieces()).d5, 'n');
    assert.match(await page.textContent('#turn-story'), /The black pawn on d5 is promoted to a knight\./);
    await page.waitForFunction(() => /promoted to a knight/.test(document.querySelector('.board-live').textContent));
    // Each action's promotions replace the last one's.
    await move('e4', 'd5');
    assert.deepEqual(await marked('promoted'), ['d5']);
    assert.match(await page.textContent('#turn-story'), /The white pawn on d5 is promoted to a knight\./);
    await move('b8', 'c6');
    assert.deepEqual(await marked('promoted'), ['c7', 'e7']);
    assert.match(await page.textContent('#turn-story'), /on c7 is promoted to a knight\. The black pawn on e7 is promoted to a knight\./);
  });

  it('marks an Immortal revealed as it enters, and sums up the turn', async () => {
    await page.selectOption('#variant', 'immortal');
    await page.fill('#seed', '0'.repeat(64));
    await page.click('#new-game');
    await loadFen('4?5/10/7k2/10/10/10/10/10/2K7/?2?6[Pqq] w - - 0 1');
    await move('c2', 'c3');
    // White's entry: the face-down piece on d1 comes in on e2, and is revealed.
    await move('d1', 'e2');
    assert.deepEqual(await marked('revealed'), ['e2']);
    assert.ok(await page.isVisible('#reveal'));
    assert.match(await page.textContent('#turn-story'), /White's turn, .*: c2-c3, d1-e2\./);
  });
});
