// A reusable, rules-free board widget.
//
//   const board = createBoard(container, {files: 8, ranks: 8, holes: [], orientation: 'white',
//                                         glyphs: ORTHODOX_GLYPHS});
//   board.setPieces([{square: 'e1', piece: 'K'}, ...]);   // FEN letters, uppercase = White
//   board.setDestinations(new Map([['e2', ['e3', 'e4']]])); // or a plain object
//   board.onMove((from, to) => ...);                        // called when the user moves
//   board.setLastMove('e2', 'e4');                          // or board.highlight({from, to}); null clears
//   board.flip();
//   board.mark('activated', ['a2', 'd1']);                 // class mark-activated; [] clears
//   board.select('e5');                                     // show a square's destinations
//
// The widget knows no chess rules: the host tells it which squares a piece may go to.
// Squares are file letter + rank number (a1, c10); rank 1 is at the bottom for White.
//
// Pieces are drawn from `glyphs`, a map from upper-case FEN letters to the glyph drawn for
// both colours (CSS fills it white or black). A letter missing from the map is drawn as the
// letter itself on a disc (class `fairy`). The default is ORTHODOX_GLYPHS (K Q R B N P); a
// variant whose letters mean other pieces passes its own map, e.g. {K: '\u265A', P: '\u265F'}
// when its Q is not a queen, or {} for letters only. `board.glyphs` is the map in use, so a
// host draws extra pieces (a promotion chooser) alike with createPiece(letter, board.glyphs).

/** The chess pieces. The solid glyphs serve both colours, so CSS can fill both sides alike. */
export const ORTHODOX_GLYPHS = Object.freeze({
  K: '\u265A', Q: '\u265B', R: '\u265C', B: '\u265D', N: '\u265E', P: '\u265F',
});

export const squareName = (file, rank) => String.fromCharCode(97 + file) + (rank + 1);

export function pieceColor(piece) {
  return piece === piece.toUpperCase() ? 'white' : 'black';
}

// The solid chess glyphs (U+265A-U+265F) name black pieces; the white ones are six code
// points lower. Other glyphs have no twin.
function whiteTwin(glyph) {
  const code = glyph.codePointAt(0);
  return code >= 0x265a && code <= 0x265f ? String.fromCodePoint(code - 6) : null;
}

/** Build a piece element (used by the board and by hosts, e.g. a promotion chooser). */
export function createPiece(piece, glyphs = ORTHODOX_GLYPHS) {
  const el = document.createElement('span');
  const color = pieceColor(piece);
  el.className = `piece ${color}`;
  el.dataset.piece = piece;
  const glyph = glyphs[piece.toUpperCase()];
  if (glyph) {
    el.textContent = glyph;
    // A white piece drawn with a black glyph would be read out as black: label it white.
    const twin = color === 'white' ? whiteTwin(glyph) : null;
    el.setAttribute('aria-label', twin ?? glyph);
  } else {
    el.textContent = piece;
    el.classList.add('fairy');
  }
  el.title = piece;
  return el;
}

export function createBoard(container, options = {}) {
  const files = options.files ?? 8;
  const ranks = options.ranks ?? 8;
  const holes = new Set(options.holes ?? []);
  const glyphs = options.glyphs ?? ORTHODOX_GLYPHS;
  let orientation = options.orientation === 'black' ? 'black' : 'white';

  let destinations = new Map();
  let selected = null;
  let lastMove = null;
  const moveListeners = [];

  const root = document.createElement('div');
  root.className = 'board';
  root.setAttribute('role', 'grid');
  root.style.setProperty('--files', files);
  root.style.setProperty('--ranks', ranks);
  root.style.gridTemplateColumns = `repeat(${files}, 1fr)`;
  root.style.gridTemplateRows = `repeat(${ranks}, 1fr)`;
  root.style.aspectRatio = `${files} / ${ranks}`;

  /** @type {Map<string, HTMLElement>} */
  const squares = new Map();
  const cells = []; // every cell, including holes, with its coordinates

  for (let rank = ranks - 1; rank >= 0; rank--) {
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
        cell.setAttribute('aria-label', name);
        squares.set(name, cell);
      }
      cells.push({ cell, file, rank });
      root.appendChild(cell);
    }
  }

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
  }

  function addCoord(cell, kind, text) {
    const c = document.createElement('span');
    c.className = `coord coord-${kind}`;
    c.textContent = text;
    c.setAttribute('aria-hidden', 'true');
    cell.prepend(c);
  }

  function clearMarks() {
    for (const sq of squares.values()) sq.classList.remove('selected', 'dest', 'capture');
  }

  function select(square) {
    clearMarks();
    selected = square;
    if (!square) return;
    squares.get(square)?.classList.add('selected');
    for (const to of destinations.get(square) ?? []) {
      const el = squares.get(to);
      if (!el) continue;
      el.classList.add('dest');
      if (el.querySelector('.piece')) el.classList.add('capture');
    }
  }

  function hasMoves(square) {
    return (destinations.get(square) ?? []).length > 0;
  }

  root.addEventListener('click', (event) => {
    const cell = event.target.closest('.square');
    const square = cell?.dataset.square ?? null;
    if (selected && square && (destinations.get(selected) ?? []).includes(square)) {
      const from = selected;
      select(null);
      for (const listener of moveListeners) listener(from, square);
      return;
    }
    if (square && square !== selected && hasMoves(square)) {
      select(square);
    } else {
      select(null);
    }
  });

  // Clicking anywhere outside the board deselects too.
  const onDocumentClick = (event) => {
    if (selected && !root.contains(event.target)) select(null);
  };
  document.addEventListener('click', onDocumentClick);

  layout();
  container.replaceChildren(root);

  const api = {
    element: root,
    files,
    ranks,
    holes: [...holes],
    glyphs,

    get orientation() {
      return orientation;
    },

    setPieces(pieces) {
      for (const sq of squares.values()) sq.querySelectorAll('.piece').forEach((p) => p.remove());
      for (const { square, piece } of pieces) {
        const el = squares.get(square);
        if (el) el.appendChild(createPiece(piece, glyphs));
      }
      if (selected) select(selected);
      return api;
    },

    setDestinations(map) {
      destinations = map instanceof Map ? new Map(map) : new Map(Object.entries(map ?? {}));
      if (selected && hasMoves(selected)) select(selected);
      else select(null);
      return api;
    },

    onMove(callback) {
      moveListeners.push(callback);
      return api;
    },

    setLastMove(from, to) {
      for (const sq of squares.values()) sq.classList.remove('last-move');
      lastMove = from && to ? { from, to } : null;
      if (lastMove) {
        squares.get(from)?.classList.add('last-move');
        squares.get(to)?.classList.add('last-move');
      }
      return api;
    },

    /** highlight({from, to}) or highlight(null). */
    highlight(move) {
      return api.setLastMove(move?.from, move?.to);
    },

    get lastMove() {
      return lastMove;
    },

    /** Mark a square (e.g. a king in check); null clears. */
    setCheck(square) {
      for (const sq of squares.values()) sq.classList.remove('check');
      if (square) squares.get(square)?.classList.add('check');
      return api;
    },

    setOrientation(side) {
      orientation = side === 'black' ? 'black' : 'white';
      layout();
      return api;
    },

    flip() {
      return api.setOrientation(orientation === 'white' ? 'black' : 'white');
    },

    deselect() {
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

    destroy() {
      document.removeEventListener('click', onDocumentClick);
      root.remove();
    },
  };
  return api;
}
