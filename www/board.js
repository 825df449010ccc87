// A reusable, rules-free board widget.
//
//   import { createBoard, picturesFor } from './board.js';
//   const board = createBoard(container, {
//     files: 8, ranks: 8,            // up to 26 files; ranks 1.. from White's side
//     holes: [],                     // squares that do not exist (Quintessential's corners)
//     orientation: 'white',          // the side at the bottom
//     pictures: picturesFor('quintessential'),  // letter -> picture (pieces.js); default chess
//     names: { D: 'dragon horse' },  // letter -> the name squares and the picker say; default the picture's
//     label: 'Chess board',          // the board's accessible name
//     animation: 0,                  // ms a moved piece slides (board-motion.js); 0: none
//   });
//   board.setPieces([{square: 'e1', piece: 'K'}, ...]);   // FEN letters, upper case White; '?' face down
//   board.setDestinations(new Map([['e2', ['e3', 'e4']]])); // or a plain object; the only moves offered
//   board.onMove((from, to, { dragged }) => ...);           // the user made a move (never an illegal one)
//   board.setLastMove('e2', 'e4');                          // or highlight({from, to}), highlight([squares]); null clears
//   board.setCheck('e8');                                   // the king in check (or a list); null clears
//   board.flip(); board.setOrientation('black'); board.orientation
//   board.mark('activated', ['a2', 'd1']);                 // class mark-activated; [] clears
//   board.select('e5');                                     // select a square, showing its destinations
//   board.deselect();
//   const letter = await board.choosePromotion('e8', ['Q', 'R', 'B', 'N']);  // a letter, or null
//   board.cancelPromotion();                                // closes an open picker (its promise: null)
//   board.announce('Nf3');                                  // read out by screen readers
//   board.setAnimation(200);                                // pieces slide for 200 ms; 0: off (the default)
//   board.focus();                                          // keyboard focus on the board
//   board.destroy();
//
// The widget knows no chess rules: the host tells it which squares a piece may go to, and it
// reports only those moves. Squares are file letter + rank number (a1, c10). It plays in a
// page's DOM and inside a shadow root alike (a component's, as Lit or any framework draws it).
//
// Moving, with pointer events (mouse, touch and pen alike): press a piece that has
// destinations to pick it up (its destinations are shown), then either press a destination
// (click-click) or drag the piece there and let go. A drop anywhere else snaps back and
// reports nothing; a drop on its own square keeps it picked up; pressing it again puts it down.
// Keyboard: the board is one tab stop; the arrow keys move a focus square (as seen on the
// screen, skipping holes), Enter or Space picks up and drops as a click does, Escape cancels.
// Each square has an aria-label ("e4, white pawn", "e4, empty"), the picked-up square
// aria-selected, and what happens is announced through an aria-live region.
//
// Animation (option `animation`, or setAnimation(ms); off by default, so a host decides, e.g.
// for prefers-reduced-motion): setPieces still draws the new position at once, then the
// pieces that moved slide from their old squares, captured ones fade out over theirs, new ones
// fade in (board-motion.js). A piece the user just dropped by dragging does not slide again,
// and a change of many squares at once (a new position) is not animated.
//
// Squares carry `data-square="e2"` and the classes light/dark, hole, occupied (a piece is on
// it), selected, dest (capture when occupied), last-move, check, drag-over and mark-NAME; the
// board carries with-holes (it has holes) and picking (the promotion picker is open). They are
// classes, not `:has()` selectors, for the style sheets: a `:has()` over the board or its squares
// made the browser match it again on every square at each move, the larger part of a move's
// style work (issue 27's budget of 50 ms a task). Pieces are `<span class="piece
// white|black|neutral" data-piece="K" data-picture="king">` holding an SVG (pieces.js; neutral:
// the face-down Immortal). A letter that
// `pictures` does not map is drawn as that letter on a disc. `glyphs` (the older option: a map
// of letters to chess glyphs) still works: each glyph becomes the matching picture.
//
// The promotion picker draws the choices as pictures, each with its name under it (class
// promotion-name: a finger has no hover title), in a column over the promotion square (buttons
// with data-choice, data-piece and data-promotion, the letter in lower case) and a cancel
// button (class promotion-cancel), on a layer (class promotion-layer) over the board.
// Coordinates are spans with class coord and data-coord (the style sheet draws the text).
// It takes a click or a tap, or the keyboard (arrow keys, Enter or Space, Escape). Choices
// longer than one letter (say, two moves to one square, by their notation) are drawn as text.

import { PICTURE_NAMES, PICTURES, DEFAULT_PICTURES, pieceElement, picturesFor } from './pieces.js';
import { createPieceMotion } from './board-motion.js';

export { picturesFor };

/** The chess glyphs, kept for hosts that pass `glyphs`; each is drawn as its picture. */
export const ORTHODOX_GLYPHS = Object.freeze({
  K: '\u265A', Q: '\u265B', R: '\u265C', B: '\u265D', N: '\u265E', P: '\u265F',
});
const GLYPH_PICTURES = {
  '\u265A': 'king', '\u265B': 'queen', '\u265C': 'rook', '\u265D': 'bishop', '\u265E': 'knight', '\u265F': 'pawn',
  '\u2654': 'king', '\u2655': 'queen', '\u2656': 'rook', '\u2657': 'bishop', '\u2658': 'knight', '\u2659': 'pawn',
};

export const squareName = (file, rank) => String.fromCharCode(97 + file) + (rank + 1);

export function pieceColor(piece) {
  return piece === piece.toUpperCase() ? 'white' : 'black';
}

/** A map of upper-case letters to picture names, from `pictures`, or from older `glyphs`. */
function pictureMap(pictures, glyphs) {
  const map = {};
  const source = pictures ?? (glyphs ? null : DEFAULT_PICTURES);
  if (source) {
    for (const [letter, name] of Object.entries(source)) if (PICTURES.includes(name)) map[letter.toUpperCase()] = name;
  } else {
    for (const [letter, glyph] of Object.entries(glyphs)) if (GLYPH_PICTURES[glyph]) map[letter.toUpperCase()] = GLYPH_PICTURES[glyph];
  }
  map['?'] ??= 'immortal';
  return Object.freeze(map);
}

const resolveMap = (mapping) =>
  mapping && Object.values(mapping).some((v) => GLYPH_PICTURES[v]) ? pictureMap(null, mapping) : pictureMap(mapping ?? null, null);

/** "white pawn", "black dragon horse", "face-down Immortal", "white Z" (an unmapped letter). */
export function pieceName(piece, pictures = DEFAULT_PICTURES) {
  const picture = resolveMap(pictures)[piece.toUpperCase()];
  if (picture === 'immortal') return PICTURE_NAMES.immortal;
  return `${pieceColor(piece)} ${picture ? PICTURE_NAMES[picture] : piece.toUpperCase()}`;
}

/**
 * A piece element, as the board draws it (for hosts that show pieces elsewhere). `pictures`
 * maps letters to picture names (pieces.js); a map of glyphs, the older form, works too.
 */
export function createPiece(piece, pictures = DEFAULT_PICTURES) {
  return makePiece(piece, resolveMap(pictures));
}

function makePiece(piece, map) {
  const el = document.createElement('span');
  const picture = map[piece.toUpperCase()] ?? null;
  const color = picture === 'immortal' ? 'neutral' : pieceColor(piece);
  el.className = `piece ${color}`;
  el.dataset.piece = piece;
  el.dataset.picture = picture ?? 'letter';
  el.setAttribute('aria-hidden', 'true');
  // Sized here, so that the pictures fit a square whatever the page's style sheet says.
  el.style.cssText = 'display:block;width:var(--piece-size,90%);height:var(--piece-size,90%)';
  const svg = pieceElement(picture, color === 'black' ? 'black' : 'white', piece);
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', '100%');
  svg.style.display = 'block';
  el.append(svg);
  return el;
}

const ARROWS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
// How far a press may move before it is a drag (px): a finger wobbles more than a mouse.
const DRAG_SLOP = { mouse: 3, pen: 4, touch: 6 };

export function createBoard(container, options = {}) {
  const files = options.files ?? 8;
  const ranks = options.ranks ?? 8;
  const holes = new Set(options.holes ?? []);
  const glyphs = options.glyphs ?? null;
  const pictures = pictureMap(options.pictures ?? null, glyphs);
  // The host's names for the letters (the engine's), else the pictures' names.
  const names = Object.fromEntries(Object.entries(options.names ?? {}).map(([letter, name]) => [letter.toUpperCase(), name]));
  const nameOf = (piece) =>
    names[piece.toUpperCase()] && piece !== '?' ? `${pieceColor(piece)} ${names[piece.toUpperCase()]}` : pieceName(piece, pictures);
  let orientation = options.orientation === 'black' ? 'black' : 'white';

  let destinations = new Map();
  let selected = null;
  let lastMove = null;
  let focusSquare = null;
  let drag = null; // the press under way: {from, pointerId, x, y, wasSelected, ghost, over}
  let picker = null; // the open promotion picker: {layer, resolve, returnFocus}
  const moveListeners = [];
  const pieceAt = new Map();

  const root = document.createElement('div');
  root.className = 'board';
  root.setAttribute('role', 'grid');
  root.setAttribute('aria-label', options.label ?? 'Chess board');
  root.style.setProperty('--files', files);
  root.style.setProperty('--ranks', ranks);
  root.style.gridTemplateColumns = `repeat(${files}, 1fr)`;
  root.style.gridTemplateRows = `repeat(${ranks}, 1fr)`;
  root.style.aspectRatio = `${files} / ${ranks}`;
  root.style.position = 'relative';
  if (holes.size > 0) root.classList.add('with-holes');

  // Read out what happens (picked up, moved, cancelled); not shown.
  const live = document.createElement('div');
  live.className = 'board-live';
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('role', 'status');
  live.style.cssText =
    'position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0';

  /** @type {Map<string, HTMLElement>} */
  const squares = new Map();
  const cells = []; // every cell, holes too, with its coordinates
  const rows = []; // one role=row per rank (display: contents, so the cells stay grid items)

  for (let rank = ranks - 1; rank >= 0; rank--) {
    const row = document.createElement('div');
    row.className = 'board-row';
    row.setAttribute('role', 'row');
    row.style.display = 'contents';
    rows[rank] = row;
    for (let file = 0; file < files; file++) {
      const name = squareName(file, rank);
      const cell = document.createElement('div');
      if (holes.has(name)) {
        cell.className = 'square hole';
        cell.setAttribute('aria-hidden', 'true');
      } else {
        cell.className = `square ${(file + rank) % 2 === 0 ? 'dark' : 'light'}`;
        cell.dataset.square = name;
        cell.setAttribute('role', 'gridcell');
        cell.tabIndex = -1;
        squares.set(name, cell);
      }
      cells.push({ cell, file, rank, row });
      row.appendChild(cell);
    }
    root.appendChild(row);
  }

  const fileOf = (square) => square.charCodeAt(0) - 97;
  const rankOf = (square) => Number(square.slice(1)) - 1;

  function layout() {
    const white = orientation === 'white';
    root.dataset.orientation = orientation;
    // Coordinates go on the bottom-most square of each file and the left-most square of
    // each rank, as seen by the viewer (skipping holes).
    const fileCoord = new Map();
    const rankCoord = new Map();
    for (const { cell, file, rank } of cells) {
      cell.style.gridColumn = String(white ? file + 1 : files - file);
      cell.style.gridRow = String(white ? ranks - rank : rank + 1);
      cell.querySelectorAll('.coord').forEach((c) => c.remove());
      if (!cell.dataset.square) continue;
      const row = Number(cell.style.gridRow);
      const col = Number(cell.style.gridColumn);
      if (!fileCoord.has(file) || row > fileCoord.get(file).row) fileCoord.set(file, { cell, row });
      if (!rankCoord.has(rank) || col < rankCoord.get(rank).col) rankCoord.set(rank, { cell, col });
    }
    for (const [file, { cell }] of fileCoord) addCoord(cell, 'file', String.fromCharCode(97 + file));
    for (const [rank, { cell }] of rankCoord) addCoord(cell, 'rank', String(rank + 1));
    // The reading order follows the screen: the top row first, each from the left.
    const order = white ? [...rows].reverse() : [...rows];
    for (const row of order) {
      const list = [...row.children].sort((a, b) => Number(a.style.gridColumn) - Number(b.style.gridColumn));
      row.append(...list);
      root.append(row);
    }
  }

  function addCoord(cell, kind, text) {
    const c = document.createElement('span');
    c.className = `coord coord-${kind}`;
    // Drawn by the style sheet (.coord::before, content: attr(data-coord)), not as text: a
    // square's accessible name ("e1, white king") must contain its visible text, and a lone
    // "e" or "1" beside it would not match (axe: label-content-name-mismatch).
    c.dataset.coord = text;
    c.setAttribute('aria-hidden', 'true');
    cell.prepend(c);
  }

  // ------------------------------------------------------------ labels and announcements

  const describe = (square) => {
    const piece = pieceAt.get(square);
    return `${square}, ${piece ? nameOf(piece) : 'empty'}`;
  };

  function label(square) {
    const el = squares.get(square);
    if (!el) return;
    el.setAttribute('aria-label', describe(square));
    const piece = pieceAt.get(square);
    if (piece) el.title = nameOf(piece);
    else el.removeAttribute('title');
  }

  let announceTimer = null;
  function announce(text) {
    // Cleared first, so the same words twice are read twice.
    live.textContent = '';
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => {
      live.textContent = text;
    }, 30);
  }

  // ------------------------------------------------------------ selection

  // The squares carrying the last move's and the selection's classes, so that a redraw
  // touches only those rather than every square: each class change on a square costs the
  // browser a style check of it, and a move redraws these several times.
  let lastMoveSquares = [];
  let selectionSquares = [];

  function paintLastMove(list) {
    for (const sq of lastMoveSquares) sq.classList.remove('last-move');
    lastMoveSquares = list.map((name) => squares.get(name)).filter(Boolean);
    for (const sq of lastMoveSquares) sq.classList.add('last-move');
  }

  function clearMarks() {
    for (const sq of selectionSquares) {
      sq.classList.remove('selected', 'dest', 'capture');
      sq.removeAttribute('aria-selected');
    }
    selectionSquares = [];
  }

  function select(square, { speak = false } = {}) {
    clearMarks();
    const before = selected;
    selected = square;
    if (!square) {
      if (speak && before) announce(`${before} put down`);
      return;
    }
    const cell = squares.get(square);
    cell?.classList.add('selected');
    cell?.setAttribute('aria-selected', 'true');
    if (cell) selectionSquares.push(cell);
    const list = destinations.get(square) ?? [];
    for (const to of list) {
      const el = squares.get(to);
      if (!el) continue;
      selectionSquares.push(el);
      el.classList.add('dest');
      if (pieceAt.has(to)) el.classList.add('capture');
    }
    if (speak) announce(`${describe(square)} picked up; it can go to ${list.join(', ')}`);
  }

  const hasMoves = (square) => (destinations.get(square) ?? []).length > 0;
  const isDest = (from, to) => (destinations.get(from) ?? []).includes(to);

  // `dropped`: the user dragged the piece there, so the position drawn meanwhile has it there
  // already: it does not slide again.
  let dropped = null;
  function report(from, to, { dragged = false } = {}) {
    const piece = pieceAt.get(from);
    select(null);
    announce(`${piece ? nameOf(piece) : ''} ${from} to ${to}`.trim());
    dropped = dragged ? to : null;
    try {
      for (const listener of moveListeners) listener(from, to, { dragged });
    } finally {
      dropped = null;
    }
  }

  // A click, a tap or Enter on a square: the same for all three.
  function activate(square, speak) {
    if (selected && square && isDest(selected, square)) {
      report(selected, square);
    } else if (square && square !== selected && hasMoves(square)) {
      select(square, { speak });
    } else {
      select(null, { speak });
    }
  }

  // ------------------------------------------------------------ keyboard focus

  function setFocusSquare(square, moveFocus) {
    if (!squares.has(square)) return;
    if (focusSquare && squares.get(focusSquare)) squares.get(focusSquare).tabIndex = -1;
    focusSquare = square;
    const el = squares.get(square);
    el.tabIndex = 0;
    if (moveFocus) el.focus({ preventScroll: true });
  }

  // The left-most square of the bottom row, as seen.
  function firstSquare() {
    const visible = [...squares.keys()].map((sq) => {
      const f = orientation === 'white' ? fileOf(sq) : files - 1 - fileOf(sq);
      const r = orientation === 'white' ? rankOf(sq) : ranks - 1 - rankOf(sq);
      return { sq, d: r * files + f };
    });
    visible.sort((a, b) => a.d - b.d);
    return visible[0]?.sq ?? null;
  }

  function step(square, [dx, dy]) {
    const sign = orientation === 'white' ? 1 : -1;
    let f = fileOf(square);
    let r = rankOf(square);
    for (;;) {
      f += dx * sign;
      r += dy * sign;
      if (f < 0 || r < 0 || f >= files || r >= ranks) return square;
      const name = squareName(f, r);
      if (squares.has(name)) return name;
    }
  }

  root.addEventListener('keydown', (event) => {
    if (picker || event.altKey || event.ctrlKey || event.metaKey) return;
    const cell = event.target.closest?.('[data-square]');
    if (!cell) return;
    const square = cell.dataset.square;
    if (ARROWS[event.key]) {
      event.preventDefault();
      setFocusSquare(step(square, ARROWS[event.key]), true);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate(square, true);
    } else if (event.key === 'Escape') {
      if (selected || drag) announce('Cancelled');
      cancelDrag();
      select(null);
    }
  });

  root.addEventListener('focusin', (event) => {
    const square = event.target.closest?.('[data-square]')?.dataset.square;
    if (square && square !== focusSquare) setFocusSquare(square, false);
  });

  // ------------------------------------------------------------ pointer: click-click and drag

  // The document or shadow root the board is drawn in. Inside a shadow root (a host built with
  // Lit or any web-component framework), the document's elementFromPoint and activeElement
  // name only the shadow host; the root's own name the board's squares and buttons.
  function scope() {
    const node = root.getRootNode();
    return node.elementFromPoint ? node : document;
  }

  const focused = () => scope().activeElement;

  function squareAt(x, y) {
    const el = scope().elementFromPoint(x, y)?.closest?.('[data-square]');
    return el && root.contains(el) ? el.dataset.square : null;
  }

  function startGhost() {
    const source = squares.get(drag.from)?.querySelector('.piece');
    if (!source) return;
    const size = squares.get(drag.from).getBoundingClientRect().width;
    const ghost = source.cloneNode(true);
    ghost.classList.add('piece-ghost');
    ghost.style.cssText =
      `position:absolute;left:0;top:0;width:${size}px;height:${size}px;z-index:30;pointer-events:none;will-change:transform`;
    root.append(ghost);
    source.classList.add('drag-source');
    drag.ghost = ghost;
    drag.size = size;
  }

  function moveGhost(x, y) {
    // Relative to the board's padding box (inside its border), where the ghost is placed.
    const box = root.getBoundingClientRect();
    const left = x - box.left - root.clientLeft - drag.size / 2;
    const top = y - box.top - root.clientTop - drag.size / 2;
    drag.ghost.style.transform = `translate(${left}px, ${top}px)`;
    const over = squareAt(x, y);
    if (over !== drag.over) {
      if (drag.over) squares.get(drag.over)?.classList.remove('drag-over');
      if (over) squares.get(over)?.classList.add('drag-over');
      drag.over = over;
    }
  }

  function endDrag() {
    if (!drag) return;
    drag.ghost?.remove();
    squares.get(drag.from)?.querySelector('.piece')?.classList.remove('drag-source');
    if (drag.over) squares.get(drag.over)?.classList.remove('drag-over');
    try {
      if (root.hasPointerCapture?.(drag.pointerId)) root.releasePointerCapture(drag.pointerId);
    } catch {
      // the pointer is gone already
    }
    drag = null;
  }

  function cancelDrag() {
    endDrag();
  }

  root.addEventListener('pointerdown', (event) => {
    if (picker) {
      // A press beside the picker closes it, and does nothing else.
      if (!event.target.closest('.promotion-picker')) {
        event.preventDefault();
        closePicker(null);
      }
      return;
    }
    if (event.button !== 0 || drag) return;
    const square = event.target.closest('[data-square]')?.dataset.square ?? null;
    if (square) setFocusSquare(square, root.contains(focused()));
    if (selected && square && isDest(selected, square)) {
      event.preventDefault();
      report(selected, square);
      return;
    }
    if (square && hasMoves(square)) {
      event.preventDefault(); // no text selection, no scrolling while a piece is held
      const wasSelected = selected === square;
      select(square);
      drag = { from: square, pointerId: event.pointerId, x: event.clientX, y: event.clientY, wasSelected, ghost: null, over: null, type: event.pointerType };
      try {
        root.setPointerCapture(event.pointerId);
      } catch {
        // a synthetic event without a live pointer: moves still reach the board
      }
      return;
    }
    select(null);
  });

  root.addEventListener('pointermove', (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (!drag.ghost) {
      const slop = DRAG_SLOP[drag.type] ?? 3;
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < slop) return;
      startGhost();
      if (!drag.ghost) return;
    }
    event.preventDefault();
    moveGhost(event.clientX, event.clientY);
  });

  root.addEventListener('pointerup', (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const { from, ghost, wasSelected } = drag;
    const to = ghost ? squareAt(event.clientX, event.clientY) : from;
    endDrag();
    if (ghost) {
      if (to && to !== from && isDest(from, to)) report(from, to, { dragged: true });
      else if (to !== from) {
        // Not a destination: the piece goes back, and nothing is reported.
        select(null);
        announce(`${from}: not moved`);
      }
      // Dropped on its own square: still picked up, for a click on a destination.
    } else if (wasSelected) {
      select(null); // a second press on a picked-up piece puts it down
    }
  });

  root.addEventListener('pointercancel', (event) => {
    if (drag && event.pointerId === drag.pointerId) endDrag();
  });
  root.addEventListener('lostpointercapture', (event) => {
    if (drag && event.pointerId === drag.pointerId && drag.ghost) {
      endDrag();
      select(null);
    }
  });
  // A long press on a phone opens no menu over the board.
  root.addEventListener('contextmenu', (event) => {
    if (event.target.closest('[data-square]')) event.preventDefault();
  });

  // Pressing anywhere outside the board deselects, and closes an open picker. The board marks
  // its own presses: at the document, a press inside a shadow root has the shadow host as its
  // target, and a closed root leaves the board out of composedPath().
  let ownPress = null;
  root.addEventListener('pointerdown', (event) => {
    ownPress = event;
  }, { capture: true });
  const onDocumentPointerDown = (event) => {
    if (event === ownPress) return;
    if (picker) closePicker(null);
    if (selected) select(null);
  };
  document.addEventListener('pointerdown', onDocumentPointerDown);

  // ------------------------------------------------------------ the promotion picker

  function closePicker(value) {
    if (!picker) return;
    const { layer, resolve, returnFocus } = picker;
    picker = null;
    const hadFocus = layer.contains(focused());
    layer.remove();
    root.classList.remove('picking');
    if (hadFocus && returnFocus) setFocusSquare(returnFocus, true);
    resolve(value);
  }

  // "Dragon horse": the piece's name without its colour, as the picker's caption shows it.
  function choiceCaption(choice) {
    const caption = document.createElement('span');
    caption.className = 'promotion-name';
    caption.setAttribute('aria-hidden', 'true');
    const name = nameOf(choice).replace(/^(white|black) /, '');
    caption.textContent = name.charAt(0).toUpperCase() + name.slice(1);
    caption.style.cssText =
      'display:block;font-size:max(10px,calc(var(--square,48px)*0.2));line-height:1.1;max-width:100%;text-align:center';
    return caption;
  }

  function choosePromotion(square, choices) {
    closePicker(null);
    const list = [...(choices ?? [])].map(String);
    if (list.length === 0) return Promise.resolve(null);
    return new Promise((resolve) => {
      const layer = document.createElement('div');
      layer.className = 'promotion-layer';
      layer.style.cssText = 'position:absolute;inset:0;z-index:20';
      const box = document.createElement('div');
      box.className = 'promotion-picker';
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-label', `Promote on ${square}`);
      // A column over the square's file, from the square towards the middle of the board.
      const el = squares.get(square);
      const col = el ? Number(el.style.gridColumn) - 1 : 0;
      const row = el ? Number(el.style.gridRow) - 1 : 0;
      // A square for each choice and half a square for the cancel button.
      const height = list.length + 0.5;
      const down = row < ranks / 2;
      const top = down ? Math.max(0, Math.min(row, ranks - height)) : Math.max(0, row + 1 - height);
      // At least wide enough for a name under each picture ("Quintessence"), kept on the board.
      const width = `max(${100 / files}%, 5.6rem)`;
      box.style.cssText =
        `position:absolute;left:min(${(col / files) * 100}%, calc(100% - ${width}));width:${width};` +
        `top:${(top / ranks) * 100}%;display:flex;flex-direction:${down ? 'column' : 'column-reverse'}`;
      const buttons = list.map((choice) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'promotion-choice';
        button.dataset.choice = choice;
        button.style.cssText =
          'height:var(--square,48px);width:100%;padding:0;margin:0;display:flex;flex-direction:column;' +
          'align-items:center;justify-content:center;overflow:hidden';
        if (choice.length === 1) {
          button.dataset.piece = choice;
          button.dataset.promotion = choice.toLowerCase();
          const picture = makePiece(choice, pictures);
          // Room under the picture for its name.
          picture.style.width = picture.style.height = 'calc(var(--square,48px) * 0.62)';
          picture.style.flex = 'none';
          button.append(picture);
          button.title = nameOf(choice);
          // The name as text under the picture: a finger gets no hover title.
          button.append(choiceCaption(choice));
        } else {
          button.textContent = choice;
          button.title = choice;
          button.classList.add('promotion-text');
          button.dataset.promotion = '';
        }
        button.setAttribute('aria-label', button.title);
        button.addEventListener('click', (event) => {
          if (accepts(event)) closePicker(choice);
        });
        return button;
      });
      const cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.className = 'promotion-cancel';
      cancel.textContent = '\u00d7';
      cancel.title = 'Cancel';
      cancel.setAttribute('aria-label', 'Cancel');
      cancel.style.cssText = 'height:calc(var(--square,48px) / 2);width:100%;padding:0;margin:0';
      cancel.addEventListener('click', (event) => {
        if (accepts(event)) closePicker(null);
      });
      // A press and release on one button chooses it. Not a click alone: the tap that opened the
      // picker (on the promotion square, which the first choice now covers) ends in a click on
      // it; and a tap soon after a drag may bring no click at all. A click from the keyboard
      // (detail 0) chooses too.
      let pressed = null;
      box.addEventListener('pointerdown', (event) => {
        pressed = event.target.closest('button');
      });
      box.addEventListener('pointerup', (event) => {
        const button = event.target.closest('button');
        if (button && button === pressed) button.click();
      });
      const accepts = (event) => event.detail === 0 || event.isTrusted === false;
      box.append(...buttons, cancel);
      box.addEventListener('keydown', (event) => {
        const all = [...buttons, cancel];
        const i = all.indexOf(focused());
        const forward = down ? ['ArrowDown', 'ArrowRight'] : ['ArrowUp', 'ArrowRight'];
        const back = down ? ['ArrowUp', 'ArrowLeft'] : ['ArrowDown', 'ArrowLeft'];
        let next = null;
        if (forward.includes(event.key) || (event.key === 'Tab' && !event.shiftKey)) next = (i + 1) % all.length;
        else if (back.includes(event.key) || (event.key === 'Tab' && event.shiftKey)) next = (i - 1 + all.length) % all.length;
        else if (event.key === 'Home') next = 0;
        else if (event.key === 'End') next = all.length - 1;
        if (next !== null) {
          event.preventDefault();
          all[next].focus();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          closePicker(null);
        }
      });
      layer.append(box);
      root.append(layer);
      root.classList.add('picking');
      picker = { layer, resolve, returnFocus: square };
      buttons[0].focus({ preventScroll: true });
      announce(`Promote on ${square}: ${buttons.map((b) => b.title).join(', ')}`);
    });
  }

  // ------------------------------------------------------------ start

  const motion = createPieceMotion(root, squares);
  motion.duration = Math.max(0, Number(options.animation) || 0);

  layout();
  for (const square of squares.keys()) label(square);
  setFocusSquare(firstSquare(), false);
  container.replaceChildren(root, live);

  const api = {
    element: root,
    files,
    ranks,
    holes: [...holes],
    /** The `glyphs` option as given (older hosts compare it), else null. */
    glyphs,
    /** Upper-case letter -> picture name, as the board draws. */
    pictures,
    /** Upper-case letter -> the host's name for it (the `names` option). */
    names,

    get orientation() {
      return orientation;
    },

    get selected() {
      return selected;
    },

    setPieces(list) {
      const next = new Map();
      for (const { square, piece } of list) if (squares.has(square)) next.set(square, piece);
      const before = new Map(pieceAt);
      const removed = new Map(); // square -> the piece element taken off it (to fade out)
      // Only the squares whose piece changed are looked at (pieceAt is what the squares show:
      // only this function puts pieces in them): a move touches two to four of them, and a
      // query of every square's piece cost more than the move's own drawing (issue 27's budget).
      for (const [square, el] of squares) {
        const piece = next.get(square);
        if (before.get(square) === piece) continue;
        const current = el.querySelector('.piece:not(.piece-ghost)');
        if (current?.dataset.piece === piece && piece !== undefined) continue;
        if (current) removed.set(square, current);
        current?.remove();
        if (piece !== undefined) el.appendChild(makePiece(piece, pictures));
        el.classList.toggle('occupied', piece !== undefined);
      }
      motion.play(before, next, removed, { still: dropped });
      pieceAt.clear();
      for (const [square, piece] of next) pieceAt.set(square, piece);
      // A square's label names its piece: only the squares whose piece changed.
      for (const square of squares.keys()) if (before.get(square) !== next.get(square)) label(square);
      if (drag && !pieceAt.has(drag.from)) endDrag();
      if (selected) select(selected);
      return api;
    },

    setDestinations(map) {
      destinations = map instanceof Map ? new Map(map) : new Map(Object.entries(map ?? {}));
      if (drag && !hasMoves(drag.from)) endDrag();
      if (selected && hasMoves(selected)) select(selected);
      else select(null);
      return api;
    },

    onMove(callback) {
      moveListeners.push(callback);
      return api;
    },

    setLastMove(from, to) {
      lastMove = from && to ? { from, to } : null;
      paintLastMove(lastMove ? [from, to] : []);
      return api;
    },

    /** highlight({from, to}), highlight(['e1', 'g1', 'h1', 'f1']) (every square a move touched) or highlight(null). */
    highlight(move) {
      if (!Array.isArray(move)) return api.setLastMove(move?.from, move?.to);
      lastMove = move.length ? { squares: [...move] } : null;
      paintLastMove(move);
      return api;
    },

    get lastMove() {
      return lastMove;
    },

    /** Mark a square (the king in check), or several (['e1', 'e8']); null or [] clears. */
    setCheck(square) {
      for (const sq of squares.values()) sq.classList.remove('check');
      for (const name of [square ?? []].flat()) squares.get(name)?.classList.add('check');
      return api;
    },

    setOrientation(side) {
      orientation = side === 'black' ? 'black' : 'white';
      motion.finish();
      closePicker(null);
      cancelDrag();
      layout();
      return api;
    },

    flip() {
      return api.setOrientation(orientation === 'white' ? 'black' : 'white');
    },

    deselect() {
      cancelDrag();
      select(null);
      return api;
    },

    /** Select a square as a click would, showing its destinations (if it has any). */
    select(square) {
      select(square && hasMoves(square) ? square : null);
      return api;
    },

    /**
     * Mark squares with the class `mark-NAME` (e.g. Impulschach's activated pieces), clearing
     * the squares NAME marked before; an empty list clears.
     */
    mark(name, list) {
      for (const sq of squares.values()) sq.classList.remove(`mark-${name}`);
      for (const square of list ?? []) squares.get(square)?.classList.add(`mark-${name}`);
      return api;
    },

    /**
     * Ask which piece a pawn on `square` becomes: `choices` are FEN letters in the mover's case
     * (['Q', 'R', 'B', 'N']), drawn as pictures; resolves to the chosen one, or null when the
     * picker is cancelled (its button, Escape, a press elsewhere, or another picker opened).
     */
    choosePromotion,

    cancelPromotion() {
      closePicker(null);
      return api;
    },

    get promotionOpen() {
      return picker !== null;
    },

    /** The open picker's element (class promotion-layer, over the board), or null. */
    get promotionElement() {
      return picker?.layer ?? null;
    },

    announce(text) {
      announce(String(text));
      return api;
    },

    /** How long a moved piece slides, in ms (board-motion.js); 0 turns animation off. */
    setAnimation(ms) {
      motion.duration = Math.max(0, Number(ms) || 0);
      if (!motion.duration) motion.finish();
      return api;
    },

    get animation() {
      return motion.duration;
    },

    /** Keyboard focus on the board's focus square. */
    focus() {
      setFocusSquare(focusSquare ?? firstSquare(), true);
      return api;
    },

    destroy() {
      motion.destroy();
      closePicker(null);
      cancelDrag();
      clearTimeout(announceTimer);
      document.removeEventListener('pointerdown', onDocumentPointerDown);
      root.remove();
      live.remove();
    },
  };
  return api;
}
