// The built wasm package of a checkout (www/pkg/), initialised in Node, for the benchmarks:
// `const { Game } = await loadEngine();`. Exits with a message when the package is not built.
import { readFile } from 'node:fs/promises';

/** The package's exports, initialised, from the checkout at `root` (a file URL; default this one). */
export async function loadEngine(root = new URL('../', import.meta.url), label = '') {
  const pkg = new URL('www/pkg/', root);
  const mod = await import(new URL('schachwerk.js', pkg)).catch((err) => {
    console.error(`${label}cannot load www/pkg/schachwerk.js (run ./build.sh there first): ${err.message}`);
    process.exit(2);
  });
  await mod.default({ module_or_path: await readFile(new URL('schachwerk_bg.wasm', pkg)) });
  return mod;
}
