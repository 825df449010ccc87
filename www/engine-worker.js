// The computer opponent's search, off the page's main thread: a plain module Web Worker (no
// SharedArrayBuffer, so the page needs no special headers) with its own copy of the package.
//
//   const worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
//   worker.postMessage({ id, record: game.record(), limits: { nodes: 20000 } });
//   worker.onmessage = ({ data }) => ...;  // {id, thought} or {id, error: {code, message}}
//
// `record` is what `game.record()` returns: the variant, its options without a local
// referee's seed, the starting position and the played actions (an Immortal's entries with
// the pieces revealed). The worker rebuilds that public game, so it never holds a deal, and
// posts back what `think(limits)` found: `{turn, best, score, depth, nodes, nps, ms, pv}`.
//
// Stopping: a search in wasm cannot be interrupted from outside without shared memory, so the
// page stops a think by terminating this worker (when the user presses Stop, or changes the
// game while it thinks) and starts a fresh one for the next. Each answer carries the request's
// `id`, so the page can tell an answer to an older request.
//
// The engine: a page that has compiled the wasm already sends the module first,
// `worker.postMessage({ engine: module })` (www/engine-load.js), so the worker neither fetches
// nor compiles it again; without one, the first think loads the package's own wasm.
import init, { Game } from './pkg/schachwerk.js';

let ready = null;

/** The package initialised once: from `module` when the page sent one, else from its file. */
function loadEngine(module) {
  if (ready) return ready;
  ready = init(module ? { module_or_path: module } : undefined);
  // Loaded and ready: the page may show it (nothing waits for this).
  ready.then(
    () => self.postMessage({ ready: true }),
    (err) => self.postMessage({ error: { code: null, message: `the engine did not load: ${err?.message ?? err}` } }),
  );
  return ready;
}

self.addEventListener('message', async ({ data }) => {
  if (data && 'engine' in data) {
    loadEngine(data.engine);
    return;
  }
  const { id, record, limits } = data ?? {};
  let game = null;
  try {
    await (ready ?? loadEngine());
    game = new Game(record.variant, record.options, record.start);
    for (const action of record.actions) game.play(action);
    self.postMessage({ id, thought: game.think(limits) });
  } catch (err) {
    self.postMessage({ id, error: { code: err?.code ?? null, message: String(err?.message ?? err) } });
  } finally {
    game?.free();
  }
});
