// A hostile fuzz of the wasm package's API, the same in Node and in a browser page: random
// calls on every export with arguments of every JS type, interleaved with legal play and undo.
// It fails on a trap (WebAssembly.RuntimeError), on an error without a known `code`, and on any
// change to a game by a call that was refused. Nothing here depends on Node or the DOM.

/** A small deterministic generator (xorshift32), so a failure replays from its seed. */
function generator(seed) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  return {
    below: (n) => next() % n,
    pick: (list) => list[next() % list.length],
    chance: (k) => next() % k === 0,
  };
}

/** The variants and options the fuzz plays; variants the engine lists but lacks are refused. */
const SETUPS = [
  ['chess', null],
  ['nietzsche', null],
  // Every promotion sequence of RULES.md: their pieces and letters differ.
  ...['fast', 'crowned', 'timur', 'eurasian', 'mixed-timur', 'mixed-eurasian', 'knighted',
    'long-crowned', 'long-timur', 'long-eurasian', 'ecumenical', 'wildeurasian', 'shogi',
    'courier'].map((sequence) => ['nietzsche', { sequence }]),
  ['nacht', { setup: 'reverse', castling: true }],
  ['nacht', { fifty: 'true' }],
  ['quintessential', null],
  ['impulschach', null],
  ['immortal', { seed: '5e'.repeat(32) }],
  ['immortal', { seed: 'random', composition: '4Q2R2B2N8P' }],
  ['immortal', null],
];

/** Strings that are almost, or in another variant, actions or position strings. */
const NEAR_VALID = [
  'e2e4', 'e7e5', 'e4', 'Nf3', 'O-O', 'O-O-O', '0-0', 'e8=Q', 'e7e8q', 'c9c10l', 'a1a1',
  'e2e4 e7e5', 'shift:a', 'shift:h', 'end', 'pass', '@a1-c3=n', 'Qxf7#', 'Nf3+#!?', 'Kxe8',
  'white', 'black', 'a5b5', 'f3f5', 'a5b5=n',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR',
  'rcbikbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBIKBCR w - - 0 1',
  '8/8/8/8/8/8/8/8 w - - 0 1', 'k7/8/8/8/8/8/8/K7 w - - 0 1', '**6**/10/10 w - - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qq] w - - 0 1', 'K9/10/k9 w - - 999999999999 1',
];

/** Limits `think` must refuse: out of range, of the wrong type, missing or unknown. */
const BAD_LIMITS = [
  { nodes: 0 }, { nodes: 2000.5 }, { nodes: 50_000_001 }, { nodes: -1 }, { nodes: NaN }, { nodes: Infinity },
  { nodes: '100' }, { nodes: 10n }, { nodes: null }, { nodes: {} }, { ms: 0 }, { ms: 600_001 }, { ms: -5 },
  { depth: 0 }, { depth: 65 }, { depth: 1.5 }, { depth: true }, {}, { nodez: 5 }, { nodes: 100, depht: 2 },
  { [Symbol('nodes')]: 5 }, { get nodes() { throw new Error('getter'); } }, [100], 2000, 'nodes=2000',
];

const UNICODE = ['♞f3', 'e4\u0000', '\uD800', 'é4', '🙂'.repeat(10), '\u202Ee2e4', 'ｅ２ｅ４', '\uFEFFe4'];

/** Values of every JS type, some of them hostile (a revoked Proxy, throwing getters). */
function oddValues() {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const trap = new Proxy({}, {
    ownKeys() { throw new Error('ownKeys trap'); },
    get() { throw new Error('get trap'); },
  });
  return [
    null, undefined, true, false, 0, -0, 1, 2, 3, -1, 1.5, 21, 2 ** 32, 2 ** 32 - 1, 2 ** 53,
    -(2 ** 31), NaN, Infinity, -Infinity, Number.MAX_VALUE, Number.MIN_VALUE, 10n, -1n,
    Symbol('e4'), () => 'e4', {}, [], ['e4'], [1, 2], { toString: () => 'e4' },
    // eslint-disable-next-line no-new-wrappers
    new String('e4'), Object.create(null), new Date(0), /e4/, new Uint8Array(4), revoked.proxy,
    trap, { get castling() { throw new Error('getter'); } }, { [Symbol('k')]: 1 },
    { sequence: 'knighted' }, { castling: 'maybe' }, { setup: 5 }, { '': '' }, { fifty: null },
    { sequence: 'x'.repeat(5000) }, { ['k'.repeat(5000)]: 1 }, { setup: {} },
    '', ' ', '\n', 'x'.repeat(4096), 'x'.repeat(4097), 'e2e4'.repeat(30000),
  ];
}

/** `text` with one to three characters replaced, deleted or inserted. */
function mutate(text, rng) {
  const alphabet = 'pnbrqkPNBRQKICLJDacdefghij0123456789/*?[]-=+#xO: wb@UVTSWYZEGFuvtswyzeg';
  let out = text;
  for (let i = 0; i <= rng.below(3); i++) {
    const at = rng.below(out.length + 1);
    const c = rng.pick(alphabet);
    const kind = rng.below(3);
    if (kind === 0) out = out.slice(0, at) + c + out.slice(at + 1);
    else if (kind === 1) out = out.slice(0, at) + out.slice(at + 1);
    else out = out.slice(0, at) + c + out.slice(at);
  }
  return out;
}

/** Describes a value for a failure message, without calling anything on it. */
function show(value) {
  if (typeof value === 'string') return value.length > 40 ? `string(${value.length})` : JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol' || typeof value === 'function') return typeof value;
  if (value === null || typeof value !== 'object') return String(value);
  return 'object';
}

/** Everything a refused call must leave as it was. */
function snapshot(game) {
  return JSON.stringify({
    fen: game.fen(),
    turn: game.turn(),
    status: game.status(),
    history: game.history(),
    legal: game.legalActions().map((a) => a.action),
  });
}

/**
 * Runs `calls` random calls against `engine` (the package's exports, initialised) and returns
 * counts. `codes` lists the error codes the declarations name. Throws on the first failure,
 * with the seed and the call that failed.
 */
export function fuzz(engine, { seed = 1, calls = 20000, codes }) {
  const { Game, variants } = engine;
  for (const name of ['dealOf', 'revealOf']) {
    if (typeof engine[name] !== 'function') throw new Error(`the package exports no ${name}`);
  }
  const rng = generator(seed);
  const odd = oddValues();
  const known = new Set(codes);
  const counts = { calls: 0, refused: 0, accepted: 0, plays: 0, undos: 0, games: 0, freed: 0 };
  const byCode = {};

  const fail = (what, detail) => {
    throw new Error(`fuzz seed ${seed}, call ${counts.calls}: ${what}: ${detail}`);
  };

  // A refusal must be an Error with a code the declarations list.
  const checkRefusal = (what, err) => {
    if (err instanceof WebAssembly.RuntimeError) fail(what, `the module trapped: ${err.message}`);
    if (!(err instanceof Error)) fail(what, `threw a non-Error: ${show(err)}`);
    if (!known.has(err.code)) fail(what, `error without a known code (${err.code}): ${err.message}`);
    if (!err.message) fail(what, `error ${err.code} without a message`);
    byCode[err.code] = (byCode[err.code] ?? 0) + 1;
  };

  const games = [];
  const newGame = (setup) => {
    try {
      const game = new Game(setup[0], setup[1], null);
      counts.games++;
      return { game, setup };
    } catch (err) {
      checkRefusal(`new Game(${setup[0]})`, err);
      return null;
    }
  };
  for (const setup of SETUPS) {
    const entry = newGame(setup);
    if (entry) games.push(entry);
  }
  if (games.length < 4) fail('setup', `only ${games.length} variants start`);
  const listed = variants();
  if (!Array.isArray(listed) || !listed.includes('chess')) fail('variants()', show(listed));

  // Arguments: odd values, near-valid strings, unicode, and strings made from the game itself.
  const textArgument = (game) => {
    const kind = rng.below(5);
    if (kind === 0) return rng.pick(NEAR_VALID);
    if (kind === 1) return rng.pick(UNICODE);
    if (kind === 2) return mutate(game.fen(), rng);
    const legal = game.legalActions();
    if (legal.length === 0) return mutate(rng.pick(NEAR_VALID), rng);
    const info = rng.pick(legal);
    return mutate(kind === 3 ? info.action : info.notation, rng);
  };
  const argument = (game) => (rng.chance(2) ? rng.pick(odd) : textArgument(game));
  // perft's valid depths run fast only when small: the fuzz keeps them to 0..2.
  const depth = (value) =>
    typeof value === 'number' && Number.isInteger(value) && value > 2 && value <= 20 ? value % 3 : value;

  // think's limits: small budgets (so the fuzz stays fast), refused ones, and odd values.
  const limits = (value) => {
    const kind = rng.below(4);
    if (kind === 0) return value;
    if (kind === 1) return rng.pick(BAD_LIMITS);
    if (kind === 2) return { ms: 1 + rng.below(3) };
    const budget = { nodes: 1 + rng.below(2000) };
    if (rng.chance(2)) budget.depth = 1 + rng.below(3);
    return budget;
  };

  // What an accepted think or record must be: a legal answer, a record that replays the game.
  const checkAccepted = (method, game, result, what) => {
    if (method === 'think') {
      const legal = game.legalActions().map((a) => a.action);
      if (!legal.includes(result.best) || result.turn[0] !== result.best) {
        fail(what, `think answered ${JSON.stringify(result.turn)}, not a legal action`);
      }
    }
    if (method === 'pgn') {
      // The PGN reads back to the same position (a refereed game's without its seed: public).
      const copy = Game.fromPgn(result);
      const copyFen = copy.fen();
      const same = copyFen === game.fen();
      copy.free();
      if (!same) fail(what, `the PGN does not read back to the game (${game.fen()}; read: ${copyFen}):\n${result}`);
    }
    if (method === 'record') {
      const copy = new Game(result.variant, result.options, result.start);
      for (const action of result.actions) copy.play(action);
      const same = copy.fen() === game.fen();
      copy.free();
      if (!same) fail(what, `the record does not replay the game: ${JSON.stringify(result)}`);
      // Rebuilt whole, with the seed where a local referee holds one: the same game.
      const rebuilt = Game.fromRecord(result, seedOf(game));
      const again = rebuilt.fen() === game.fen() && JSON.stringify(rebuilt.status()) === JSON.stringify(game.status());
      rebuilt.free();
      if (!again) fail(what, `fromRecord does not rebuild the game: ${JSON.stringify(result)}`);
    }
    const legal = () => game.legalActions().map((a) => a.action);
    if (method === 'legalMoves' && JSON.stringify(result) !== JSON.stringify(legal())) {
      fail(what, `legalMoves ${JSON.stringify(result)} is not legalActions' list`);
    }
    if (method === 'countLegal' && result !== legal().length) fail(what, `countLegal ${result}`);
    if (method === 'ply' && result !== game.history().length) fail(what, `ply ${result}`);
    if (method === 'isLegal' && typeof result !== 'boolean') fail(what, `isLegal gave ${show(result)}`);
  };

  // The seed of a game's local referee, as its setup gave it (null for a public game or a
  // random seed, which no record can name).
  const seedOf = (game) => {
    const entry = games.find((e) => e.game === game);
    const seed = entry?.setup[1]?.seed;
    return seed && seed !== 'random' ? seed : null;
  };

  const METHODS = [
    'play', 'setFen', 'perft', 'undo', 'board', 'legalActions', 'fen', 'status', 'history', 'turn', 'variant',
    'turns', 'decision', 'inCheck', 'commitment', 'disclose', 'verifyDeal', 'reveal', 'think', 'record',
    'legalMoves', 'countLegal', 'isLegal', 'ply', 'resign', 'agreeDraw', 'abandon', 'pgn',
  ];
  // Accepted, these answer about the game without changing it; isLegal never throws.
  const READERS = new Set(['think', 'record', 'legalMoves', 'countLegal', 'isLegal', 'ply', 'pgn']);

  const hostileCall = (entry) => {
    const { game } = entry;
    const method = rng.pick([...METHODS, 'new', 'dealOf', 'fromPgn', 'fromRecord', 'revealOf']);
    const args = Array.from({ length: rng.below(4) }, () => argument(game));
    if (method === 'perft') args[0] = depth(args[0]);
    if (method === 'think') args[0] = limits(args[0]);
    const what = `${method}(${args.map(show).join(', ')}) on ${entry.setup[0]}`;
    if (method === 'dealOf' || method === 'fromPgn') {
      try {
        if (method === 'dealOf') engine.dealOf(...args);
        else Game.fromPgn(...args).free();
        counts.accepted++;
      } catch (err) {
        checkRefusal(what, err);
        counts.refused++;
      }
      return;
    }
    if (method === 'fromRecord' || method === 'revealOf') {
      // A real record and seed, or one of them hostile; an entry or any argument.
      const record = rng.chance(2) ? game.record() : args[0];
      if (record && typeof record === 'object' && rng.chance(3)) {
        try {
          record.actions = record.actions.map((a) => (rng.chance(8) ? mutate(a, rng) : a));
        } catch {}
      }
      const seed = rng.chance(2) ? seedOf(game) : args[1];
      try {
        if (method === 'fromRecord') Game.fromRecord(record, seed).free();
        else engine.revealOf(seed, record, rng.chance(2) ? textArgument(game) : args[2]);
        counts.accepted++;
        counts[method] = (counts[method] ?? 0) + 1;
      } catch (err) {
        checkRefusal(what, err);
        counts.refused++;
      }
      return;
    }
    if (method === 'new') {
      const variant = rng.chance(2) ? rng.pick(SETUPS)[0] : args[0];
      try {
        new Game(variant, args[1], args[2]).free();
        counts.accepted++;
      } catch (err) {
        checkRefusal(what, err);
        counts.refused++;
      }
      return;
    }
    const before = snapshot(game);
    let result;
    try {
      result = game[method](...args);
    } catch (err) {
      if (method === 'isLegal') fail(what, `isLegal threw: ${err?.message}`);
      checkRefusal(what, err);
      counts.refused++;
      const after = snapshot(game);
      if (after !== before) fail(what, `the refused call changed the game:\n${before}\n${after}`);
      return;
    }
    counts.accepted++;
    if (READERS.has(method)) {
      checkAccepted(method, game, result, what);
      if (snapshot(game) !== before) fail(what, 'it changed the game');
      counts[method] = (counts[method] ?? 0) + 1;
    }
  };

  // A random legal action; a public Immortal Chess game, which cannot reveal an entry by
  // itself, passes instead.
  const pickLegal = (game, legal) => {
    const info = rng.pick(legal);
    if (game.decision().kind === 'entry' && game.commitment() === undefined) {
      return legal.find((a) => a.action === 'pass') ?? info;
    }
    return info;
  };

  const legalCall = (entry) => {
    const { game } = entry;
    const over = game.status().state !== 'ongoing';
    if (!over && game.history().length && rng.chance(4)) {
      game.undo();
      counts.undos++;
      return;
    }
    const legal = game.legalActions();
    if (legal.length === 0 || over || game.history().length > 150) {
      // Start the game again, freeing the old one: a freed game throws, never traps.
      game.free();
      counts.freed++;
      try {
        game.fen();
        fail('fen() on a freed game', 'did not throw');
      } catch (err) {
        if (err instanceof WebAssembly.RuntimeError) fail('fen() on a freed game', err.message);
      }
      Object.assign(entry, newGame(entry.setup));
      return;
    }
    const info = pickLegal(game, legal);
    const played = game.play(rng.chance(2) ? info.action : info.notation);
    // Notation may be a whole turn (Immortal Chess's `f5` passes the entry).
    if (played.action.split(' ')[0] !== info.action) fail(`play(${info.action})`, `played ${played.action}`);
    counts.plays++;
  };

  for (; counts.calls < calls; counts.calls++) {
    const entry = rng.pick(games);
    if (rng.chance(3)) legalCall(entry);
    else hostileCall(entry);
  }

  // Afterwards every game still plays normally: a few legal moves each, then undone.
  for (const { game } of games) {
    const fen = game.fen();
    const length = game.history().length;
    let played = 0;
    for (; played < 6 && game.status().state === 'ongoing'; played++) {
      game.play(pickLegal(game, game.legalActions()).action);
    }
    for (let i = 0; i < played; i++) game.undo();
    if (game.fen() !== fen || game.history().length !== length) fail('play after the fuzz', 'undo did not restore');
    game.free();
  }
  return { ...counts, byCode };
}

/** The error codes that the package's TypeScript declarations list for `EngineError`. */
export function declaredCodes(declarations) {
  const block = declarations.match(/interface EngineError[^{]*\{([^}]*)\}/);
  if (!block) throw new Error('EngineError is not declared');
  return [...block[1].matchAll(/"([a-z_]+)"/g)].map((m) => m[1]);
}
