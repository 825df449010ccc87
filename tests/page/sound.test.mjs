// The page's sounds (www/sound.js) in headless Chromium: a quiet move, a capture, a check and
// a mate each make their own sound, through Web Audio (a stand-in AudioContext records the
// oscillators started); none with the sound setting off; sounds asked for together are one;
// and a page without Web Audio plays on without errors.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appPage, openAppPage, useAppPage } from './helpers.mjs';

let page;
let suite;
const { move, loadFen } = appPage(() => page);

// Before the page's scripts: a stand-in for Web Audio that counts the oscillators started and
// the contexts made, and a log of the page's `schachwerk-sound` events.
function recordSounds({ webAudio = true } = {}) {
  window.__sounds = [];
  window.__audio = { contexts: 0, oscillators: 0 };
  document.addEventListener('schachwerk-sound', (event) => window.__sounds.push(event.detail.kind));
  if (!webAudio) {
    delete window.AudioContext;
    delete window.webkitAudioContext;
    return;
  }
  const param = () => ({ setValueAtTime() {}, exponentialRampToValueAtTime() {}, linearRampToValueAtTime() {} });
  const node = (extra = {}) => ({ connect: (next) => next, ...extra });
  window.AudioContext = class {
    constructor() {
      window.__audio.contexts += 1;
      this.state = 'running';
      this.currentTime = 0;
      this.destination = node();
    }
    resume() {
      return Promise.resolve();
    }
    createGain() {
      return node({ gain: param() });
    }
    createOscillator() {
      return node({ frequency: param(), start: () => (window.__audio.oscillators += 1), stop() {} });
    }
  };
}

async function openWith(options, prepare = () => {}) {
  page = await openAppPage(suite.browser, suite.server.url, {
    prepare: async (p) => {
      await p.addInitScript(recordSounds, options);
      await p.addInitScript(prepare);
    },
  });
}

const heard = () => page.evaluate(() => window.__sounds);
const oscillators = () => page.evaluate(() => window.__audio.oscillators);
// The sounds are gathered for a few milliseconds before they play.
const waitForSounds = (n) => page.waitForFunction((count) => window.__sounds.length >= count, n);

describe('sounds', () => {
  suite = useAppPage({ getPage: () => page, setPage: (p) => (page = p), openEach: false });

  it('a quiet move, a capture, a check and a mate each sound as what they did', async () => {
    await openWith({}, () => localStorage.clear());
    await move('e2', 'e4');
    await waitForSounds(1);
    assert.deepEqual(await heard(), ['move']);
    assert.ok((await oscillators()) > 0, 'a sound is made with Web Audio after the first click');

    await loadFen('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1');
    await move('e4', 'd5');
    await waitForSounds(2);
    assert.equal((await heard())[1], 'capture');

    await loadFen('4k3/8/8/8/8/8/8/R3K3 w - - 0 1');
    await move('a1', 'a8');
    await waitForSounds(3);
    assert.equal((await heard())[2], 'check');

    // Fool's mate: the mate is the end of the game, not just a check.
    await loadFen('rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2');
    await move('d8', 'h4');
    await waitForSounds(4);
    assert.equal((await heard())[3], 'end');
    await page.waitForTimeout(200);
    assert.equal((await heard()).length, 4, 'one sound per move');
  });

  it('is silent with the sound setting off', async () => {
    await openWith({}, () => localStorage.setItem('schachwerk.settings', JSON.stringify({ sound: false })));
    assert.equal(await page.isChecked('#setting-sound'), false);
    await move('e2', 'e4');
    await move('e7', 'e5');
    await page.waitForTimeout(300);
    assert.deepEqual(await heard(), []);
    assert.equal(await oscillators(), 0);
    assert.equal(await page.evaluate(() => window.__audio.contexts), 0, 'no audio context is even made');

    // Turned on in the panel: the next move is heard.
    await page.click('#settings summary');
    await page.check('#setting-sound');
    await move('g1', 'f3');
    await waitForSounds(1);
    assert.deepEqual(await heard(), ['move']);
  });

  it('sounds asked for together are one, the strongest', async () => {
    await openWith({}, () => localStorage.clear());
    await page.mouse.click(5, 5); // a gesture: the audio context may start
    const kinds = await page.evaluate(async () => {
      const { createSounds } = await import('./sound.js');
      const sounds = createSounds();
      const log = [];
      document.addEventListener('schachwerk-sound', (e) => log.push(e.detail.kind));
      // A computer's turn played at once: three steps, a capture among them.
      sounds.play('step');
      sounds.play('capture');
      sounds.play('step');
      await new Promise((ok) => setTimeout(ok, 300));
      return log;
    });
    assert.deepEqual(kinds, ['capture']);
  });

  it('a page without Web Audio plays on, without errors', async () => {
    await openWith({ webAudio: false }, () => localStorage.clear());
    await move('e2', 'e4');
    await move('e7', 'e5');
    await waitForSounds(2);
    assert.deepEqual(await heard(), ['move', 'move']);
    assert.equal((await page.$$eval('[data-square] [data-piece]', (els) => els.length)), 32);
  });
});

