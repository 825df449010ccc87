// The npm package (dist/pkg, ./build.sh dist) installed into a scratch project, as a Node or
// TypeScript user gets it: `await init()` with no argument works in Node (the "node" export
// condition), the engine's declarations type-check in a Node-only project (no DOM lib, no
// @types), and the widget's declarations in a browser project.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PKG = join(ROOT, 'dist', 'pkg');
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');
const run = promisify(execFile);

let dir;

/** Writes `files` ({path: text}) under a fresh folder of the scratch project; returns its path. */
async function project(name, files) {
  const at = join(dir, name);
  await mkdir(at, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    await writeFile(join(at, file), typeof text === 'string' ? text : `${JSON.stringify(text, null, 2)}\n`);
  }
  return at;
}

/** Runs tsc -p on a folder; fails with tsc's output unless it exits 0. */
async function typeCheck(folder) {
  try {
    await run(TSC, ['-p', folder], { cwd: folder });
  } catch (err) {
    assert.fail(`tsc -p ${folder} failed (exit ${err.code}):\n${err.stdout}${err.stderr}`);
  }
}

const NODE_ONLY = {
  compilerOptions: {
    strict: true,
    target: 'es2022',
    lib: ['es2022'],
    types: [],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    noEmit: true,
    skipLibCheck: false,
  },
};

describe('the package in a Node project', () => {
  before(async () => {
    await stat(join(PKG, 'package.json')).catch(() => {
      throw new Error('dist/pkg is missing: run ./build.sh dist first');
    });
    dir = await mkdtemp(join(tmpdir(), 'schachwerk-node-'));
    const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: PKG });
    const tarball = join(dir, JSON.parse(stdout)[0].filename);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
    await run('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: dir });
  });

  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('await init() with no argument reads the wasm beside the glue, which other imports share', async () => {
    await writeFile(
      join(dir, 'init.mjs'),
      `import init, { Game } from 'schachwerk';
import { Game as GlueGame } from './node_modules/schachwerk/schachwerk.js';
await init();
const played = new Game('chess').play('e4');
// The "node" entry re-exports the glue module: one instance, initialised once.
const shared = new GlueGame('nacht').legalActions().length;
console.log(JSON.stringify({ action: played.action, notation: played.notation, fen: played.fen, shared }));
`,
    );
    const { stdout } = await run('node', ['init.mjs'], { cwd: dir });
    const result = JSON.parse(stdout);
    assert.equal(result.action, 'e2e4');
    assert.equal(result.notation, 'e4');
    assert.match(result.fen, /^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b /);
    assert.ok(result.shared > 0);
  });

  it('init() passes what it is given through to the glue', async () => {
    const script = `import { readFile } from 'node:fs/promises';
import init, { Game } from 'schachwerk';
await init({ module_or_path: await readFile('node_modules/schachwerk/schachwerk_bg.wasm') });
console.log(new Game('nietzsche', { sequence: 'knighted' }).variant());`;
    const { stdout } = await run('node', ['--input-type=module', '-e', script], { cwd: dir });
    assert.equal(stdout.trim(), 'nietzsche');
  });

  it('initSync() with no argument works too', async () => {
    const { stdout } = await run(
      'node',
      ['--input-type=module', '-e', "import { initSync, Game } from 'schachwerk'; initSync(); console.log(new Game('chess').turn());"],
      { cwd: dir },
    );
    assert.equal(stdout.trim(), 'white');
  });

  it('its declarations type-check in a Node-only project (lib es2022, no DOM, no @types, strict)', async () => {
    const folder = await project('node-only', {
      'package.json': { name: 'node-only', private: true, type: 'module' },
      'tsconfig.json': { ...NODE_ONLY, files: ['index.ts'] },
      'index.ts': `import init, { Game, initSync, variants } from 'schachwerk';
import type { ActionInfo, Color, EngineError, Played, Status } from 'schachwerk';
// What the "node" condition runs, declared beside it.
import initNode, { initSync as initSyncNode, Game as NodeGame } from '../node_modules/schachwerk/schachwerk-node.js';

await init();
const game = new Game('chess');
const turn: Color = game.turn();
const actions: ActionInfo[] = game.legalActions();
const played: Played = game.play(actions[0].action);
const status: Status = game.status();
const winner: Color | null = status.winner;
const mover: Color = game.turns()[0].color;
const deciding: Color | null = game.decision().color;
const nacht = new Game('nacht', { castling: true });
const loaded = new Game('chess', null, '8/8/8/8/8/8/8/K6k w - - 0 1');
let code: EngineError['code'] | null = null;
try {
  game.play('e2e5');
} catch (err) {
  code = (err as EngineError).code;
}
// Other ways to hand init the wasm, as a Node program would.
declare const bytes: Uint8Array;
await init({ module_or_path: bytes });
initSync({ module: bytes });
await initNode();
initSyncNode();
await initNode({ module_or_path: bytes });
const nodeTurn: Color = new NodeGame('immortal').turn();
export const seen = [turn, played.notation, winner, mover, deciding, variants().length, nacht.fen(), loaded.fen(), code, nodeTurn];
`,
    });
    await typeCheck(folder);
  });

  it("the widget's declarations type-check in a browser project", async () => {
    const folder = await project('browser', {
      'package.json': { name: 'browser', private: true, type: 'module' },
      'tsconfig.json': { compilerOptions: { ...NODE_ONLY.compilerOptions, lib: ['es2022', 'dom'] }, files: ['page.ts'] },
      'page.ts': `import 'schachwerk/schach-board.js';
import { SchachBoard, loadEngine, parseMoves, parseOptions } from 'schachwerk/schach-board.js';
import type { SchachBoardErrorDetail } from 'schachwerk/schach-board.js';
import { createBoard, createPiece, pieceColor, pieceName, squareName, picturesFor, ORTHODOX_GLYPHS } from 'schachwerk/board.js';
import { createGameHost, moveMap, optionButtons } from 'schachwerk/game-host.js';
import { PICTURES, pieceSvg } from 'schachwerk/pieces.js';
import { legendEntries, renderLegend } from 'schachwerk/legend.js';
import type { Color, Status } from 'schachwerk';

const element = document.querySelector('schach-board')!;
const same: SchachBoard = element;
element.addEventListener('move', (e) => console.log(e.detail.action, e.detail.notation, e.detail.status.state, e.detail.decision.kind));
element.addEventListener('entry', (e) => element.play(\`\${e.detail.action}=n\`));
element.addEventListener('error', (e) => console.log(e.detail.code, e.detail.step));
element.addEventListener('gameover', (e) => console.log(e.detail.status.winner, e.detail.fen));
element.addEventListener('change', (e) => {
  const cause: 'move' | 'play' | 'undo' | 'setup' = e.detail.cause;
  console.log(cause, e.detail.fen);
});
element.addEventListener('click', (e) => console.log(e.clientX));
await element.ready;
const last: SchachBoardErrorDetail | null = element.lastError;
const side: Color = element.orientation;
const status: Status = element.status;
const fen: string | null = element.fen;
element.fen = null;
element.variant = 'nacht';
element.options = 'castling=true';
element.readonly = true;
element.coordinates = false;
element.play(element.legalMoves()[0].action);
element.undo();
console.log(last, side, status, fen, element.turns(), element.history(), element.record().actions, element.decision.prompt);
SchachBoard.engineUrl = null;
const engine = await loadEngine();
new engine.Game('chess');
console.log(parseMoves('e4, e5'), parseOptions('castling=true'), same);
const made = document.createElement('schach-board');
made.flip();
made.reset();

const board = createBoard(document.body, { files: 10, ranks: 10, holes: ['a1'], pictures: picturesFor('quintessential') });
board.setPieces([{ square: 'e1', piece: 'K' }]).setDestinations(new Map([['e2', ['e3', 'e4']]])).onMove((from, to) => console.log(from, to));
board.highlight(['e2', 'e4']).setCheck(null).mark('activated', []);
const letter: string | null = await board.choosePromotion('e8', ['Q', 'R']);
const host = createGameHost({ onAction: (action) => console.log(action) });
console.log(letter, host.move('e2', 'e4'), moveMap([]), optionButtons([], () => {}), createPiece('q'), pieceColor('q'), pieceName('Q'));
console.log(squareName(4, 1), ORTHODOX_GLYPHS.K, PICTURES.length, pieceSvg('king'), legendEntries('chess')[0].move);
renderLegend(document.body, 'nietzsche', { sequence: 'knighted' });
`,
    });
    await typeCheck(folder);
  });
});
