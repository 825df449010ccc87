// The result banner under the board: who won (or a draw) and why, once the game is over,
// with "New game" and "Rematch" buttons.
//
//   renderResult(game.status());   // {state, winner, reason}; hidden while the game goes on
//   bindResultActions({ newGame, rematch });   // what the banner's two buttons do
//
// The banner is no live region: the status line says the result (a region here would also
// read out its buttons, "New game Rematch").

import { setText } from './dom-text.js';

const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);

export function renderResult(status) {
  const box = document.getElementById('result');
  if (!box) return;
  const over = status.state !== 'ongoing';
  box.hidden = !over;
  box.dataset.state = status.state;
  box.dataset.winner = status.winner ?? '';
  setText(box.querySelector('.result-title'), over ? capitalise(status.state) : '');
  setText(box.querySelector('.result-reason'), over && status.reason ? capitalise(status.reason) : '');
}

/** The banner's buttons: `newGame()` a new game as the controls' button; `rematch()` the same game again. */
export function bindResultActions({ newGame, rematch }) {
  document.getElementById('result-new-game')?.addEventListener('click', () => newGame());
  document.getElementById('result-rematch')?.addEventListener('click', () => rematch());
}
