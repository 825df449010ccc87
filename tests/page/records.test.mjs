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

const FOOLS_MATE = [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']];
const resultRow = () => page.textContent('#moves .result-row').catch(() => null);

describe('the result', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  it('closes the move list once the game is over, and goes with an undo', async () => {
    assert.equal(await page.$('#moves .result-row'), null, 'none while the game goes on');
    for (const [from, to] of FOOLS_MATE) await move(from, to);
    assert.equal(await resultRow(), '0-1 Checkmate \u00b7 Black wins');
    assert.deepEqual(await moveList(), ['f3', 'e5', 'g4', 'Qh4#'], 'the result is no move');
    assert.ok(await inListView('#moves .result-row'));
    await page.click('#undo');
    assert.equal(await page.$('#moves .result-row'), null);

    await page.fill('#fen', '7k/8/8/6Q1/8/8/8/K7 w - - 0 1');
    await page.click('#load-fen');
    await move('g5', 'g6');
    assert.equal(await resultRow(), '\u00bd-\u00bd Stalemate \u00b7 Draw');
  });

  it('banner: New game starts the same variant afresh', async () => {
    await page.selectOption('#variant', 'nacht');
    await move('e2', 'e3');
    await page.click('#resign');
    await page.click('#resign');
    assert.ok(await page.isVisible('#result'));
    await page.click('#result-new-game');
    assert.equal(await page.isVisible('#result'), false);
    assert.deepEqual(await moveList(), []);
    assert.equal(await page.inputValue('#variant'), 'nacht');
  });

  it('banner: Rematch keeps the variant and options and swaps the colours against the computer', async () => {
    await page.fill('#options', 'castling=true');
    await page.selectOption('#variant', 'nacht');
    await page.selectOption('#level', 'easy');
    await page.selectOption('#opponent', 'black');
    await page.click('#resign');
    await page.click('#resign');
    assert.equal(await page.textContent('#result .result-title'), 'Black wins');
    await page.click('#result-rematch');
    assert.equal(await page.isVisible('#result'), false);
    assert.equal(await page.inputValue('#opponent'), 'white', 'the computer has White now');
    assert.equal(await page.inputValue('#variant'), 'nacht');
    assert.equal(await page.inputValue('#options'), 'castling=true');
    assert.equal(await page.getAttribute('#board .board', 'data-orientation'), 'black', 'the human, Black, at the bottom');
    // The computer opens as White.
    await page.waitForFunction(() => document.querySelectorAll('#moves .ply:not(.empty)').length === 1, null, { timeout: 30_000 });
  });
});

describe('resigning and draws', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  it('two players: the side to move resigns (after a second click), and a draw is agreed', async () => {
    await move('e2', 'e4');
    assert.ok(await page.isVisible('#game-end'));
    assert.equal((await page.textContent('#offer-draw')).trim(), 'Agree draw');
    await page.click('#resign');
    assert.equal(await page.isVisible('#result'), false, 'the first click only asks');
    assert.match(await page.textContent('#resign'), /really/i);
    await page.click('#resign');
    assert.equal(await page.textContent('#result .result-title'), 'White wins');
    assert.equal(await page.textContent('#result .result-reason'), 'Black resigned');
    assert.equal(await resultRow(), '1-0 Black resigned \u00b7 White wins');
    assert.equal(await page.isVisible('#game-end'), false, 'no more resigning once it is over');
    assert.equal(await page.isDisabled('#undo'), true, 'a resignation is final');
    assert.ok(await page.evaluate(() => document.activeElement?.closest('.board') !== null), 'the focus went to the board, not to nowhere');

    await page.click('#result-new-game');
    await page.click('#offer-draw');
    assert.equal(await page.isVisible('#result'), false, 'the first click only asks: a draw is final too');
    assert.match(await page.textContent('#offer-draw'), /really/i);
    await page.click('#offer-draw');
    assert.equal(await page.textContent('#result .result-title'), 'Draw');
    assert.equal(await page.textContent('#result .result-reason'), 'Agreement');
    assert.equal(await resultRow(), '\u00bd-\u00bd Agreement \u00b7 Draw');
  });

  it('asks its question for a few seconds only, focused or not (Safari does not focus a clicked button)', async () => {
    await move('e2', 'e4');
    // As in Safari: the click leaves the focus where it was, so no blur ever disarms.
    await page.$eval('#resign', (el) => el.click());
    assert.match(await page.textContent('#resign'), /really/i);
    await page.waitForFunction(() => document.querySelector('#resign').textContent === 'Resign', null, { timeout: 8000 });
    await page.$eval('#resign', (el) => el.click());
    assert.equal(await page.isVisible('#result'), false, 'a click after the question went asks again');
    assert.match(await page.textContent('#resign'), /really/i);
  });

  it('a resignation stays in the link: a reload, or whoever opens it, sees the game over', async () => {
    await move('e2', 'e4');
    await page.click('#resign');
    await page.click('#resign');
    await page.waitForFunction(() => location.hash.includes('end=black%20resigned'));
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.textContent('#result .result-title'), 'White wins');
    assert.equal(await page.textContent('#result .result-reason'), 'Black resigned');
    assert.deepEqual(await page.$$eval('#moves .ply:not(.empty)', (els) => els.map((el) => el.textContent)), ['e4']);
    // An end that is none is named, and the moves are still played.
    await page.evaluate(() => (location.hash = '#variant=chess&moves=e2e4&end=bored'));
    await page.waitForFunction(() => /end, bored/.test(document.querySelector('#error').textContent));
    assert.equal(await page.textContent('#status'), 'Black to move');
  });

  it('against the computer: the human resigns on any turn', async () => {
    await page.selectOption('#level', 'easy');
    await page.selectOption('#opponent', 'white'); // the computer opens
    await page.click('#resign');
    await page.click('#resign');
    assert.equal(await page.textContent('#result .result-title'), 'White wins');
    assert.equal(await page.textContent('#result .result-reason'), 'Black resigned');
    assert.notEqual(await page.getAttribute('#engine', 'data-state'), 'thinking', 'the computer stopped thinking');
  });

  it('against the computer: a draw offer is declined when it stands better, accepted when worse', async () => {
    await page.selectOption('#opponent', 'black');
    // Black (the computer) a queen up: declined, the game goes on.
    await page.fill('#fen', '3qk3/8/8/8/8/8/8/4K3 w - - 0 1');
    await page.click('#load-fen');
    await page.click('#offer-draw');
    assert.match(await page.textContent('#draw-answer'), /declines/);
    assert.equal(await page.isVisible('#result'), false);
    assert.match(await page.textContent('#status'), /white to move/i);

    // White a queen up: accepted.
    await page.fill('#fen', '4k3/8/8/8/8/8/8/3QK3 w - - 0 1');
    await page.click('#load-fen');
    assert.equal(await page.textContent('#draw-answer'), '', 'the old answer went with its position');
    await page.click('#offer-draw');
    assert.match(await page.textContent('#draw-answer'), /accepts/);
    assert.equal(await page.textContent('#result .result-title'), 'Draw');
    assert.equal(await page.textContent('#result .result-reason'), 'Agreement');
  });
});

describe('PGN export and import', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  const pgnText = () => page.inputValue('#pgn-text');
  // The panel fills its text box on its toggle event, a task after the click: wait for it.
  const openPanel = async () => {
    await page.click('#pgn summary');
    await page.waitForFunction(() => document.querySelector('#pgn-text').value !== '');
  };

  it('round trip: exported, a new game, imported: the same moves and position', async () => {
    for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3']]) await move(from, to);
    const moves = await moveList();
    const fen = await fenBox();
    await openPanel();
    const pgn = await pgnText();
    assert.match(pgn, /\[Event "Casual [^"]+ game"\]/);
    assert.match(pgn, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
    assert.match(pgn, /\[White "\?"\]/);
    assert.match(pgn, /\[Result "\*"\]/);
    assert.match(pgn, /1\. e4 e5 2\. Nf3/);
    await move('b8', 'c6');
    assert.match(await pgnText(), /2\. Nf3 Nc6/, 'the box follows the game');

    await page.selectOption('#variant', 'nacht');
    assert.deepEqual(await moveList(), []);
    await page.fill('#pgn-text', pgn);
    await page.click('#pgn-load');
    assert.equal(await page.inputValue('#variant'), 'chess', 'the variant from the PGN');
    assert.deepEqual(await moveList(), moves);
    assert.equal(await fenBox(), fen);
    assert.equal(await page.isVisible('#error'), false);
  });

  it('names the players against the computer, and the result', async () => {
    await page.selectOption('#level', 'hard');
    await page.selectOption('#opponent', 'white');
    await page.click('#resign');
    await page.click('#resign');
    await openPanel();
    const pgn = await pgnText();
    assert.match(pgn, /\[White "Computer \(Hard\)"\]/);
    assert.match(pgn, /\[Black "Player"\]/);
    assert.match(pgn, /\[Result "1-0"\]/);
  });

  it('downloads a .pgn file, and opens one', async () => {
    await move('d2', 'd4');
    await openPanel();
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#pgn-download')]);
    assert.match(download.suggestedFilename(), /^schachwerk-chess-\d{4}-\d\d-\d\d\.pgn$/);
    const text = await new Promise((ok, fail) => {
      download.createReadStream().then((stream) => {
        let body = '';
        stream.on('data', (chunk) => (body += chunk));
        stream.on('end', () => ok(body));
        stream.on('error', fail);
      }, fail);
    });
    assert.match(text, /1\. d4 \*/);

    await page.click('#new-game');
    await page.setInputFiles('#pgn-file', {
      name: 'game.pgn',
      mimeType: 'application/x-chess-pgn',
      buffer: Buffer.from('[Variant "chess"]\n\n1. e4 c5 2. Nf3 *\n'),
    });
    await page.waitForFunction(() => document.querySelectorAll('#moves .ply:not(.empty)').length === 3);
    assert.deepEqual(await moveList(), ['e4', 'c5', 'Nf3']);
  });

  it('a bad PGN: the engine says why, and the game stays', async () => {
    await move('e2', 'e4');
    const fen = await fenBox();
    await openPanel();
    await page.fill('#pgn-text', '[Variant "chess"]\n\n1. e4 e5 2. Ke3 *\n');
    await page.click('#pgn-load');
    assert.ok(await page.isVisible('#error'));
    assert.match(await page.textContent('#error'), /Ke3/);
    assert.deepEqual(await moveList(), ['e4']);
    assert.equal(await fenBox(), fen);
    assert.match(await pgnText(), /Ke3/, 'the text stays to be mended');
    await page.fill('#pgn-text', '[Variant "nonesuch"]\n\n1. e4 *\n');
    await page.click('#pgn-load');
    assert.ok(await page.isVisible('#error'));
    assert.deepEqual(await moveList(), ['e4']);
  });
});
