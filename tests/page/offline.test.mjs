// Offline play (issue 15): the service worker (www/sw.js) caches every file the page loads,
// so after one visit the page plays with the network gone. The page is loaded over the local
// server, the worker takes control, the browser goes offline and the server is shut, the page
// is reloaded and plays a move, and the computer (its worker and wasm from the cache) answers.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appPage, closeCheckedPage, launchBrowser, openAppPage, requirePackage, startServer, WWW } from './helpers.mjs';
import { pageAssets } from '../../tools/dist/assets.mjs';

let server;
let browser;
let page;
const { move, pieces, moveList, errorText } = appPage(() => page);

describe('offline play through the service worker', () => {
  before(async () => {
    await requirePackage();
    await readFile(join(WWW, 'precache.js')).catch(() => {
      throw new Error('www/precache.js is missing: run ./build.sh first');
    });
    server = await startServer();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('links a web app manifest with a name, icons, start_url and display standalone', async () => {
    const html = await readFile(join(WWW, 'index.html'), 'utf8');
    assert.match(html, /<link rel="manifest" href="manifest\.webmanifest">/);
    const manifest = JSON.parse(await readFile(join(WWW, 'manifest.webmanifest'), 'utf8'));
    assert.equal(manifest.name, 'Schachwerk');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, './');
    assert.ok(manifest.icons.length > 0);
    for (const icon of manifest.icons) {
      const svg = await readFile(join(WWW, icon.src), 'utf8');
      assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, icon.src);
    }
  });

  it('precaches every file the page and the widget load', async () => {
    const precache = await readFile(join(WWW, 'precache.js'), 'utf8');
    const { files, version } = JSON.parse(precache.slice(precache.indexOf('{'), precache.lastIndexOf('}') + 1));
    assert.match(version, /^[0-9a-f]{16}$/);
    for (const entry of ['index.html', 'embed.html']) {
      for (const file of await pageAssets(WWW, [entry])) assert.ok(files.includes(file), `${file} (from ${entry}) is not precached`);
    }
    for (const file of ['app.bundle.js', 'engine-worker.bundle.js', 'pkg/schachwerk.js', 'pkg/schachwerk_bg.wasm', 'manifest.webmanifest']) {
      assert.ok(files.includes(file), file);
    }
  });

  it('reloads and plays, against the computer too, with the network gone', async () => {
    page = await openAppPage(browser, server.url);
    // The worker installs (precaching everything), activates and claims the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    });
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page');

    await browser.context.setOffline(true);
    await server.close(); // and nothing answers at that address any more
    server = null;
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    // The network is gone: a file the service worker does not keep cannot be fetched.
    // (navigator.onLine reports the emulated offline state in some Chromium versions only:
    // Debian's 148 says true.)
    const logged = page.problems.length;
    const unkept = await page.evaluate(() => fetch(`not-kept-${Date.now()}.txt`).then(() => 'answered', () => 'failed'));
    assert.equal(unkept, 'failed');
    assert.match(page.problems.slice(logged).join('\n'), /ERR_INTERNET_DISCONNECTED/);
    page.problems.length = logged; // that failure was the check's own

    await move('e2', 'e4');
    assert.deepEqual(await moveList(), ['e4']);
    assert.equal((await pieces()).e4, 'P');

    await page.selectOption('#level', 'easy');
    await page.selectOption('#opponent', 'black'); // the computer has the side to move
    await page.waitForFunction(() => document.querySelectorAll('#moves .ply:not(.empty)').length >= 2, null, { timeout: 30_000 });
    assert.equal(await errorText(), '');
    await closeCheckedPage(page);
    await browser.context.setOffline(false);
  });
});
