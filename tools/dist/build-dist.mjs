#!/usr/bin/env node
// ./build.sh dist: from the built www/ (www/pkg included) writes
//
//   dist/schachwerk.html  the page as one self-contained file: the wasm inlined (base64), the
//                         ES modules bundled by esbuild into one inline module script, the
//                         computer's worker started from a blob URL (the page hands it the
//                         wasm in its first message), the CSS and the icon inlined; it plays
//                         when opened straight from disk (file://)
//   dist/pkg/             the npm package: the engine (wasm, JS glue, TypeScript types) and
//                         the widget files, with package.json and README.md (tools/dist/pkg-README.md)
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WWW = join(ROOT, 'www');
const DIST = join(ROOT, 'dist');
const ENGINE = join(WWW, 'pkg', 'schachwerk.js');

const exists = (path) => stat(path).then(() => true, () => false);
if (!(await exists(join(WWW, 'pkg', 'schachwerk_bg.wasm')))) throw new Error('www/pkg is missing: run ./build.sh first');
await rm(DIST, { recursive: true, force: true });
await mkdir(DIST, { recursive: true });

// ---------------------------------------------------------------- dist/schachwerk.html

const wasm = await readFile(join(WWW, 'pkg', 'schachwerk_bg.wasm'));

// The engine's imports ('./pkg/schachwerk.js') go to a stand-in whose init() takes the inlined
// wasm (the page) or the wasm the page sends (the worker). The real glue is imported by its
// absolute path, which the filter does not catch.
const WASM_MODULE = `
const BASE64 = ${JSON.stringify(wasm.toString('base64'))};
let bytes = null;
export function wasmBytes() {
  if (!bytes) {
    const text = atob(BASE64);
    bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  }
  return bytes;
}`;
const PAGE_ENGINE = `
import init from ${JSON.stringify(ENGINE)};
import { wasmBytes } from 'schachwerk:wasm';
export * from ${JSON.stringify(ENGINE)};
export default function initInlined(arg) {
  return init(arg ?? { module_or_path: wasmBytes() });
}`;
const WORKER_ENGINE = `
import init from ${JSON.stringify(ENGINE)};
export * from ${JSON.stringify(ENGINE)};
// The page's first message is the wasm; the worker's own listener never sees it.
const wasm = new Promise((resolve) => {
  self.addEventListener('message', function first(event) {
    if (!event.data || !('schachwerkWasm' in event.data)) return;
    event.stopImmediatePropagation();
    self.removeEventListener('message', first);
    resolve(event.data.schachwerkWasm);
  });
});
export default async function initSent(arg) {
  return init(arg ?? { module_or_path: await wasm });
}`;

const inlineEngine = (engineSource, workerSource) => ({
  name: 'schachwerk-inline',
  setup(build) {
    build.onResolve({ filter: /^\.\/pkg\/schachwerk\.js$/ }, () => ({ path: 'engine', namespace: 'schachwerk' }));
    build.onResolve({ filter: /^schachwerk:/ }, (args) => ({ path: args.path.slice(11), namespace: 'schachwerk' }));
    build.onLoad({ filter: /.*/, namespace: 'schachwerk' }, (args) => ({
      contents: { engine: engineSource, wasm: WASM_MODULE, worker: workerSource }[args.path],
      resolveDir: WWW,
      loader: 'js',
    }));
    // app.js starts the worker from its file: here from the bundled worker's blob.
    build.onLoad({ filter: /[\\/]app\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const pattern = /new Worker\(\s*new URL\(\s*['"]\.\/engine-worker\.js['"]\s*,\s*import\.meta\.url\s*\)\s*(?:,\s*\{[^}]*\}\s*)?\)/g;
      const count = source.match(pattern)?.length ?? 0;
      if (count !== 1) throw new Error(`app.js: expected one "new Worker(new URL('./engine-worker.js', import.meta.url), ...)", found ${count}`);
      return {
        contents: `import { startWorker as __startWorker } from 'schachwerk:worker';\n${source.replace(pattern, '__startWorker()')}`,
        loader: 'js',
      };
    });
  },
});

const common = {
  bundle: true,
  write: false,
  minify: true,
  legalComments: 'none',
  target: 'es2022',
  logLevel: 'warning',
  // The glue's default wasm URL (import.meta.url) is never used: init() always gets the bytes.
  logOverride: { 'empty-import-meta': 'silent' },
};

const workerBundle = await esbuild.build({
  ...common,
  entryPoints: [join(WWW, 'engine-worker.js')],
  format: 'iife',
  plugins: [inlineEngine(WORKER_ENGINE, '')],
});
const WORKER_MODULE = `
const SOURCE = ${JSON.stringify(workerBundle.outputFiles[0].text)};
let url = null;
export function startWorker() {
  url ??= URL.createObjectURL(new Blob([SOURCE], { type: 'text/javascript' }));
  const worker = new Worker(url);
  worker.postMessage({ schachwerkWasm: wasmBytes() });
  return worker;
}
import { wasmBytes } from 'schachwerk:wasm';`;

const pageBundle = await esbuild.build({
  ...common,
  entryPoints: [join(WWW, 'app.js')],
  format: 'esm',
  plugins: [inlineEngine(PAGE_ENGINE, WORKER_MODULE)],
});

// Inline <script> text may not hold "</script" or "<!--".
const scriptText = (js) => js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
const dataUrl = async (file, type) => `data:${type};base64,${(await readFile(join(WWW, file))).toString('base64')}`;

let html = await readFile(join(WWW, 'index.html'), 'utf8');
const replaceOne = (pattern, replacement, what) => {
  const matches = html.match(pattern)?.length ?? 0;
  if (matches !== 1) throw new Error(`index.html: expected one ${what}, found ${matches}`);
  html = html.replace(pattern, () => replacement);
};
const css = await readFile(join(WWW, 'style.bundle.css'), 'utf8');
if (/url\(\s*["']?(?!data:)/.test(css)) throw new Error('style.css refers to a file: inline it here');
replaceOne(/<link rel="stylesheet" href="style\.bundle\.css">/g, `<style>\n${css}</style>`, 'style.bundle.css link');
replaceOne(/<script type="module" src="app\.bundle\.js"><\/script>/g, `<script type="module">${scriptText(pageBundle.outputFiles[0].text)}</script>`, 'app.bundle.js script');
replaceOne(/<link rel="icon" href="icons\/icon-32\.png"[^>]*>/g, `<link rel="icon" href="${await dataUrl('icons/icon-32.png', 'image/png')}" sizes="32x32">`, 'icon link');
// Preloads name files, which are inlined here; so does the script that starts the wasm early.
html = html.replace(/\s*<!--[^>]*[Ff]etched at once[^>]*-->/, '').replace(/\s*<link rel="(?:module)?preload"[^>]*>/g, '');
html = html.replace(/\s*<!--[^>]*taken from its preload[^>]*-->/, '');
replaceOne(/\s*<script id="engine-start">[\s\S]*?<\/script>/g, '', 'engine-start script');
// No service worker, no manifest: one file has nothing to cache and nothing to install.
html = html.replace(/\s*<!--[^>]*service worker[^>]*-->/i, '');
replaceOne(/\s*<meta name="service-worker"[^>]*>/g, '', 'service-worker meta');
replaceOne(/\s*<link rel="manifest"[^>]*>/g, '', 'manifest link');
// Whatever still names a file would not load from disk.
const outside = html
  .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
  .replace(/<style>[\s\S]*?<\/style>/g, '')
  .match(/\b(?:src|href)\s*=\s*["'](?!data:|#|https?:)[^"']*["']/g);
if (outside) throw new Error(`dist/schachwerk.html would still load files: ${outside.join(', ')}`);
await writeFile(join(DIST, 'schachwerk.html'), html);

// ---------------------------------------------------------------- dist/pkg

const PKG = join(DIST, 'pkg');
await mkdir(PKG, { recursive: true });
const cargo = await readFile(join(ROOT, 'Cargo.toml'), 'utf8');
const version = /^\[package\][\s\S]*?^version\s*=\s*"([^"]+)"/m.exec(cargo)?.[1];
if (!version) throw new Error('no version in Cargo.toml');
// The repository's URL, from Cargo.toml, so that the crate and the package agree.
const repository = /^\[package\][^[]*?^repository\s*=\s*"(https:\/\/[^"]+?)\/?"/m.exec(cargo)?.[1];
if (!repository) throw new Error('no repository in Cargo.toml');

const engineFiles = ['schachwerk.js', 'schachwerk_bg.wasm', 'schachwerk.d.ts', 'schachwerk_bg.wasm.d.ts', 'schachwerk-inline.js', 'schachwerk-inline.d.ts'];
for (const file of engineFiles) await cp(join(WWW, 'pkg', file), join(PKG, file));
// Node (the "node" export condition): the same glue module, whose init() and initSync() read
// the wasm beside it when given nothing (Node's fetch does not read file: URLs).
const NODE_ENGINE = `// The engine for Node (the package's "node" export condition): schachwerk.js, whose init()
// and initSync() read schachwerk_bg.wasm beside this file when called without an argument.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import init, { initSync as initSyncGiven } from './schachwerk.js';

export * from './schachwerk.js';

const WASM = new URL('./schachwerk_bg.wasm', import.meta.url);

export default async function initNode(moduleOrPath) {
  return init(moduleOrPath === undefined ? { module_or_path: await readFile(WASM) } : moduleOrPath);
}

export function initSync(module) {
  return initSyncGiven(module === undefined ? { module: readFileSync(WASM) } : module);
}
`;
const NODE_DECLARATIONS = `// The engine for Node: schachwerk.js, whose init() and initSync() read schachwerk_bg.wasm
// beside it when called without an argument.
import type { InitInput, InitOutput, SyncInitInput } from './schachwerk.js';

export * from './schachwerk.js';

/** Instantiates the engine: from schachwerk_bg.wasm beside this file when given nothing. */
export default function init(
  module_or_path?: { module_or_path: InitInput | PromiseLike<InitInput> } | InitInput | PromiseLike<InitInput>,
): Promise<InitOutput>;

/** Instantiates the engine synchronously: from schachwerk_bg.wasm beside this file when given nothing. */
export function initSync(module?: { module: SyncInitInput } | SyncInitInput): InitOutput;
`;
await writeFile(join(PKG, 'schachwerk-node.js'), NODE_ENGINE);
await writeFile(join(PKG, 'schachwerk-node.d.ts'), NODE_DECLARATIONS);
engineFiles.push('schachwerk-node.js', 'schachwerk-node.d.ts');
// The widget, with its declarations.
const widget = [];
const widgetTypes = new Map();
// In the package the engine sits beside the widget, not in pkg/: in the code, the declarations
// and the comments that document them.
const besideEngine = (source) => source.replace(/(['`])\.\/pkg\//g, '$1./');
for (const file of ['board.js', 'board-motion.js', 'game-host.js', 'pieces.js', 'nietzsche-sequences.js', 'legend.js', 'schach-board.js', 'schach-board-style.js', 'engine-worker.js']) {
  if (!(await exists(join(WWW, file)))) throw new Error(`www/${file} is missing: the package needs it`);
  await writeFile(join(PKG, file), besideEngine(await readFile(join(WWW, file), 'utf8')));
  widget.push(file);
  const types = file.replace(/\.js$/, '.d.ts');
  if (await exists(join(WWW, types))) {
    const source = await readFile(join(WWW, types), 'utf8');
    await writeFile(join(PKG, types), besideEngine(source));
    widgetTypes.set(file, types);
  }
}
for (const file of ['LICENSE-MIT', 'LICENSE-APACHE']) await cp(join(ROOT, file), join(PKG, file));
await cp(join(ROOT, 'tools', 'dist', 'pkg-README.md'), join(PKG, 'README.md'));

const exportsMap = {
  // Conditions in order: "types" first; Node takes the file that reads the wasm from disk.
  '.': { types: './schachwerk.d.ts', node: './schachwerk-node.js', default: './schachwerk.js' },
  './schachwerk_bg.wasm': './schachwerk_bg.wasm',
  // The engine with the wasm inlined: for bundlers that do not follow new URL(..., import.meta.url).
  './inline': { types: './schachwerk-inline.d.ts', default: './schachwerk-inline.js' },
  './schachwerk-inline.js': { types: './schachwerk-inline.d.ts', default: './schachwerk-inline.js' },
  './package.json': './package.json',
};
for (const file of widget) {
  const types = widgetTypes.get(file);
  exportsMap[`./${file}`] = types ? { types: `./${types}`, default: `./${file}` } : `./${file}`;
}
const pkg = {
  name: 'schachwerk',
  version,
  description: 'Rules engines for unusual chess variants in WebAssembly, with a board widget and a <schach-board> element',
  license: 'MIT OR Apache-2.0',
  type: 'module',
  main: './schachwerk.js',
  module: './schachwerk.js',
  types: './schachwerk.d.ts',
  exports: exportsMap,
  files: [...engineFiles, ...widget, ...widgetTypes.values(), 'LICENSE-MIT', 'LICENSE-APACHE'],
  // Importing schach-board.js defines the custom element; the rest only exports.
  sideEffects: widget.includes('schach-board.js') ? ['./schach-board.js'] : false,
  keywords: ['chess', 'chess-variants', 'fairy-chess', 'webassembly', 'wasm', 'move-validation', 'custom-element'],
  engines: { node: '>=18' },
  repository: { type: 'git', url: `git+${repository}.git` },
  homepage: `${repository}#readme`,
  bugs: `${repository}/issues`,
};
await writeFile(join(PKG, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);

const size = async (path) => (await stat(path)).size;
console.log(`dist/schachwerk.html: ${(await size(join(DIST, 'schachwerk.html'))).toLocaleString('en')} bytes`);
console.log(`dist/pkg/: schachwerk ${version}, ${pkg.files.length} files + package.json, README.md`);
