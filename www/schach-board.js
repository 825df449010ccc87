// <schach-board>: a chess-variant board for any web page, with the rules in WebAssembly.
//
//   import 'schachwerk/schach-board.js';      // or <script type="module" src=".../schach-board.js">
//   <schach-board variant="nacht" options="castling=true"></schach-board>
//   <schach-board variant="quintessential" fen="..." moves="e3e4,f8f6" orientation="black" readonly>
//
// The engine comes with the element: schach-board.js imports `./pkg/schachwerk-inline.js` (the
// engine's glue with its wasm inlined) by a literal dynamic import, which every bundler (Vite,
// webpack, esbuild and Rollup are tested) follows into a chunk of its own and a plain page or a CDN
// loads beside this file. Nothing to copy, no URL to configure. `engine` (or
// `SchachBoard.engineUrl`) loads a `schachwerk.js` from a URL instead, for a site that serves the
// wasm as a file of its own.
//
// Attributes (each change is picked up; several changed together start one new game):
//   variant      the engine's name (`chess`, `nietzsche`, `nacht`, `quintessential`,
//                `impulschach`, `immortal`); default `chess`
//   options      `key=value` pairs, separated by spaces or commas, as the page's Options field;
//                Nietzsche's promotion sequence is one: `options="sequence=timur"` (the
//                fourteen names: `fast` (default), `crowned`, `timur`, `eurasian`,
//                `mixed-timur`, `mixed-eurasian`, `knighted`, `long-crowned`, `long-timur`,
//                `long-eurasian`, `ecumenical`, `wildeurasian`, `shogi`, `courier`)
//   fen          the starting position string; default the variant's start
//   moves        actions played from it, comma- or space-separated (machine strings or notation);
//                with a `seed` option an Immortal entry may name its piece (`a5b5=n`, as a record
//                does), which must be the deal's
//   orientation  `white` (default) or `black`: the side at the bottom
//   readonly     the user cannot move; `play()` from the host still works (a site whose
//                server is the referee)
//   coordinates  `off` hides the file and rank letters
//   board-theme  `green` (default), `brown`, `blue` or `grey`
//   engine       the URL of a `schachwerk.js` to load instead of the bundled engine; read when
//                the engine loads
//
// Properties and methods (all synchronous once `ready` has resolved):
//   ready            Promise: resolves (to the element) when the engine has loaded and the
//                    attributes have been read; rejects with an Error of code
//                    `engine_unavailable` when the engine cannot load
//   lastError        the last attribute error `{code, message, step}`, null after a good set-up
//   play(action)     plays a machine string (`e2e4`, `shift:a`, `a5b5=n`) or notation (`Nf3`,
//                    a whole Impulschach turn); returns the engine's `{action, notation,
//                    promotions, fen, status}`, or throws its Error with `code`
//                    (`illegal_action`, `bad_action`, `game_over`, ..., `not_ready` before
//                    the engine has loaded, `engine_unavailable` if it could not). No `move`
//                    event: the host made it (`change` says the position changed). With a
//                    `seed` option the deal reveals each entry: play it bare (`a5b5`); one
//                    with a piece (`a5b5=n`) is refused (`bad_request`), whatever the piece.
//   legalMoves()     the engine's legal actions `[{action, from, to, promotion, notation}]`
//   undo()           takes back the last action (`{action, notation}`; throws `nothing_to_undo`)
//   reset()          starts again from the attributes
//   fen              the current position string; setting it sets the `fen` attribute (a new game)
//   status, decision, turns(), history(), record()   as the engine's Game has them
//   orientation, readonly, coordinates, variant, options    reflect the attributes; flip()
//
// Events, all bubbling and composed (they leave a shadow root the board is in):
//   move      a user's move, after it is played: detail {action, notation, fen, status,
//             promotions, turn (the notation of the turn so far), decision (what comes next)}
//   entry     Immortal Chess without a local referee (no `seed` option): the user brought an
//             Immortal in, detail {action, from, to}. Nothing is played: the referee (the
//             host's server) names the piece and the host calls `play(action + '=n')`
//   change    the position changed: detail {fen, status, cause}, cause `move` (the user),
//             `play`, `undo` or `setup` (a new game from the attributes, or reset())
//   gameover  the game has ended (by a move, play() or a set-up): detail {status, fen}
//   error     a bad attribute (unknown variant, bad option, position or move) or an engine that
//             did not load: detail {code, message, step}; the board keeps its game and shows
//             the message. Errors of the first set-up are sent after `ready` settles (a task
//             later), so a listener added after `await board.ready` hears them; `lastError`
//             keeps the last one.
//
// Styles: the board draws in its own shadow root, so a page's style sheets do not reach it.
// A page themes it through custom properties, the `board-theme` and `coordinates` attributes
// and `::part()` names (schach-board-style.js lists them all):
//   schach-board { --sb-light: #f0d9b5; --sb-dark: #b58863; }
//   schach-board::part(last-move) { background-image: none; outline: 3px solid gold; }
//
// Size: the board fills the width it is given, its squares square, and fits a height limit:
// the element's `max-height` (or `height`) if set, else the viewport's height. Where its width
// comes from its content (a flex row, an inline-block, a grid cell sized to content) it is 8
// squares of 40 px (`--sb-square-size`) for an 8-file board, and shrinks to fit.
//
// Moves are checked client-side: the board offers only the engine's legal destinations, and a
// move from anywhere else is refused and redrawn. Turns of several decisions are offered as the
// page offers them: a promotion (or two actions to one square) with the board's picker, Impulschach's
// shift direction, the pawn being displaced (its squares shown) and a Catalyst's "End chain",
// Immortal Chess's "Pass". A user's move is one action: Impulschach's turn is a move, then the
// shift or chain decisions offered below the board, each its own `move` event (detail.turn:
// the turn so far).

import { createBoard, picturesFor } from './board.js';
import { createGameHost, needsReferee, optionButtons, parseOptions, pieceNames, playRecorded } from './game-host.js';
import { keepParts, styleSheetFor } from './schach-board-style.js';

// ---------------------------------------------------------------- the engine, once per page

const engines = new Map();

/**
 * The engine, initialised: the bundled one (no `url`), or the package's `schachwerk.js` at
 * `url`. One import and one wasm compilation per page and URL.
 */
export function loadEngine(url = SchachBoard.engineUrl) {
  const href = url ? new URL(url, document.baseURI).href : '';
  if (!engines.has(href)) {
    // The literal import is what bundlers follow; a URL of the site's choosing is theirs to
    // leave alone (Vite and webpack are told so; esbuild and Rollup leave a computed one).
    const module = href
      ? import(/* @vite-ignore */ /* webpackIgnore: true */ href)
      : import('./pkg/schachwerk-inline.js');
    const loading = module.then(async (mod) => {
      await mod.default();
      return mod;
    });
    // A failed load may be tried again (a flaky network), by the next element that asks.
    loading.catch(() => engines.delete(href));
    engines.set(href, loading);
  }
  return engines.get(href);
}

// ---------------------------------------------------------------- options and moves

export { parseOptions };

// The `moves` attribute: actions separated by commas, or by spaces when it has no comma. A
// comma inside brackets (a whole Impulschach turn, `Cc3 (a4, Ie2(aa6, bb6), Bxe8#)`) does not
// separate; an Immortal turn `f5, @a5-b5=n` splits into its two actions, which play alike.
export function parseMoves(text) {
  const moves = [];
  let depth = 0;
  let current = '';
  for (const ch of text ?? '') {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (depth === 0 && ch === ',') {
      moves.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  moves.push(current);
  const list = moves.map((m) => m.trim()).filter(Boolean);
  return list.length === 1 && !list[0].includes('(') ? list[0].split(/\s+/) : list;
}

const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function engineError(message, code) {
  return Object.assign(new Error(message), { code });
}

// ---------------------------------------------------------------- the element

const EVENT = { bubbles: true, composed: true };

export class SchachBoard extends HTMLElement {
  /** A `schachwerk.js` URL to load the engine from; null: the engine bundled with the element. */
  static engineUrl = null;

  static observedAttributes = ['variant', 'options', 'fen', 'moves', 'orientation', 'readonly'];

  #engine = null;
  #engineFailure = null; // the Error `ready` rejected with
  #game = null;
  #board = null;
  #boardKey = null;
  // The options the game was made with: the pictures depend on them (Nietzsche's sequence).
  #gameOptions = {};
  // What the user does on the board and with the buttons goes to #userPlay (game-host.js).
  #host = createGameHost({ onAction: (action) => this.#userPlay(action) });
  #pending = false; // a new game is due (attributes changed)
  #loading = false;
  #ready;
  #settle;
  #dom = null;
  #lastError = null;
  #over = false; // the game shown is over (for `gameover`, sent once per ending)
  #heldErrors = null; // errors of the first set-up, sent once `ready` has settled
  #resize = null;

  constructor() {
    super();
    this.#ready = new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
    // A page that never asks for `ready` hears of a failed engine by `error` alone.
    this.#ready.catch(() => {});
  }

  /** Resolves (to the element) once the engine has loaded and the attributes are read. */
  get ready() {
    return this.#ready;
  }

  /** The last attribute error `{code, message, step}` (an engine that did not load too), or null. */
  get lastError() {
    return this.#lastError;
  }

  connectedCallback() {
    if (!this.#dom) this.#build();
    this.#observeSize();
    if (this.#engine) {
      this.#render();
      return;
    }
    if (this.#loading || this.#engineFailure) return;
    this.#loading = true;
    this.#heldErrors = [];
    loadEngine(this.getAttribute('engine') || SchachBoard.engineUrl).then(
      (engine) => {
        this.#engine = engine;
        this.#setup('setup');
        this.#settleReady(() => this.#settle.resolve(this));
      },
      (err) => {
        const message = `schach-board: the engine did not load: ${err?.message ?? err}`;
        this.#engineFailure = engineError(message, 'engine_unavailable');
        this.#showError(message);
        this.#report(this.#engineFailure, 'engine');
        this.#settleReady(() => this.#settle.reject(this.#engineFailure));
      },
    );
  }

  // Settles `ready`, then (a task later, after every `await ready` has run on) sends the
  // errors held since the element started.
  #settleReady(settle) {
    this.#loading = false;
    settle();
    const held = this.#heldErrors ?? [];
    this.#heldErrors = null;
    if (held.length) setTimeout(() => held.forEach((detail) => this.#emit('error', detail)));
  }

  disconnectedCallback() {
    // The board listens on the document: let it go; it is drawn again when re-attached.
    this.#board?.destroy();
    this.#board = null;
    this.#resize?.disconnect();
    this.#resize = null;
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.#engine) return;
    if (name === 'orientation') {
      this.#board?.setOrientation(this.orientation);
    } else if (name === 'readonly') {
      this.#render();
    } else if (!this.#pending) {
      // Attributes set together (variant and options) start one game, in a microtask; a call
      // before then (play, fen, ...) starts it at once.
      this.#pending = true;
      queueMicrotask(() => this.#flush());
    }
  }

  // ------------------------------------------------------------ the host's API

  play(action) {
    const played = this.#current().play(action);
    this.#changed('play');
    return played;
  }

  legalMoves() {
    return this.#current().legalActions();
  }

  undo() {
    const undone = this.#current().undo();
    this.#changed('undo');
    return undone;
  }

  reset() {
    this.#requireEngine();
    this.#pending = false;
    this.#setup('setup');
  }

  flip() {
    this.orientation = this.orientation === 'white' ? 'black' : 'white';
  }

  get fen() {
    return this.#game ? this.#current().fen() : (this.getAttribute('fen') ?? null);
  }

  set fen(value) {
    if (value === null || value === undefined) this.removeAttribute('fen');
    else this.setAttribute('fen', value);
  }

  get status() {
    return this.#current().status();
  }

  get decision() {
    return this.#current().decision();
  }

  turns() {
    return this.#current().turns();
  }

  history() {
    return this.#current().history();
  }

  record() {
    return this.#current().record();
  }

  get variant() {
    return this.getAttribute('variant') || 'chess';
  }

  set variant(value) {
    this.setAttribute('variant', value);
  }

  get options() {
    return this.getAttribute('options') ?? '';
  }

  set options(value) {
    this.setAttribute('options', value);
  }

  get orientation() {
    return this.getAttribute('orientation') === 'black' ? 'black' : 'white';
  }

  set orientation(value) {
    this.setAttribute('orientation', value === 'black' ? 'black' : 'white');
  }

  get readonly() {
    return this.hasAttribute('readonly');
  }

  set readonly(value) {
    this.toggleAttribute('readonly', Boolean(value));
  }

  get coordinates() {
    return this.getAttribute('coordinates') !== 'off';
  }

  set coordinates(value) {
    if (value) this.removeAttribute('coordinates');
    else this.setAttribute('coordinates', 'off');
  }

  // ------------------------------------------------------------ set-up

  #requireEngine() {
    if (this.#engineFailure) throw engineError(this.#engineFailure.message, 'engine_unavailable');
    if (!this.#engine) throw engineError('schach-board: the engine is still loading (await element.ready)', 'not_ready');
  }

  #current() {
    this.#requireEngine();
    this.#flush();
    if (!this.#game) throw engineError(`schach-board: no game (${this.#lastError?.message ?? 'bad attributes'})`, 'bad_request');
    return this.#game;
  }

  #flush() {
    if (!this.#pending || !this.#engine) return;
    this.#pending = false;
    this.#setup('setup');
  }

  #build() {
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [styleSheetFor(this.ownerDocument)];
    const el = (tag, className, attributes = {}) => {
      const made = document.createElement(tag);
      made.className = className;
      for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
      return made;
    };
    const frame = el('div', 'sb-root');
    const area = el('div', 'sb-area');
    const sizer = el('div', 'sb-sizer', { 'aria-hidden': 'true' });
    const container = el('div', 'sb-container');
    const bar = el('div', 'sb-bar');
    const text = el('span', 'sb-text', { 'aria-live': 'polite' });
    const buttons = el('span', 'sb-buttons');
    const error = el('span', 'sb-error', { role: 'alert' });
    bar.append(text, buttons, error);
    area.append(sizer, container, bar);
    frame.append(area);
    root.append(frame);
    keepParts(root);
    this.#dom = { area, sizer, container, bar, text, buttons, error };
    this.#shape(8, 8);
  }

  // The board's proportions, for its size: files x ranks (the sizer holds one box per file).
  #shape(files, ranks) {
    const { area, sizer } = this.#dom;
    area.style.setProperty('--files', files);
    area.style.setProperty('--ranks', ranks);
    if (sizer.childElementCount !== files) {
      sizer.replaceChildren(...Array.from({ length: files }, () => document.createElement('span')));
      // Break opportunities between the boxes: where the width comes from the content, the
      // board is files boxes wide, and can still shrink to one.
      for (const box of [...sizer.children].slice(1)) box.before(' ');
    }
    this.#fit();
  }

  // The height limit: the element's own max-height (or a fixed height), read on every resize;
  // without one, the viewport's (the style sheet's default).
  #observeSize() {
    if (this.#resize || typeof ResizeObserver === 'undefined') return;
    this.#resize = new ResizeObserver(() => this.#fit());
    this.#resize.observe(this);
  }

  #fit() {
    const { area, bar } = this.#dom;
    const limit = heightLimit(this);
    if (limit === null) {
      area.style.removeProperty('--sb-fit-width');
      return;
    }
    const files = Number(area.style.getPropertyValue('--files')) || 8;
    const ranks = Number(area.style.getPropertyValue('--ranks')) || 8;
    const board = this.#board?.element;
    const edges = board ? board.offsetHeight - board.clientHeight : 4;
    const barSpace = bar.offsetHeight + parseFloat(getComputedStyle(bar).marginTop || '0');
    const width = Math.max(0, ((limit - barSpace - edges) * files) / ranks + edges);
    const before = parseFloat(area.style.getPropertyValue('--sb-fit-width'));
    // Within a pixel: no change, so a resize it causes cannot start a loop.
    if (!(Math.abs(before - width) < 1)) area.style.setProperty('--sb-fit-width', `${width.toFixed(1)}px`);
  }

  // A new game from the attributes. A bad attribute keeps the game there was (if any).
  #setup(cause) {
    const { Game } = this.#engine;
    let game = null;
    let step = 'variant';
    const options = parseOptions(this.getAttribute('options'));
    try {
      game = new Game(this.variant, options, this.getAttribute('fen') || null);
      step = 'moves';
      for (const move of parseMoves(this.getAttribute('moves'))) {
        step = `move ${move}`;
        playRecorded(game, move);
      }
    } catch (err) {
      game?.free();
      this.#showError(err?.message ?? String(err));
      this.#report(err, step);
      if (this.#game) this.#render();
      return;
    }
    this.#game?.free();
    this.#game = game;
    this.#gameOptions = options;
    this.#lastError = null;
    this.#over = false;
    this.#showError('');
    this.#changed(cause);
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { ...EVENT, detail }));
  }

  #report(err, step) {
    const detail = { code: err?.code ?? 'error', message: err?.message ?? String(err), step };
    this.#lastError = detail;
    if (this.#heldErrors) this.#heldErrors.push(detail);
    else this.#emit('error', detail);
  }

  // The position changed: drawn (unless it is already), then `change`, and `gameover` when it
  // has just ended.
  #changed(cause, { drawn = false } = {}) {
    if (!drawn) this.#render();
    const status = this.#game.status();
    const fen = this.#game.fen();
    this.#emit('change', { fen, status, cause });
    const over = status.state !== 'ongoing';
    if (over && !this.#over) this.#emit('gameover', { status, fen });
    this.#over = over;
  }

  #showError(message) {
    if (this.#dom) this.#dom.error.textContent = message;
  }

  #ensureBoard() {
    const { files, ranks, holes = [] } = this.#game.board();
    const variant = this.#game.variant();
    // The geometry and the pictures depend on the variant, its board and its options only.
    const pictures = picturesFor(variant, this.#gameOptions);
    const key = JSON.stringify([variant, files, ranks, [...holes].sort(), pictures]);
    if (this.#board && this.#boardKey === key && this.#board.element.isConnected) return;
    this.#board?.destroy();
    this.#boardKey = key;
    this.#board = createBoard(this.#dom.container, {
      files,
      ranks,
      holes,
      pictures,
      names: pieceNames(this.#game),
      orientation: this.orientation,
      label: this.getAttribute('aria-label') || `${this.#engine.variantInfo?.(variant)?.title ?? capitalise(variant)} board`,
    });
    this.#board.onMove((from, to) => this.#onBoardMove(from, to));
    this.#shape(files, ranks);
  }

  // ------------------------------------------------------------ drawing

  #userMayMove() {
    return !this.readonly && this.#game.status().state === 'ongoing';
  }

  #render() {
    if (!this.#game || !this.isConnected) return;
    this.#ensureBoard();
    this.#board.cancelPromotion(); // a choice asked before this change no longer applies
    const decision = this.#host.draw(this.#game, this.#board, { interactive: this.#userMayMove() });
    this.#renderBar(decision, this.#game.status());
  }

  #renderBar(decision, status) {
    const { bar, text, buttons } = this.#dom;
    bar.dataset.state = status.state;
    text.textContent =
      status.state === 'ongoing'
        ? (decision.prompt ?? `${capitalise(decision.color ?? '')} to move`)
        : `${capitalise(status.state)}${status.reason ? `: ${status.reason}` : ''}`;
    buttons.replaceChildren(...(this.#userMayMove() ? optionButtons(decision.options, this.#host.choose) : []));
  }

  // ------------------------------------------------------------ the user's moves

  #onBoardMove(from, to) {
    // Refused: the pieces go back where they were.
    if (this.#host.move(from, to) === 'refused') this.#render();
  }

  #userPlay(action) {
    const game = this.#game;
    // A hidden identity with no referee here: the host's referee names the piece.
    if (needsReferee(game, action)) {
      const candidate = this.#host.action(action);
      this.#render();
      this.#emit('entry', { action, from: candidate?.from ?? null, to: candidate?.to ?? null });
      return;
    }
    let played;
    try {
      played = game.play(action);
    } catch (err) {
      // Not expected (only legal actions are offered), but never leave the board half-moved.
      this.#render();
      this.#showError(err?.message ?? String(err));
      return;
    }
    this.#showError('');
    const detail = {
      action: played.action,
      notation: played.notation,
      fen: played.fen,
      status: played.status,
      promotions: played.promotions,
      turn: game.turns().at(-1)?.notation ?? played.notation,
      decision: game.decision(),
    };
    this.#render();
    this.#emit('move', detail);
    this.#changed('move', { drawn: true });
  }
}

/**
 * The height the element may take, in px, from its own style: `max-height`, or a fixed
 * `height` (where the browser tells computed values apart from used ones); null for none.
 */
function heightLimit(element) {
  const style = getComputedStyle(element);
  const limits = [];
  if (style.maxHeight.endsWith('px')) limits.push(parseFloat(style.maxHeight));
  const height = element.computedStyleMap?.().get('height');
  if (height?.unit === 'px') limits.push(height.value);
  if (!limits.length) return null;
  // The element's own padding and border are not the board's.
  const box =
    style.boxSizing === 'border-box'
      ? ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce((sum, k) => sum + (parseFloat(style[k]) || 0), 0)
      : 0;
  return Math.min(...limits) - box;
}

if (!customElements.get('schach-board')) customElements.define('schach-board', SchachBoard);
