// What the last action and the last turn did, told on the page: a piece that changed type (a
// Nietzsche promotion, a pawn promoted) and an Immortal revealed as it entered are marked on
// their squares (classes mark-promoted and mark-revealed, a short pulse in style.css) and the
// promotion said in words; after a turn of several actions (an Impulschach chain and
// Resonance Shift, an Immortal Chess move and entry) the whole turn is summed up in words.
// The words are shown in a paragraph and read out once, through the board's live region (a
// second live region would have them read twice).
//
//   const story = createTurnStory({ element: $('#turn-story'), announce: (text) => board.announce(text) });
//   const played = story.play(game, action);   // game.play(action), and what it did remembered
//   story.paint(board);                          // after each redraw: the marks of the last action
//   story.clear();                               // a new game, an undo, a loaded position
//
// Everything comes from the engine: play()'s `promotions` and `reveal`, turns(), pieces().

import { pieceNames } from './game-host.js';

const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const sideOf = (letter) => (letter === letter.toUpperCase() ? 'white' : 'black');

/** "The black pawn on d5 is promoted to a knight.", for each of a played action's promotions. */
export function promotionText(game, played) {
  const names = pieceNames(game);
  const nameOf = (letter) => names[letter.toUpperCase()] ?? letter;
  return (played?.promotions ?? [])
    .map(({ square, from, to }) => `The ${sideOf(from)} ${nameOf(from)} on ${square} is promoted to a ${nameOf(to)}.`)
    .join(' ');
}

// Actions that only close a turn: not steps worth counting or telling.
const CLOSING = new Set(['end']);
const SQUARES = /^([a-z]\d+)([a-z]\d+)=?([a-z])?$/i;

/** An action in words: "b8-c6", or a keyword by the label the game offered it with. */
function actionWords(action, labels) {
  const squares = SQUARES.exec(action);
  if (squares) return `${squares[1]}-${squares[2]}${squares[3] ? `=${squares[3]}` : ''}`;
  return labels.get(action) ?? action;
}

/**
 * "Black's turn, Cc6 (a5, e5): b8-c6, a7-a5, e7-e5.", for a finished turn of several actions;
 * null for a turn of one.
 */
export function turnSummary(turn, labels = new Map()) {
  const steps = (turn?.actions ?? []).filter((action) => !CLOSING.has(action));
  if (steps.length < 2) return null;
  return `${capitalise(turn.color)}'s turn, ${turn.notation}: ${steps.map((a) => actionWords(a, labels)).join(', ')}.`;
}

export function createTurnStory({ element, announce }) {
  // The squares to mark for the last action played, by mark name.
  let marks = { promoted: [], revealed: [] };
  // Keyword actions by the labels they were offered with ("Shift from the a-file").
  const labels = new Map();

  function tell(text) {
    if (element) {
      element.textContent = text;
      element.hidden = !text;
    }
    if (text) announce?.(text);
  }

  return {
    /** Plays `action` (throws as game.play does) and tells what it did. */
    play(game, action) {
      const offered = game.decision().options.find((o) => o.action === action);
      if (offered) labels.set(action, offered.label);
      const mover = game.turn();
      const played = game.play(action);
      marks = {
        promoted: played.promotions.map((p) => p.square),
        revealed: played.reveal ? [played.reveal.to] : [],
      };
      const ended = game.turn() !== mover || game.status().state !== 'ongoing';
      const summary = ended ? turnSummary(game.turns().at(-1), labels) : null;
      const promoted = promotionText(game, played);
      const words = [promoted ? `${played.notation}: ${promoted}` : '', summary ?? ''].filter(Boolean).join(' ');
      tell(words);
      return played;
    },

    /** Marks the last action's promotions and reveals on `board` (after each redraw). */
    paint(board, { live = true } = {}) {
      board.mark('promoted', live ? marks.promoted : []);
      board.mark('revealed', live ? marks.revealed : []);
    },

    clear() {
      marks = { promoted: [], revealed: [] };
      tell('');
    },
  };
}
