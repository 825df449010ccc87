#!/usr/bin/env node
// This checkout against another (an older commit's), side by side: perft and the search,
// natively and in the wasm, run in turns so both see the same machine.
//
//   git worktree add /tmp/before COMMIT && (cd /tmp/before && ./build.sh && cargo build --release)
//   ./build.sh && cargo build --release
//   node bench/versus.mjs /tmp/before [ROUNDS]       (default 5 rounds)
//
// A shared machine's speed drifts within a minute, so each round runs the same work on the
// other checkout and then on this one, back to back, and the figure is the median of the
// rounds' own ratios (this / other: above 1 is faster here), with the range beside it. Each
// run is checked to count the same nodes on both sides, so both do the same work.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { searchCases } from './search-cases.mjs';
import { loadEngine } from './engine.mjs';

const [otherDir, roundsText] = process.argv.slice(2);
if (!otherDir) {
  console.error('usage: node bench/versus.mjs OTHER_CHECKOUT [ROUNDS]');
  process.exit(2);
}
const rounds = Number(roundsText ?? 5);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`ROUNDS must be a positive whole number, not '${roundsText}'`);
  process.exit(2);
}
const here = new URL('../', import.meta.url);
const other = pathToFileURL(`${otherDir.replace(/\/$/, '')}/`);

/** A checkout's native CLI and its wasm package, loaded. */
async function side(root, label) {
  const mod = await loadEngine(root, `${label}: `);
  return { label, Game: mod.Game, cli: fileURLToPath(new URL('target/release/schachwerk', root)) };
}
const sides = [await side(other, 'other'), await side(here, 'here')];

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const ZERO = { seed: '0'.repeat(64) };
const perftCases = [
  { name: 'startpos', variant: 'chess', fen: null, depth: 6 },
  { name: 'kiwipete', variant: 'chess', fen: KIWIPETE, depth: 5 },
  { name: 'nacht', variant: 'nacht', fen: null, depth: 6 },
  { name: 'quintessential', variant: 'quintessential', fen: null, depth: 5 },
  { name: 'impulschach', variant: 'impulschach', fen: null, depth: 6 },
  { name: 'immortal', variant: 'immortal', options: ZERO, fen: null, depth: 5 },
];
const SEARCH_NODES = 1_000_000;

/** The CLI's arguments for `c`. */
function args(command, c, extra) {
  const list = [command, '--variant', c.variant, ...extra];
  if (c.fen) list.push('--fen', c.fen);
  for (const [key, value] of Object.entries(c.options ?? {})) list.push('--option', `${key}=${value}`);
  return list;
}

/** Runs the CLI; its wall time in seconds and its output. */
function run(cli, list) {
  const start = performance.now();
  const done = spawnSync(cli, list, { encoding: 'utf8' });
  if (done.error || done.status !== 0) {
    console.error(`cannot run ${cli} ${list.join(' ')}: ${done.error ?? done.stderr}`);
    process.exit(2);
  }
  return { seconds: (performance.now() - start) / 1000, out: done.stdout };
}

/** Times `work(side)` on both sides, in turns; the median of here/other speed and its range. */
function versus(work) {
  const ratios = [];
  for (let round = 0; round < rounds; round++) {
    const [before, after] = sides.map((s) => work(s));
    if (before.nodes !== after.nodes) {
      console.error(`the sides counted ${before.nodes} and ${after.nodes} nodes`);
      process.exit(1);
    }
    ratios.push(before.seconds / after.seconds);
  }
  ratios.sort((a, b) => a - b);
  return { median: ratios[Math.floor(ratios.length / 2)], low: ratios[0], high: ratios.at(-1) };
}

const show = (name, r) =>
  console.log(`${name.padEnd(34)} ${r.median.toFixed(3)}  (${r.low.toFixed(3)}-${r.high.toFixed(3)})`);

console.log(`this checkout's speed over ${otherDir}'s (above 1: faster here), median of ${rounds} rounds`);
for (const c of perftCases) {
  show(`perft native ${c.name} ${c.depth}`, versus((s) => {
    const { seconds, out } = run(s.cli, args('perft', c, ['--depth', String(c.depth)]));
    return { seconds, nodes: out.trim().split('\n').pop() };
  }));
  const games = sides.map((s) => new s.Game(c.variant, c.options ?? null, c.fen));
  games.forEach((g) => g.perft(c.depth - 1));
  show(`perft wasm ${c.name} ${c.depth}`, versus((s) => {
    const game = games[sides.indexOf(s)];
    const start = performance.now();
    const nodes = Number(game.perft(c.depth));
    return { seconds: (performance.now() - start) / 1000, nodes };
  }));
}
for (const c of searchCases) {
  show(`search native ${c.name}`, versus((s) => {
    const { seconds, out } = run(s.cli, args('think', c, ['--nodes', String(SEARCH_NODES)]));
    // The last depth's node count and the move: the same search on both sides.
    const info = out.split('\n').filter((l) => l.startsWith('info')).at(-1) ?? '';
    const nodes = / nodes (\d+)/.exec(info)?.[1];
    return { seconds, nodes: `${nodes} ${out.split('\n').find((l) => l.startsWith('bestmove'))}` };
  }));
  const games = sides.map((s) => new s.Game(c.variant, c.options ?? null, c.fen));
  games.forEach((g) => g.think({ nodes: SEARCH_NODES / 10 }));
  show(`search wasm ${c.name}`, versus((s) => {
    const game = games[sides.indexOf(s)];
    const start = performance.now();
    const thought = game.think({ nodes: SEARCH_NODES });
    return { seconds: (performance.now() - start) / 1000, nodes: thought.nodes };
  }));
}
