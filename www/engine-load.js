// The engine loaded once for the page, its computer's worker and its service worker (issue
// 27: a first visit used to download the wasm three times).
//
//   const engine = await loadEngine();   // the package initialised: Game etc. work
//   worker.postMessage({ engine: engine.module });  // engine-worker.js takes it (not if null)
//   engine.kept.finally(() => navigator.serviceWorker.register('sw.js'));
//
// - The page fetches the wasm through its `<link rel="preload" as="fetch" crossorigin>` (one
//   request, started by the HTML), compiles it (streaming, as it arrives) and initialises the
//   package with the compiled module. index.html's inline script `engine-start` begins the
//   fetch and the compilation before this module has arrived and leaves both in
//   `self.schachwerkWasm`: by the time the page's script runs the engine is compiled, and the
//   first legal moves come without waiting for the fetch's and the compilation's own tasks
//   (measured: 30-45 ms sooner, docs/PERFORMANCE.md, "The page's time").
// - The worker gets that module (a WebAssembly.Module is structured-cloneable), so it neither
//   fetches nor compiles the wasm again.
// - On a first visit (no service worker controls the page yet) the response is left in the
//   cache FETCHED_CACHE; www/sw.js's install takes it from there, when its bytes are the ones
//   its precache list names, instead of fetching the file again.
//
// A page without the preload (the one-file build, dist/schachwerk.html, whose wasm is inline)
// initialises the package its own way: `module` is null and the worker loads its own.
import init from './pkg/schachwerk.js';

/** Where the page leaves the wasm it fetched for the service worker (www/sw.js reads it). */
export const FETCHED_CACHE = 'schachwerk-fetched';

/**
 * The wasm fetched from `href`: `{response, module}`, the response unread and a promise of the
 * module compiled as it streams in (null when that failed: no such type, another server's
 * content type). index.html's `engine-start` script starts the same, earlier.
 */
async function startWasm(href) {
  const response = await fetch(href);
  const module = response.ok && WebAssembly.compileStreaming ? WebAssembly.compileStreaming(response.clone()).catch(() => null) : null;
  return { response, module };
}

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
  const preload = document.querySelector('link[rel="preload"][href$=".wasm"]');
  if (!preload) {
    await init();
    return { module: null, kept: Promise.resolve() };
  }
  // The same URL, mode and credentials as the preload, so the browser hands over its response.
  const { response, module: streamed } = await (self.schachwerkWasm ?? startWasm(preload.href));
  if (!response.ok) throw new Error(`the engine could not be loaded: HTTP ${response.status} for ${preload.href}`);
  const kept = keepForServiceWorker(response.clone());
  // Compiled from the bytes when streaming could not (a server that names another type).
  const module = (await streamed) ?? (await WebAssembly.compile(await response.arrayBuffer()));
  // The copy kept for that is let go: unread, it would hold the wasm's bytes for good.
  if (!response.bodyUsed) response.body?.cancel().catch(() => {});
  self.schachwerkWasm = undefined;
  await init({ module_or_path: module });
  return { module, kept };
}
