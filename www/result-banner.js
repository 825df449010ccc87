// The result banner under the board: who won (or a draw) and why, once the game is over.
//
//   renderResult(game.status());   // {state, winner, reason}; hidden while the game goes on

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
