// The result banner under the board: who won (or a draw) and why, once the game is over,
// with "New game" and "Rematch" buttons.
//
//   renderResult(game.status());   // {state, winner, reason}; hidden while the game goes on
//   bindResultActions({ newGame, rematch });   // what the banner's two buttons do

const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);

export function renderResult(status) {
  const box = document.getElementById('result');
  if (!box) return;
  const over = status.state !== 'ongoing';
  box.hidden = !over;
  box.dataset.state = status.state;
  box.dataset.winner = status.winner ?? '';
  box.querySelector('.result-title').textContent = over ? capitalise(status.state) : '';
  box.querySelector('.result-reason').textContent = over && status.reason ? capitalise(status.reason) : '';
}

/** The banner's buttons: `newGame()` a new game as the controls' button; `rematch()` the same game again. */
export function bindResultActions({ newGame, rematch }) {
  document.getElementById('result-new-game')?.addEventListener('click', () => newGame());
  document.getElementById('result-rematch')?.addEventListener('click', () => rematch());
}
