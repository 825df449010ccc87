// <schach-board>: a chess-variant board for any web page, with the rules in WebAssembly.
//
//   <script type="module" src="schach-board.js"></script>
//   <schach-board variant="nacht" options="castling=true"></schach-board>
//   <schach-board variant="quintessential" fen="..." moves="e3e4,f8f6" orientation="black" readonly>
//
// Attributes (each change is picked up; several changed together start one new game):
//   variant      the engine's name (`chess`, `nietzsche`, `nacht`, `quintessential`,
//                `impulschach`, `immortal`); default `chess`
//   options      `key=value` pairs, separated by spaces or commas, as the page's Options field
//   fen          the starting position string; default the variant's start
//   moves        actions played from it, comma- or space-separated (machine strings or notation);
//                with a `seed` option an Immortal entry may name its piece (`a5b5=n`, as a record
//                does), which must be the deal's
//   orientation  `white` (default) or `black`: the side at the bottom
//   readonly     the user cannot move; `play()` from the host still works (a site whose
//                server is the referee)
//   engine       the URL of the package's `schachwerk.js`, when not `SchachBoard.engineUrl`
//                (default `./pkg/schachwerk.js` beside this file); read when the engine loads
//
// Properties and methods (all synchronous once `ready` has resolved):
//   ready            Promise: the engine is loaded and the first game is set up
//   play(action)     plays a machine string (`e2e4`, `shift:a`, `a5b5=n`) or notation (`Nf3`,
//                    a whole Impulschach turn); returns the engine's `{action, notation,
//                    promotions, fen, status}`, or throws its Error with `code`
//                    (`illegal_action`, `bad_action`, `game_over`, ..., `not_ready` before
//                    the engine has loaded). No `move` event: the host made it. With a
//                    `seed` option the deal reveals each entry: play it bare (`a5b5`); one
//                    with a piece (`a5b5=n`) is refused (`bad_request`), whatever the piece.
//   legalMoves()     the engine's legal actions `[{action, from, to, promotion, notation}]`
//   undo()           takes back the last action (`{action, notation}`; throws `nothing_to_undo`)
//   reset()          starts again from the attributes
//   fen              the current position string; setting it sets the `fen` attribute (a new game)
//   status, decision, turns(), history(), record()   as the engine's Game has them
//   orientation, readonly, variant, options    reflect the attributes; flip()
//
// Events (bubbling, composed):
//   move   a user's move, after it is played: detail {action, notation, fen, status,
//          promotions, turn (the notation of the turn so far), decision (what comes next)}
//   entry  Immortal Chess without a local referee (no `seed` option): the user brought an
//          Immortal in, detail {action, from, to}. Nothing is played: the referee (the host's
//          server) names the piece and the host calls `play(action + '=n')`
//   error  a bad attribute (unknown variant, bad option, position or move), detail {code,
//          message}; the board keeps its game and shows the message
//
// Moves are checked client-side: the board offers only the engine's legal destinations, and a
// move from anywhere else is refused and redrawn. Turns of several decisions are offered as the
// page offers them: a promotion (or two actions to one square) with the board's picker, Impulschach's
// shift direction, the pawn being displaced (its squares shown) and a Catalyst's "End chain",
// Immortal Chess's "Pass". The element draws into its own children (no shadow root of its own,
// so a host's styles reach the board) and adds its own style sheet, scoped to `schach-board`,
// to the document or shadow root it is in: it plays in a page's DOM and inside another
// component's shadow root alike. The host sizes it (`schach-board { width: 360px }`) and may
// restyle it (its rules come first; `--sb-light`, `--sb-dark`, ... on the element).
// A user's move is one action: Impulschach's turn is a move, then the shift or chain decisions
// offered below the board, each its own `move` event (detail.turn: the turn so far).

import { createBoard, picturesFor } from './board.js';
import { createGameHost, needsReferee, optionButtons, parseOptions, pieceNames, playRecorded } from './game-host.js';

// ---------------------------------------------------------------- the engine, once per page

const engines = new Map();

/** The package at `url` (its `schachwerk.js`), initialised: one import and one wasm fetch per URL. */
export function loadEngine(url = SchachBoard.engineUrl) {
  const href = new URL(url, document.baseURI).href;
  if (!engines.has(href)) {
    const loading = import(href).then(async (mod) => {
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

// ---------------------------------------------------------------- styles

const CSS = `
schach-board { display: block; position: relative; max-width: 100%;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  --sb-light: #eeeed2; --sb-dark: #769656; --sb-last-move: rgba(255, 213, 0, 0.45);
  --sb-selected: rgba(20, 85, 30, 0.55); --sb-dest: rgba(20, 85, 30, 0.45); --sb-accent: #2f6fb3; }
schach-board *, schach-board *::before, schach-board *::after { box-sizing: border-box; }
schach-board .sb-container { container-type: inline-size; width: 100%; }
schach-board .board { display: grid; width: 100%; margin: 0; padding: 0; border: 2px solid #4a4a44;
  user-select: none; -webkit-user-select: none; touch-action: manipulation; -webkit-touch-callout: none;
  --square: calc(100cqw / var(--files, 8)); }
schach-board .square { position: relative; display: flex; align-items: center; justify-content: center;
  min-width: 0; min-height: 0; margin: 0; padding: 0; }
schach-board .square.light { background: var(--sb-light); }
schach-board .square.dark { background: var(--sb-dark); }
schach-board .square.hole { background: transparent; pointer-events: none; }
schach-board .board:has(.hole) { border-color: transparent; }
schach-board .board:has(.hole) .square:not(.hole) { box-shadow: inset 0 0 0 0.5px rgba(0, 0, 0, 0.15); }
schach-board .square[data-square]:has(.piece), schach-board .square.dest { cursor: pointer; }
schach-board .square:has(.piece), schach-board .square.dest { touch-action: none; }
schach-board .square.last-move { background-image: linear-gradient(var(--sb-last-move), var(--sb-last-move)); }
schach-board .square.selected { background-image: linear-gradient(var(--sb-selected), var(--sb-selected)); }
schach-board .square.check { background-image: radial-gradient(circle, rgba(255, 0, 0, 0.8) 0%, rgba(255, 0, 0, 0.35) 45%, transparent 75%); }
schach-board .square.dest::after { content: ""; position: absolute; width: 30%; height: 30%; border-radius: 50%;
  background: var(--sb-dest); pointer-events: none; }
schach-board .square.dest.capture::after { width: 92%; height: 92%; background: transparent;
  border: calc(var(--square) * 0.07) solid var(--sb-dest); }
schach-board .square.drag-over { box-shadow: inset 0 0 0 calc(var(--square) * 0.06) rgba(255, 255, 255, 0.85); }
schach-board .square:focus { outline: none; }
schach-board .square:focus-visible { outline: calc(max(2px, var(--square) * 0.05)) solid var(--sb-accent);
  outline-offset: calc(-1 * max(2px, var(--square) * 0.05)); z-index: 2; }
schach-board .square.mark-activated { box-shadow: inset 0 0 0 4px rgba(40, 160, 90, 0.85); }
schach-board .square.mark-displace { box-shadow: inset 0 0 0 4px rgba(200, 60, 40, 0.9); }
schach-board .coord { position: absolute; z-index: 2; font-size: calc(var(--square) * 0.2); font-weight: 600;
  line-height: 1; pointer-events: none; }
schach-board .coord-file { right: 4%; bottom: 3%; }
schach-board .coord-rank { left: 4%; top: 4%; }
@container (max-width: 259px) { schach-board .coord { display: none; } }
schach-board .square.light .coord { color: var(--sb-dark); }
schach-board .square.dark .coord { color: var(--sb-light); }
schach-board .square.selected .coord, schach-board .square.last-move .coord { color: #fff;
  text-shadow: 0 0 2px rgba(0, 0, 0, 0.6); }
schach-board .piece { position: relative; z-index: 1; display: block; width: var(--piece-size, 90%);
  height: var(--piece-size, 90%); pointer-events: none; }
schach-board .piece svg { display: block; width: 100%; height: 100%; overflow: visible; }
schach-board .piece.drag-source { opacity: 0.35; }
schach-board .piece-ghost { filter: drop-shadow(0 4px 6px rgba(0, 0, 0, 0.35)); transform-origin: center; }
schach-board .promotion-layer { background: rgba(30, 30, 30, 0.35); }
schach-board .promotion-picker { box-shadow: 0 4px 18px rgba(0, 0, 0, 0.45); border-radius: 4px; overflow: hidden;
  background: #fafaf7; }
schach-board .promotion-picker button { border: 0; border-radius: 0; background: #fafaf7; cursor: pointer; font: inherit; }
schach-board .promotion-picker .promotion-choice:nth-child(odd) { background: var(--sb-light); }
schach-board .promotion-picker .promotion-choice:hover,
schach-board .promotion-picker .promotion-choice:focus-visible { background: #f7e37a; outline: none; }
schach-board .promotion-picker .promotion-choice .piece { --piece-size: 86%; }
schach-board .promotion-picker .promotion-text { font-size: calc(var(--square) * 0.22); font-weight: 600; }
schach-board .promotion-picker .promotion-cancel { font-size: calc(var(--square) * 0.32); line-height: 1; color: #6b6b70;
  background: #e9e7df; }
schach-board .sb-bar { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; min-height: 1.6em;
  margin-top: 0.3rem; font-size: 0.9rem; }
schach-board .sb-text { flex: 1 1 auto; }
schach-board .sb-bar[data-state]:not([data-state="ongoing"]) .sb-text { font-weight: 700; }
schach-board .sb-error { color: #b3261e; flex-basis: 100%; }
schach-board .sb-error:empty { display: none; }
schach-board .sb-buttons button { font: inherit; font-size: 0.85rem; padding: 0.15rem 0.5rem; cursor: pointer; }
`;

const styled = new WeakSet();

// One style sheet per document or shadow root the element is used in.
function adoptStyles(element) {
  const root = element.getRootNode();
  if (styled.has(root)) return;
  styled.add(root);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  // The element's rules come first: the host page's own rules can still restyle the board.
  root.adoptedStyleSheets = [sheet, ...root.adoptedStyleSheets];
}

// ---------------------------------------------------------------- the element

export class SchachBoard extends HTMLElement {
  /** Where the engine is loaded from unless an element's `engine` attribute says otherwise. */
  static engineUrl = new URL('./pkg/schachwerk.js', import.meta.url).href;

  static observedAttributes = ['variant', 'options', 'fen', 'moves', 'orientation', 'readonly'];

  #engine = null;
  #game = null;
  #board = null;
  #boardKey = null;
  // What the user does on the board and with the buttons goes to #userPlay (game-host.js).
  #host = createGameHost({ onAction: (action) => this.#userPlay(action) });
  #pending = false; // a new game is due (attributes changed)
  #ready;
  #resolveReady;
  #dom = null;

  constructor() {
    super();
    this.#ready = new Promise((resolve) => {
      this.#resolveReady = resolve;
    });
  }

  /** Resolves (to the element) when the engine has loaded and the first game is set up. */
  get ready() {
    return this.#ready;
  }

  connectedCallback() {
    adoptStyles(this);
    if (!this.#dom) this.#build();
    if (this.#engine) {
      this.#render();
      return;
    }
    loadEngine(this.getAttribute('engine') || SchachBoard.engineUrl).then(
      (engine) => {
        this.#engine = engine;
        this.#setup();
        this.#resolveReady(this);
      },
      (err) => {
        this.#showError(`The engine did not load: ${err?.message ?? err}`);
        this.#report(err, 'engine');
        this.#resolveReady(this);
      },
    );
  }

  disconnectedCallback() {
    // The board listens on the document: let it go; it is drawn again when re-attached.
    this.#board?.destroy();
    this.#board = null;
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
    const game = this.#current();
    const played = game.play(action);
    this.#render();
    return played;
  }

  legalMoves() {
    return this.#current().legalActions();
  }

  undo() {
    const undone = this.#current().undo();
    this.#render();
    return undone;
  }

  reset() {
    if (!this.#engine) throw engineError('schach-board: the engine is still loading (await element.ready)', 'not_ready');
    this.#pending = false;
    this.#setup();
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

  // ------------------------------------------------------------ set-up

  #current() {
    this.#flush();
    if (!this.#game) {
      throw this.#engine
        ? engineError(`schach-board: no game (${this.#dom?.error.textContent || 'bad attributes'})`, 'bad_request')
        : engineError('schach-board: the engine is still loading (await element.ready)', 'not_ready');
    }
    return this.#game;
  }

  #flush() {
    if (!this.#pending || !this.#engine) return;
    this.#pending = false;
    this.#setup();
  }

  #build() {
    const container = document.createElement('div');
    container.className = 'sb-container';
    const bar = document.createElement('div');
    bar.className = 'sb-bar';
    const text = document.createElement('span');
    text.className = 'sb-text';
    text.setAttribute('aria-live', 'polite');
    const buttons = document.createElement('span');
    buttons.className = 'sb-buttons';
    const error = document.createElement('span');
    error.className = 'sb-error';
    error.setAttribute('role', 'alert');
    bar.append(text, buttons, error);
    this.#dom = { container, bar, text, buttons, error };
    this.replaceChildren(container, bar);
  }

  // A new game from the attributes. A bad attribute keeps the game there was (if any).
  #setup() {
    const { Game } = this.#engine;
    let game = null;
    let step = 'variant';
    try {
      game = new Game(this.variant, parseOptions(this.getAttribute('options')), this.getAttribute('fen') || null);
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
    this.#showError('');
    this.#render();
  }

  #report(err, step) {
    const detail = { code: err?.code ?? 'error', message: err?.message ?? String(err), step };
    this.dispatchEvent(new CustomEvent('error', { detail }));
  }

  #showError(message) {
    if (this.#dom) this.#dom.error.textContent = message;
  }

  #ensureBoard() {
    const { files, ranks, holes = [] } = this.#game.board();
    const variant = this.#game.variant();
    // The geometry and the pictures depend on the variant and its board only.
    const key = JSON.stringify([variant, files, ranks, [...holes].sort()]);
    if (this.#board && this.#boardKey === key && this.#board.element.isConnected) return;
    this.#board?.destroy();
    this.#boardKey = key;
    this.#board = createBoard(this.#dom.container, {
      files,
      ranks,
      holes,
      pictures: picturesFor(variant),
      names: pieceNames(this.#game),
      orientation: this.orientation,
      label: this.getAttribute('aria-label') || `${capitalise(variant)} board`,
    });
    this.#board.onMove((from, to) => this.#onBoardMove(from, to));
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
      const detail = { action, from: candidate?.from ?? null, to: candidate?.to ?? null };
      this.dispatchEvent(new CustomEvent('entry', { detail, bubbles: true, composed: true }));
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
    this.#render();
    const detail = {
      action: played.action,
      notation: played.notation,
      fen: played.fen,
      status: played.status,
      promotions: played.promotions,
      turn: game.turns().at(-1)?.notation ?? played.notation,
      decision: game.decision(),
    };
    this.dispatchEvent(new CustomEvent('move', { detail, bubbles: true, composed: true }));
  }
}

if (!customElements.get('schach-board')) customElements.define('schach-board', SchachBoard);
