// A site author's production build of <schach-board> plays, under each bundler (Vite, webpack
// 5, esbuild, Rollup) and without one (the package folder served as is; a CDN-style import
// map). For each setup a scratch app in a temp dir, the packed package (`npm pack` of dist/pkg)
// installed into its own node_modules, its source only what an author writes: index.html with
// the element and main.js importing 'schachwerk/schach-board.js'. The build's output is served
// on 127.0.0.1 and opened in headless Chromium, where a click-click move e2-e3 must play and
// nothing may log an error. Each setup prints how the wasm arrived and the bytes of JS and
// wasm the page fetched (the README's figures).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { launchBrowser, openPage, startServer } from '../page/helpers.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PKG = join(ROOT, 'dist', 'pkg');
const run = promisify(execFile);
const exists = (path) => stat(path).then(() => true, () => false);

// ---------------------------------------------------------------- the app an author writes

// The element as the README's site-author section writes it (its first html block), so the
// README shows what is tested.
const README = await readFile(join(ROOT, 'README.md'), 'utf8');
const ELEMENT = /### The `<schach-board>` element[\s\S]*?```html\n([\s\S]*?)```/.exec(README)?.[1].trim();
assert.match(ELEMENT ?? '', /^<schach-board variant="nacht"[^>]*><\/schach-board>$/, "the README's site-author snippet");
const html = (title, scripts) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${title}</title>
</head>
<body>
  ${ELEMENT}
  ${scripts}
</body>
</html>
`;
// Records the user's moves and says when the board is ready.
const RECORDER = `window.moves = [];
document.addEventListener('move', (event) => window.moves.push(event.detail.action));
await document.querySelector('schach-board').ready;
document.body.dataset.ready = 'true';
`;
const MAIN = `import 'schachwerk/schach-board.js';\n${RECORDER}`;

let tmp; // everything this file writes
let tarball;
let version;
let browser;
const summary = [];

async function npmInstall(app) {
  await writeFile(join(app, 'package.json'), `${JSON.stringify({ name: 'site', private: true }, null, 2)}\n`);
  await run('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: app });
}

/** A scratch app holding `files` and, unless `install` is false, the package in its node_modules. */
async function makeApp(name, files, { install = true } = {}) {
  const app = join(tmp, name);
  await mkdir(app, { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(join(app, file), text);
  if (install) await npmInstall(app);
  return app;
}

// ---------------------------------------------------------------- the setups
// Each makes its app, builds it and returns the folder to serve (`dir`), the bundler's
// warnings, and optionally `cdn`, a second folder served on another port with CORS headers.

const ESM_PAGE = (title) => html(title, '<script type="module" src="main.js"></script>');

const SETUPS = {
  async vite() {
    const app = await makeApp('vite', {
      'index.html': html('Vite app', '<script type="module" src="/main.js"></script>'),
      'main.js': MAIN,
    });
    const { build, createLogger } = await import('vite');
    // Vite prints its warnings; this logger also keeps them for the summary.
    const warnings = [];
    const logger = createLogger('warn');
    const warn = logger.warn;
    logger.warn = (msg, options) => {
      warnings.push(msg);
      warn(msg, options);
    };
    await build({ root: app, logLevel: 'warn', customLogger: logger });
    return { dir: join(app, 'dist'), warnings };
  },

  async webpack() {
    const app = await makeApp('webpack', { 'main.js': MAIN });
    const { default: webpack } = await import('webpack');
    const dist = join(app, 'dist');
    const stats = await new Promise((resolve, reject) => {
      webpack(
        { mode: 'production', context: app, entry: './main.js', output: { path: dist } },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
    });
    const info = stats.toJson({ all: false, errors: true, warnings: true });
    if (stats.hasErrors()) throw new Error(`webpack: ${info.errors.map((e) => e.message).join('\n')}`);
    // webpack's bundle is a classic script: the page the author writes beside it.
    await writeFile(join(dist, 'index.html'), html('webpack app', '<script src="main.js"></script>'));
    return { dir: dist, warnings: info.warnings.map((w) => w.message) };
  },

  async esbuild() {
    const app = await makeApp('esbuild', { 'main.js': MAIN });
    const esbuild = await import('esbuild');
    const dist = join(app, 'dist');
    const result = await esbuild.build({
      absWorkingDir: app,
      entryPoints: ['main.js'],
      bundle: true,
      format: 'esm',
      splitting: true,
      outdir: dist,
      minify: true,
      logLevel: 'silent',
    });
    await writeFile(join(dist, 'index.html'), ESM_PAGE('esbuild app'));
    const warnings = await esbuild.formatMessages(result.warnings, { kind: 'warning', color: false });
    return { dir: dist, warnings };
  },

  async rollup() {
    const app = await makeApp('rollup', { 'main.js': MAIN });
    const { rollup } = await import('rollup');
    const { nodeResolve } = await import('@rollup/plugin-node-resolve');
    const dist = join(app, 'dist');
    const warnings = [];
    const bundle = await rollup({
      input: join(app, 'main.js'),
      plugins: [nodeResolve()],
      onwarn: (warning) => warnings.push(warning.message),
    });
    try {
      await bundle.write({ dir: dist, format: 'es' });
    } finally {
      await bundle.close();
    }
    await writeFile(join(dist, 'index.html'), ESM_PAGE('Rollup app'));
    return { dir: dist, warnings };
  },

  // No bundler: the app folder served as is, the element straight from node_modules.
  async plain() {
    const app = await makeApp('plain', {
      'index.html': html(
        'plain HTML',
        '<script type="module" src="node_modules/schachwerk/schach-board.js"></script>\n  <script type="module" src="main.js"></script>',
      ),
      'main.js': RECORDER,
    });
    return { dir: app, warnings: [] };
  },

  // No bundler: the package from a CDN (another origin) by an import map.
  async cdn() {
    const cdn = join(tmp, 'cdn');
    const folder = join(cdn, 'npm', `schachwerk@${version}`);
    await mkdir(folder, { recursive: true });
    await run('tar', ['-xzf', tarball, '-C', folder, '--strip-components=1']);
    const app = await makeApp(
      'cdn',
      {
        // The import map names the CDN's port, known once it serves: see CDN_PORT below.
        'index.html': html(
          'CDN import map',
          '<script type="importmap">{"imports": {"schachwerk/": "http://127.0.0.1:CDN_PORT/npm/schachwerk@VERSION/"}}</script>\n  <script type="module" src="main.js"></script>',
        ).replace('VERSION', version),
        'main.js': MAIN,
      },
      { install: false },
    );
    return { dir: app, warnings: [], cdn };
  },
};

// ---------------------------------------------------------------- the page

/** What the page shows and logged, for a failure's message. */
async function pageState(page) {
  if (!page) return 'no page';
  const text = (selector) => page.textContent(selector, { timeout: 1000 }).then((t) => (t ?? '').trim(), () => '(none)');
  return [
    `window.moves: ${JSON.stringify(await page.evaluate(() => window.moves).catch(() => undefined))}`,
    `body[data-ready]: ${await page.evaluate(() => document.body.dataset.ready).catch(() => undefined)}`,
    `.sb-error: ${await text('schach-board .sb-error')}`,
    `.sb-text: ${await text('schach-board .sb-text')}`,
    `page problems:${page.problems.length ? `\n    ${page.problems.join('\n    ')}` : ' none'}`,
  ].join('\n  ');
}

const FAVICON = { type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>' };
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

async function playSetup(name, t) {
  const started = Date.now();
  let built;
  try {
    built = await SETUPS[name]();
  } catch (err) {
    summary.push(`${name}: the build FAILED: ${err.message.split('\n')[0]}`);
    throw err;
  }
  const buildSeconds = (Date.now() - started) / 1000;
  const cdnServer = built.cdn
    ? await startServer({}, { root: built.cdn, headers: { 'access-control-allow-origin': '*' } })
    : null;
  if (cdnServer) {
    const port = new URL(cdnServer.url).port;
    const index = join(built.dir, 'index.html');
    await writeFile(index, (await readFile(index, 'utf8')).replace('CDN_PORT', port));
  }
  // Browsers ask every site for /favicon.ico: an author's site has one (a 404 would be logged).
  const server = await startServer({ '/favicon.ico': FAVICON }, { root: built.dir });

  // What the page fetched: the .wasm requests, and the bytes of every JS and wasm response.
  const wasmRequests = [];
  const bodies = [];
  const onRequest = (req) => {
    const url = new URL(req.url());
    if (url.pathname.endsWith('.wasm')) wasmRequests.push(url.origin === new URL(server.url).origin ? url.pathname : url.href);
  };
  const onResponse = (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (/javascript|wasm/.test(type)) bodies.push(res.body().then((b) => b.length, () => 0));
  };
  const { context } = browser;
  context.on('request', onRequest);
  context.on('response', onResponse);
  let page;
  let failure = null;
  try {
    page = await openPage(context, server.url);
    try {
      await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
      // `ready` resolves when the engine failed to load too: the element then shows why.
      const shown = await page.textContent('schach-board .sb-error', { timeout: 1000 }).catch(() => '');
      assert.equal(shown.trim(), '', `the element shows an error: ${shown.trim()}`);
      await page.click('schach-board [data-square="e2"]', { timeout: 5000 });
      await page.click('schach-board [data-square="e3"]', { timeout: 5000 }); // NAChT: one step
      await page.waitForFunction(() => window.moves.length > 0, null, { timeout: 5000 }).catch(() => {});
      assert.deepEqual(await page.evaluate(() => window.moves), ['e2e3'], 'the move events');
      await page.waitForSelector('schach-board [data-square="e3"] [data-piece="P"]', { timeout: 5000 });
      assert.deepEqual(page.problems, [], 'the page logged errors');
    } catch (err) {
      failure = err;
      throw new Error(`${name}: ${err.message.split('\n')[0]}\n  ${await pageState(page)}`, { cause: err });
    }
  } finally {
    context.off('request', onRequest);
    context.off('response', onResponse);
    const bytes = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
    const wasm = wasmRequests.length ? `wasm via ${wasmRequests.join(', ')}` : 'wasm inlined (no .wasm request)';
    const line = `${name}: ${wasm}, ${kb(bytes)} JS+wasm (set up in ${buildSeconds.toFixed(1)} s)${failure ? ` - FAILED: ${failure.message.split('\n')[0]}` : ''}`;
    summary.push(line);
    t.diagnostic(line);
    for (const warning of built.warnings) t.diagnostic(`${name} warning: ${warning.split('\n')[0]}`);
    await page?.close();
    await server.close();
    await cdnServer?.close();
  }
}

// ---------------------------------------------------------------- the tests

describe('the npm package in a site author\'s build', () => {
  before(async () => {
    if (!(await exists(join(PKG, 'package.json')))) throw new Error('dist/pkg/package.json is missing: run ./build.sh dist first');
    // schachwerk must resolve from each app's node_modules, never from this repo's.
    assert.equal(await exists(join(ROOT, 'node_modules', 'schachwerk')), false, 'this repo has a node_modules/schachwerk');
    version = JSON.parse(await readFile(join(PKG, 'package.json'), 'utf8')).version;
    tmp = await mkdtemp(join(tmpdir(), 'schachwerk-bundlers-'));
    await run('npm', ['pack', '--pack-destination', tmp], { cwd: PKG });
    const packed = (await readdir(tmp)).filter((f) => f.endsWith('.tgz'));
    assert.equal(packed.length, 1, `npm pack wrote ${packed.join(', ')}`);
    tarball = join(tmp, packed[0]);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
    if (summary.length) console.log(`How each setup got the engine:\n${summary.map((l) => `  ${l}`).join('\n')}`);
  });

  for (const name of Object.keys(SETUPS)) {
    it(`${name}: the built page plays a click-click move e2-e3`, { timeout: 90_000 }, (t) => playSetup(name, t));
  }
});
