// The board themes and dark mode (www/themes.js, style.css's last section) in headless
// Chromium: each board theme colours the page's squares as <schach-board> colours its own
// (schach-board-style.js), and stays after a reload; the page turns dark with the system
// (prefers-color-scheme) under "as the system", and by the setting, with every text measured
// at WCAG AA contrast (4.5:1) against what it is drawn on.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CSS as ELEMENT_CSS } from '../../www/schach-board-style.js';
import { appPage, openAppPage, useAppPage } from './helpers.mjs';

let page;
let suite;
const { loadFen } = appPage(() => page);

// A new visitor's page with these settings stored (on its first load only: a reload in the
// test keeps what the page stored since) and the system's colour scheme.
const open = async ({ stored = {}, colorScheme = 'light' } = {}) => {
  page = await openAppPage(suite.browser, suite.server.url, {
    prepare: async (p) => {
      await p.emulateMedia({ colorScheme });
      await p.addInitScript((values) => {
        if (sessionStorage.getItem('stored')) return;
        sessionStorage.setItem('stored', 'yes');
        localStorage.setItem('schachwerk.settings', JSON.stringify(values));
      }, stored);
    },
  });
};

/** <schach-board>'s colours for `theme`: {light, dark} as rgb() strings. */
function elementTheme(theme) {
  const rule = theme === 'green' ? /:host \{[^}]*--_light: (#\w+); --_dark: (#\w+)/ : new RegExp(`board-theme="${theme}"\\]\\) \\{ --_light: (#\\w+); --_dark: (#\\w+)`);
  const [, light, dark] = ELEMENT_CSS.match(rule);
  const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  return { light: rgb(light), dark: rgb(dark) };
}

const squareColours = () =>
  page.evaluate(() => ({
    light: getComputedStyle(document.querySelector('.square.light')).backgroundColor,
    dark: getComputedStyle(document.querySelector('.square.dark')).backgroundColor,
  }));

// WCAG 2 contrast: relative luminance of sRGB colours.
const channels = (css) => css.match(/[\d.]+/g).slice(0, 3).map(Number);
function luminance(css) {
  const [r, g, b] = channels(css).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** An element's text colour and the first opaque background behind it. */
const colours = (selector) =>
  page.$eval(selector, (el) => {
    const text = getComputedStyle(el).color;
    let node = el;
    let background = 'rgb(255, 255, 255)';
    while (node && node.nodeType === 1) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg && bg !== 'transparent' && !/rgba\(.*, 0\)$/.test(bg)) {
        background = bg;
        break;
      }
      node = node.parentElement;
    }
    return { text, background };
  });

// Texts of the page on each surface: the page, the panel, its headings, the status, the
// engine's line, a move, a note, the error box.
const TEXTS = ['header h1', '.tagline', '.panel h2', '#status', '#moves .ply', '#error', '#opponent', '#fen', '#legend-title'];

async function assertReadable(scheme) {
  await page.click('[data-square="e2"]');
  await page.click('[data-square="e4"]');
  await loadFen('not a position'); // the error box shown
  for (const selector of TEXTS) {
    const { text, background } = await colours(selector);
    const ratio = contrast(text, background);
    assert.ok(ratio >= 4.5, `${scheme}: ${selector} has ${ratio.toFixed(2)}:1 (${text} on ${background})`);
  }
}

const pageColours = () =>
  page.evaluate(() => ({ background: getComputedStyle(document.documentElement).backgroundColor, text: getComputedStyle(document.body).color }));
const isDark = (css) => luminance(css) < 0.05;

describe('board themes and dark mode', () => {
  suite = useAppPage({ getPage: () => page, setPage: (p) => (page = p), openEach: false });

  it("each board theme colours the squares as <schach-board>'s, and stays after a reload", async () => {
    await open();
    assert.deepEqual(await squareColours(), elementTheme('green'), 'the default');
    await page.click('#settings summary');
    const seen = new Set();
    for (const theme of ['brown', 'blue', 'grey', 'green']) {
      await page.selectOption('#setting-board-theme', theme);
      const now = await squareColours();
      assert.deepEqual(now, elementTheme(theme), theme);
      seen.add(now.dark);
    }
    assert.equal(seen.size, 4, 'four different boards');
    await page.selectOption('#setting-board-theme', 'brown');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.deepEqual(await squareColours(), elementTheme('brown'), 'after a reload');
  });

  it('is light and readable by default on a light system', async () => {
    await open();
    const { background } = await pageColours();
    assert.ok(!isDark(background), `light page: ${background}`);
    await assertReadable('light');
  });

  it('turns dark with a dark system, readable, unless the setting says light', async () => {
    await open({ colorScheme: 'dark' });
    const { background, text } = await pageColours();
    assert.ok(isDark(background), `a dark page: ${background}`);
    assert.ok(contrast(text, background) >= 4.5);
    await assertReadable('system dark');

    await page.click('#settings summary');
    await page.selectOption('#setting-color-scheme', 'light');
    assert.ok(!isDark((await pageColours()).background), 'the setting light wins over the system');
  });

  it('turns dark by the stored setting on a light system, and back with "as the system"', async () => {
    await open({ stored: { colorScheme: 'dark' } });
    assert.ok(isDark((await pageColours()).background), 'dark from the stored setting');
    await assertReadable('setting dark');
    await page.click('#settings summary');
    await page.selectOption('#setting-color-scheme', 'auto');
    assert.ok(!isDark((await pageColours()).background), 'as the (light) system again');
  });
});
