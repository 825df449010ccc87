// Decisions the rules leave no choice in, played for the player: inside a turn, when the one
// legal action is a move of one piece to one square (Impulschach's Resonance Shift displacing
// a pawn that has a single square), the page plays it instead of waiting for a click. The
// page's `autoplay` setting (settings.js) turns this off, to keep every click.
//
//   const forced = createForcedChoices({ play: (action) => ..., delay: () => 400 });
//   forced.consider(game, decision);   // after each redraw: game null when the player may not act
//   forced.cancel();                   // nothing pending is played
//   forced.holdAt(game);               // after an undo: this position's forced choice is the player's
//
// Never the first action of a turn (decision kind `move`: the player chose nothing yet), never
// a choice between two actions, never a lone keyword (End chain, Pass): those stay the
// player's. The delay lets the player see the piece marked with its one square first.

/** The one action the decision leaves, if it is forced and on the board; else null. */
export function forcedAction(game, decision) {
  if (!game || decision.kind === 'move' || decision.kind === 'over') return null;
  const actions = game.legalActions();
  if (actions.length !== 1) return null;
  const [only] = actions;
  if (!only.from || !only.to) return null;
  if (decision.options.some((option) => option.action !== only.action)) return null;
  return only;
}

export function createForcedChoices({ play, delay = () => 0 }) {
  let timer = null;
  // A position (fen and ply) an undo reached: its forced choice is not played again, or the
  // player could never undo past it.
  let held = null;
  const at = (game) => ({ fen: game.fen(), ply: game.ply() });
  const same = (a, b) => a !== null && b !== null && a.fen === b.fen && a.ply === b.ply;

  function cancel() {
    clearTimeout(timer);
    timer = null;
  }

  return {
    consider(game, decision) {
      cancel();
      const only = forcedAction(game, decision);
      if (!only || same(held, at(game))) return null;
      // Played later, never inside the redraw that found it; and only if the game is where it was.
      const asked = at(game);
      timer = setTimeout(() => {
        timer = null;
        if (same(asked, at(game))) play(only.action);
      }, delay());
      return only;
    },

    cancel,

    holdAt(game) {
      cancel();
      held = game ? at(game) : null;
    },

    get pending() {
      return timer !== null;
    },
  };
}
