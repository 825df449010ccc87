// The piece pictures (www/pieces.js) and the legend (www/legend.js) on the page, in headless
// Chromium: every variant's pieces drawn as SVG pictures (no lettered discs, no glyphs), each
// letter its own picture, white light and black dark, the face-down Immortal of neither side;
// the legend of the current variant, following the variant and its options; and screenshots of
// every variant's start position, at the page's size and with 24 px squares, into
// target/screenshots/ (git-ignored) to be looked at.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { WWW, appPage, useAppPage } from './helpers.mjs';

const SHOTS = fileURLToPath(new URL('../../target/screenshots/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

// Each variant as the page starts it, a position with every letter of it, and the pictures.
const VARIANTS = [
  {
    name: 'chess',
    pictures: { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' },
  },
  {
    name: 'nietzsche',
    options: 'sequence=knighted',
    shot: 'nietzsche-knighted',
    // The start has no Cardinal, Marshal or Ace: a position that has them all, both colours.
    fen: 'amx1k3/pppp4/8/8/8/8/PPPP4/AMX1K3 w - - 0 1',
    pictures: { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn', A: 'cardinal', M: 'marshal', X: 'ace' },
  },
  {
    name: 'nacht',
    pictures: { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' },
  },
  {
    name: 'quintessential',
    pictures: { K: 'king', L: 'leeloo', C: 'centurion', Q: 'quintessence', J: 'janus', D: 'dragon-horse', P: 'pawn' },
  },
  {
    name: 'impulschach',
    pictures: { K: 'king', I: 'impulse', C: 'catalyst', R: 'rook', B: 'bishop', P: 'pawn' },
  },
  {
    name: 'immortal',
    pictures: { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn', '?': 'immortal' },
  },
];

let page;

const { errorText, loadFen } = appPage(() => page);

async function startVariant({ name, options = '' }) {
  await page.fill('#options', options);
  await page.selectOption('#variant', name);
  assert.equal(await errorText(), '', `${name} starts`);
}

/** Every piece on the board: letter, picture, class, whether it holds an SVG, its fill, its text. */
const drawnPieces = () =>
  page.$$eval('[data-square] [data-piece]', (els) =>
    els.map((el) => ({
      square: el.closest('[data-square]').dataset.square,
      letter: el.dataset.piece,
      picture: el.dataset.picture,
      className: el.className,
      svg: el.querySelector('svg')?.getAttribute('data-picture') ?? null,
      fill: el.querySelector('svg')?.getAttribute('fill') ?? null,
      paths: el.querySelectorAll('svg path, svg circle').length,
      text: el.textContent.trim(),
    })),
  );

// The perceived lightness (0-255) of a #rrggbb colour.
const lightness = (hex) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b;
};

describe('piece pictures and the legend', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  it("draws every variant's pieces as SVG pictures, each letter its own, in both colours", async () => {
    for (const variant of VARIANTS) {
      await startVariant(variant);
      const seen = new Map(); // letter (upper case) -> picture
      const positions = variant.fen ? [null, variant.fen] : [null];
      for (const fen of positions) {
        if (fen) {
          await loadFen(fen);
          assert.equal(await errorText(), '', `${variant.name}: loads ${fen}`);
        }
        const drawn = await drawnPieces();
        assert.ok(drawn.length > 0, `${variant.name}: pieces drawn`);
        for (const p of drawn) {
          const where = `${variant.name} ${p.square} ${p.letter}`;
          assert.notEqual(p.picture, 'letter', `${where}: a picture, not a lettered disc`);
          assert.equal(p.svg, p.picture, `${where}: an SVG of its picture`);
          assert.ok(p.paths >= 2, `${where}: drawn with paths`);
          assert.equal(p.text, '', `${where}: no glyph or letter text`);
          assert.doesNotMatch(p.className, /\bfairy\b/, `${where}: no disc`);
          const expected = variant.pictures[p.letter.toUpperCase()];
          assert.equal(p.picture, expected, `${where}: the ${expected}`);
          if (p.letter === '?') {
            assert.match(p.className, /\bneutral\b/, `${where}: of neither side`);
          } else if (p.letter === p.letter.toUpperCase()) {
            assert.ok(lightness(p.fill) > 200, `${where}: white is light (${p.fill})`);
          } else {
            assert.ok(lightness(p.fill) < 80, `${where}: black is dark (${p.fill})`);
          }
          seen.set(p.letter.toUpperCase(), p.picture);
        }
      }
      assert.deepEqual(
        Object.fromEntries([...seen].sort()),
        Object.fromEntries(Object.entries(variant.pictures).sort()),
        `${variant.name}: every letter drawn`,
      );
      assert.equal(new Set(seen.values()).size, seen.size, `${variant.name}: no two letters look alike`);
    }
  });

  it('has a distinct, well-formed picture for every piece type in both colours', async () => {
    const result = await page.evaluate(async () => {
      const { PICTURES, pieceSvg } = await import('/pieces.js');
      const out = {};
      for (const name of PICTURES) {
        for (const colour of ['white', 'black']) {
          const markup = pieceSvg(name, colour);
          const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
          out[`${name}/${colour}`] = {
            ok: !doc.querySelector('parsererror') && doc.documentElement.getAttribute('viewBox') === '0 0 45 45',
            shapes: [...doc.querySelectorAll('path, circle')].map((el) => el.getAttribute('d') ?? `c${el.getAttribute('cx')}`).join('|'),
            bytes: markup.length,
          };
        }
      }
      return { names: PICTURES, out };
    });
    const expected = [
      'king', 'queen', 'rook', 'bishop', 'knight', 'pawn', 'leeloo', 'centurion', 'quintessence', 'janus',
      'dragon-horse', 'impulse', 'catalyst', 'cardinal', 'marshal', 'ace', 'immortal',
      // Nietzsche's sequences (issue 25).
      'camel', 'prince', 'primate', 'chatelaine', 'picket', 'pocket', 'fagin', 'inquion', 'infanon', 'arrow',
      'cannon', 'tank', 'saint', 'sparrow', 'caliph', 'canvasser', 'acme', 'gnu', 'helm', 'wing', 'silver',
      'gold', 'elephant', 'dabbaba', 'ferz', 'wazir',
    ];
    assert.deepEqual([...result.names].sort(), [...expected].sort());
    for (const [key, { ok }] of Object.entries(result.out)) assert.ok(ok, `${key}: well-formed SVG`);
    const shapes = result.names.map((name) => result.out[`${name}/white`].shapes);
    assert.equal(new Set(shapes).size, shapes.length, 'every picture its own drawing');
    const largest = Math.max(...Object.values(result.out).map((v) => v.bytes));
    assert.ok(largest < 4000, `small pictures (largest ${largest} bytes)`);
  });

  it('keeps the widget, the pictures and the legend small', () => {
    const files = ['pieces.js', 'board.js', 'legend.js'];
    const gz = gzipSync(Buffer.concat(files.map((f) => readFileSync(`${WWW}${f}`))), { level: 9 }).length;
    assert.ok(gz < 24_000, `${files.join(' + ')}: ${gz} bytes gzipped`);
  });

  it('shows the legend of the current variant, with pictures, names and moves', async () => {
    const legend = () =>
      page.$$eval('#legend-body dt', (els) =>
        els.map((dt) => ({
          letter: dt.dataset.piece,
          name: dt.querySelector('.legend-name').textContent,
          pictures: [...dt.querySelectorAll('svg')].map((svg) => `${svg.dataset.picture}/${svg.dataset.colour}`),
          move: dt.nextElementSibling.textContent,
        })),
      );
    assert.ok(await page.isVisible('#legend-body'), 'shown on the page');
    let entries = await legend();
    assert.deepEqual(entries.map((e) => e.name), ['King', 'Queen', 'Rook', 'Bishop', 'Knight', 'Pawn']);
    assert.deepEqual(entries[4].pictures, ['knight/white', 'knight/black']);
    assert.match(entries[4].move, /two squares one way and one square at right angles/);
    assert.match(await page.textContent('#legend-title'), /Pieces of Chess/);

    await startVariant({ name: 'quintessential' });
    entries = await legend();
    assert.deepEqual(entries.map((e) => `${e.letter} ${e.name}`), [
      'K King', 'L Leeloo', 'C Centurion', 'Q Quintessence', 'J Janus', 'D Dragon horse', 'P Pawn',
    ]);
    const q = entries.find((e) => e.letter === 'Q');
    assert.deepEqual(q.pictures, ['quintessence/white', 'quintessence/black']);
    assert.match(q.move, /knight\u2019s jump at right angles/);
    assert.match(entries.find((e) => e.letter === 'C').move, /Leaps two squares straight, two diagonally/);
    assert.match(entries.find((e) => e.letter === 'D').move, /bishop, or one step along a rank or file/);

    await startVariant({ name: 'impulschach' });
    entries = await legend();
    assert.deepEqual(entries.map((e) => `${e.letter} ${e.name}`), ['K King', 'I Impulse', 'C Catalyst', 'R Rook', 'B Bishop', 'P Pawn']);
    assert.match(entries.find((e) => e.letter === 'C').move, /activated|may move once/);
    assert.deepEqual(entries.find((e) => e.letter === 'C').pictures, ['catalyst/white', 'catalyst/black']);

    // Nietzsche: the Knighted sequence adds its three pieces, the Fast one has none of them
    // (every sequence: nietzsche-sequences.test.mjs).
    await startVariant({ name: 'nietzsche' });
    assert.deepEqual((await legend()).map((e) => e.letter), ['K', 'Q', 'R', 'B', 'N', 'P']);
    assert.match(await page.textContent('#legend-body .legend-note'), /P, N, B, R, Q/);
    await startVariant({ name: 'nietzsche', options: 'sequence=knighted' });
    entries = await legend();
    // The king, then the sequence from its last piece down to the pawn.
    assert.deepEqual(entries.map((e) => e.letter), ['K', 'X', 'Q', 'M', 'R', 'A', 'B', 'N', 'P']);
    assert.match(entries.find((e) => e.letter === 'X').move, /queen or as a knight/);
    assert.match(await page.textContent('#legend-body .legend-note'), /P, N, B, Cardinal, R, Marshal, Q, Ace/);

    await startVariant({ name: 'immortal' });
    entries = await legend();
    const hidden = entries.find((e) => e.letter === '?');
    assert.deepEqual(hidden.pictures, ['immortal/neutral']);
    assert.match(hidden.move, /neither side/);

    // Collapsible.
    await page.click('#legend summary');
    assert.equal(await page.isVisible('#legend-body'), false);
    await page.click('#legend summary');
    assert.equal(await page.isVisible('#legend-body'), true);
    await page.locator('#legend').screenshot({ path: `${SHOTS}legend-immortal.png` });
  });

  it("screenshots every variant's start position, at the page's size and with 24 px squares", async () => {
    for (const variant of VARIANTS) {
      await startVariant(variant);
      const shot = variant.shot ?? variant.name;
      await page.locator('.board').screenshot({ path: `${SHOTS}start-${shot}.png` });
      if (variant.fen) {
        await loadFen(variant.fen);
        await page.locator('.board').screenshot({ path: `${SHOTS}pieces-${shot}.png` });
      }
      // A small board: 24 px squares.
      const files = await page.evaluate(() => Number(getComputedStyle(document.querySelector('.board')).getPropertyValue('--files')));
      await page.evaluate((width) => {
        document.querySelector('.board-area').style.cssText = `min-width: 0; flex: 0 0 ${width}px`;
      }, files * 24 + 4);
      const square = await page.locator('[data-square="e4"]').boundingBox();
      assert.ok(Math.abs(square.width - 24) < 0.6, `${variant.name}: 24 px squares (${square.width})`);
      await page.locator('.board').screenshot({ path: `${SHOTS}small-${shot}.png` });
      await page.evaluate(() => {
        document.querySelector('.board-area').style.cssText = '';
      });
      await page.locator('.legend').screenshot({ path: `${SHOTS}legend-${shot}.png` });
    }
    await page.setViewportSize({ width: 400, height: 800 });
    await startVariant({ name: 'quintessential' });
    await page.screenshot({ path: `${SHOTS}narrow-quintessential.png`, fullPage: true });
  });
});
