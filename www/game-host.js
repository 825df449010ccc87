// What a host does with an engine `Game`, once for the page (app.js) and for <schach-board>
// (schach-board.js): the board's pieces, destinations, last turn and check; the decision in a
// turn (its marks, the square whose moves to show, its keyword options); the user's move
// with the promotion picker; entries a referee must reveal; undo; records played back.
//
//   const host = createGameHost({ onAction: (action) => ... });  // the user chose an action
//   const decision = host.draw(game, board, { interactive });     // draws the game on the board
//   board.onMove((from, to) => host.move(from, to));               // 'played' | 'choosing' | 'refused'
//   container.replaceChildren(...optionButtons(decision.options, host.choose));
//
// Everything a variant decides comes from the engine as data (decision(), checkSquares(),
// pieces(), the squares and reveals of play() and history()), so no host here knows a
// variant's rules, and board.js stays rule-free.

/** `castling=true setup=reverse` (or with commas) as an object; the engine names bad values. */
export function parseOptions(text) {
  const options = {};
  for (const item of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const [key, ...rest] = item.split('=');
    options[key] = rest.join('=');
  }
  return options;
}

/**
 * Options text with one option set (`withOption('castling=true', 'sequence', 'timur')` is
 * `castling=true sequence=timur`), or left out when `value` is null; the others kept in order.
 */
export function withOption(text, key, value) {
  const others = (text ?? '').split(/[\s,]+/).filter((item) => item && item.split('=')[0] !== key);
  return [...others, ...(value === null ? [] : [`${key}=${value}`])].join(' ');
}

/** The board's destinations: each square with a legal action from it, and where they go. */
export function moveMap(actions) {
  const dests = new Map();
  for (const a of actions) {
    if (!a.from || !a.to) continue;
    if (!dests.has(a.from)) dests.set(a.from, []);
    const list = dests.get(a.from);
    if (!list.includes(a.to)) list.push(a.to);
  }
  return dests;
}

/** Every square the last turn (the one under way too) changed, for the board to highlight. */
export function lastTurnSquares(game) {
  return game.turns().at(-1)?.squares ?? [];
}

/** The variant's piece names by upper-case letter, `{Q: 'queen'}`: the board's `names` option. */
export function pieceNames(game) {
  return Object.fromEntries(game.pieces().map((p) => [p.letter, p.name]));
}

/** "The Immortal from a5 is a black knight, on b5.", from a played action's reveal; else null. */
export function revealText(game, played) {
  const reveal = played?.reveal;
  if (!reveal) return null;
  const names = pieceNames(game);
  const nameOf = (letter) => names[letter.toUpperCase()] ?? letter;
  // A hidden piece may change type as it enters (a pawn onto its last rank): say so.
  const now = game.board().pieces.find((p) => p.square === reveal.to)?.piece;
  const changed = now && now.toUpperCase() !== reveal.piece.toUpperCase() ? `, promoted to a ${nameOf(now)}` : '';
  return `The Immortal from ${reveal.square} is a ${reveal.color} ${nameOf(reveal.piece)}${changed}, on ${reveal.to}.`;
}

/** The legal action a machine string or its notation names, or undefined. */
function legalAction(game, text) {
  return game.legalActions().find((a) => a.action === text || a.notation === text);
}

/** Whether `action` brings a face-down piece (`?`) into play: an entry, whose identity a referee reveals. */
function revealsHidden(game, action) {
  const from = legalAction(game, action)?.from;
  return Boolean(from) && game.board().pieces.some((p) => p.square === from && p.piece === '?');
}

/**
 * Whether `action` would reveal a hidden identity nobody here knows: the game has no local
 * referee (no seed, so no commitment). The game would refuse it; the referee elsewhere (a
 * site's server) must name the piece, or the player passes.
 */
export function needsReferee(game, action) {
  return !game.commitment?.() && revealsHidden(game, action);
}

/**
 * Plays one action of a record (a link's, the element's `moves`). With a local referee the
 * deal reveals each entry and the game takes no identity from outside, since a refusal of
 * only a wrong one would tell a player what a hidden piece is not: a record's `a5b5=n` is
 * played bare, and its piece must be the one the deal reveals.
 */
export function playRecorded(game, move) {
  const named = game.commitment?.() ? /^(.+)=([a-z])[+#]?$/i.exec(move) : null;
  if (!named || !revealsHidden(game, named[1])) return game.play(move);
  const played = game.play(named[1]);
  const revealed = played.reveal?.piece;
  if (revealed !== named[2]) {
    game.undo();
    throw Object.assign(new Error(`${move} reveals ${named[2]}, but the deal reveals ${revealed ?? 'no hidden piece'} there`), {
      code: 'illegal_action',
    });
  }
  return played;
}

/** Takes back to the start of `color`'s last turn (against the computer: its turn and the human's). */
export function undoToTurnOf(game, color) {
  game.undo();
  while (game.ply() > 0 && !(game.turn() === color && game.decision().kind === 'move')) game.undo();
}

/** A button per keyword option of the decision (`{action, label}`), `data-action` its action. */
export function optionButtons(options, onClick) {
  return options.map(({ action, label }) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.action = action;
    button.textContent = label;
    button.addEventListener('click', () => onClick(action));
    return button;
  });
}

export function createGameHost({ onAction }) {
  let game = null;
  let board = null;
  let actions = [];
  let interactive = false;
  let marked = new Set(); // the mark names set on this board

  // Several actions from one square to another: a promotion's pieces, or (say, a king's step
  // and a castling to one square) by their notation. In the engine's order: each variant
  // lists its promotions in the order to offer them (chess Q R B N, Impulschach I C R B).
  function choosePromotion(candidates) {
    const white = game.turn() === 'white';
    const choiceOf = (a) => (a.promotion ? (white ? a.promotion.toUpperCase() : a.promotion.toLowerCase()) : a.notation);
    const asked = { game, board, fen: game.fen(), length: game.ply() };
    board.choosePromotion(candidates[0].to, candidates.map(choiceOf)).then((choice) => {
      // Cancelled, or the game moved on meanwhile (a new game, the host played, a new board).
      if (choice === null || game !== asked.game || board !== asked.board) return;
      if (game.fen() !== asked.fen || game.ply() !== asked.length) return;
      const chosen = candidates.find((a) => choiceOf(a) === choice);
      if (chosen) onAction(chosen.action);
    });
  }

  return {
    /**
     * Draws `game` on `board`: its pieces, the last turn's squares, the royal pieces in
     * check, the decision's marks; the legal destinations only when the user may act
     * (`interactive`), and then the square the decision selects. Returns the decision.
     * `pieces: false` leaves the pieces as they are: the host shows another position there (a
     * past one), and drawing the game's first would animate from the wrong one.
     */
    draw(nextGame, nextBoard, { interactive: acts = true, pieces = true } = {}) {
      if (nextBoard !== board) marked = new Set();
      game = nextGame;
      board = nextBoard;
      interactive = acts;
      if (pieces) board.setPieces(game.board().pieces);
      actions = game.legalActions();
      board.setDestinations(interactive ? moveMap(actions) : new Map());
      board.highlight(lastTurnSquares(game));
      board.setCheck(game.checkSquares());
      const decision = game.decision();
      const now = new Set();
      for (const { mark, squares } of decision.marks) {
        board.mark(mark, squares);
        now.add(mark);
      }
      for (const mark of marked) if (!now.has(mark)) board.mark(mark, []);
      marked = now;
      // A square chosen by the rules (the pawn to displace): show its moves at once. After
      // the click that led here has finished, since a click outside the board deselects.
      if (decision.select && interactive) {
        const drawn = board;
        setTimeout(() => board === drawn && board.select(decision.select));
      }
      return decision;
    },

    /** The board's move: played (onAction), a picker opened, or refused (nothing legal). */
    move(from, to) {
      const candidates = interactive ? actions.filter((a) => a.from === from && a.to === to) : [];
      if (candidates.length === 0) return 'refused';
      if (candidates.length === 1) {
        onAction(candidates[0].action);
        return 'played';
      }
      choosePromotion(candidates);
      return 'choosing';
    },

    /** A keyword option chosen (a button of optionButtons): the same path as a board move. */
    choose(action) {
      onAction(action);
    },

    /** The legal action (as drawn last) with this machine string: `{action, from, to, ...}`. */
    action(text) {
      return actions.find((a) => a.action === text);
    },
  };
}
