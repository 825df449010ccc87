// End-to-end tests of the page's records in headless Chromium: the move list scrolled to the
// move shown (move-list.js), the page-wide keys that step through the moves, PGN export and
// import (pgn-panel.js), the result in the move list and on the banner with New game and
// Rematch (result-banner.js), resigning and offering a draw (game-end.js).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, openAppPage, useAppPage } from './helpers.mjs';

// 45 moves of a random legal game (90 plies, still going on): a list far longer than its box.
const LONG_GAME = [
  'h2h3,b7b6,g2g3,h7h5,h3h4,d7d6,d2d4,f7f5,b1c3,e8f7,c3d5,c8a6,e1d2,b8d7,f1h3,d7c5,d5e3,f5f4',
  'd4c5,d6c5,d2e1,a6e2,d1d5,f7f6,h3g2,g7g5,e3d1,e7e6,c1e3,g8e7,d5a8,b6b5,a2a4,f4e3,b2b4,a7a6',
  'd1c3,h8h6,c3e2,a6a5,a1a2,d8d1,e1d1,h6g6,b4a5,g5g4,g2f3,g6g8,a8c6,g8g6,h1h3,f6e5,c6d6,e5f5',
  'd6e6,f5e6,f3c6,b5b4,c6g2,e7f5,a2a3,g6g7,a3a1,f8e7,g2a8,f5h4,a5a6,e7d6,e2d4,e6f7,h3h1,c5c4',
  'd1c1,d6c5,a8b7,c5f8,h1h2,c7c6,d4b5,f8c5,h2h3,h4g2,b5c7,g4h3,a6a7,g7g5,b7c6,g5g6,c7e8,c5f8',
].join(',');
const LONG_PLIES = 90;

let page;
const { move, moveList, fenBox } = appPage(() => page);
const viewing = () => page.evaluate(() => document.body.dataset.viewing);

/** Whether the element `selector` lies within the move list's visible rect. */
const inListView = (selector) =>
  page.evaluate((selector) => {
    const list = document.getElementById('moves').getBoundingClientRect();
    const item = document.querySelector(selector).getBoundingClientRect();
    return item.height > 0 && item.top >= list.top - 1 && item.bottom <= list.bottom + 1;
  }, selector);

async function openLongGame(suite) {
  page = await openAppPage(suite.browser, `${suite.server.url}#variant=chess&moves=${LONG_GAME}`);
  assert.equal((await moveList()).length, LONG_PLIES);
}

describe('the move list in a long game', () => {
  const suite = useAppPage({ getPage: () => page, setPage: (p) => (page = p), openEach: false });

  it('scrolls itself to the latest move, and to the move viewed, but not the page', async () => {
    await openLongGame(suite);
    const overflows = await page.$eval('#moves', (list) => list.scrollHeight > list.clientHeight);
    assert.ok(overflows, 'the list is longer than its box');
    assert.ok(await inListView('#moves .latest'), 'the latest move is in view');
    await move('e1', 'd1');
    assert.ok(await inListView('#moves .latest'), 'the new latest move is in view');

    await page.click('#nav-start');
    await page.click('#nav-forward');
    assert.equal(await viewing(), '0');
    assert.ok(await inListView('#moves [data-turn="0"]'), 'the first move, viewed, is in view');
    await page.click('#nav-live');
    assert.ok(await inListView('#moves .latest'));
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page itself did not scroll');
  });
});

describe('the keys that step through the moves', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  it('work page-wide, but not in a text field, a select or the board', async () => {
    for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3']]) await move(from, to);
    const live = await fenBox();
    await page.click('h1'); // the focus on nothing in particular
    await page.keyboard.press('ArrowLeft');
    assert.equal(await viewing(), '1');
    await page.keyboard.press('Home');
    assert.equal(await viewing(), '-1');
    await page.keyboard.press('ArrowRight');
    assert.equal(await viewing(), '0');
    await page.keyboard.press('End');
    assert.equal(await viewing(), '');
    assert.equal(await fenBox(), live);

    // On a button (Undo) too.
    await page.focus('#flip');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await viewing(), '1');
    await page.keyboard.press('End');

    // Not where the keys have a use of their own.
    await page.focus('#fen');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await viewing(), '', 'the FEN box keeps its caret keys');
    await page.focus('#level');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await viewing(), '', 'a select keeps its keys');
    await page.focus('[data-square="e4"]');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await viewing(), '', 'the board moves its focus square');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'd4');
  });
});
