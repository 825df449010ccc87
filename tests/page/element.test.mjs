// End-to-end tests of the embeddable element <schach-board> (www/schach-board.js) in
// www/embed.html and in test pages, in headless Chromium: move events, illegal moves refused,
// the read-only board, the engine loaded once for two boards, the host's API, attribute
// changes, multi-action turns, and no console errors.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WWW, mouseDragBetween, openPage, useAppPage } from './helpers.mjs';

// A page with one element, set up by the test through `window.make(attributes)`.
const HARNESS = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<style>schach-board { width: 420px; }</style>
<script type="module">
  import { SchachBoard } from '/schach-board.js';
  window.SchachBoard = SchachBoard;
  window.events = [];
  window.make = async (attributes) => {
    document.querySelector('schach-board')?.remove();
    const el = document.createElement('schach-board');
    for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
    for (const type of ['move', 'entry', 'error']) {
      el.addEventListener(type, (e) => window.events.push({ type, detail: e.detail }));
    }
    window.events = [];
    document.body.append(el);
    await el.ready;
    window.el = el;
  };
  document.body.dataset.ready = 'true';
</script></head><body></body></html>`;

// Screenshots to look at, kept out of git.
const SHOTS = fileURLToPath(new URL('../../target/screenshots/', import.meta.url));

let page;
let suite; // the server and the browser (useAppPage)

const sq = (board, square) => `${board} [data-square="${square}"]`;
const piecesOf = (board) =>
  page.$$eval(`${board} [data-square] [data-piece]`, (els) =>
    Object.fromEntries(els.map((el) => [el.closest('[data-square]').dataset.square, el.dataset.piece])),
  );
const events = () => page.evaluate(() => window.events);

async function centre(selector) {
  const box = await page.locator(selector).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags with the mouse from one square to another in steps; `held` runs before letting go. */
async function mouseDrag(board, from, to, held) {
  await mouseDragBetween(page, await centre(sq(board, from)), await centre(sq(board, to)), held);
}

/** The same with a finger (touch pointer events through the DevTools protocol). */
async function touchDrag(board, from, to) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
    const a = await centre(sq(board, from));
    const b = await centre(sq(board, to));
    await touch('touchStart', a);
    for (let i = 1; i <= 8; i++) await touch('touchMove', { x: a.x + ((b.x - a.x) * i) / 8, y: a.y + ((b.y - a.y) * i) / 8 });
    await touch('touchEnd');
  } finally {
    await cdp.detach();
  }
}

async function openEmbed() {
  page = await openPage(suite.browser.context, `${suite.server.url}embed.html`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.evaluate(() => {
    window.events = [];
    for (const id of ['nacht', 'quint']) {
      document.getElementById(id).addEventListener('move', (e) => window.events.push({ id, detail: e.detail }));
    }
  });
}

async function openHarness(attributes) {
  page = await openPage(suite.browser.context, `${suite.server.url}__element.html`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  await page.evaluate((a) => window.make(a), attributes);
}

/**
 * The code sample of embed.html (its <pre>) as a site would paste it into a page of its own,
 * with a line after its script that marks the page done (or the error the sample threw).
 */
async function pastedSample() {
  const html = await readFile(join(WWW, 'embed.html'), 'utf8');
  const pre = html.match(/<pre>([\s\S]*?)<\/pre>/)?.[1];
  assert.ok(pre, 'embed.html has a <pre> code sample');
  const code = pre.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const done = code.replace(
    /<\/script>\s*$/,
    "  document.body.dataset.sample = 'done';\n</script>",
  );
  assert.notEqual(done, code, 'the sample ends with its script');
  return `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>\n${done}\n</body></html>`;
}

describe('the <schach-board> element', () => {
  // The package also under /elsewhere/, for the engine attribute.
  const pkg = (name) => readFile(join(WWW, 'pkg', name));
  const pages = async () => ({
    '/__element.html': { type: 'text/html', body: HARNESS },
    '/__sample.html': { type: 'text/html', body: await pastedSample() },
    '/elsewhere/schachwerk.js': { type: 'text/javascript', body: await pkg('schachwerk.js') },
    '/elsewhere/schachwerk_bg.wasm': { type: 'application/wasm', body: await pkg('schachwerk_bg.wasm') },
  });
  suite = useAppPage({ getPage: () => page, setPage: (p) => (page = p), openEach: false, pages });

  it('embed.html: two boards of two variants load the engine once, with its wasm inside', async () => {
    const fetched = [];
    const onRequest = (req) => {
      if (/schachwerk[-_.]/.test(new URL(req.url()).pathname)) fetched.push(new URL(req.url()).pathname);
    };
    suite.browser.context.on('request', onRequest);
    try {
      await openEmbed();
    } finally {
      suite.browser.context.off('request', onRequest);
    }
    // The bundled engine: the glue and the module that carries the wasm, each fetched once.
    assert.deepEqual(fetched.sort(), ['/pkg/schachwerk-inline.js', '/pkg/schachwerk.js']);
    // Both boards are drawn, each with its variant's geometry.
    assert.equal(await page.locator('#nacht [data-square]').count(), 56, 'NAChT: 8x7');
    assert.equal(await page.locator('#quint [data-square]').count(), 84, 'Quintessential: 84 squares');
    assert.equal(await page.locator('#quint .square.hole').count(), 16);
    // The Quintessential board starts from its `moves` attribute.
    const quint = await piecesOf('#quint');
    assert.equal(quint.e5, 'P');
    assert.equal(quint.e6, 'p');
    // The element's own styles apply: squares are coloured and square.
    const e2 = await page.locator(sq('#nacht', 'e2')).boundingBox();
    assert.ok(e2.width > 20 && Math.abs(e2.width - e2.height) < 1.5, `square squares: ${e2.width}x${e2.height}`);
    const colour = await page.$eval(sq('#nacht', 'a1'), (el) => getComputedStyle(el).backgroundColor);
    assert.equal(colour, 'rgb(118, 150, 86)');
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'embed.png'), fullPage: true });
  });

  it("embed.html's code sample runs pasted into a page: both boards, the host's move, undo and reset", async () => {
    page = await openPage(suite.browser.context, `${suite.server.url}__sample.html`);
    await page.setViewportSize({ width: 1280, height: 800 });
    // Marked done only if every call of the sample returned: an illegal play() throws.
    await page.waitForSelector('body[data-sample="done"]');
    assert.equal(await page.locator('schach-board').count(), 2);
    // As pasted, at 1280x800: boards of a reasonable size, squares square.
    for (const box of await page.$$eval('schach-board', (els) =>
      els.map((el) => {
        const board = el.shadowRoot.querySelector('.board').getBoundingClientRect();
        const square = el.shadowRoot.querySelector('[data-square]').getBoundingClientRect();
        return { w: board.width, h: board.height, sw: square.width, sh: square.height };
      }))) {
      assert.ok(box.w >= 300 && box.w <= 480 && box.h <= 480, `a board of ${box.w}x${box.h}`);
      assert.ok(Math.abs(box.sw - box.sh) < 0.6, `square squares: ${box.sw}x${box.sh}`);
    }
    // Its last line undoes and resets, so the NAChT board is back at the start.
    const nacht = await piecesOf('schach-board[variant="nacht"]');
    assert.equal(nacht.e2, 'P');
    assert.equal(nacht.e3, undefined);
    const quint = await piecesOf('schach-board[variant="quintessential"]');
    assert.equal(quint.e5, 'P');
    assert.equal(quint.e6, 'p');
  });

  it('embed.html: a legal move emits a move event with the machine string and notation', async () => {
    await openEmbed();
    await page.click(sq('#nacht', 'e2'));
    assert.deepEqual(
      await page.$$eval('#nacht .dest', (els) => els.map((el) => el.dataset.square).sort()),
      ['e3'],
      "NAChT's pawns step one square",
    );
    await page.click(sq('#nacht', 'e3'));
    const [event, ...more] = await events();
    assert.equal(more.length, 0);
    assert.equal(event.id, 'nacht');
    assert.equal(event.detail.action, 'e2e3');
    assert.equal(event.detail.notation, 'e3');
    assert.equal(event.detail.fen, 'rnbqkbnr/pppppppp/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    assert.deepEqual(event.detail.status, { state: 'ongoing', winner: null, reason: null });
    assert.equal((await piecesOf('#nacht')).e3, 'P');
    assert.equal(await page.evaluate(() => document.getElementById('nacht').fen), event.detail.fen);
    assert.match(await page.textContent('#log'), /e3 \(e2e3\)/);
    assert.deepEqual(
      await page.$$eval('#nacht .last-move', (els) => els.map((el) => el.dataset.square).sort()),
      ['e2', 'e3'],
    );
  });

  it('embed.html: an illegal move is refused and the piece stays', async () => {
    await openEmbed();
    const before = await piecesOf('#nacht');
    const fen = await page.evaluate(() => document.getElementById('nacht').fen);
    // Only the legal destinations are offered.
    await page.click(sq('#nacht', 'b1'));
    assert.deepEqual(await page.$$eval('#nacht .dest', (els) => els.map((el) => el.dataset.square).sort()), ['a3', 'c3']);
    await page.click(sq('#nacht', 'b1'));
    await page.click(sq('#nacht', 'e2'));
    await page.click(sq('#nacht', 'e4')); // two squares: not in NAChT
    await page.click(sq('#nacht', 'e6')); // Black's pawn: not White's turn
    await page.click(sq('#nacht', 'e5'));
    await page.click(sq('#nacht', 'b1'));
    await page.click(sq('#nacht', 'b3')); // not a knight's move
    assert.deepEqual(await piecesOf('#nacht'), before);
    assert.deepEqual(await events(), []);
    // From the host: the engine's error, with its code, and nothing changes.
    const refused = await page.evaluate(() => {
      try {
        document.getElementById('nacht').play('e2e4');
        return null;
      } catch (err) {
        return { code: err.code, message: err.message };
      }
    });
    assert.equal(refused?.code, 'illegal_action');
    assert.match(refused.message, /e2e4/);
    assert.equal(await page.evaluate(() => document.getElementById('nacht').fen), fen);
    assert.deepEqual(await piecesOf('#nacht'), before);
  });

  it('embed.html: a legal drag plays, an illegal drag snaps back', async () => {
    await openEmbed();
    const before = await piecesOf('#nacht');
    // Held over e5, which is no destination, then let go: the pawn goes back to e2.
    await mouseDrag('#nacht', 'e2', 'e5', async () => {
      assert.equal(await page.locator('#nacht .piece-ghost').count(), 1, 'the piece follows the pointer');
      assert.deepEqual(await page.$$eval('#nacht .dest', (els) => els.map((el) => el.dataset.square)), ['e3']);
    });
    assert.deepEqual(await piecesOf('#nacht'), before);
    assert.equal(await page.locator('#nacht .piece-ghost, #nacht .drag-source').count(), 0, 'snapped back');
    await mouseDrag('#nacht', 'g1', 'g6'); // onto a black pawn: not a knight's move
    await touchDrag('#nacht', 'd2', 'd4'); // a finger: two squares, not in NAChT
    assert.deepEqual(await piecesOf('#nacht'), before);
    assert.deepEqual(await events(), []);

    await mouseDrag('#nacht', 'e2', 'e3');
    await touchDrag('#nacht', 'e6', 'e5');
    const played = (await events()).map((e) => [e.id, e.detail.action, e.detail.notation]);
    assert.deepEqual(played, [['nacht', 'e2e3', 'e3'], ['nacht', 'e6e5', 'e5']]);
    const after = await piecesOf('#nacht');
    assert.equal(after.e3, 'P');
    assert.equal(after.e5, 'p');
    // The read-only board takes no drag either.
    const quint = await piecesOf('#quint');
    await mouseDrag('#quint', 'f1', 'g4');
    assert.deepEqual(await piecesOf('#quint'), quint);
    assert.equal((await events()).length, 2);
  });

  it('embed.html: the read-only board refuses the user but takes play() from the host', async () => {
    await openEmbed();
    const before = await piecesOf('#quint');
    assert.equal(before.f1, 'L');
    // The user can select nothing: no destinations are offered.
    await page.click(sq('#quint', 'f1'));
    assert.equal(await page.locator('#quint .dest, #quint .selected').count(), 0);
    await page.click(sq('#quint', 'g4'));
    assert.deepEqual(await piecesOf('#quint'), before);

    // The page's button plays a move through element.play().
    await page.click('#quint-play');
    const after = await piecesOf('#quint');
    assert.equal(after.g4, 'L');
    assert.equal(after.f1, undefined);
    assert.deepEqual(await page.evaluate(() => document.getElementById('quint').turns().map((t) => t.notation)), ['e5', 'e6', 'Lg4']);
    assert.deepEqual(await events(), [], 'a move from the host is not reported as the user\'s');
    // Still read-only for the user after the host's move.
    await page.click(sq('#quint', 'e6'));
    assert.equal(await page.locator('#quint .dest').count(), 0);
    await page.click('#quint-back');
    assert.deepEqual(await piecesOf('#quint'), before);
    // Lifting readonly lets the user move.
    await page.evaluate(() => document.getElementById('quint').removeAttribute('readonly'));
    await page.click(sq('#quint', 'f1'));
    await page.click(sq('#quint', 'g4'));
    const [event] = await events();
    assert.equal(event?.id, 'quint');
    assert.equal(event.detail.action, 'f1g4');
    assert.equal(event.detail.notation, 'Lg4');
  });

  it("the host's API: legalMoves, undo, reset, fen, attribute changes", async () => {
    await openHarness({ variant: 'chess' });
    const result = await page.evaluate(() => {
      const out = {};
      out.legal = el.legalMoves().length;
      out.played = el.play('Nf3');
      out.undone = el.undo();
      try {
        el.undo();
      } catch (err) {
        out.undoCode = err.code;
      }
      el.play('e4');
      el.play('e5');
      out.turns = el.turns().map((t) => t.notation);
      el.reset();
      out.afterReset = el.history().length;
      return out;
    });
    assert.equal(result.legal, 20);
    assert.equal(result.played.action, 'g1f3');
    assert.equal(result.played.notation, 'Nf3');
    assert.equal(result.undone.action, 'g1f3');
    assert.equal(result.undoCode, 'nothing_to_undo');
    assert.deepEqual(result.turns, ['e4', 'e5']);
    assert.equal(result.afterReset, 0);

    // Setting `fen` starts from that position; the board follows.
    const fen = '8/P6k/8/8/8/8/8/K7 w - - 0 1';
    await page.evaluate((f) => (el.fen = f), fen);
    assert.equal(await page.evaluate(() => el.fen), fen);
    assert.deepEqual(await piecesOf('schach-board'), { a7: 'P', h7: 'k', a1: 'K' });

    // Variant and options changed together start one new game, once.
    const changed = await page.evaluate(() => {
      el.removeAttribute('fen');
      el.setAttribute('variant', 'nacht');
      el.setAttribute('options', 'setup=reverse castling=true');
      return { fen: el.fen, errors: window.events.filter((e) => e.type === 'error').length };
    });
    assert.equal(changed.fen, 'rnbkqbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    assert.equal(changed.errors, 0);
    assert.equal(await page.locator('schach-board [data-square]').count(), 56);

    // Orientation: rank 1 at the top for Black.
    const y = (square) => page.locator(`schach-board [data-square="${square}"]`).boundingBox().then((b) => b.y);
    assert.ok((await y('a1')) > (await y('a7')));
    await page.evaluate(() => el.setAttribute('orientation', 'black'));
    assert.ok((await y('a1')) < (await y('a7')), 'flipped');

    // A bad attribute: an error event and message, and the game there was stays.
    await page.evaluate(() => el.setAttribute('options', 'setup=mirror'));
    await page.waitForFunction(() => window.events.some((e) => e.type === 'error'));
    const error = (await events()).find((e) => e.type === 'error');
    assert.equal(error.detail.code, 'bad_option');
    assert.match(await page.textContent('schach-board .sb-error'), /mirror/);
    assert.equal(await page.evaluate(() => el.fen), changed.fen);
    assert.equal(await page.evaluate(() => el.play('e2e3').notation), 'e3');
  });

  it('marks the king in check in a position loaded in check', async () => {
    // Black to move, in check from the rook on e1: no move of the game gave it.
    await openHarness({ variant: 'chess', fen: '4k3/8/8/8/8/8/8/4R1K1 b - - 0 1' });
    const checked = () => page.$$eval('schach-board .check', (els) => els.map((el) => el.dataset.square));
    assert.deepEqual(await checked(), ['e8']);
    await page.evaluate(() => el.play('Kd7'));
    assert.deepEqual(await checked(), []);
    await page.evaluate(() => el.undo());
    assert.deepEqual(await checked(), ['e8'], 'and again after an undo');
  });

  it('offers the decisions of a multi-action turn: promotion, shift and chain', async () => {
    await openHarness({ variant: 'chess', fen: '8/P6k/8/8/8/8/8/K7 w - - 0 1' });
    await page.click('schach-board [data-square="a7"]');
    await page.click('schach-board [data-square="a8"]');
    await page.waitForSelector('schach-board .promotion-picker');
    assert.deepEqual(
      await page.$$eval('schach-board .promotion-picker [data-promotion]', (els) => els.map((el) => el.dataset.promotion)),
      ['q', 'r', 'b', 'n'],
    );
    assert.deepEqual(await events(), [], 'nothing played before the choice');
    assert.equal((await piecesOf('schach-board')).a7, 'P');
    await page.click('schach-board .promotion-picker [data-promotion="n"]');
    assert.equal(await page.locator('schach-board .promotion-picker').count(), 0);
    let [event] = await events();
    assert.equal(event.detail.action, 'a7a8n');
    assert.equal(event.detail.notation, 'a8=N');

    // Impulschach: a Catalyst chain (End chain), an Impulse's shift direction, displacements.
    await page.evaluate(() => window.make({ variant: 'impulschach', moves: 'e4, e5, Bb5, c6' }));
    await page.click('schach-board [data-square="b1"]');
    await page.click('schach-board [data-square="c3"]');
    assert.match(await page.textContent('schach-board .sb-text'), /activated/);
    assert.ok(await page.isVisible('schach-board button[data-action="end"]'));
    await page.click('schach-board [data-square="d1"]');
    await page.click('schach-board [data-square="e2"]');
    await page.click('schach-board button[data-action="shift:a"]');
    await page.waitForSelector('schach-board .mark-displace[data-square="a7"]');
    await page.waitForSelector('schach-board .square.dest');
    await page.click('schach-board [data-square="a6"]');
    const actions = (await events()).map((e) => e.detail.action);
    assert.deepEqual(actions, ['b1c3', 'd1e2', 'shift:a', 'a7a6']);
    [event] = (await events()).slice(-1);
    assert.equal(event.detail.decision.kind, 'displace');
    assert.equal(event.detail.decision.select, 'b7');
    assert.match(event.detail.turn, /^Cc3 \(Ie2\(aa6/);
    // A whole turn from the host, in notation.
    await page.evaluate(() => window.make({ variant: 'impulschach', moves: 'e4, e5, Bb5, c6' }));
    const played = await page.evaluate(() => el.play('Cc3 (a4, Ie2(aa6, bb6, cd5, dd6, ef4, ff6, gg6, hh6), Bxe8#)'));
    assert.equal(played.status.state, 'white wins');
    assert.match(await page.textContent('schach-board .sb-text'), /White wins: king captured/);
  });

  it('Immortal Chess without a referee: an entry is handed to the host, which names the piece', async () => {
    await openHarness({ variant: 'immortal' });
    await page.click('schach-board [data-square="f3"]');
    await page.click('schach-board [data-square="f5"]');
    assert.ok(await page.isVisible('schach-board button[data-action="pass"]'));
    await page.click('schach-board [data-square="a5"]');
    await page.click('schach-board [data-square="b5"]');
    const [move, entry] = await events();
    assert.equal(move.detail.action, 'f3f5');
    assert.deepEqual(entry, { type: 'entry', detail: { action: 'a5b5', from: 'a5', to: 'b5' } });
    assert.equal((await piecesOf('schach-board')).a5, '?', 'nothing played yet');
    const played = await page.evaluate(() => el.play('a5b5=n'));
    assert.equal(played.notation, '@a5-b5=n');
    assert.equal((await piecesOf('schach-board')).b5, 'n');
  });

  it('Immortal Chess with a seed: the moves attribute is a record whose pieces must be the deal\'s', async () => {
    // The zero seed's deal has a black knight on a5.
    const options = `seed=${'0'.repeat(64)}`;
    await openHarness({ variant: 'immortal', options, moves: 'f3f5,a5b5=n,f8f6' });
    assert.deepEqual(await events(), []);
    assert.equal((await piecesOf('schach-board')).b5, 'n');
    assert.deepEqual(
      await page.evaluate(() => el.turns().map((t) => t.notation)),
      ['f5, @a5-b5=n', 'f6'],
    );
    // A record the deal contradicts is refused at its entry, as the game is with no moves.
    await page.evaluate((o) => window.make({ variant: 'immortal', options: o, moves: 'f3f5,a5b5=q' }), options);
    const [error] = await events();
    assert.equal(error.type, 'error');
    assert.equal(error.detail.step, 'move a5b5=q');
    assert.match(error.detail.message, /the deal reveals n there/);
    // The host's play takes no piece with an entry under a referee, the deal's own neither.
    await page.evaluate((o) => window.make({ variant: 'immortal', options: o, moves: 'f3f5' }), options);
    const code = await page.evaluate(() => {
      try {
        el.play('a5b5=n');
        return null;
      } catch (err) {
        return err.code;
      }
    });
    assert.equal(code, 'bad_request');
    assert.equal(await page.evaluate(() => el.play('a5b5').notation), '@a5-b5=n');
  });

  it('loads the engine from the engine attribute or SchachBoard.engineUrl', async () => {
    const fetched = [];
    const onRequest = (req) => {
      if (req.url().endsWith('.wasm')) fetched.push(new URL(req.url()).pathname);
    };
    suite.browser.context.on('request', onRequest);
    try {
      await openHarness({ variant: 'nietzsche', engine: '/elsewhere/schachwerk.js' });
    } finally {
      suite.browser.context.off('request', onRequest);
    }
    assert.deepEqual(fetched, ['/elsewhere/schachwerk_bg.wasm']);
    assert.equal(await page.locator('schach-board [data-square]').count(), 64);
    assert.equal(await page.evaluate(() => SchachBoard.engineUrl), null, 'the default: the bundled engine');
    // Before the engine has loaded, the host's calls say so.
    const early = await page.evaluate(() => {
      const fresh = document.createElement('schach-board');
      try {
        fresh.play('e2e4');
        return null;
      } catch (err) {
        return err.code;
      }
    });
    assert.equal(early, 'not_ready');
  });
});
