// The engine loaded once for the page, its computer's worker and its service worker (issue
// 27: a first visit used to download the wasm three times).
//
//   const engine = await loadEngine();   // the package initialised: Game etc. work
//   worker.postMessage({ engine: engine.module });  // engine-worker.js takes it (not if null)
//   engine.kept.finally(() => navigator.serviceWorker.register('sw.js'));
//
// - The page fetches the wasm through its `<link rel="preload" as="fetch" crossorigin>` (one
//   request, started by the HTML) and compiles it (streaming, as it arrives): index.html's
//   inline script `engine-start` does both before this module has arrived and leaves them in
//   `self.schachwerkWasm`, so by the time the page's script runs the engine is compiled and the
//   first legal moves come without waiting for the fetch's and the compilation's own tasks
//   (measured: 30-45 ms sooner, docs/PERFORMANCE.md, "The page's time"). This module
//   initialises the package with the compiled module.
// - The worker gets that module (a WebAssembly.Module is structured-cloneable), so it neither
//   fetches nor compiles the wasm again.
// - On a first visit (no service worker controls the page yet) the response is left in the
//   cache FETCHED_CACHE; www/sw.js's install takes it from there, when its bytes are the ones
//   its precache list names, instead of fetching the file again.
//
// A page without that script (the one-file build, dist/schachwerk.html, whose wasm is inline)
// initialises the package its own way: `module` is null and the worker loads its own.
import init from './pkg/schachwerk.js';

/** Where the page leaves the wasm it fetched for the service worker (www/sw.js reads it). */
export const FETCHED_CACHE = 'schachwerk-fetched';

/**
 * Leaves `response` for the service worker to install from, on a first visit only (a page a
 * worker controls fetched through it, and the worker keeps what it fetches). Never fails: the
 * worker then fetches the file itself.
 */
async function keepForServiceWorker(response) {
  try {
    if (!('caches' in self) || !document.querySelector('meta[name="service-worker"]')) return;
    if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
    const cache = await caches.open(FETCHED_CACHE);
    await cache.put(response.url, response);
  } catch {
    // storage refused or full: the service worker fetches the file
  }
}

/**
 * Initialises the package. Resolves to `{module, kept}`: the compiled WebAssembly.Module for
 * the worker (null when the package loaded its wasm its own way), and a promise that settles
 * once the response is left for the service worker.
 */
export async function loadEngine() {
  const started = self.schachwerkWasm;
  if (!started) {
    await init();
    return { module: null, kept: Promise.resolve() };
  }
  // Let go once taken: its unread copy of the response would hold the wasm's bytes for good.
  self.schachwerkWasm = undefined;
  const { response, module: streamed } = await started;
  if (!response.ok) throw new Error(`the engine could not be loaded: HTTP ${response.status} for ${response.url}`);
  const kept = keepForServiceWorker(response.clone());
  // Compiled from the bytes when streaming could not (a server that names another type).
  const module = (await streamed) ?? (await WebAssembly.compile(await response.arrayBuffer()));
  // Streamed: the copy was never read, and its buffered bytes can go.
  if (!response.bodyUsed) response.body?.cancel().catch(() => {});
  await init({ module_or_path: module });
  return { module, kept };
}
