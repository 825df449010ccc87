// "Show how it moves": a click on (or Enter or Space on) a piece in the legend shows it alone near the
// middle of a small, otherwise empty board of the variant, its destinations marked. The moves
// come from the engine (a Game from a position with that piece, the two kings and a black pawn,
// asked for the piece's legal actions), so they are never wrong. Those bystanders stand where
// the piece cannot go, so they block nothing (the pawn: a lone minor piece would be a draw). Moves that depend on the position (a pawn's double step or capture,
// the Catalyst's and the Impulse's effects, Immortal entries) are not all shown: the caption says so.
//
//   import { attachPieceMoves } from './piece-moves.js';
//   attachPieceMoves(legendBody, demoElement, () => ({ Game, variant, options, pictures, names }));
//   // each <dt data-piece>'s content goes into a button; demoElement shows the board
//
// The demo board is a createBoard (board.js) with no moves offered; its destinations carry
// the class mark-reach (and the piece's square mark-origin).

import { createBoard, squareName } from './board.js';

// What the plain moves leave out, per variant and letter (or '*' for every piece).
const CAVEATS = {
  P: 'Only its plain moves are shown: it captures diagonally forward, and its first step, en passant and promotion depend on the position.',
  impulschach: {
    I: 'Each move of the Impulse is followed by its Resonance Shift of the enemy pawns.',
    C: 'After the Catalyst moves, the friendly pieces a knight\u2019s jump from it may move too.',
  },
  immortal: { '?': 'A face-down Immortal has no move of its own: it slides in from the border as a turn\u2019s second part.' },
  nietzsche: { '*': 'A piece left attacked after its side\u2019s move is promoted along the sequence.' },
};

// Nietzsche's hoppers, by picture (a letter means different pieces in different sequences):
// an empty board shows their moves, never their captures.
const HOPS = 'captures only by jumping over one piece onto an enemy beyond it, which an empty board cannot show';
const PICTURE_CAVEATS = {
  arrow: `It ${HOPS}.`,
  cannon: `It ${HOPS}.`,
  tank: `It ${HOPS}.`,
  saint: `As a cannon it ${HOPS}.`,
  sparrow: `As an arrow it ${HOPS}.`,
};

function caveatFor(variant, letter, picture) {
  const own = CAVEATS[variant] ?? {};
  const general = own[letter] ?? (letter === 'P' ? CAVEATS.P : own['*'] ?? '');
  return [PICTURE_CAVEATS[picture], general].filter(Boolean).join(' ');
}

/** A position string: `pieces` maps squares to letters; holes are '*'. */
function boardField(files, ranks, holes, pieces) {
  const rows = [];
  for (let rank = ranks - 1; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < files; file++) {
      const square = squareName(file, rank);
      const mark = holes.includes(square) ? '*' : pieces[square];
      if (!mark) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      row += mark;
    }
    rows.push(row + (empty || ''));
  }
  return rows.join('/');
}

/** The piece's destinations from `square` among `others` ({square: letter}), or null if the engine refuses the position. */
function destinationsWith(Game, variant, options, geometry, letter, square, others) {
  const { files, ranks, holes } = geometry;
  const pool = variant === 'immortal' ? '[]' : '';
  const fen = `${boardField(files, ranks, holes, { ...others, [square]: letter })}${pool} w - - 0 1`;
  let game = null;
  try {
    game = new Game(variant, options, fen);
    return game.legalActions({ square }).map((action) => action.to);
  } catch {
    return null;
  } finally {
    game?.free?.();
  }
}

const fileOf = (square) => square.charCodeAt(0) - 97;
const rankOf = (square) => Number(square.slice(1)) - 1;

/** Whether a piece on `a` could plausibly reach `b` (same line, or close): not a place for a bystander. */
function inLine(a, b) {
  const dx = Math.abs(fileOf(a) - fileOf(b));
  const dy = Math.abs(rankOf(a) - rankOf(b));
  return dx === 0 || dy === 0 || dx === dy || Math.max(dx, dy) <= 2;
}

/**
 * The bystanders the engine needs: the kings (the white one unless the piece is the king) and a
 * black pawn (so that a lone knight or bishop is not a drawn game), on squares out of `reach`.
 */
function bystanders(letter, square, geometry, reach) {
  const { files, ranks, holes } = geometry;
  const free = [];
  for (let rank = 0; rank < ranks; rank++) {
    for (let file = 0; file < files; file++) {
      const sq = squareName(file, rank);
      if (!holes.includes(sq) && !reach.includes(sq) && !inLine(sq, square)) free.push(sq);
    }
  }
  const apart = (a, b) => !inLine(a, b);
  const white = letter === 'K' ? null : free[0];
  const black = [...free].reverse().find((sq) => !white || apart(sq, white));
  // Away from both sides' first and last ranks (promotion squares differ by variant).
  const middle = (sq) => rankOf(sq) >= 3 && rankOf(sq) <= ranks - 4;
  const pawn = free.find((sq) => middle(sq) && sq !== black && (!white || apart(sq, white)) && apart(sq, black));
  if (!black || (letter !== 'K' && !white)) return null;
  const others = { [black]: 'k' };
  if (white) others[white] = 'K';
  if (pawn) others[pawn] = 'p';
  return others;
}

/**
 * The piece's square near the middle, the bystanders and its destinations: the bystanders are
 * moved to squares the piece cannot reach (so they block nothing) until that settles.
 */
export function pieceMoves(Game, variant, options, geometry, letter) {
  const { files, ranks } = geometry;
  const square = squareName(Math.floor((files - 1) / 2), Math.floor((ranks - 1) / 2));
  let reach = [];
  let others = bystanders(letter, square, geometry, reach);
  for (let round = 0; round < 4 && others; round++) {
    const next = destinationsWith(Game, variant, options, geometry, letter, square, others);
    if (next === null) return null;
    reach = [...new Set(next)];
    if (Object.keys(others).every((sq) => !reach.includes(sq))) return { square, others, reach };
    others = bystanders(letter, square, geometry, reach);
  }
  return null;
}

/** Makes the legend's pieces buttons that show their moves in `demo` (see the header). */
export function attachPieceMoves(legendBody, demo, context) {
  let board = null;
  const show = (term) => {
    const { Game, variant, options, pictures, names, geometry } = context();
    const letter = term.dataset.piece;
    const name = term.querySelector('.legend-name')?.textContent ?? letter;
    for (const other of legendBody.querySelectorAll('dt[data-piece]')) pressed(other, other === term);
    board?.destroy();
    board = null;
    demo.hidden = false;
    const caption = document.createElement('p');
    caption.className = 'piece-moves-caption';
    const holder = document.createElement('div');
    holder.className = 'piece-moves-board';
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'piece-moves-close';
    close.textContent = 'Close';
    close.addEventListener('click', () => hide());
    demo.replaceChildren(caption, holder, close);
    const found = letter === '?' ? null : pieceMoves(Game, variant, options, geometry, letter);
    const caveat = caveatFor(variant, letter, pictures?.[letter]);
    if (!found) {
      caption.textContent = caveat || `${name}: its moves cannot be shown on an empty board.`;
      holder.hidden = true;
      return;
    }
    const { files, ranks, holes } = geometry;
    board = createBoard(holder, { files, ranks, holes, pictures, names, label: `How the ${name} moves: example board` });
    board.setPieces([{ square: found.square, piece: letter }]);
    board.mark('origin', [found.square]);
    board.mark('reach', found.reach);
    const where = found.reach.length ? found.reach.join(', ') : 'nowhere';
    caption.textContent = `${name} on ${found.square}, alone on the board, can go to the ${found.reach.length} marked squares. ${caveat}`.trim();
    board.announce(`${name} on ${found.square} can go to ${where}`);
    caption.dataset.count = String(found.reach.length);
    // On a phone the example is far below the piece clicked: bring it into view.
    demo.scrollIntoView?.({ block: 'nearest' });
  };
  const hide = () => {
    board?.destroy();
    board = null;
    demo.hidden = true;
    demo.replaceChildren();
    for (const term of legendBody.querySelectorAll('dt[data-piece]')) pressed(term, false);
  };
  const pressed = (term, on) => term.querySelector('.piece-moves-button')?.setAttribute('aria-pressed', String(on));
  // The legend is drawn again for each game: each time, the content of each piece's <dt>
  // (pictures, name, letter) goes into a button (the <dt> itself stays a term of the list).
  const prepare = () => {
    for (const term of legendBody.querySelectorAll('dt[data-piece]')) {
      if (term.querySelector('.piece-moves-button')) continue;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'piece-moves-button';
      button.setAttribute('aria-pressed', 'false');
      button.title = 'Show how it moves';
      button.append(...term.childNodes);
      term.append(button);
    }
  };
  legendBody.addEventListener('click', (event) => {
    const term = event.target.closest('.piece-moves-button')?.closest('dt[data-piece]');
    if (term) show(term);
  });
  new MutationObserver(() => {
    prepare();
    hide();
  }).observe(legendBody, { childList: true });
  prepare();
  return { show, hide };
}
