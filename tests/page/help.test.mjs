// Help on the page, in headless Chromium: the rules panel of each variant (a summary in the
// project's words and a link to the variant's rule page), and "show how it moves": a click, or
// Enter, on a piece in the legend marks its moves (from the engine) on an empty example board.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, useAppPage } from './helpers.mjs';

let page;
const { errorText } = appPage(() => page);

const RULE_PAGES = {
  chess: /fide\.com/,
  nietzsche: /chessvariants\.com\/rules\/nietzsche-chess$/,
  nacht: /chessvariants\.com\/page\/MSnacht-schach$/,
  quintessential: /chessvariants\.com\/large\.dir\/contest84\/quintessential\.html$/,
  impulschach: /chess\.com\/forum\/view\/chess-variants\/impulschach$/,
  // Its page's address could not be confirmed: the site's home page, and the text says what to look for.
  immortal: /^https:\/\/www\.chessvariants\.com\/$/,
};

async function selectVariant(name) {
  await page.selectOption('#variant', name);
  assert.equal(await errorText(), '');
}

/** Shows a legend piece's moves with a click; resolves to the marked squares, sorted. */
async function showMoves(letter) {
  await page.click(`#legend-body dt[data-piece="${letter}"] .piece-moves-button`);
  await page.waitForSelector('#piece-moves:not([hidden])');
  return reach();
}

const reach = () => page.$$eval('#piece-moves .mark-reach', (els) => els.map((el) => el.dataset.square).sort());

describe('help: the rules panel and how the pieces move', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  it("shows each variant's rules in short, with a link to its rule page", async () => {
    const seen = new Set();
    for (const [variant, href] of Object.entries(RULE_PAGES)) {
      await selectVariant(variant);
      const { points, link, heading } = await page.evaluate(() => ({
        points: [...document.querySelectorAll('#rules-body li')].map((li) => li.textContent),
        link: document.querySelector('#rules-body a')?.href,
        heading: document.querySelector('#rules-variant').textContent,
      }));
      assert.ok(points.length >= 3, `${variant}: a summary`);
      assert.match(link, href, `${variant}: its rule page`);
      assert.equal(heading, `of ${await page.$eval('#variant', (el) => el.selectedOptions[0].textContent)}`);
      const text = points.join(' ');
      assert.ok(!seen.has(text), `${variant}: its own summary`);
      seen.add(text);
    }
    // The rule pages' own words are not copied: a phrase of the NAChT page is not in its summary.
    await selectVariant('nacht');
    assert.doesNotMatch(await page.textContent('#rules-body'), /redaundant recursive acronym/);
    await page.click('#rules summary');
    assert.ok(await page.isVisible('#rules-body li'));
  });

  it('marks the moves of a clicked legend piece on an empty board, as the engine gives them', async () => {
    assert.equal(await page.isVisible('#piece-moves'), false);
    assert.deepEqual(await showMoves('N'), ['b3', 'b5', 'c2', 'c6', 'e2', 'e6', 'f3', 'f5']);
    assert.deepEqual(
      await page.$$eval('#piece-moves [data-square] [data-piece]', (els) => els.map((el) => `${el.closest('[data-square]').dataset.square}${el.dataset.piece}`)),
      ['d4N'],
      'the piece alone on the board',
    );
    assert.equal((await showMoves('Q')).length, 27);
    assert.equal((await showMoves('R')).length, 14);
    assert.equal((await showMoves('K')).length, 8);
    assert.equal(await page.getAttribute('dt[data-piece="K"] .piece-moves-button', 'aria-pressed'), 'true');
    // A pawn: its plain moves only, and the caption says so.
    assert.deepEqual(await showMoves('P'), ['d5']);
    assert.match(await page.textContent('.piece-moves-caption'), /plain moves/);
    // The keyboard: Enter on a piece.
    await page.focus('dt[data-piece="B"] .piece-moves-button');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('#piece-moves .mark-reach').length === 13);
    // Close, and a new game, hide it.
    await page.click('.piece-moves-close');
    assert.equal(await page.isVisible('#piece-moves'), false);
    await showMoves('N');
    await selectVariant('chess');
    assert.equal(await page.isVisible('#piece-moves'), false, 'a new legend hides the old example');
  });

  it("shows the fairy pieces' moves on their own boards (Quintessential, Impulschach, Nietzsche, Immortal)", async () => {
    await selectVariant('quintessential');
    const centurion = await showMoves('C');
    // From e5: two straight, two diagonally, or a knight's jump.
    assert.deepEqual(centurion, ['c3', 'c4', 'c5', 'c6', 'c7', 'd3', 'd7', 'e3', 'e7', 'f3', 'f7', 'g3', 'g4', 'g5', 'g6', 'g7']);
    assert.equal(await page.locator('#piece-moves .square.hole').count(), 16, 'the board of the variant, corners missing');
    const quintessence = await showMoves('Q');
    for (const square of ['d7', 'f8', 'e10', 'c4']) assert.ok(quintessence.includes(square), `the quintessence reaches ${square}`);
    assert.ok(!quintessence.includes('e6'), 'but not a step');
    await selectVariant('impulschach');
    assert.equal((await showMoves('I')).length, 27, 'the impulse moves as a queen');
    assert.match(await page.textContent('.piece-moves-caption'), /Resonance Shift/);
    await page.fill('#options', 'sequence=knighted');
    await selectVariant('nietzsche');
    await page.click('#new-game');
    assert.equal((await showMoves('X')).length, 27 + 8, 'the ace: a queen and a knight');
    await page.fill('#options', '');
    await selectVariant('immortal');
    await showMoves('?');
    assert.match(await page.textContent('.piece-moves-caption'), /no move of its own/);
  });
});
