// The page's settings that stay (www/settings.js as app.js wires it) and the players in the
// shareable link (www/share-link.js), in headless Chromium: a reload keeps the opponent, its
// level, the orientation, the sound and the board theme, and the computer plays on; a link
// with an opponent starts the computer without changing the player's stored settings; bad
// values in a link are named and the game is still shown.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, openAppPage, useAppPage } from './helpers.mjs';

let page;
let suite;
const { move, moveList, errorText } = appPage(() => page);

const open = (suffix = '') => openAppPage(suite.browser, `${suite.server.url}${suffix}`);
// The page writes the address a frame after a change (share-link.js): read it after that frame.
const settledHash = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(location.hash)))));
const hashParams = async () => new URLSearchParams((await settledHash()).slice(1));
const orientation = () => page.getAttribute('[data-orientation]', 'data-orientation');
const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('schachwerk.settings') ?? '{}'));
// The computer has played when the move list has `n` entries.
const waitForMoves = (n) => page.waitForFunction((count) => document.querySelectorAll('#moves .ply:not(.empty)').length >= count, n, { timeout: 60_000 });

async function reload() {
  await settledHash(); // the address as the page last wrote it, a frame after its last change
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
}

// Each test starts from a visitor with nothing stored.
async function freshPage(suffix = '') {
  page = await open();
  await page.evaluate(() => localStorage.clear());
  // Not a reload: the first page may have written the stored opponent into its hash.
  await page.goto('about:blank');
  page.problems.length = 0; // a think or a fetch cut short by leaving is not the page's fault
  await page.goto(`${suite.server.url}${suffix}`);
  await page.waitForSelector('body[data-ready="true"]');
}

describe('settings that stay, and the players in the link', () => {
  suite = useAppPage({ getPage: () => page, setPage: (p) => (page = p), openEach: false });

  it('a reload keeps the opponent, the level, the orientation, the sound and the theme; the computer plays on', async () => {
    await freshPage();
    await page.selectOption('#level', 'easy');
    await page.selectOption('#opponent', 'white'); // the player takes Black, at the bottom
    await waitForMoves(1);
    assert.equal(await orientation(), 'black');
    await page.click('#flip');
    assert.equal(await orientation(), 'white');
    await page.click('#settings summary');
    await page.uncheck('#setting-sound');
    await page.selectOption('#setting-board-theme', 'blue');

    await reload();
    assert.equal(await page.inputValue('#opponent'), 'white');
    assert.equal(await page.inputValue('#level'), 'easy');
    assert.equal(await orientation(), 'white');
    assert.equal(await page.isChecked('#setting-sound'), false);
    assert.equal(await page.inputValue('#setting-board-theme'), 'blue');
    assert.equal(await errorText(), '');
    // The computer still plays White: Black's move is answered.
    assert.equal((await moveList()).length, 1);
    await move('e7', 'e6');
    await waitForMoves(3);

    // A new visit without the link: the stored settings.
    await page.goto(suite.server.url);
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.inputValue('#opponent'), 'white');
    assert.equal(await page.inputValue('#level'), 'easy');
    assert.equal(await orientation(), 'white');
    await waitForMoves(1);
  });

  it('the link holds the opponent, the level and the orientation', async () => {
    await freshPage();
    assert.equal((await hashParams()).get('opponent'), null, 'two players: no opponent in the link');
    await page.selectOption('#level', 'hard');
    await page.selectOption('#opponent', 'black');
    let params = await hashParams();
    assert.equal(params.get('opponent'), 'black');
    assert.equal(params.get('level'), 'hard');
    assert.equal(params.get('orientation'), null, "the player's side at the bottom is the default");
    await page.click('#flip');
    params = await hashParams();
    assert.equal(params.get('orientation'), 'black');
    await page.selectOption('#level', 'easy');
    assert.equal((await hashParams()).get('level'), 'easy');
  });

  it('a link with an opponent starts the computer, for its game only', async () => {
    await freshPage('#variant=chess&opponent=white&level=easy');
    assert.equal(await page.inputValue('#opponent'), 'white');
    assert.equal(await page.inputValue('#level'), 'easy');
    assert.equal(await orientation(), 'black', "the player's side at the bottom");
    await waitForMoves(1);
    assert.equal(await errorText(), '');
    // The player's own settings are not changed by someone else's link.
    const settings = await stored();
    assert.notEqual(settings.opponent, 'white');

    // A link's moves with the computer to move: it answers them.
    await page.goto(`${suite.server.url}#variant=chess&moves=e2e4&opponent=black&level=easy&orientation=black`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction(() => location.hash.includes('orientation=black'));
    assert.equal(await orientation(), 'black');
    assert.equal(await page.inputValue('#opponent'), 'black');
    await waitForMoves(2);
  });

  it('bad values in a link are named, and its game is shown and plays', async () => {
    await freshPage('#variant=chess&moves=e2e4&opponent=purple&level=godlike&orientation=up');
    const error = await errorText();
    assert.match(error, /opponent must be off, white, black \(not "purple"\)/);
    assert.match(error, /level must be/);
    assert.match(error, /orientation must be/);
    assert.deepEqual(await moveList(), ['e4']);
    assert.equal(await page.inputValue('#opponent'), 'off');
    assert.equal(await orientation(), 'white');
    await move('e7', 'e5');
    assert.deepEqual(await moveList(), ['e4', 'e5']);
  });
});
