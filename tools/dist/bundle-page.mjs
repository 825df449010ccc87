#!/usr/bin/env node
// ./build.sh: bundles the page's modules (www/app.js and every module it imports) into one
// file, www/app.bundle.js, which index.html loads. The sources stay as they are, one concern
// a file; what the browser fetches is one script instead of some thirty. Measured in one run
// (bench/size.mjs's first legal moves, best of seven, the same machine): 512 ms with the
// modules fetched one by one, 335 ms bundled; each module costs the browser a request, a
// parse and a link, whatever its size.
//
// The engine's glue (./pkg/schachwerk.js) stays a file of its own: the computer's worker
// imports it too, and it finds its wasm beside it. The worker stays one too (a worker is
// started from its own URL), minified as www/engine-worker.bundle.js, which the bundle's app.js
// starts instead of engine-worker.js (130 bytes of the page's budget). The bundle is minified,
// with a source map beside it (app.bundle.js.map): the page has a size budget (bench/size.mjs),
// and minifying saves 10.4 of the bundle's 43.1 KB gzipped (measured when it was first done).
// The bundle does not name its map (37 bytes of the page's budget): in the developer tools,
// add app.bundle.js.map to the bundle by hand to see the sources as they are. esbuild's output
// is minified again by terser (two compress passes, names mangled across the module), the map
// carried through: 1.6 of the bundle's 33.7 KB gzipped (2026-12-07), room in the page's budget
// for the wasm's FIDE attack tables.
//
// The style sheet likewise: www/style.css minified into www/style.bundle.css, which index.html
// links (2.1 of its 6.3 KB gzipped, measured when it was first done, which made room in the
// page's budget for chess's fitted placement in the wasm).
//
//   node tools/dist/bundle-page.mjs [WWW_DIR]
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { minify } from 'terser';

const www = process.argv[2] ?? fileURLToPath(new URL('../../www/', import.meta.url));
const outfile = join(www, 'app.bundle.js');

const WORKER = /new URL\(\s*['"]\.\/engine-worker\.js['"]\s*,\s*import\.meta\.url\s*\)/g;
// app.js starts the minified worker: its one `new URL('./engine-worker.js', import.meta.url)`.
const minifiedWorker = {
  name: 'minified-worker',
  setup(build) {
    build.onLoad({ filter: /[\\/]app\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const count = source.match(WORKER)?.length ?? 0;
      if (count !== 1) throw new Error(`app.js: expected one new URL('./engine-worker.js', import.meta.url), found ${count}`);
      return { contents: source.replace(WORKER, "new URL('./engine-worker.bundle.js', import.meta.url)"), loader: 'js' };
    });
  },
};

// The page's two scripts alike: minified ES modules, the engine's glue left to load.
const SCRIPT = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  external: ['./pkg/*'],
  // No banner saying it is built (.gitignore and README say so): every byte counts against
  // the page's budget.
  legalComments: 'none',
  minify: true,
  logLevel: 'warning',
  metafile: true,
};
const result = await esbuild.build({
  ...SCRIPT,
  entryPoints: [join(www, 'app.js')],
  plugins: [minifiedWorker],
  outfile,
  sourcemap: 'external',
});
const worker = await esbuild.build({
  ...SCRIPT,
  entryPoints: [join(www, 'engine-worker.js')],
  outfile: join(www, 'engine-worker.bundle.js'),
});
// terser after esbuild: the bundle and its map rewritten in place.
async function minifyAgain(file) {
  const code = await readFile(file, 'utf8');
  const map = await readFile(`${file}.map`, 'utf8');
  const out = await minify(code, {
    module: true,
    compress: { passes: 2 },
    mangle: true,
    sourceMap: { content: map, includeSources: true },
  });
  await writeFile(file, out.code);
  await writeFile(`${file}.map`, out.map);
  return Buffer.byteLength(out.code);
}
const bundleBytes = await minifyAgain(outfile);
const sheet = await esbuild.build({
  entryPoints: [join(www, 'style.css')],
  outfile: join(www, 'style.bundle.css'),
  minify: true,
  logLevel: 'warning',
  metafile: true,
});
const inputs = Object.keys(result.metafile.inputs).length;
const script = Object.entries(result.metafile.outputs).find(([name]) => name.endsWith('.js'))[1];
console.log(`www/app.bundle.js: ${inputs} modules, ${script.bytes} bytes by esbuild, ${bundleBytes} by terser after (and its source map)`);
const workerOut = Object.values(worker.metafile.outputs)[0];
console.log(`www/engine-worker.bundle.js: ${workerOut.bytes} bytes (engine-worker.js minified)`);
const styles = Object.values(sheet.metafile.outputs)[0];
console.log(`www/style.bundle.css: ${styles.bytes} bytes (style.css minified)`);
