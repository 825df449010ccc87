// Arrows and circles drawn with the right mouse button on the page's board (www/board-drawing.js),
// in headless Chromium with page.mouse: a right-drag draws an arrow, a right-click a circle, the
// same again removes it, Shift gives another colour, a left click or a move clears them all, a
// flip keeps them on their squares, and no context menu opens over the board.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, useAppPage } from './helpers.mjs';

let page;
const { move } = appPage(() => page);

async function centre(square) {
  const box = await page.locator(`.board-container [data-square="${square}"]`).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A right-button drag from one square to another (or a right-click, for the same square). */
async function rightDrag(from, to, modifiers = []) {
  const a = await centre(from);
  const b = await centre(to);
  for (const key of modifiers) await page.keyboard.down(key);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up({ button: 'right' });
  for (const key of modifiers) await page.keyboard.up(key);
}

/** The shapes drawn: 'e2>e4:colour' for arrows, 'd5o:colour' for circles, sorted. */
const shapes = () =>
  page.$$eval('.board-container .board-drawing .drawn-arrow, .board-container .board-drawing .drawn-circle', (els) =>
    els
      .map((el) => (el.classList.contains('drawn-arrow') ? `${el.dataset.from}>${el.dataset.to}` : `${el.dataset.at}o`) + `:${el.getAttribute('stroke')}`)
      .sort(),
  );

const GREEN = '#15781b';
const RED = '#882020';

describe('arrows and circles drawn with the right button', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  it('draws an arrow with a right-drag and a circle with a right-click; the same again removes it', async () => {
    await rightDrag('e2', 'e4');
    assert.deepEqual(await shapes(), [`e2>e4:${GREEN}`]);
    await rightDrag('d5', 'd5');
    assert.deepEqual(await shapes(), [`d5o:${GREEN}`, `e2>e4:${GREEN}`]);
    await rightDrag('g1', 'f3', ['Shift']);
    assert.deepEqual(await shapes(), [`d5o:${GREEN}`, `e2>e4:${GREEN}`, `g1>f3:${RED}`]);
    await rightDrag('e2', 'e4');
    await rightDrag('d5', 'd5');
    assert.deepEqual(await shapes(), [`g1>f3:${RED}`], 'drawn again: removed');
    // The arrow points from the centre of g1 towards f3's, on the screen.
    const line = await page.locator('.drawn-arrow').boundingBox();
    const [g1, f3] = [await centre('g1'), await centre('f3')];
    assert.ok(Math.abs(line.x + line.width - g1.x) < 8 && line.y + line.height > g1.y - 8, 'starts at g1');
    assert.ok(line.x < g1.x && line.y < g1.y && line.y > f3.y - 30, `goes up and left towards f3: ${JSON.stringify({ line, g1, f3 })}`);
    // Nothing was played, nothing picked up.
    assert.deepEqual(await page.$$eval('#moves .ply:not(.empty)', (els) => els.length), 0);
    assert.equal(await page.locator('.board-container .square.selected').count(), 0);
  });

  it('shows the arrow faintly while the button is held, and draws nothing when let go off the board', async () => {
    const a = await centre('b1');
    const b = await centre('c3');
    await page.mouse.move(a.x, a.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(b.x, b.y, { steps: 5 });
    assert.deepEqual(
      await page.$$eval('.drawing-preview', (els) => els.map((el) => `${el.dataset.from}>${el.dataset.to}`)),
      ['b1>c3'],
    );
    await page.mouse.move(5, 5, { steps: 5 }); // off the board
    await page.mouse.up({ button: 'right' });
    assert.equal(await page.locator('.drawing-preview').count(), 0);
    assert.deepEqual(await shapes(), []);
  });

  it('opens no context menu on the board', async () => {
    const prevented = await page.evaluate(() => {
      const square = document.querySelector('.board-container [data-square="e4"]');
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true, button: 2 });
      square.dispatchEvent(event);
      const board = document.querySelector('.board-container .board');
      const edge = new MouseEvent('contextmenu', { bubbles: true, cancelable: true, button: 2 });
      board.dispatchEvent(edge);
      return [event.defaultPrevented, edge.defaultPrevented];
    });
    assert.deepEqual(prevented, [true, true]);
  });

  it('clears the shapes on a left click on the board and on a move, and keeps them on their squares when flipped', async () => {
    await rightDrag('e2', 'e4');
    await rightDrag('c6', 'c6');
    const before = await page.locator('.drawn-circle').boundingBox();
    await page.click('#flip');
    const after = await page.locator('.drawn-circle').boundingBox();
    const c6 = await centre('c6');
    assert.ok(Math.abs(after.x + after.width / 2 - c6.x) < 3 && Math.abs(after.y + after.height / 2 - c6.y) < 3, 'the circle follows c6');
    assert.notDeepEqual(before, after);
    await page.click('#flip');
    const h5 = await centre('h5');
    await page.mouse.click(h5.x, h5.y); // a left click on an empty square
    assert.deepEqual(await shapes(), []);
    await rightDrag('e2', 'e4');
    await move('e2', 'e4');
    assert.deepEqual(await shapes(), [], 'a move clears them');
    // The other side's move (played by the page, as the computer's would be) clears them too.
    await rightDrag('e7', 'e5');
    assert.equal((await shapes()).length, 1);
    await page.click('#undo');
    assert.deepEqual(await shapes(), [], 'an undo changes the moves: cleared');
  });
});
