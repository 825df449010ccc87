import { Game, variantInfo as engineVariantInfo, variants } from './pkg/schachwerk.js';
import { loadEngine } from './engine-load.js';
import { createBoard, picturesFor } from './board.js';
import { createGameHost, needsReferee, optionButtons, parseOptions, pieceNames, revealText, undoToTurnOf } from './game-host.js';
import { createSequenceMenu } from './sequence-menu.js';
import { renderLegend } from './legend.js';
import { createMoveList, flushScroll } from './move-list.js';
import { createShareLink, disclosedSeed, randomSeed } from './share-link.js';
import { bindResultActions, renderResult } from './result-banner.js';
import { createSettings, motionWanted } from './settings.js';
import { createGameEnd, declaredEnd } from './game-end.js';
import { createPgnPanel } from './pgn-panel.js';
import { createSounds } from './sound.js';
import { applyLook } from './themes.js';
import { createTurnStory } from './turn-story.js';
import { createForcedChoices } from './forced-choice.js';
import { playSteps } from './computer-playback.js';
import { boardZones } from './board-zones.js';
import { renderRules } from './rules-panel.js';
import { attachPieceMoves } from './piece-moves.js';
import { attachDrawing } from './board-drawing.js';
import { setText } from './dom-text.js';

const $ = (selector) => document.querySelector(selector);

// The engine's variantInfo, asked once per variant: the engine builds the variant's tables to
// answer (some 5 ms each), and the page asks on every game start and for every title.
const variantInfos = new Map();
function variantInfo(name) {
  if (!variantInfos.has(name)) variantInfos.set(name, engineVariantInfo(name));
  return variantInfos.get(name);
}

const ui = {
  // No aria-label on #board: a div without a role may not carry one; the board inside it (role
  // grid) is named.
  board: $('#board'),
  variant: $('#variant'),
  options: $('#options'),
  sequence: $('#sequence'),
  newGame: $('#new-game'),
  undo: $('#undo'),
  flip: $('#flip'),
  status: $('#status'),
  error: $('#error'),
  moves: $('#moves'),
  fen: $('#fen'),
  loadFen: $('#load-fen'),
  legendBody: $('#legend-body'),
  legendVariant: $('#legend-variant'),
  decision: $('#decision'),
  decisionText: $('#decision-text'),
  decisionOptions: $('#decision-options'),
  reveal: $('#reveal'),
  seed: $('#seed'),
  deal: $('#deal'),
  commitment: $('#commitment'),
  disclosed: $('#disclosed'),
  seedShown: $('#seed-shown'),
  verify: $('#verify'),
  verdict: $('#verdict'),
  opponent: $('#opponent'),
  level: $('#level'),
  engine: $('#engine'),
  engineText: $('#engine-text'),
  stop: $('#stop'),
  resume: $('#resume'),
};

// The player's settings, kept in localStorage (settings.js).
const settings = createSettings();
settings.bind($('#setting-sound'), 'sound');
settings.bind($('#setting-animation'), 'animation');
settings.bind($('#setting-autoplay'), 'autoplay');
settings.bind($('#setting-board-theme'), 'boardTheme');
settings.bind($('#setting-color-scheme'), 'colorScheme');
// The computer opponent and its level stay for the next visit (a link's hold for its game).
settings.bind(ui.opponent, 'opponent');
settings.bind(ui.level, 'level');
// The board theme and dark mode (themes.js, style.css).
applyLook(settings);
// A move, a capture, a check, the end: heard while the sound setting is on (sound.js).
const sounds = createSounds({ wanted: () => settings.get('sound') });

// Motion (the animation setting, unless the system asks for reduced motion): how long a piece
// slides, the pause between the computer's actions, and before a forced choice is played.
const MOTION = { slideMs: 220, stepPauseMs: 450, forcedDelayMs: 350 };
const motion = () => motionWanted(settings);
function applyMotion() {
  board?.setAnimation(motion() ? MOTION.slideMs : 0);
  document.documentElement.dataset.motion = motion() ? 'on' : 'off';
}
settings.onChange((name) => name === 'animation' && applyMotion());
// A forced choice waiting on the board is played, or no longer, as the setting now says.
settings.onChange((name) => name === 'autoplay' && game && refresh());
globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').addEventListener?.('change', applyMotion);

// Promotions and reveals marked and told, a turn of several actions summed up (turn-story.js).
const story = createTurnStory({ element: $('#turn-story'), announce: (text) => board?.announce(text) });
// A decision with one legal move played for the player, unless the autoplay setting is off.
const forced = createForcedChoices({ play: (action) => play(action), delay: () => (motion() ? MOTION.forcedDelayMs : 0) });

let game = null;
let board = null;
// The engine as loaded (engine-load.js): its compiled module goes to the computer's worker.
let engine = { module: null, kept: Promise.resolve() };
// The arrows and circles drawn on the board with the right button (board-drawing.js).
let drawing = null;
// The menu of Nietzsche Chess's sequences (sequence-menu.js), made once the engine is loaded.
let sequenceMenu = null;
let orientation = settings.get('orientation');
// The board's moves, the picker and the decision's options go to play() (game-host.js).
const host = createGameHost({ onAction: (action) => play(action) });

// The move list with its view of past positions, and the shareable link in the URL hash.
const moveList = createMoveList({
  Game,
  onChange: () => {
    hidePromotion();
    refresh();
  },
});
const shareLink = createShareLink({
  Game,
  variantInfo,
  // A link's game: its options in the field (restored if the engine refuses them).
  start: (variant, optionsText, fen, seed) => {
    const before = ui.options.value;
    ui.options.value = optionsText;
    try {
      startGame(variant, fen, seed);
    } catch (err) {
      ui.options.value = before;
      throw err;
    }
    clearError();
    return game;
  },
  refresh: () => refresh(),
  showError: (err) => showError(err),
  // The link keeps who plays and the board's side; a link's values are for its game only.
  players: () => ({ opponent: ui.opponent.value, level: ui.level.value, orientation }),
  usePlayers: ({ opponent, level, orientation: side }) => {
    ui.opponent.value = opponent;
    if (level) ui.level.value = level;
    orientation = side;
    board?.setOrientation(side);
  },
});

// Resign and draw (game-end.js): a declared end stops the computer's think under way.
const gameEnd = createGameEnd({
  onEnd: () => {
    sounds.play('end');
    cancelThink();
    clearError();
    refresh();
    keepFocus(); // the buttons pressed are hidden with the game over
  },
});

// The game as PGN, and a PGN read in that replaces the game (pgn-panel.js).
const pgnPanel = createPgnPanel({
  Game,
  variantInfo,
  players: () => ({ computer: computerSide(), level: ui.level.value }),
  load: (next, seed) => useGameFromPgn(next, seed),
  showError: (err) => showError(err),
  clearError: () => clearError(),
});

// ---------------------------------------------------------------- errors

function describeError(err) {
  if (err instanceof Error) return err.message || String(err.code ?? err);
  if (err && typeof err === 'object' && 'message' in err) return String(err.message);
  return String(err);
}

function showError(err) {
  ui.error.textContent = describeError(err);
  ui.error.dataset.code = err?.code ?? '';
  ui.error.hidden = false;
}

function clearError() {
  ui.error.textContent = '';
  delete ui.error.dataset.code;
  ui.error.hidden = true;
}

// ---------------------------------------------------------------- game set-up

// The options text the current game was started with, and as an object (the board's
// pictures depend on Nietzsche's sequence).
let startedWith = '';
let gameOptions = {};

function startGame(variant, fen = null, seed = undefined) {
  // Throws on an unknown variant or a bad option; the current game then stays. A variant with
  // hidden identities (Immortal Chess) is played with a local referee: the seed field's deal,
  // or a random one (drawn here, so that a reload can keep it: share-link.js). A link may
  // bring its seed, or none (seed null: a game without a referee, the deal unknown).
  const options = parseOptions(ui.options.value);
  const { hiddenIdentities } = variantInfo(variant);
  if (hiddenIdentities && !('seed' in options) && seed !== null) {
    options.seed = seed ?? (ui.seed.value.trim() || randomSeed());
  }
  const next = new Game(variant, options, fen);
  shareLink.dealt(next, options.seed);
  startedWith = ui.options.value;
  useGame(next, options);
}

// A game read from a PGN (pgn-panel.js): its options in the field, its seed (a Seed tag) kept.
function useGameFromPgn(next, seed) {
  const { options } = next.record();
  ui.options.value = Object.entries(options)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  startedWith = ui.options.value;
  shareLink.dealt(next, seed);
  useGame(next, options);
}

// Makes `next` the page's game, in place of the one before; `options` as an object.
function useGame(next, options) {
  const variant = next.variant();
  const { hiddenIdentities } = variantInfo(variant);
  cancelThink();
  computer.paused = false;
  computer.last = null;
  game?.free?.();
  game = next;
  gameOptions = options;
  story.clear();
  forced.holdAt(null); // a position the last game's undo held is not this game's
  ui.variant.value = variant;
  if (ui.variant.selectedOptions[0]) ui.variant.selectedOptions[0].textContent = variantTitle(variant);
  board?.destroy(); // the geometry and the pieces may differ: rebuild
  board = null;
  hidePromotion();
  ui.reveal.hidden = true;
  if (variantPanels.deferred) variantPanels.pending = { variant, options };
  else renderVariantPanels(variant, options);
  for (const el of document.querySelectorAll('.hidden-identities-only')) el.hidden = !hiddenIdentities;
  sequenceMenu?.show(variant, options);
  refresh();
}

// The panels below the board that change with the variant. At the page's start they are
// drawn once the first legal moves are on the board (main), not before: the board is what
// the player waits for (issue 27's start-up budget).
const variantPanels = { deferred: false, pending: null };

function renderVariantPanels(variant, options) {
  // Each piece of the variant, with its move in words (legend.js).
  renderLegend(ui.legendBody, variant, options);
  ui.legendVariant.textContent = `of ${variantTitle(variant)}`;
  // The rules in short, with the rule page's link (rules-panel.js).
  renderRules($('#rules-body'), variant);
  $('#rules-variant').textContent = `of ${variantTitle(variant)}`;
}

// The game the board was last checked against: a game's geometry and pieces never change
// (a new variant or options is a new Game), so a move's redraw skips the check.
let boardChecked = null;

function ensureBoard() {
  if (board && boardChecked === game) return;
  boardChecked = game;
  const { files, ranks, holes = [] } = game.board();
  const pictures = picturesFor(game.variant(), gameOptions);
  const names = pieceNames(game);
  const sameMap = (a, b) => Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v);
  const same =
    board &&
    sameMap(board.pictures, pictures) &&
    sameMap(board.names, names) &&
    board.files === files &&
    board.ranks === ranks &&
    board.holes.length === holes.length &&
    holes.every((h) => board.holes.includes(h));
  if (same) return;
  board?.destroy();
  board = createBoard(ui.board, { files, ranks, holes, orientation, pictures, names, label: `${variantTitle(game.variant())} board` });
  board.onMove(onBoardMove);
  applyMotion();
  drawing = attachDrawing(board);
  // Immortal Chess's border ring drawn apart from the 8x8 (board-zones.js).
  for (const [zone, squares] of Object.entries(boardZones(game.variant(), files, ranks))) board.mark(zone, squares);
}

// A human's action is drawn in a task after the input event's own, rather than inside it:
// inside it, the browser lays the page out again before the event's task ends (to know what the
// pointer is over now), and the drawing plus that layout made one task of 50-80 ms a move under
// 4x CPU throttling, over issue 27's budget of 50 (bench/page-timing.mjs). Apart they are two
// tasks of about half that. The pointer's own task then only plays the action in the engine.
let refreshTimer = null;
function refreshSoon() {
  if (refreshTimer === null) refreshTimer = setTimeout(refresh, 0);
}
// A press or a key on the board before that drawing (a quick hand, a test) finds the board
// drawn for the position it acts on: the drawing is done first, in the press's task.
for (const type of ['pointerdown', 'keydown']) {
  ui.board.addEventListener(type, () => refreshTimer !== null && refresh(), { capture: true });
}

/** Draws the page for the game as it is now (and drops a pending refreshSoon, done here). */
function refresh() {
  if (refreshTimer !== null) {
    clearTimeout(refreshTimer);
    refreshTimer = null;
  }
  ensureBoard();
  // A stop holds the computer back for the rest of its turn only.
  if (!computerToMove()) computer.paused = false;
  // Nor while the move list shows a past position (move-list.js), which it draws itself.
  const viewing = moveList.sync(game);
  const humanActs = (!computerToMove() || computer.paused) && !viewing;
  // While the computer has the turn the board takes no moves.
  const decision = host.draw(game, board, { interactive: humanActs, pieces: !viewing });
  const turns = game.turns();
  drawing.moved(game.ply()); // a move, the computer's too, clears the arrows
  renderDecision(decision, humanActs);
  forced.consider(humanActs && settings.get('autoplay') ? game : null, decision);
  moveList.render(game, turns, decision);
  renderStatus();
  renderDeal();
  ui.fen.value = game.fen();
  moveList.paint(board, ui.fen);
  story.paint(board, { live: moveList.viewing === null });
  renderResult(game.status());
  gameEnd.render(game, { computer: computerSide(), thinking: computerToMove() && !computer.paused });
  shareLink.update(game);
  pgnPanel.update(game);
  // Against the computer, Undo takes back to the human's last turn: there must be one. A
  // resignation or an agreed draw is final (the engine refuses to undo it).
  const human = humanSide();
  ui.undo.disabled =
    game.ply() === 0 || (human !== null && !turns.some((t) => t.color === human)) || declaredEnd(game.status());
  maybeThink();
  renderEngine();
  // Last: lays the page out once, in this task (move-list.js says why).
  flushScroll();
}

// A decision inside a turn, as the engine words it (the shift's direction, the pawn being
// displaced, a chain of activated pieces, an entry), with a button per keyword option. Each
// button's id is its action's (`shift:a` → `shift-a`, `pass`).
function renderDecision(decision, humanActs) {
  ui.decision.hidden = !decision.prompt;
  setText(ui.decisionText, decision.prompt ?? '');
  const buttons = humanActs ? optionButtons(decision.options, host.choose) : [];
  for (const button of buttons) button.id = button.dataset.action.replace(/[^a-z0-9]+/gi, '-');
  ui.decisionOptions.replaceChildren(...buttons);
}

const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// "NAChT Schach", not the engine's id "nacht".
const variantTitle = (name) => {
  try {
    return variantInfo(name).title;
  } catch {
    return capitalise(name);
  }
};

// A click on a piece in the legend shows its moves on an empty board (piece-moves.js): the
// current game's variant and options (a referee's seed left out: the example has no deal).
attachPieceMoves(ui.legendBody, $('#piece-moves'), () => {
  const { seed: _deal, ...options } = parseOptions(startedWith);
  const { files, ranks, holes = [] } = game.board();
  return { Game, variant: game.variant(), options, pictures: picturesFor(game.variant(), options), names: pieceNames(game), geometry: { files, ranks, holes } };
});

function renderStatus() {
  const status = game.status();
  ui.status.dataset.state = status.state;
  if (status.state === 'ongoing') {
    setText(ui.status, `${capitalise(game.turn())} to move`);
  } else {
    setText(ui.status, status.reason ? `${capitalise(status.state)} (${status.reason})` : capitalise(status.state));
  }
}

// ---------------------------------------------------------------- moves

// Immortal Chess: the commitment from the start, the seed once the game is over.
function renderDeal() {
  const commitment = game.commitment?.();
  ui.deal.hidden = !commitment;
  if (!commitment) return;
  setText(ui.commitment, commitment);
  const seed = disclosedSeed(game);
  ui.disclosed.hidden = !seed;
  setText(ui.seedShown, seed ?? '');
  if (!seed) setText(ui.verdict, '');
}

// Plays one action, the human's or one of the computer's turn; false when the game refuses it.
function playAction(action) {
  let played;
  const beforeSound = sounds.before(game);
  try {
    played = story.play(game, action);
  } catch (err) {
    showError(err);
    return false;
  }
  sounds.after(game, beforeSound);
  clearError();
  hidePromotion();
  // A hidden piece revealed (an Immortal's entry), in words.
  const reveal = revealText(game, played);
  ui.reveal.hidden = !reveal;
  if (reveal) ui.reveal.textContent = reveal;
  return true;
}

// The human's action: not while the computer has the turn. Drawn in a task of its own, just
// after the click's (refreshSoon), except a dragged piece's, which is drawn where it was dropped.
function play(action) {
  if (refreshTimer !== null) {
    // The board or the buttons acted on were drawn before the last action: up to date first,
    // and the action played only if it is still legal there.
    refresh();
    if (!host.action(action)) return;
  }
  if (!computerToMove() || computer.paused) playAction(action);
  if (dropping) refresh();
  else refreshSoon();
}

// A board move made by dragging the piece (its drop already shows the new square).
let dropping = false;

function onBoardMove(from, to, { dragged = false } = {}) {
  dropping = dragged;
  try {
    // Two or more actions to one square: the board's picker, the page's one, by the id tests
    // and links know.
    if (host.move(from, to) === 'choosing' && board.promotionElement) board.promotionElement.id = 'promotion';
  } finally {
    dropping = false;
  }
}

/** A control that had the focus was hidden or removed: the focus goes to the board, not to nowhere. */
function keepFocus() {
  const focused = document.activeElement;
  if (!focused || focused === document.body || !focused.isConnected || focused.closest('[hidden]')) board?.focus();
}

function hidePromotion() {
  board?.cancelPromotion();
}

// ---------------------------------------------------------------- the computer opponent

// What the computer may spend on a turn, as `think` takes it. Easy, a beginner, plays any of
// its best few lines within `noise` centipawns of the best (never a piece it sees lost).
// tools/strength/stockfish.py reads these; index.html names each level with the rating it
// measured in chess (docs/PERFORMANCE.md, "Against Stockfish").
const LEVELS = {
  easy: { nodes: 2000, noise: 100 },
  medium: { nodes: 5000 },
  hard: { nodes: 200000 },
  expert: { ms: 2000 },
};

const computer = {
  worker: null,
  nextId: 1,
  // The think under way: its request id and the game it was asked about.
  pending: null,
  // Stopped by the user: it waits (the human may play its move) until "Think again".
  paused: false,
  // What it found for its last turn.
  last: null,
  // Its turn being played out, action by action (computer-playback.js), or null.
  playback: null,
};
const playingBack = () => computer.playback?.active === true;

const computerSide = () => (ui.opponent.value === 'white' || ui.opponent.value === 'black' ? ui.opponent.value : null);
const humanSide = () => ({ white: 'black', black: 'white' })[computerSide()] ?? null;
const computerToMove = () => game !== null && computerSide() === game.turn() && game.status().state === 'ongoing';

// The search runs in a Web Worker (www/engine-worker.js), so the page stays responsive while
// it thinks. A search in wasm cannot be interrupted from outside, so a think is stopped by
// terminating its worker; a fresh one is started for the next think.
function ensureWorker() {
  if (computer.worker) return computer.worker;
  const worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  // The page's compiled engine: the worker neither fetches nor compiles the wasm again.
  if (engine.module) worker.postMessage({ engine: engine.module });
  worker.addEventListener('message', (event) => {
    if (worker === computer.worker) onComputerMessage(event.data);
  });
  worker.addEventListener('error', (event) => {
    if (worker !== computer.worker) return;
    event.preventDefault();
    computer.pending = null;
    computer.paused = true;
    showError(new Error(`The computer could not think: ${event.message || 'its worker failed'}`));
    refresh();
  });
  computer.worker = worker;
  return worker;
}

// Ends the think under way, if any, and a turn being played out: the user pressed Stop or
// changed the game.
function cancelThink() {
  computer.playback?.cancel();
  computer.playback = null;
  if (!computer.pending) return;
  computer.pending = null;
  computer.worker?.terminate();
  computer.worker = null;
  ensureWorker();
}

// After every change (refresh): when the computer has the turn, ask the worker for it.
function maybeThink() {
  if (computer.pending || computer.paused || playingBack() || !computerToMove()) return;
  const id = computer.nextId++;
  computer.pending = { id, fen: game.fen(), length: game.ply() };
  const level = LEVELS[ui.level.value] ?? LEVELS.medium;
  // A noisy level's pick is seeded by the position: the same position, the same answer. The
  // others keep the search's table from turn to turn, as a UCI engine does (the worker's
  // module holds it): Stockfish measured the levels so (docs/PERFORMANCE.md).
  const limits = level.noise ? { ...level, seed: positionSeed(game.fen()) } : { ...level, keep: true };
  ensureWorker().postMessage({ id, record: game.record(), limits });
}

/** FNV-1a of the position string: a 32-bit seed for a noisy level's pick. */
function positionSeed(fen) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < fen.length; i++) hash = Math.imul(hash ^ fen.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function onComputerMessage(data) {
  const pending = computer.pending;
  if (data?.ready) return;
  if (data?.id === undefined && data?.error) {
    // The worker could not load the package.
    computer.pending = null;
    computer.paused = true;
    showError(data.error);
    refresh();
    return;
  }
  if (!pending || data?.id !== pending.id) return; // the answer to a think since cancelled
  computer.pending = null;
  if (data.error) {
    computer.paused = true;
    showError(data.error);
  } else if (game.fen() === pending.fen && game.ply() === pending.length) {
    playComputerTurn(data.thought);
  }
  refresh();
}

// Plays the computer's whole turn through the page's normal play path, action by action
// (an Impulschach turn may be several; an Immortal entry is revealed by the referee). What is
// left of an unfinished turn is thought on by the refresh that follows.
//
// An entry in a game without a referee (a link without its seed): nobody here knows the deal,
// so the game would refuse it for want of an identity, each time the computer thought again.
// The search of the public game cannot know that no referee is behind it (a site's server may
// be), so the page passes instead, as the human must here.
//
// With motion the actions are played one at a time, a pause between them, each drawn; the
// human cannot act meanwhile (the computer still has the turn), and Stop, Undo, a new game or
// a loaded position cancel the rest (cancelThink).
function playComputerTurn(thought) {
  computer.last = thought;
  const mover = game.turn();
  const playing = game;
  const playOne = (action) => {
    if (game !== playing || game.turn() !== mover || game.status().state !== 'ongoing') return false;
    if (!playAction(needsReferee(game, action) ? 'pass' : action)) {
      computer.paused = true;
      return false;
    }
    return true;
  };
  const stepwise = motion() && thought.turn.length > 1;
  computer.playback = playSteps(thought.turn, {
    pause: stepwise ? MOTION.stepPauseMs : 0,
    step: (action) => {
      if (!playOne(action)) return false;
      if (stepwise) refresh(); // each action drawn as it is played
      return true;
    },
    done: () => {
      computer.playback = null;
      if (stepwise) refresh();
    },
    failed: (err) => {
      computer.paused = true;
      showError(err);
    },
  });
  computer.playback.start();
}

// A rematch (the result banner): the same variant and options; against the computer with the
// colours swapped, through the opponent select's own change (the board turns to the human).
function rematch() {
  const side = computerSide();
  if (side) {
    ui.opponent.value = side === 'white' ? 'black' : 'white';
    ui.opponent.dispatchEvent(new Event('change'));
  }
  ui.options.value = startedWith;
  try {
    startGame(game.variant());
    clearError();
  } catch (err) {
    showError(err);
  }
}

// Undo against the computer: inside the human's own turn one action, as without it; else back
// through the computer's turn to the start of the human's last turn.
function undo() {
  cancelThink();
  computer.paused = false;
  story.clear();
  const human = humanSide();
  const kind = game.decision().kind;
  if (!human || (game.turn() === human && kind !== 'move' && kind !== 'over')) {
    game.undo();
    return;
  }
  undoToTurnOf(game, human);
}

function renderEngine() {
  const side = computerSide();
  const state = computer.pending
    ? 'thinking'
    : playingBack()
      ? 'playing'
      : computer.paused && computerToMove()
        ? 'stopped'
        : side
          ? 'idle'
          : '';
  ui.engine.hidden = !state;
  ui.engine.dataset.state = state;
  ui.stop.hidden = state !== 'thinking' && state !== 'playing';
  ui.resume.hidden = state !== 'stopped';
  const name = capitalise(side ?? '');
  const last = computer.last;
  const texts = {
    thinking: `${name} is thinking\u2026`,
    playing: `${name} plays its turn\u2026`,
    stopped: `Stopped: play ${name}'s move yourself, or let it think again.`,
    idle: last
      ? `Computer: ${last.score}, depth ${last.depth}, ${last.nodes.toLocaleString('en')} nodes in ${last.ms} ms`
      : `The computer plays ${name}.`,
  };
  setText(ui.engineText, texts[state] ?? '');
}

// ---------------------------------------------------------------- controls

function bindControls() {
  ui.variant.addEventListener('change', () => {
    const wanted = ui.variant.value;
    const current = game?.variant();
    try {
      startGame(wanted);
      clearError();
    } catch (err) {
      if (current) ui.variant.value = current;
      showError(err);
    }
  });

  ui.options.addEventListener('change', () => {
    // The field also reports a change when it loses focus after a game already started with
    // its text (e.g. by picking a variant): restart only for new options.
    if (ui.options.value === startedWith) return;
    try {
      startGame(ui.variant.value);
      clearError();
    } catch (err) {
      showError(err);
    }
  });

  ui.newGame.addEventListener('click', () => {
    try {
      startGame(ui.variant.value);
      clearError();
    } catch (err) {
      showError(err);
    }
  });

  ui.undo.addEventListener('click', () => {
    try {
      undo();
      // What the undo reached is the player's to decide again, even a forced choice.
      forced.holdAt(game);
      clearError();
    } catch (err) {
      showError(err);
    }
    hidePromotion();
    refresh();
  });

  ui.flip.addEventListener('click', () => {
    orientation = orientation === 'white' ? 'black' : 'white';
    board?.setOrientation(orientation);
    settings.set('orientation', orientation);
    if (game) shareLink.update(game);
  });

  const loadFen = () => {
    const fen = ui.fen.value.trim();
    try {
      game.setFen(fen);
      story.clear();
      cancelThink();
      computer.paused = false;
    } catch (err) {
      // The game is unchanged: redraw it from the engine, but keep the typed text for editing.
      refresh();
      ui.fen.value = fen;
      showError(err);
      return;
    }
    clearError();
    hidePromotion();
    refresh();
  };
  ui.loadFen.addEventListener('click', loadFen);
  ui.fen.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') loadFen();
  });

  ui.verify.addEventListener('click', () => {
    const verdict = game.verifyDeal(ui.seedShown.textContent, ui.commitment.textContent);
    const ok = verdict.commitment && !verdict.wrongReveal;
    ui.verdict.dataset.ok = String(ok);
    ui.verdict.textContent = ok
      ? 'The seed matches the commitment, and its deal every reveal.'
      : `Does not check out: ${verdict.commitment ? '' : 'the commitment differs; '}${verdict.wrongReveal ?? ''}`;
  });

  ui.opponent.addEventListener('change', () => {
    cancelThink();
    computer.paused = false;
    // The human's side at the bottom.
    const human = humanSide();
    if (human && human !== orientation) {
      orientation = human;
      board?.setOrientation(orientation);
      settings.set('orientation', orientation);
    }
    refresh();
  });
  ui.level.addEventListener('change', () => {
    if (game) shareLink.update(game); // the link's level
    // A think under way starts again at the new level.
    if (!computer.pending) return;
    cancelThink();
    refresh();
  });
  ui.stop.addEventListener('click', () => {
    cancelThink();
    computer.paused = true;
    refresh();
  });
  ui.resume.addEventListener('click', () => {
    computer.paused = false;
    refresh();
  });

  // The banner's buttons go with the game they end: the focus goes to the new game's board.
  bindResultActions({
    newGame: () => {
      ui.newGame.click();
      keepFocus();
    },
    rematch: () => {
      rematch();
      keepFocus();
    },
  });

  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      hidePromotion();
      board?.deselect();
    }
  });
}

// ---------------------------------------------------------------- start

async function main() {
  engine = await loadEngine();
  const names = variants();
  ui.variant.replaceChildren(
    ...names.map((name) => {
      const option = document.createElement('option');
      option.value = name;
      option.textContent = capitalise(name);
      return option;
    }),
  );
  ui.variant.disabled = false;
  // A variant's menu of its option's choices (Nietzsche Chess's sequences: sequence-menu.js).
  sequenceMenu = createSequenceMenu({
    select: ui.sequence,
    options: ui.options,
    start: (variant) => {
      startGame(variant);
      clearError();
    },
    failed: showError,
  });
  bindControls();
  const initial = names.includes('chess') ? 'chess' : names[0];
  // A shareable link (the URL hash) restores its game; else a new game of the first variant.
  variantPanels.deferred = true;
  try {
    if (!shareLink.apply(location.hash)) startGame(initial);
  } finally {
    variantPanels.deferred = false;
  }
  // The first legal moves are on the board: bench/size.mjs reads this mark (startup budget).
  performance.mark('first-legal-moves');
  // Then the legend and the rules; the page is ready (tests wait for this) once they are in.
  const { pending } = variantPanels;
  variantPanels.pending = null;
  if (pending) renderVariantPanels(pending.variant, pending.options);
  document.body.dataset.ready = 'true';
  registerServiceWorker();
  // The audio context, made while the page is idle rather than inside the first move (sound.js).
  whenIdle(() => sounds.prepare());
  // The variants' titles ("NAChT Schach", not the id "nacht"): the game's at once (useGame),
  // the others once the page is idle, since each costs the engine a build of its variant.
  whenIdle(() => {
    for (const option of ui.variant.options) option.textContent = variantTitle(option.value);
  });
}

/** Runs `work` once the page is idle (requestIdleCallback where the browser has it). */
function whenIdle(work) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 200);
}

// Offline play: the service worker that <meta name="service-worker"> names (www/sw.js) caches
// every file of the page. Registered once the page plays, so it never delays the start.
function registerServiceWorker() {
  const script = document.querySelector('meta[name="service-worker"]')?.content;
  if (!script || !('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  // After the page's wasm is left for it to install from (engine-load.js): not fetched twice.
  const register = () => navigator.serviceWorker.register(script).catch((err) => console.warn(`no offline play: ${err.message}`));
  engine.kept.finally(register);
}

main().catch((err) => {
  console.error(err);
  ui.status.textContent = 'Failed to start';
  showError(err);
});
