// The page checked by axe-core (the devDependency, pinned in package.json) in every variant, in
// headless Chromium: no serious or critical violation at all, and none (nor a "needs review" on
// the board) of the two rules issue 27 found broken: label-content-name-mismatch (every square carrying a
// coordinate) and aria-prohibited-attr (an aria-label on the #board div, which has no role).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { appPage, useAppPage } from './helpers.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
// label-content-name-mismatch is one of axe's experimental rules: asked for by name.
const RULES = { 'label-content-name-mismatch': { enabled: true } };
const WATCHED = ['label-content-name-mismatch', 'aria-prohibited-attr'];

let page;
const { move, loadFen, errorText } = appPage(() => page);

/** axe's findings on the page: violations, and the watched rules' "incomplete" nodes, in words. */
async function audit() {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async (rules) => {
    const { violations, incomplete } = await window.axe.run(document, { rules });
    const words = (list) => list.flatMap((rule) => rule.nodes.map((node) => ({ id: rule.id, impact: rule.impact, target: String(node.target) })));
    return { violations: words(violations), incomplete: words(incomplete) };
  }, RULES);
  return {
    serious: result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    // A "needs review" counts on the board (its squares, its container) only: elsewhere axe
    // asks about the move list's arrow glyphs (« ‹ › »), whose names say what they do.
    watched: [...result.violations, ...result.incomplete.filter((v) => /data-square|#board/.test(v.target))].filter((v) =>
      WATCHED.includes(v.id),
    ),
    all: result.violations,
  };
}

function assertClean(found, where) {
  const show = (list) => list.map((v) => `${v.id} (${v.impact}) ${v.target}`).join('\n');
  assert.deepEqual(found.serious, [], `${where}: serious violations:\n${show(found.serious)}`);
  assert.deepEqual(found.watched, [], `${where}: ${show(found.watched)}`);
}

describe('axe-core on the page', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  it('finds nothing serious, and no square or container label problem, in any variant', async () => {
    const variants = await page.$$eval('#variant option', (els) => els.map((el) => el.value));
    assert.ok(variants.length >= 6);
    for (const variant of variants) {
      await page.selectOption('#variant', variant);
      assert.equal(await errorText(), '');
      assertClean(await audit(), variant);
    }
  });

  it('finds nothing with the board flipped, a move played, the rules and a piece\'s moves shown, nor on the promotion picker\'s names', async () => {
    await page.click('#flip');
    await move('e2', 'e4');
    assertClean(await audit(), 'after a move, flipped');
    // The rules open, a piece's moves shown on the example board (piece-moves.js).
    await page.click('#rules summary');
    await page.click('#legend-body dt[data-piece="Q"] .piece-moves-button');
    await page.waitForSelector('#piece-moves .mark-reach');
    assertClean(await audit(), 'rules and a piece\'s moves shown');
    await loadFen('8/P6k/8/8/8/8/8/K7 w - - 0 1');
    await move('a7', 'a8');
    await page.waitForSelector('.promotion-picker');
    // Not yet clean of everything: the picker (a dialog) lies inside the board's grid, which axe
    // wants to hold rows only (aria-required-children). Its names, and the squares', are right.
    const found = await audit();
    assert.deepEqual(found.watched, [], 'promotion picker');
    assert.deepEqual(found.serious.filter((v) => v.id !== 'aria-required-children'), [], 'promotion picker');
  });
});
