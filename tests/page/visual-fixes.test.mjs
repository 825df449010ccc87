// The page's visual defects of issue 27, each checked as a player would see it, in headless
// Chromium: labels that stay with their controls, placeholders that fit, the variants' titles
// (not the engine's ids), readable coordinates (contrast and size on a phone), the promotion
// picker's names as text and the Quintessential corners not greyed under it, Immortal Chess's
// border ring set apart from the 8x8, a white Ace that reads as white, and a <noscript>.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, appPage, useAppPage } from './helpers.mjs';

let page;
const { move, loadFen, errorText } = appPage(() => page);

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1100, height: 760 };

async function selectVariant(name) {
  await page.selectOption('#variant', name);
  assert.equal(await errorText(), '');
}

/** The colour of the page's pixel at (x, y), as [r, g, b], read from a screenshot. */
async function pixelAt(x, y) {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  return page.evaluate(async (b64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const canvas = new OffscreenCanvas(1, 1);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, png.toString('base64'));
}

const centreOf = async (selector) => {
  const box = await page.locator(selector).first().boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

describe('the visual defects of issue 27', () => {
  useAppPage({ getPage: () => page, setPage: (p) => (page = p) });

  it('keeps every label on the line of its control, at phone and desktop widths', async () => {
    await selectVariant('immortal'); // with the Seed field
    for (const size of [PHONE, { width: 520, height: 740 }, DESKTOP]) {
      await page.setViewportSize(size);
      for (const id of ['variant', 'options', 'seed', 'opponent', 'level']) {
        const [label, control] = await page.evaluate((id) => {
          const box = (el) => el.getBoundingClientRect().toJSON();
          return [box(document.querySelector(`label[for="${id}"]`)), box(document.getElementById(id))];
        }, id);
        const sameLine = Math.abs(label.y + label.height / 2 - (control.y + control.height / 2)) < control.height / 2;
        const beside = sameLine && label.right <= control.left + 1;
        // Or just over it, on one line ("Play against the computer").
        const above = label.bottom <= control.top + 1 && control.top - label.bottom < 8 && Math.abs(label.left - control.left) < 2;
        assert.ok(beside || above, `${size.width} px: "${id}" label beside or just above its control`);
        assert.ok(label.height < control.height + 4, `${size.width} px: "${id}" label on one line`);
      }
    }
  });

  it('shows the whole placeholder of the options and seed fields', async () => {
    await selectVariant('immortal');
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      for (const id of ['options', 'seed']) {
        const { text, room } = await page.evaluate((id) => {
          const input = document.getElementById(id);
          const style = getComputedStyle(input);
          const context = new OffscreenCanvas(1, 1).getContext('2d');
          context.font = style.font;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { text: context.measureText(input.placeholder).width, room };
        }, id);
        assert.ok(text <= room, `${size.width} px: #${id}'s placeholder (${text.toFixed(0)} px) fits (${room} px)`);
      }
    }
  });

  it("names the variants by their titles in the selector, the legend and the board's label", async () => {
    // The game's title at once; the others are filled in once the page is idle (app.js).
    assert.equal(await page.textContent('#variant option[value="chess"]'), 'Chess');
    await page.waitForFunction(() => document.querySelector('#variant option[value="nacht"]').textContent === 'NAChT Schach');
    const options = await page.$$eval('#variant option', (els) => els.map((el) => [el.value, el.textContent]));
    const titles = Object.fromEntries(options);
    assert.equal(titles.nacht, 'NAChT Schach');
    assert.equal(titles.nietzsche, 'Nietzsche Chess');
    assert.equal(titles.chess, 'Chess');
    assert.equal(titles.immortal, 'Immortal Chess');
    assert.equal(titles.quintessential, 'Quintessential Chess');
    await selectVariant('nacht');
    assert.equal(await page.textContent('#legend-variant'), 'of NAChT Schach');
    assert.equal(await page.getAttribute('.board', 'aria-label'), 'NAChT Schach board');
  });

  it('draws the coordinates at 4.5:1 against their squares, and at 11 px or more on a phone', async () => {
    await page.setViewportSize(PHONE);
    for (const variant of ['chess', 'quintessential', 'immortal']) {
      await selectVariant(variant);
      if (variant === 'immortal') await loadFen('9k/10/7K2/10/10/10/10/10/10/10[] w - - 0 1');
      const coords = await page.$$eval('.coord', (els) =>
        els.map((el) => {
          const square = el.closest('.square');
          const style = getComputedStyle(el, '::before');
          return {
            square: square.dataset.square,
            text: style.content,
            size: parseFloat(getComputedStyle(el).fontSize),
            colour: getComputedStyle(el).color,
            background: getComputedStyle(square).backgroundColor,
            shown: el.getBoundingClientRect().width > 0,
          };
        }),
      );
      assert.ok(coords.length >= 16, `${variant}: coordinates drawn`);
      for (const c of coords) {
        assert.ok(c.shown && c.text.length > 2, `${variant} ${c.square}: coordinate shown`);
        assert.ok(c.size >= 11, `${variant} ${c.square}: ${c.size} px`);
        const ratio = contrast(parseColour(c.colour), parseColour(c.background));
        assert.ok(ratio >= 4.5, `${variant} ${c.square}: contrast ${ratio.toFixed(2)} (${c.colour} on ${c.background})`);
      }
    }
  });

  it('names the promotion choices in text under their pictures', async () => {
    await loadFen('8/P6k/8/8/8/8/8/K7 w - - 0 1');
    await move('a7', 'a8');
    await page.waitForSelector('.promotion-picker');
    const captions = await page.$$eval('.promotion-picker [data-choice]', (els) =>
      els.map((el) => {
        const caption = el.querySelector('.promotion-name');
        const box = caption?.getBoundingClientRect();
        const button = el.getBoundingClientRect();
        const inside = box && box.height > 0 && box.top >= button.top - 1 && box.bottom <= button.bottom + 1;
        return `${caption?.textContent}:${inside}:${parseFloat(getComputedStyle(caption).fontSize) >= 10}`;
      }),
    );
    assert.deepEqual(captions, ['Queen:true:true', 'Rook:true:true', 'Bishop:true:true', 'Knight:true:true']);
  });

  it('leaves the Quintessential corners as they were under the promotion picker, and names its pieces', async () => {
    await page.setViewportSize(PHONE);
    await selectVariant('quintessential');
    await loadFen('**2k3**/**P5**/10/10/10/10/10/10/**6**/**2K3** w - - 0 1');
    await page.evaluate(() => window.scrollTo(0, 0)); // the board in view: screenshots of it
    // The hole left of a10 and b10: the cell in the top-left corner of the board.
    const board = await page.locator('.board').boundingBox();
    const cell = board.width / 10;
    const corner = { x: board.x + cell * 0.5, y: board.y + cell * 0.5 };
    const before = await pixelAt(corner.x, corner.y);
    await move('c9', 'c10');
    await page.waitForSelector('.promotion-picker');
    assert.deepEqual(await pixelAt(corner.x, corner.y), before, 'the hole is not greyed out');
    // An existing square under the layer is dimmed, as before.
    const h3 = await centreOf('[data-square="h3"]');
    const dimmed = await pixelAt(h3.x, h3.y);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('.promotion-layer'));
    const plain = await pixelAt(h3.x, h3.y);
    assert.ok(dimmed[1] < plain[1] - 10, `the squares are dimmed (${dimmed} against ${plain})`);
    await move('c9', 'c10');
    await page.waitForSelector('.promotion-picker');
    const names = await page.$$eval('.promotion-picker .promotion-name', (els) => els.map((el) => el.textContent));
    assert.deepEqual(names, ['Centurion', 'Quintessence', 'Janus', 'Dragon horse', 'Leeloo']);
    // Each name fits its button at a phone's size (no word cut off).
    const cut = await page.$$eval('.promotion-picker .promotion-name', (els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().height > 20).map((el) => el.textContent),
    );
    assert.deepEqual(cut, []);
  });

  it("sets Immortal Chess's border ring apart from the 8x8, also when it is empty", async () => {
    await selectVariant('immortal');
    await loadFen('9k/10/7K2/10/10/10/10/10/10/10[] w - - 0 1');
    const colours = await page.$$eval('[data-square]', (els) =>
      els.map((el) => ({ square: el.dataset.square, shade: el.classList.contains('light') ? 'light' : 'dark', bg: getComputedStyle(el).backgroundColor })),
    );
    const ring = (sq) => /^[aj]/.test(sq) || /^[a-j](1|10)$/.test(sq);
    for (const shade of ['light', 'dark']) {
      const centre = new Set(colours.filter((c) => c.shade === shade && !ring(c.square)).map((c) => c.bg));
      const border = colours.filter((c) => c.shade === shade && ring(c.square) && !c.square.endsWith('10') && c.square !== 'j8');
      for (const c of border) assert.ok(!centre.has(c.bg), `${c.square} (${c.bg}) differs from the centre's ${shade} squares`);
    }
  });

  it('draws the white Ace as white (its picture as light as the white queen)', async () => {
    const lightness = await page.evaluate(async () => {
      const { pieceSvg } = await import('./pieces.js');
      const mean = async (name, colour) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(pieceSvg(name, colour))}`;
        await image.decode();
        const canvas = new OffscreenCanvas(90, 90);
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0, 90, 90);
        const data = context.getImageData(0, 0, 90, 90).data;
        let sum = 0;
        let count = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3] < 200) continue;
          sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
          count++;
        }
        return sum / count / 255;
      };
      const out = {};
      for (const name of ['queen', 'ace', 'cardinal', 'marshal']) out[name] = [await mean(name, 'white'), await mean(name, 'black')];
      return out;
    });
    for (const name of ['ace', 'cardinal', 'marshal']) {
      const [white, black] = lightness[name];
      assert.ok(white >= lightness.queen[0], `white ${name}: ${white.toFixed(2)} against the queen's ${lightness.queen[0].toFixed(2)}`);
      assert.ok(black < 0.5, `black ${name} stays dark: ${black.toFixed(2)}`);
    }
  });

  it('says in a <noscript> what the page is and that it needs JavaScript', async () => {
    const url = page.url();
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const bare = await context.newPage();
      await bare.goto(url);
      const text = await bare.textContent('body');
      assert.match(text, /turn JavaScript on/);
      assert.match(text, /chess variants/);
      assert.ok(await bare.isVisible('.noscript'));
    } finally {
      await browser.close();
    }
  });
});

/** [r, g, b] (0-255) of a computed colour: rgb(...) or color(srgb ...). */
function parseColour(text) {
  const numbers = text.match(/[\d.]+/g).map(Number);
  return text.startsWith('color(') ? numbers.slice(0, 3).map((n) => n * 255) : numbers.slice(0, 3);
}

/** The WCAG contrast ratio of two colours. */
function contrast(a, b) {
  const luminance = ([r, g, b]) => {
    const lin = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
