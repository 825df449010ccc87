// Screenshots of the page in every variant, at a desktop and a phone size, light and dark,
// for a person to look at (not a test): target/screenshots/page-<variant>-<size>[-dark].png.
//
//   node tools/screenshots.mjs [variant ...]     # after ./build.sh; default every variant
//
// Each variant is shown after a few moves of its own (the first legal action, played three
// times), so the last-move marks, the move list and any decision of the variant are on it.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openAppPage, startServer, requirePackage } from '../tests/page/helpers.mjs';

const OUT = fileURLToPath(new URL('../target/screenshots/', import.meta.url));
const SIZES = {
  desktop: { width: 1280, height: 860 },
  phone: { width: 390, height: 844 },
};

async function playSome(page, count) {
  for (let i = 0; i < count; i++) {
    const squares = await page.$$eval('[data-square]:has(.piece)', (els) => els.map((el) => el.dataset.square));
    let moved = false;
    for (const square of squares) {
      await page.click(`[data-square="${square}"]`);
      const to = await page.$$eval('.square.dest', (els) => els.at(-1)?.dataset.square ?? null);
      if (to) {
        await page.click(`[data-square="${to}"]`);
        moved = true;
        break;
      }
      await page.keyboard.press('Escape');
    }
    if (!moved) break;
    // Time for an animation, a decision's own step, the computer.
    await page.waitForTimeout(900);
  }
}

async function main() {
  await requirePackage();
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const first = await openAppPage(browser, server.url);
    const all = await first.$$eval('#variant option', (options) => options.map((o) => o.value));
    await first.close();
    const wanted = process.argv.slice(2).length ? process.argv.slice(2) : all;
    for (const variant of wanted) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        for (const scheme of ['light', 'dark']) {
          const page = await openAppPage(browser, server.url);
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize(viewport);
          await page.selectOption('#variant', variant);
          await playSome(page, 3);
          const path = `${OUT}page-${variant}-${size}${scheme === 'dark' ? '-dark' : ''}.png`;
          await page.screenshot({ path, fullPage: true });
          console.log(path);
          await page.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
