// The computer's search (README, "think").
import init, { Game } from './pkg/schachwerk.js';

let ready = null;
let lastGame = null;

function loadEngine(module) {
  if (ready) return ready;
  ready = init(module ? { module_or_path: module } : undefined);
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
    const thisGame = JSON.stringify([record.variant, record.options, record.start]);
    const keep = limits?.keep === true && thisGame === lastGame;
    lastGame = thisGame;
    self.postMessage({ id, thought: game.think({ ...limits, keep }) });
  } catch (err) {
    self.postMessage({ id, error: { code: err?.code ?? null, message: String(err?.message ?? err) } });
  } finally {
    game?.free();
  }
});
