// Nietzsche Chess's fourteen promotion sequences on the page and in <schach-board> (issue 25),
// in headless Chromium: the Sequence menu (shown for Nietzsche only, writing `sequence=...`
// into the options, kept by the link); every sequence started from the menu and in the element
// with its pieces drawn as their own pictures (a piece with no picture fails); the page's
// table of sequences (www/nietzsche-sequences.js) the same as the engine's pieces; the legend
// listing each sequence's pieces with their moves; games whose en-prise promotions bring in a
// new piece, with the link keeping the sequence, and against the computer.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, openPage, useAppPage } from './helpers.mjs';

// The option names of ../shared/RULES.md, in the rule page's order.
const SEQUENCES = [
  'fast', 'crowned', 'timur', 'eurasian', 'mixed-timur', 'mixed-eurasian', 'knighted', 'long-crowned',
  'long-timur', 'long-eurasian', 'ecumenical', 'wildeurasian', 'shogi', 'courier',
];

// A page with one <schach-board>, made by the test through `window.make(attributes)`.
const HARNESS = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<style>schach-board { width: 420px; }</style>
<script type="module">
  import '/schach-board.js';
  window.make = async (attributes) => {
    document.querySelector('schach-board')?.remove();
    const el = document.createElement('schach-board');
    for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
    document.body.append(el);
    await el.ready;
    return el.lastError;
  };
  document.body.dataset.ready = 'true';
</script></head><body></body></html>`;

let page;
let suite;

const { errorText, loadFen, move } = appPage(() => page);

/**
 * The engine's pieces of each sequence, `{sequence: [{letter, name}]}`, and what the page's
 * tables make of them: the picture of each letter (pieces.js) and the page's sequence.
 */
const engineAndTables = () =>
  page.evaluate(async (names) => {
    const { Game } = await import('/pkg/schachwerk.js');
    const { picturesFor, PICTURES } = await import('/pieces.js');
    const { sequenceOf } = await import('/nietzsche-sequences.js');
    const out = {};
    for (const sequence of names) {
      const game = new Game('nietzsche', { sequence });
      out[sequence] = {
        engine: game.pieces(),
        pictures: picturesFor('nietzsche', { sequence }),
        table: sequenceOf({ sequence })?.pieces.map((p) => ({ ...p })) ?? null,
        known: PICTURES,
      };
      game.free();
    }
    return out;
  }, SEQUENCES);

// The picture a piece's engine name calls for ('dragon horse' is 'dragon-horse').
const pictureOf = (name) => name.toLowerCase().replace(/ /g, '-');

/**
 * A position with every piece of a sequence of both colours: White's on ranks 2 and 1 in the
 * sequence's order (the pawn on a2), Black's the same on ranks 7 and 8, the kings on e1 and e8.
 */
function everyPieceFen(letters) {
  const squares = ['a2', 'b2', 'c2', 'd2', 'e2', 'f2', 'g2', 'h2', 'a1', 'b1', 'c1', 'd1', 'f1', 'g1', 'h1'];
  const board = Array.from({ length: 8 }, () => Array(8).fill(''));
  const put = (square, letter) => {
    board[8 - Number(square[1])][square.charCodeAt(0) - 97] = letter;
  };
  put('e1', 'K');
  put('e8', 'k');
  letters.forEach((letter, i) => {
    put(squares[i], letter);
    put(`${squares[i][0]}${9 - Number(squares[i][1])}`, letter.toLowerCase());
  });
  const rows = board.map((row) => row.map((l) => l || '1').join('').replace(/1+/g, (ones) => String(ones.length)));
  return `${rows.join('/')} w - - 0 1`;
}

/** Every piece drawn inside `root`: square, letter, picture, and the SVG's picture and colour. */
const drawnPieces = (root = '') =>
  page.$$eval(`${root} [data-square] [data-piece]`, (els) =>
    els.map((el) => ({
      square: el.closest('[data-square]').dataset.square,
      letter: el.dataset.piece,
      picture: el.dataset.picture,
      svg: el.querySelector('svg')?.dataset.picture ?? null,
      colour: el.querySelector('svg')?.dataset.colour ?? null,
    })),
  );

/** Checks that every piece of `expected` ({letter: picture}, both colours) is drawn with its picture. */
function assertPictures(drawn, expected, where) {
  const seen = new Set();
  for (const p of drawn) {
    const wanted = expected[p.letter.toUpperCase()];
    assert.ok(wanted, `${where}: ${p.letter} on ${p.square} is a piece of the sequence`);
    assert.equal(p.picture, wanted, `${where}: ${p.letter} on ${p.square} is drawn as the ${wanted}, not ${p.picture}`);
    assert.equal(p.svg, wanted, `${where}: ${p.letter} on ${p.square} has its SVG`);
    assert.equal(p.colour, p.letter === p.letter.toUpperCase() ? 'white' : 'black', `${where}: ${p.letter}'s colour`);
    seen.add(p.letter);
  }
  for (const letter of Object.keys(expected)) {
    for (const l of [letter, letter.toLowerCase()]) assert.ok(seen.has(l), `${where}: ${l} drawn`);
  }
}

/** The legend's entries: letter, name, pictures and move. */
const legend = () =>
  page.$$eval('#legend-body dt', (els) =>
    els.map((dt) => ({
      letter: dt.dataset.piece,
      name: dt.querySelector('.legend-name').textContent,
      pictures: [...dt.querySelectorAll('svg')].map((svg) => `${svg.dataset.picture}/${svg.dataset.colour}`),
      move: dt.nextElementSibling.textContent,
    })),
  );

describe('Nietzsche sequences on the page and in the element', () => {
  suite = useAppPage({
    getPage: () => page,
    setPage: (p) => (page = p),
    pages: { '/nietzsche-harness.html': { type: 'text/html; charset=utf-8', body: HARNESS } },
  });

  it("the page's table of sequences is the engine's: the same letters, and a picture for every piece", async () => {
    const all = await engineAndTables();
    for (const sequence of SEQUENCES) {
      const { engine, pictures, table, known } = all[sequence];
      assert.ok(table, `${sequence}: in the page's table`);
      const engineOrder = engine.filter((p) => p.letter !== 'K');
      assert.deepEqual(
        table.map((p) => `${p.letter} ${p.picture}`).sort(),
        engineOrder.map((p) => `${p.letter} ${pictureOf(p.name)}`).sort(),
        `${sequence}: the page's letters and pieces are the engine's`,
      );
      for (const { letter, name } of engine) {
        assert.ok(known.includes(pictures[letter]), `${sequence}: ${letter} (${name}) has a picture (${pictures[letter]})`);
        assert.equal(pictures[letter], pictureOf(name), `${sequence}: ${letter} is drawn as the ${name}`);
      }
    }
  });

  it('offers the Sequence menu for Nietzsche only, with the fourteen sequences and their pieces', async () => {
    assert.equal(await page.isVisible('#sequence'), false, 'not for chess');
    await page.selectOption('#variant', 'nietzsche');
    assert.equal(await page.isVisible('#sequence'), true, 'shown for Nietzsche');
    const offered = await page.$$eval('#sequence option', (els) => els.map((o) => ({ value: o.value, text: o.textContent })));
    assert.deepEqual(offered.map((o) => o.value), SEQUENCES);
    assert.equal(await page.inputValue('#sequence'), 'fast', 'the default');
    assert.equal(offered[0].text, 'Fast: P-N-B-R-Q');
    assert.equal(offered[12].text, 'Shogi-inclusive: P-Helm-Wing-Silver-Gold-N-B-Primate-R-Chatelaine-Q');
    assert.equal(offered[13].text, 'Courier-inclusive: P-Elephant-Dabbaba-Ferz-Wazir-Camel-N-Prince-B-R-Q');
    await page.selectOption('#variant', 'nacht');
    assert.equal(await page.isVisible('#sequence'), false, 'hidden again for another variant');
  });

  it('starts every sequence from the menu, drawing all its pieces and listing them in the legend', async () => {
    const all = await engineAndTables();
    await page.selectOption('#variant', 'nietzsche');
    for (const sequence of SEQUENCES) {
      await page.selectOption('#sequence', sequence);
      assert.equal(await errorText(), '', `${sequence} starts`);
      const options = await page.inputValue('#options');
      assert.equal(options, sequence === 'fast' ? '' : `sequence=${sequence}`, `${sequence}: written into the options`);
      const { engine } = all[sequence];
      const expected = Object.fromEntries(engine.map(({ letter, name }) => [letter, pictureOf(name)]));

      // The start, then a position with every piece of the sequence.
      assertPictures(await drawnPieces(), Object.fromEntries(Object.entries(expected).filter(([l]) => 'KQRBNP'.includes(l))), `${sequence} start`);
      const letters = engine.map((p) => p.letter).filter((l) => l !== 'K');
      await loadFen(everyPieceFen(letters));
      assert.equal(await errorText(), '', `${sequence}: loads a position with all its pieces`);
      assertPictures(await drawnPieces(), expected, `${sequence} every piece`);
      assert.equal(await page.inputValue('#sequence'), sequence, `${sequence}: still chosen after a position is loaded`);

      // The legend: the king, then the sequence from its last piece to the pawn, each with both
      // pictures and a move in words; the note gives the order.
      const entries = await legend();
      const table = all[sequence].table;
      assert.deepEqual(entries.map((e) => e.letter), ['K', ...table.map((p) => p.letter).reverse()], `${sequence}: the legend's pieces`);
      for (const entry of entries) {
        const picture = expected[entry.letter];
        assert.deepEqual(entry.pictures, [`${picture}/white`, `${picture}/black`], `${sequence}: ${entry.letter}'s pictures`);
        assert.equal(entry.name.toLowerCase(), engine.find((p) => p.letter === entry.letter).name, `${sequence}: ${entry.letter}'s name`);
        assert.ok(entry.move.length > 12, `${sequence}: how the ${entry.name} moves`);
      }
      const note = await page.textContent('#legend-body .legend-note');
      for (const entry of entries.filter((e) => !'KQRBNP'.includes(e.letter))) {
        assert.ok(note.includes(entry.name), `${sequence}: the note's sequence names the ${entry.name}`);
      }
    }
  });

  it("says each new piece's move as RULES.md defines it", async () => {
    await page.selectOption('#variant', 'nietzsche');
    const moves = {};
    for (const sequence of ['crowned', 'timur', 'eurasian', 'mixed-timur', 'mixed-eurasian', 'long-crowned', 'ecumenical', 'shogi', 'courier']) {
      await page.selectOption('#sequence', sequence);
      for (const entry of await legend()) moves[entry.name] = entry.move;
    }
    const expected = {
      Camel: /three squares one way and one square at right angles/,
      Prince: /One step in any direction.*not royal/,
      Primate: /bishop, or one step along a rank or file/,
      Chatelaine: /rook, or one step diagonally/,
      Picket: /bishop, but at least two squares/,
      Pocket: /rook, but at least two squares/,
      Fagin: /queen, but at least two squares/,
      Inquion: /bishop, or as a pocket/,
      Infanon: /rook, or as a picket/,
      Arrow: /bishop without capturing.*diagonal by jumping over exactly one piece/,
      Cannon: /rook without capturing.*rank or file by jumping over exactly one piece/,
      Tank: /queen without capturing.*any line by jumping over exactly one piece/,
      Saint: /bishop or as a cannon/,
      Sparrow: /rook or as an arrow/,
      Caliph: /bishop or as a camel/,
      Canvasser: /rook or as a camel/,
      Acme: /queen or as a camel/,
      Gnu: /knight or as a camel/,
      Helm: /two squares forward and one to the side/,
      Wing: /straight forward/,
      Silver: /diagonally or straight forward/,
      Gold: /rank or file, or diagonally forward/,
      Elephant: /two squares diagonally/,
      Dabbaba: /two squares along a rank or file/,
      Ferz: /^One step diagonally\.$/,
      Wazir: /^One step along a rank or file\.$/,
    };
    for (const [name, pattern] of Object.entries(expected)) assert.match(moves[name] ?? '(missing)', pattern, name);
  });

  it("shows a new piece's moves from the legend, and says what a hopper's captures need", async () => {
    await page.selectOption('#variant', 'nietzsche');
    await page.selectOption('#sequence', 'eurasian');
    await page.click('#legend-body dt[data-piece="O"] .piece-moves-button');
    await page.waitForSelector('#piece-moves .square.mark-reach');
    const reach = await page.$$eval('#piece-moves .square.mark-reach', (els) => els.map((el) => el.dataset.square));
    const origin = await page.$eval('#piece-moves .square.mark-origin', (el) => el.dataset.square);
    // The Cannon moves as a rook: every marked square on the origin's file or rank.
    assert.ok(reach.length >= 10, `a rook's moves (${reach.join(' ')})`);
    for (const square of reach) assert.ok(square[0] === origin[0] || square[1] === origin[1], `${square} in line with ${origin}`);
    assert.equal(await page.$eval(`#piece-moves [data-square="${origin}"] [data-piece]`, (el) => el.dataset.picture), 'cannon');
    assert.match(await page.textContent('.piece-moves-caption'), /Cannon .*captures only by jumping over one piece/);
    // In Mixed-compound Timur the same letter O is the Infanon, which is no hopper.
    await page.selectOption('#sequence', 'mixed-timur');
    await page.click('#legend-body dt[data-piece="O"] .piece-moves-button');
    await page.waitForSelector('#piece-moves .square.mark-reach');
    assert.doesNotMatch(await page.textContent('.piece-moves-caption'), /jumping/);
    assert.match(await page.textContent('.piece-moves-caption'), /^Infanon/);
  });

  it('plays a Eurasian game in which an attacked pawn becomes a Camel, and keeps the sequence in the link', async () => {
    await page.selectOption('#variant', 'nietzsche');
    await page.selectOption('#sequence', 'eurasian');
    assert.equal(await errorText(), '', 'Eurasian starts');
    await move('e2', 'e4');
    await move('e7', 'e5');
    await move('g1', 'f3');
    await move('b8', 'c6');
    // 2...Nc6 leaves Black's e5 pawn attacked by the knight on f3: it becomes a Camel, the
    // sequence's second piece (a Knight in Fast).
    const e5 = (await drawnPieces()).find((p) => p.square === 'e5');
    assert.deepEqual([e5.letter, e5.picture, e5.colour], ['c', 'camel', 'black']);
    assert.match((await page.$$eval('#moves .ply', (els) => els.map((el) => el.textContent))).join(' '), /Nc6 \(e5=C\)/);
    // 3.Bb5 (the camel on e5 now attacks d2 and f2: those pawns become White's camels), then
    // the camel moves: a leap of (1,3), to a square where it is not attacked, so it stays a camel.
    await move('f1', 'b5');
    assert.equal(await errorText(), '');
    const leaps = await page.evaluate(async (fen) => {
      const { Game } = await import('/pkg/schachwerk.js');
      const out = [];
      for (const action of new Game('nietzsche', { sequence: 'eurasian' }, fen).legalMoves().filter((m) => m.startsWith('e5'))) {
        const game = new Game('nietzsche', { sequence: 'eurasian' }, fen);
        game.play(action);
        const stays = game.board().pieces.find((p) => p.square === action.slice(2, 4))?.piece === 'c';
        out.push({ action, stays });
        game.free();
      }
      return out;
    }, await page.inputValue('#fen'));
    assert.ok(leaps.length > 0, 'the camel can move');
    for (const { action } of leaps) {
      const df = Math.abs(action.charCodeAt(2) - 'e'.charCodeAt(0));
      const dr = Math.abs(Number(action[3]) - 5);
      assert.deepEqual([df, dr].sort(), [1, 3], `${action} is a camel's leap`);
    }
    const leap = leaps.find((l) => l.stays)?.action;
    assert.ok(leap, 'a leap to a safe square');
    await move(leap.slice(0, 2), leap.slice(2, 4));
    assert.equal(await errorText(), '');
    const moved = (await drawnPieces()).find((p) => p.square === leap.slice(2, 4));
    assert.equal(moved.picture, 'camel', 'the camel has moved');

    // The link keeps the sequence; a reload starts the same game with the menu on Eurasian. The
    // link is rewritten after the move is drawn: waited for until it holds the camel's leap too
    // (a reload before that started the game a move earlier, with no camel on its square).
    await page.waitForFunction((last) => {
      const hash = decodeURIComponent(location.hash);
      const moves = /[#&]moves=([^&]*)/.exec(hash)?.[1] ?? '';
      return hash.includes('sequence=eurasian') && moves.split(',').at(-1) === last;
    }, leap);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.inputValue('#sequence'), 'eurasian');
    assert.equal(await page.inputValue('#options'), 'sequence=eurasian');
    assert.equal((await drawnPieces()).find((p) => p.square === leap.slice(2, 4))?.picture, 'camel', 'the camel after the reload');
  });

  it('plays a sequence against the computer: a pawn becomes a Helm, and the computer answers in Shogi-inclusive', async () => {
    await page.selectOption('#variant', 'nietzsche');
    await page.selectOption('#sequence', 'shogi');
    // 1.e5 puts the pawn where Black's d6 pawn attacks it: it becomes a Helm (E), the second
    // piece of Shogi-inclusive; then the computer answers in that game.
    await loadFen('4k3/8/3p4/8/4P3/8/8/4K3 w - - 0 1');
    await page.selectOption('#level', 'easy');
    await page.selectOption('#opponent', 'black');
    await move('e4', 'e5');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('#moves .ply:not(.empty)').length >= 2 &&
        !['thinking', 'playing'].includes(document.querySelector('#engine')?.dataset.state),
      null,
      { timeout: 30_000 },
    );
    assert.equal(await errorText(), '');
    assert.match(await page.textContent('#moves .ply'), /e5 \(e5=E\)/);
    assert.equal(await page.inputValue('#sequence'), 'shogi', 'the computer plays the chosen sequence');
    // After its answer the position is still a Shogi-inclusive game, every piece drawn its own.
    const fen = await page.inputValue('#fen');
    const legal = await page.evaluate(async (f) => {
      const { Game } = await import('/pkg/schachwerk.js');
      const game = new Game('nietzsche', { sequence: 'shogi' }, f);
      const n = game.legalMoves().length;
      game.free();
      return n;
    }, fen);
    assert.ok(legal > 0, `${fen}: White has moves`);
    for (const p of await drawnPieces()) assert.ok(p.svg && p.svg !== 'letter', `${p.letter} on ${p.square} has its picture`);
  });

  it('follows the options field: typing sequence=shogi chooses Shogi-inclusive in the menu', async () => {
    await page.selectOption('#variant', 'nietzsche');
    await page.fill('#options', 'sequence=shogi');
    await page.press('#options', 'Enter');
    await page.locator('#options').blur();
    await page.waitForFunction(() => document.querySelector('#sequence').value === 'shogi');
    assert.equal(await errorText(), '');
    const legendLetters = (await legend()).map((e) => e.letter);
    assert.deepEqual(legendLetters, ['K', 'Q', 'D', 'R', 'H', 'B', 'N', 'G', 'S', 'L', 'E', 'P']);
    // A name the engine does not know is refused with the valid ones named; the game stays.
    await page.fill('#options', 'sequence=nope');
    await page.locator('#options').blur();
    await page.waitForFunction(() => !document.querySelector('#error').hidden);
    assert.match(await errorText(), /nope/);
    assert.equal(await page.inputValue('#sequence'), 'shogi', 'the game there was stays');
  });

  it('starts every sequence in <schach-board options="sequence=...">, with every piece its picture', async () => {
    const all = await engineAndTables(); // on the app page, whose engine is loaded
    await page.close();
    page = await openPage(suite.browser.context, `${suite.server.url}nietzsche-harness.html`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    for (const sequence of SEQUENCES) {
      const { engine } = all[sequence];
      const expected = Object.fromEntries(engine.map(({ letter, name }) => [letter, pictureOf(name)]));
      const letters = engine.map((p) => p.letter).filter((l) => l !== 'K');
      const error = await page.evaluate(
        (attributes) => window.make(attributes),
        { variant: 'nietzsche', options: `sequence=${sequence}`, fen: everyPieceFen(letters) },
      );
      assert.equal(error, null, `${sequence}: the element starts`);
      assertPictures(await drawnPieces('schach-board'), expected, `element ${sequence}`);
    }
    // A game in the element: the attacked pawn becomes the sequence's second piece.
    const error = await page.evaluate(() =>
      window.make({ variant: 'nietzsche', options: 'sequence=courier', moves: 'e2e4 e7e5 g1f3 b8c6' }),
    );
    assert.equal(error, null);
    const e5 = (await drawnPieces('schach-board')).find((p) => p.square === 'e5');
    assert.deepEqual([e5.letter, e5.picture], ['e', 'elephant'], 'Courier: the pawn becomes an Elephant');
  });
});
