// The page's move list: the turns in the variant's notation, each a button that shows the
// position after it. Viewing a past position is read-only (the page gives the board no
// destinations and hides the decision buttons) until the user goes back to the live position:
// the "Back to the live position" button, the last move, End or Escape.
//
// Keyboard: the list is one tab stop (the viewed or latest move); in it, Left/Up and
// Right/Down step back and forward, Home shows the start, End the live position; Enter or
// Space on a move shows it. Left, Right, Home and End do the same anywhere on the page, except
// in a text field, a select or the board, whose keys they are (Up and Down scroll the page).
// The buttons under the list do the same by mouse. The list scrolls (itself, not the page)
// to the move shown.
//
//   const moveList = createMoveList({ Game, onChange: refresh });
//   moveList.sync(game)                      // true while a past position is shown
//   moveList.render(game, turns, decision)   // draws the list, the buttons and the notice
//   moveList.paint(board, fenInput)          // draws the past position, when one is shown
//
// A past position is rebuilt from `game.record()`: a public copy of the game (no referee's
// seed; Immortal entries carry the pieces they revealed) with the actions of the turns up to it.

import { lastTurnSquares } from './game-host.js';
import { setText } from './dom-text.js';

const $ = (id) => document.getElementById(id);

// The keys that go through the moves wherever the focus is (pageKeyFree).
const PAGE_KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];

// Where these keys have a use of their own, the page leaves them alone: text fields and
// selects (the caret, the choice), the board (its focus square), a dialog (the promotion
// picker), the decision's buttons (a past position shown would take them away from under the
// focus), a key with a modifier, or a key a handler already took (the list's own).
const KEEPS_KEYS = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], .board, [role="dialog"], #decision-options';

function pageKeyFree(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  return !target?.closest(KEEPS_KEYS);
}

const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** The move number before the turn at `ply` (0: White's first): `1.` for White, `1...` for Black. */
const moveNumber = (ply) => `${Math.floor(ply / 2) + 1}.${ply % 2 === 0 ? '' : '..'}`;

/** The score as PGN writes it (`1-0`, `0-1`, `½-½`; `*` for a game over without a result). */
export function scoreText(status) {
  if (status.winner === 'white') return '1-0';
  if (status.winner === 'black') return '0-1';
  return status.state === 'draw' ? '\u00bd-\u00bd' : '*';
}

// The list's last row once the game is over, as lichess shows it: `1-0`, then why
// ("Checkmate · White wins"). null while the game goes on.
function resultItem(status) {
  if (status.state === 'ongoing') return null;
  const li = document.createElement('li');
  li.className = 'result-row';
  const score = Object.assign(document.createElement('strong'), { className: 'result-score', textContent: scoreText(status) });
  const words = [status.reason, status.state === 'unfinished' ? 'no result' : status.state].filter(Boolean).map(capitalise);
  const why = Object.assign(document.createElement('span'), { className: 'result-why', textContent: words.join(' \u00b7 ') });
  li.append(score, ' ', why);
  return li;
}

// Scrolls `box` itself, never the page, so that `item` is inside its visible rect. (The list's
// rows are `display: contents` and have no box to scroll into view: the buttons do.)
// Measuring the boxes lays the page out. Measured at once, in the middle of a move's redraw,
// that would be a layout of its own, and the rest of the redraw would need another. So the
// scroll waits: the page calls flushScroll() when its redraw is done, which lays the page out
// once, in the redraw's task, for the scroll and the frame alike; left to the next frame, that
// layout fell into the frame's task with the paint, the longest task of a move (issue 27:
// under 4x CPU throttling, a tap move's median longest task 25-35 ms against 31-37 ms in six
// paired traced runs). requestAnimationFrame is the fallback for a caller that does not flush.
let scrollWanted = null;
function scrollWithin(box, item) {
  const first = scrollWanted === null;
  scrollWanted = { box, item };
  if (first) requestAnimationFrame(flushScroll);
}

/** Does the scroll asked for since the last one, if any (see scrollWithin). */
export function flushScroll() {
  if (scrollWanted === null) return;
  const { box, item } = scrollWanted;
  scrollWanted = null;
  if (!item?.isConnected) return;
  const outer = box.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top;
  else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom;
}

export function createMoveList({ Game, onChange }) {
  const ui = {
    list: $('moves'),
    start: $('nav-start'),
    back: $('nav-back'),
    forward: $('nav-forward'),
    live: $('nav-live'),
    notice: $('viewing'),
    noticeText: $('viewing-text'),
    toLive: $('back-to-live'),
  };

  // The past position shown: the turn index after which it stands (-1: the start), the
  // record's start and actions up to it (to notice a new game, a loaded position or an undo
  // that took it away), its label and the position itself. null: the live position.
  let view = null;
  let current = { game: null, turns: [], labels: [], record: null };

  // Shows the position after turn `index` (-1 the start); the last turn, or null, is live.
  function show(index) {
    const { game, turns } = current;
    if (!game) return;
    if (index === null || index >= turns.length - 1 || (turns.length === 0 && index < 0)) {
      view = null;
    } else {
      const record = game.record();
      const count = turns.slice(0, Math.max(index + 1, 0)).reduce((n, t) => n + t.actions.length, 0);
      const actions = record.actions.slice(0, count);
      view = { index: Math.max(index, -1), start: record.start, actions, position: replay(record, actions) };
    }
    onChange();
  }

  function replay(record, actions) {
    const copy = new Game(record.variant, record.options, record.start);
    try {
      for (const action of actions) copy.play(action);
      const { pieces } = copy.board();
      return {
        pieces,
        last: lastTurnSquares(copy),
        check: copy.checkSquares(),
        fen: copy.fen(),
      };
    } finally {
      copy.free();
    }
  }

  // The index shown: the viewed turn, or the latest when live.
  const shown = () => (view ? view.index : current.turns.length - 1);

  function step(delta) {
    show(Math.min(Math.max(shown() + delta, -1), current.turns.length - 1));
  }

  function focusShown() {
    const index = shown();
    (index >= 0 ? ui.list.querySelector(`[data-turn="${index}"]`) : ui.list.querySelector('.ply[data-turn]'))?.focus();
  }

  ui.list.addEventListener('click', (event) => {
    const ply = event.target.closest('[data-turn]');
    if (ply) show(Number(ply.dataset.turn));
  });
  // The keys that step through the moves: in the list all six; page-wide (pageKeys below)
  // Left/Right/Home/End, leaving Up/Down to scroll the page.
  const keys = {
    ArrowLeft: () => step(-1),
    ArrowUp: () => step(-1),
    ArrowRight: () => step(1),
    ArrowDown: () => step(1),
    Home: () => show(-1),
    End: () => show(null),
  };
  ui.list.addEventListener('keydown', (event) => {
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
    focusShown();
  });
  document.addEventListener('keydown', (event) => {
    if (!current.game || !PAGE_KEYS.includes(event.key) || !pageKeyFree(event)) return;
    event.preventDefault();
    keys[event.key]();
  });
  ui.start.addEventListener('click', () => show(-1));
  ui.back.addEventListener('click', () => step(-1));
  ui.forward.addEventListener('click', () => step(1));
  ui.live.addEventListener('click', () => show(null));
  ui.toLive.addEventListener('click', () => show(null));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && view) show(null);
  });

  // The rows drawn, kept from one render to the next: a move adds its turn's button and moves
  // the marks, rather than drawing every button of a long game again (issue 27's budget of
  // 50 ms a task under 4x CPU throttling, which a 45-move game broke). `turns[i]`: the turn's
  // button, its key (notation and actions) and the marks it carries; `rows`: the list items,
  // one per move number; `result`: the result's row, or null.
  const drawn = { startPly: 0, turns: [], rows: [], result: null };

  // Adds `item` at the end of the list, after a space (the list also reads well as plain text).
  function append(item) {
    if (ui.list.lastChild) ui.list.append(' ');
    ui.list.append(item);
  }

  // Takes `item` out of the list, with the space before it.
  function removeItem(item) {
    if (item.previousSibling?.nodeType === Node.TEXT_NODE) item.previousSibling.remove();
    item.remove();
  }

  // Draws the buttons of `turns`, keeping the rows whose turns are drawn already.
  function drawTurns(turns, startPly) {
    const key = (turn) => `${turn.notation}\n${turn.actions.join(' ')}`;
    let keep = 0;
    if (drawn.startPly === startPly) while (keep < Math.min(turns.length, drawn.turns.length) && drawn.turns[keep].key === key(turns[keep])) keep++;
    // Whole rows only: a row that does not end with a kept Black turn (its Black turn is new,
    // changed or still to come) is drawn again from its White turn.
    while (keep > 0 && (startPly + keep - 1) % 2 === 0) keep--;
    const firstRow = keep > 0 ? drawn.rows.indexOf(drawn.turns[keep - 1].row) + 1 : 0;
    for (const row of drawn.rows.splice(firstRow)) removeItem(row);
    drawn.turns.length = keep;
    drawn.startPly = startPly;
    let li = null;
    for (let i = keep; i < turns.length; i++) {
      const ply = startPly + i;
      const white = ply % 2 === 0;
      if (white || !li) {
        li = document.createElement('li');
        const num = document.createElement('span');
        num.className = 'num';
        num.textContent = moveNumber(ply);
        li.append(num);
        if (!white) li.append(Object.assign(document.createElement('span'), { className: 'ply empty' }));
        drawn.rows.push(li);
        append(li);
      }
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'ply';
      button.dataset.turn = String(i);
      button.tabIndex = -1;
      button.textContent = turns[i].notation;
      button.title = turns[i].actions.join(' ');
      li.append(' ', button);
      drawn.turns.push({ button, row: li, key: key(turns[i]), latest: false, viewing: false, tab: false, label: null });
      if (!white) li = null;
    }
  }

  return {
    get viewing() {
      return view ? view.index : null;
    },

    show,

    /** Drops a view the game no longer has (a new game, a loaded position, an undo); true while viewing. */
    sync(game) {
      if (view) {
        const record = game.record();
        const kept =
          record.start === view.start &&
          view.actions.length < record.actions.length &&
          view.actions.every((a, i) => record.actions[i] === a);
        if (!kept) view = null;
      }
      return view !== null;
    },

    render(game, turns, decision) {
      current = { game, turns, labels: [] };
      // Number the turns from the FEN (side to move, fullmove number), so a game loaded with
      // Black to move is numbered right. A turn still being played counts as not yet done.
      let startPly = 0;
      const fields = game.fen().trim().split(/\s+/);
      const fullmove = Number.parseInt(fields[5], 10);
      const unfinished = decision.kind !== 'move' && decision.kind !== 'over' ? 1 : 0;
      if (Number.isFinite(fullmove) && fullmove > 0) {
        const ply = (fullmove - 1) * 2 + (game.turn() === 'black' ? 1 : 0) - (turns.length - unfinished);
        if (ply >= 0) startPly = ply;
      }
      const index = shown();
      for (let i = 0; i < turns.length; i++) current.labels.push(`${moveNumber(startPly + i)} ${turns[i].notation}`);
      // Keep the focus on the move shown when the list is redrawn under it.
      const hadFocus = ui.list.contains(document.activeElement);
      if (drawn.result) removeItem(drawn.result);
      drawTurns(turns, startPly);
      // Each button's marks: the latest, the one shown, the list's one tab stop.
      drawn.turns.forEach((entry, i) => {
        const latest = i === turns.length - 1;
        const viewing = view !== null && i === index;
        const tab = i === Math.max(index, 0);
        const label = `${current.labels[i]}${latest ? ' (live)' : ''}`;
        if (entry.latest !== latest) entry.button.classList.toggle('latest', (entry.latest = latest));
        if (entry.viewing !== viewing) {
          entry.button.classList.toggle('viewing', (entry.viewing = viewing));
          if (viewing) entry.button.setAttribute('aria-current', 'step');
          else entry.button.removeAttribute('aria-current');
        }
        if (entry.tab !== tab) entry.button.tabIndex = (entry.tab = tab) ? 0 : -1;
        if (entry.label !== label) entry.button.setAttribute('aria-label', (entry.label = label));
      });
      // Once the game is over, its result after the last move.
      drawn.result = resultItem(game.status());
      if (drawn.result) append(drawn.result);
      if (hadFocus) focusShown();
      scrollWithin(ui.list, view ? ui.list.querySelector('.viewing') : (drawn.result ?? ui.list.querySelector('.latest')));

      const count = turns.length;
      ui.start.disabled = count === 0 || index === -1;
      ui.back.disabled = count === 0 || index === -1;
      ui.forward.disabled = !view;
      ui.live.disabled = !view;
      ui.notice.hidden = !view;
      setText(
        ui.noticeText,
        view ? `Viewing ${view.index < 0 ? 'the starting position' : `the position after ${current.labels[view.index]}`}: the board takes no moves.` : '',
      );
      // Written only when it changes: the style sheet reads it on the body (a write would have
      // the browser check the page's style again).
      const viewing = view ? String(view.index) : '';
      if (document.body.dataset.viewing !== viewing) document.body.dataset.viewing = viewing;
    },

    /** Draws the past position on the board and in the FEN box (when one is shown). */
    paint(board, fenInput) {
      if (!view) return;
      board.setPieces(view.position.pieces);
      board.highlight(view.position.last);
      board.setCheck(view.position.check);
      board.deselect();
      fenInput.value = view.position.fen;
    },
  };
}
