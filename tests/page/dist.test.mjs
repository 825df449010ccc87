// ./build.sh dist (issue 15): dist/schachwerk.html, the page in one file, opened straight from
// disk (file://) plays a move and gets the computer's reply (its worker started from a blob),
// loading nothing but itself; dist/pkg/ is an npm package whose `npm pack --dry-run` lists the
// engine and the widget, and which a Node program installs and validates moves with.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { appPage, closeCheckedPage, launchBrowser, openPage } from './helpers.mjs';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const HTML = join(DIST, 'schachwerk.html');
const PKG = join(DIST, 'pkg');
const run = promisify(execFile);

let browser;
let page;
const { move, moveList, errorText } = appPage(() => page);

describe('dist/schachwerk.html from file://', () => {
  before(async () => {
    await stat(HTML).catch(() => {
      throw new Error('dist/schachwerk.html is missing: run ./build.sh dist first');
    });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  it('is one file: no script, style sheet, image or worker file beside it', async () => {
    const html = await readFile(HTML, 'utf8');
    assert.doesNotMatch(html, /<script[^>]*\bsrc=/);
    assert.doesNotMatch(html, /<link[^>]*rel="(stylesheet|manifest)"/);
    assert.doesNotMatch(html, /\bsrc="(?!data:)/);
  });

  it('plays a move and gets a computer reply, loading nothing but itself', async () => {
    const requests = [];
    const url = pathToFileURL(HTML).href;
    const context = browser.context;
    const record = (req) => requests.push(req.url());
    context.on('request', record);
    try {
      page = await openPage(context, url);
      await page.waitForSelector('body[data-ready="true"]');
      assert.equal(await page.evaluate(() => location.protocol), 'file:');
      await move('e2', 'e4');
      assert.deepEqual(await moveList(), ['e4']);
      await page.selectOption('#level', 'easy');
      await page.selectOption('#opponent', 'black');
      await page.waitForFunction(() => document.querySelectorAll('#moves .ply:not(.empty)').length >= 2, null, { timeout: 30_000 });
      assert.equal(await errorText(), '');
      assert.match(await page.textContent('#engine-text'), /^Computer: (cp|mate) -?\d+/);
      assert.equal((await moveList()).length, 2);
      // And the human plays on against it.
      await move('d2', 'd4');
      await page.waitForFunction(() => document.querySelectorAll('#moves .ply:not(.empty)').length >= 4, null, { timeout: 30_000 });
      const others = requests.filter((u) => u !== url && !/^(blob|data):/.test(u));
      assert.deepEqual(others, [], 'it loaded other files');
      assert.ok(requests.some((u) => u.startsWith('blob:')), 'the worker comes from a blob');
      await closeCheckedPage(page);
    } finally {
      context.off('request', record);
    }
  });
});

describe('dist/pkg, the npm package', () => {
  const WIDGET = ['board.js', 'board-motion.js', 'game-host.js', 'pieces.js', 'nietzsche-sequences.js', 'legend.js', 'schach-board.js', 'schach-board-style.js', 'engine-worker.js'];
  const ENGINE = ['schachwerk.js', 'schachwerk_bg.wasm', 'schachwerk.d.ts', 'schachwerk_bg.wasm.d.ts', 'schachwerk-node.js',
    'schachwerk-node.d.ts', 'schachwerk-inline.js', 'schachwerk-inline.d.ts'];
  const WIDGET_TYPES = ['board.d.ts', 'game-host.d.ts', 'pieces.d.ts', 'nietzsche-sequences.d.ts', 'legend.d.ts', 'schach-board.d.ts'];

  it('has the package.json npm users expect', async () => {
    const pkg = JSON.parse(await readFile(join(PKG, 'package.json'), 'utf8'));
    const cargo = await readFile(fileURLToPath(new URL('../../Cargo.toml', import.meta.url)), 'utf8');
    assert.equal(pkg.name, 'schachwerk');
    assert.equal(pkg.version, /^version = "([^"]+)"/m.exec(cargo)[1]);
    assert.equal(pkg.type, 'module');
    assert.equal(pkg.license, 'MIT OR Apache-2.0');
    assert.equal(pkg.types, './schachwerk.d.ts');
    assert.deepEqual(pkg.exports['.'], { types: './schachwerk.d.ts', node: './schachwerk-node.js', default: './schachwerk.js' });
    assert.deepEqual(Object.keys(pkg.exports['.']), ['types', 'node', 'default'], 'types first, default last');
    assert.deepEqual(pkg.engines, { node: '>=18' });
    const repository = /^repository = "([^"]+)"/m.exec(cargo)[1];
    assert.deepEqual(pkg.repository, { type: 'git', url: `git+${repository}.git` });
    assert.equal(pkg.homepage, `${repository}#readme`);
    assert.equal(pkg.bugs, `${repository}/issues`);
    assert.deepEqual(pkg.sideEffects, ['./schach-board.js']);
    for (const file of [...ENGINE, ...WIDGET, ...WIDGET_TYPES]) assert.ok(pkg.files.includes(file), `files lists ${file}`);
    for (const file of WIDGET) {
      const types = file.replace(/\.js$/, '.d.ts');
      const entry = WIDGET_TYPES.includes(types) ? { types: `./${types}`, default: `./${file}` } : `./${file}`;
      assert.deepEqual(pkg.exports[`./${file}`], entry);
    }
    // In the package the engine lies beside the widget: its declarations name it there too.
    for (const file of WIDGET_TYPES) assert.doesNotMatch(await readFile(join(PKG, file), 'utf8'), /\.\/pkg\//, file);
    const readme = await readFile(join(PKG, 'README.md'), 'utf8');
    for (const part of ['npm install schachwerk', 'await init()', 'legalActions', '<schach-board']) {
      assert.ok(readme.includes(part), `README: ${part}`);
    }
  });

  it('npm pack --dry-run lists the engine, the widget, the licenses and nothing else', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PKG });
    const [packed] = JSON.parse(stdout);
    console.log(`npm pack --dry-run: ${packed.filename}, ${packed.entryCount} files, ${packed.size} bytes packed, ${packed.unpackedSize} unpacked`);
    const files = packed.files.map((f) => f.path).sort();
    const expected = [...ENGINE, ...WIDGET, ...WIDGET_TYPES, 'LICENSE-APACHE', 'LICENSE-MIT', 'README.md', 'package.json'].sort();
    assert.deepEqual(files, expected);
    assert.equal(packed.name, 'schachwerk');
  });

  it('installs into a project, which validates moves with it in Node', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schachwerk-site-'));
    try {
      const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: PKG });
      const tarball = join(dir, JSON.parse(stdout)[0].filename);
      await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'site', private: true, type: 'module' }));
      await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: dir });
      await writeFile(
        join(dir, 'check.mjs'),
        `import init, { Game, variants } from 'schachwerk';
await init();
const game = new Game('nacht', { castling: true }, null);
const legal = game.legalActions().length;
const played = game.play('e3');
let refused = null;
try { game.play('e7e2'); } catch (err) { refused = err.code; }
console.log(JSON.stringify({ variants: variants(), legal, notation: played.notation, refused }));
`,
      );
      const result = JSON.parse((await run('node', ['check.mjs'], { cwd: dir })).stdout);
      assert.ok(result.variants.includes('quintessential'));
      assert.ok(result.legal > 0);
      assert.equal(result.notation, 'e3');
      assert.equal(result.refused, 'illegal_action');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
