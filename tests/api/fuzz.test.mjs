// The API fuzz (fuzz.mjs) against the built package, in Node and in headless Chromium.
// FUZZ_SEED and FUZZ_CALLS replay or lengthen a run.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { declaredCodes, fuzz } from './fuzz.mjs';
import { WWW, closeCheckedPage, launchBrowser, openPage, requirePackage, startServer } from '../page/helpers.mjs';

const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
const CALLS = Number(process.env.FUZZ_CALLS ?? 20000);

async function codes() {
  return declaredCodes(await readFile(join(WWW, 'pkg', 'schachwerk.d.ts'), 'utf8'));
}

function checkCounts(result) {
  console.log(JSON.stringify(result));
  assert.equal(result.calls, CALLS);
  // The run must have done what it claims: refusals of many kinds, acceptances and real play.
  assert.ok(result.refused > CALLS / 8, `only ${result.refused} refusals`);
  assert.ok(result.plays > CALLS / 20, `only ${result.plays} plays`);
  // think answered with small budgets, record rebuilt games, both many times.
  assert.ok(result.think > CALLS / 200, `only ${result.think} answers from think`);
  assert.ok(result.record > CALLS / 200, `only ${result.record} records replayed`);
  for (const code of ['bad_argument', 'bad_action', 'illegal_action', 'bad_fen', 'bad_option', 'unknown_variant']) {
    assert.ok(result.byCode[code] > 0, `no ${code} refusal in ${JSON.stringify(result.byCode)}`);
  }
}

describe('API fuzz', () => {
  it('declares every code the engine has', async () => {
    const declared = await codes();
    const source = await readFile(new URL('../../src/error.rs', import.meta.url), 'utf8');
    const defined = [...source.matchAll(/=> "([a-z_]+)"/g)].map((m) => m[1]);
    assert.ok(defined.length >= 9, `codes in src/error.rs: ${defined}`);
    assert.deepEqual([...declared].sort(), [...defined].sort());
  });

  it(`survives ${CALLS} hostile calls in Node (seed ${SEED})`, async () => {
    await requirePackage();
    const engine = await import('../../www/pkg/schachwerk.js');
    engine.initSync({ module: await readFile(join(WWW, 'pkg', 'schachwerk_bg.wasm')) });
    const result = fuzz(engine, { seed: SEED, calls: CALLS, codes: await codes() });
    checkCounts(result);
  });

  it(`survives ${CALLS} hostile calls in headless Chromium (seed ${SEED + 1})`, async () => {
    await requirePackage();
    const fuzzSource = await readFile(new URL('./fuzz.mjs', import.meta.url));
    const server = await startServer({
      '/fuzz.mjs': { type: 'text/javascript', body: fuzzSource },
      '/blank.html': { type: 'text/html', body: '<!doctype html><link rel="icon" href="data:,"><title>fuzz</title>' },
    });
    const browser = await launchBrowser();
    try {
      const page = await openPage(browser.context, `${server.url}blank.html`);
      const result = await page.evaluate(
        async ({ seed, calls, codes }) => {
          const engine = await import('/pkg/schachwerk.js');
          await engine.default();
          const { fuzz } = await import('/fuzz.mjs');
          return fuzz(engine, { seed, calls, codes });
        },
        { seed: SEED + 1, calls: CALLS, codes: await codes() },
      );
      checkCounts(result);
      await closeCheckedPage(page);
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
