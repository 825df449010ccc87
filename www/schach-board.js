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
//   moves        actions played from it, comma- or space-separated (machine strings or notation)
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
//                    the engine has loaded). No `move` event: the host made it.
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
// page offers them: a promotion (or two actions to one square) with a chooser, Impulschach's
// shift direction, the pawn being displaced (its squares shown) and a Catalyst's "End chain",
// Immortal Chess's "Pass". The element uses the light DOM (the board widget measures and finds
// squares through the document) and adds its own style sheet, scoped to `schach-board`, to the
// document or shadow root it is in; the host sizes it (`schach-board { width: 360px }`).

import { createBoard, createPiece, ORTHODOX_GLYPHS } from './board.js';

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

// ---------------------------------------------------------------- pieces and options

// How a variant's letters are drawn: chess glyphs where a letter means the chess piece, the
// letter on a disc otherwise (Quintessential's Q is the Quintessence, not a queen).
const GLYPHS = {
  quintessential: { K: ORTHODOX_GLYPHS.K, P: ORTHODOX_GLYPHS.P },
  impulschach: { K: ORTHODOX_GLYPHS.K, R: ORTHODOX_GLYPHS.R, B: ORTHODOX_GLYPHS.B, P: ORTHODOX_GLYPHS.P },
};
const glyphsOf = (variant) => GLYPHS[variant] ?? ORTHODOX_GLYPHS;

/** `castling=true setup=reverse` (or with commas) as an object; the engine names bad values. */
export function parseOptions(text) {
  const options = {};
  for (const item of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const [key, ...rest] = item.split('=');
    options[key] = rest.join('=');
  }
  return options;
}

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
  --sb-selected: rgba(20, 85, 30, 0.55); --sb-dest: rgba(20, 85, 30, 0.45); }
schach-board *, schach-board *::before, schach-board *::after { box-sizing: border-box; }
schach-board .sb-container { container-type: inline-size; width: 100%; }
schach-board .board { display: grid; width: 100%; margin: 0; padding: 0; border: 2px solid #4a4a44;
  user-select: none; -webkit-user-select: none; touch-action: none;
  --square: calc(100cqw / var(--files, 8)); }
schach-board .square { position: relative; display: flex; align-items: center; justify-content: center;
  min-width: 0; min-height: 0; margin: 0; padding: 0; }
schach-board .square.light { background: var(--sb-light); }
schach-board .square.dark { background: var(--sb-dark); }
schach-board .square.hole { background: transparent; pointer-events: none; }
schach-board .board:has(.hole) { border-color: transparent; }
schach-board .board:has(.hole) .square:not(.hole) { box-shadow: inset 0 0 0 0.5px rgba(0, 0, 0, 0.15); }
schach-board .square[data-square]:has(.piece), schach-board .square.dest { cursor: pointer; }
schach-board .square.last-move { background-image: linear-gradient(var(--sb-last-move), var(--sb-last-move)); }
schach-board .square.selected { background-image: linear-gradient(var(--sb-selected), var(--sb-selected)); }
schach-board .square.check { background-image: radial-gradient(circle, rgba(255, 0, 0, 0.8) 0%, rgba(255, 0, 0, 0.35) 45%, transparent 75%); }
schach-board .square.dest::after { content: ""; position: absolute; width: 30%; height: 30%; border-radius: 50%;
  background: var(--sb-dest); pointer-events: none; }
schach-board .square.dest.capture::after { width: 92%; height: 92%; background: transparent;
  border: calc(var(--square) * 0.07) solid var(--sb-dest); }
schach-board .square.mark-activated { box-shadow: inset 0 0 0 4px rgba(40, 160, 90, 0.85); }
schach-board .square.mark-displace { box-shadow: inset 0 0 0 4px rgba(200, 60, 40, 0.9); }
schach-board .coord { position: absolute; font-size: calc(var(--square) * 0.2); font-weight: 600; line-height: 1;
  pointer-events: none; }
schach-board .coord-file { right: 4%; bottom: 3%; }
schach-board .coord-rank { left: 4%; top: 4%; }
schach-board .square.light .coord { color: var(--sb-dark); }
schach-board .square.dark .coord { color: var(--sb-light); }
schach-board .piece { position: relative; z-index: 1; line-height: 1; pointer-events: none;
  font-family: "DejaVu Sans", "Segoe UI Symbol", "Noto Sans Symbols 2", "Apple Symbols", serif;
  font-size: calc(var(--square) * 0.78); }
schach-board .piece.white { color: #fff; text-shadow: -1px -1px 0 #222, 1px -1px 0 #222, -1px 1px 0 #222,
  1px 1px 0 #222, 0 1px 2px rgba(0, 0, 0, 0.4); }
schach-board .piece.black { color: #1a1a1a; text-shadow: 0 0 1px #fff, 0 1px 2px rgba(0, 0, 0, 0.3); }
schach-board .piece.fairy { display: flex; align-items: center; justify-content: center; width: 78%; height: 78%;
  border-radius: 50%; font-family: system-ui, "DejaVu Sans", sans-serif; font-weight: 700;
  font-size: calc(var(--square) * 0.45); text-transform: uppercase; text-shadow: none; }
schach-board .piece.fairy.white { background: #fafafa; color: #1a1a1a; border: 2px solid #1a1a1a; }
schach-board .piece.fairy.black { background: #1a1a1a; color: #fafafa; border: 2px solid #fafafa; }
schach-board .sb-bar { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; min-height: 1.6em;
  margin-top: 0.3rem; font-size: 0.9rem; }
schach-board .sb-text { flex: 1 1 auto; }
schach-board .sb-bar[data-state]:not([data-state="ongoing"]) .sb-text { font-weight: 700; }
schach-board .sb-error { color: #b3261e; flex-basis: 100%; }
schach-board .sb-error:empty { display: none; }
schach-board button { font: inherit; font-size: 0.85rem; padding: 0.15rem 0.5rem; cursor: pointer; }
schach-board .sb-chooser { position: absolute; left: 50%; top: 40%; transform: translate(-50%, -50%); z-index: 10;
  display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; justify-content: center; padding: 0.5rem;
  background: #fff; border: 1px solid #bbb; border-radius: 6px; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.3); }
schach-board .sb-chooser[hidden] { display: none; }
schach-board .sb-chooser button.sb-choice { --square: 2.8rem; width: 3rem; height: 3rem; padding: 0;
  display: flex; align-items: center; justify-content: center; background: var(--sb-light); }
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
  #actions = [];
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
    const chooser = document.createElement('div');
    chooser.className = 'sb-chooser';
    chooser.hidden = true;
    this.#dom = { container, bar, text, buttons, error, chooser };
    this.replaceChildren(container, chooser, bar);
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
        game.play(move);
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
    const glyphs = glyphsOf(this.#game.variant());
    const board = this.#board;
    const same =
      board &&
      board.element.isConnected &&
      board.glyphs === glyphs &&
      board.files === files &&
      board.ranks === ranks &&
      board.holes.length === holes.length &&
      holes.every((h) => board.holes.includes(h));
    if (same) return;
    board?.destroy();
    this.#board = createBoard(this.#dom.container, { files, ranks, holes, glyphs, orientation: this.orientation });
    this.#board.onMove((from, to) => this.#onBoardMove(from, to));
  }

  // ------------------------------------------------------------ drawing

  #userMayMove() {
    return !this.readonly && this.#game.status().state === 'ongoing';
  }

  #render() {
    if (!this.#game || !this.isConnected) return;
    this.#ensureBoard();
    const game = this.#game;
    const board = this.#board;
    this.#hideChooser();
    board.setPieces(game.board().pieces);
    this.#actions = game.legalActions();
    const dests = new Map();
    if (this.#userMayMove()) {
      for (const a of this.#actions) {
        if (!a.from || !a.to) continue;
        if (!dests.has(a.from)) dests.set(a.from, []);
        if (!dests.get(a.from).includes(a.to)) dests.get(a.from).push(a.to);
      }
    }
    board.setDestinations(dests);
    const last = /^([a-z]\d+)([a-z]\d+)/.exec(game.history().at(-1)?.action ?? '');
    board.highlight(last ? { from: last[1], to: last[2] } : null);
    this.#renderBar(game.decision(), game.status());
  }

  #renderBar(decision, status) {
    const { bar, text, buttons } = this.#dom;
    const side = capitalise(decision.color ?? '');
    const acts = this.#userMayMove();
    bar.dataset.state = status.state;
    const texts = {
      move: `${side} to move`,
      entry: `${side}: bring an Immortal in, or pass`,
      shift: `${side}: the direction of the Resonance Shift`,
      displace: `${side}: displace the pawn on ${decision.pawn}`,
      chain: `${side}: move an activated piece (${decision.activated.join(', ')}) or end the chain`,
    };
    text.textContent =
      status.state === 'ongoing'
        ? (texts[decision.kind] ?? `${side} to move`)
        : `${capitalise(status.state)}${status.reason ? `: ${status.reason}` : ''}`;
    const choices = {
      shift: [['shift:a', 'Shift from the a-file'], ['shift:h', 'Shift from the h-file']],
      chain: [['end', 'End chain']],
      entry: [['pass', 'Pass']],
    };
    buttons.replaceChildren(
      ...(acts ? (choices[decision.kind] ?? []) : []).map(([action, label]) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.action = action;
        button.textContent = label;
        button.addEventListener('click', () => this.#userPlay(action));
        return button;
      }),
    );
    this.#board.mark('activated', decision.kind === 'chain' ? decision.activated : []);
    this.#board.mark('displace', decision.pawn ? [decision.pawn] : []);
    // The pawn to displace is chosen by the rules: show its squares, after the click that led
    // here (a click outside the board deselects).
    if (decision.pawn && acts) setTimeout(() => this.#board?.select(decision.pawn));
  }

  // ------------------------------------------------------------ the user's moves

  #onBoardMove(from, to) {
    const candidates = this.#userMayMove() ? this.#actions.filter((a) => a.from === from && a.to === to) : [];
    if (candidates.length === 0) {
      this.#render(); // refused: the pieces go back where they were
      return;
    }
    if (candidates.length > 1) {
      this.#choose(candidates);
      return;
    }
    this.#userPlay(candidates[0].action);
  }

  #userPlay(action) {
    const game = this.#game;
    // Immortal Chess without a referee: an entry's piece is named by the host's referee.
    if (game.decision().kind === 'entry' && !game.commitment() && action !== 'pass') {
      const candidate = this.#actions.find((a) => a.action === action);
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

  // Several actions from one square to another: a promotion's pieces, or (NAChT's reverse
  // setup) a king's step and a castling.
  #choose(candidates) {
    const { chooser } = this.#dom;
    const white = this.#game.turn() === 'white';
    chooser.replaceChildren(
      ...candidates.map((a) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.action = a.action;
        button.title = a.notation;
        button.setAttribute('aria-label', a.notation);
        if (a.promotion) {
          button.className = 'sb-choice';
          button.dataset.promotion = a.promotion;
          const letter = white ? a.promotion.toUpperCase() : a.promotion.toLowerCase();
          button.append(createPiece(letter, this.#board.glyphs));
        } else {
          button.textContent = a.notation;
        }
        button.addEventListener('click', () => this.#userPlay(a.action));
        return button;
      }),
    );
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'sb-cancel';
    cancel.textContent = 'Cancel';
    cancel.addEventListener('click', () => this.#render());
    chooser.append(cancel);
    chooser.hidden = false;
    chooser.querySelector('button')?.focus();
  }

  #hideChooser() {
    this.#dom.chooser.hidden = true;
    this.#dom.chooser.replaceChildren();
  }
}

if (!customElements.get('schach-board')) customElements.define('schach-board', SchachBoard);
