// Resigning and drawing by agreement: the "Resign" and "Offer draw" buttons under the
// controls, shown while the game goes on, and the computer's answer to a draw offer.
//
//   const gameEnd = createGameEnd({ onEnd: refresh });   // onEnd: after a resignation or a draw
//   gameEnd.render(game, { computer, thinking });          // computer: its colour or null
//
// Against the computer the human resigns (on any turn), and offers a draw on their own turn:
// the computer accepts when a quick search says it stands worse or level, and declines when
// it stands better (computerAcceptsDraw). Two players at one board: "Resign" is the side to
// move's, and "Agree draw" ends the game, both being there to agree. Neither can be taken
// back, so each asks once more before it acts ("Really resign?"); the question goes after a
// few seconds, when the focus leaves the button, and with the game.

import { setText } from './dom-text.js';

const $ = (id) => document.getElementById(id);

// What the computer's quick look at a draw offer may cost: a few milliseconds in chess, up
// to tens in the heavier variants (it runs on the page's thread, once per offer).
const DRAW_THINK = { nodes: 1000 };

// The reasons of the ends the players declare, rather than the rules: no undo after them.
const DECLARED = ['white resigned', 'black resigned', 'agreement', 'abandoned'];

/** Whether the game ended by a declaration (a resignation, an agreed draw), which undo cannot take back. */
export function declaredEnd(status) {
  return status.state !== 'ongoing' && DECLARED.includes(status.reason);
}

/** A search score (`cp 35`, `mate -2`) as a number for the side it was searched for. */
export function scoreValue(score) {
  const [kind, number] = String(score).split(' ');
  const value = Number(number);
  if (!Number.isFinite(value)) return 0;
  if (kind === 'mate') return value > 0 ? 100000 - value : -100000 - value;
  return value;
}

/**
 * The computer's answer to a draw offer in `game`, where it plays `color`: `{accept, score}`,
 * its score in centipawns from its side. It accepts when it stands worse or level.
 */
export function computerAcceptsDraw(game, color) {
  const thought = game.think(DRAW_THINK);
  const forMover = scoreValue(thought.score);
  const score = game.turn() === color ? forMover : -forMover;
  return { accept: score <= 0, score };
}

const other = (color) => (color === 'white' ? 'black' : 'white');

// How long a button's "Really ...?" waits for its second click. Safari does not focus a
// clicked button, so its blur never comes: the question also goes by itself.
export const CONFIRM_MS = 4000;

/**
 * A button that acts on its second click. `confirmed(question)` in its click handler: false on
 * a first click (the button then asks `question` in its text), true on the second (act now).
 * `disarm()` takes the question back. The label it goes back to is `data-label`, else its text.
 */
function confirming(button) {
  let timer = null;
  const label = () => button.dataset.label ?? button.textContent;
  function disarm() {
    clearTimeout(timer);
    timer = null;
    if (!button.dataset.confirm) return;
    delete button.dataset.confirm;
    button.textContent = button.dataset.label;
  }
  button.addEventListener('blur', disarm);
  return {
    disarm,
    /** True when the button was armed (the second click): act. Else it asks `question`. */
    confirmed(question) {
      if (button.dataset.confirm) {
        disarm();
        return true;
      }
      button.dataset.label = label();
      button.dataset.confirm = 'true';
      button.textContent = question;
      timer = setTimeout(disarm, CONFIRM_MS);
      return false;
    },
  };
}

export function createGameEnd({ onEnd }) {
  const ui = { box: $('game-end'), resign: $('resign'), draw: $('offer-draw'), answer: $('draw-answer') };
  let game = null;
  let computer = null;
  // The position a draw answer was given in: the answer goes once the game moves on.
  let answeredAt = null;

  const resignButton = confirming(ui.resign);
  const drawButton = confirming(ui.draw);
  const disarm = () => {
    resignButton.disarm();
    drawButton.disarm();
  };

  function say(text) {
    // The live region stays in the page, empty when there is nothing to say: one that appears
    // with its text is often not read out.
    ui.answer.textContent = text;
    answeredAt = text && game ? game.fen() : null;
  }

  function resign() {
    if (!game || game.status().state !== 'ongoing') return;
    // Asks once more: a resignation is final.
    drawButton.disarm();
    if (!resignButton.confirmed('Really resign?')) return;
    const loser = computer ? other(computer) : game.turn();
    game.resign(loser);
    say('');
    onEnd();
  }

  function offerDraw() {
    if (!game || game.status().state !== 'ongoing') return;
    resignButton.disarm();
    if (!computer) {
      // Two players: the draw is final, so asked once more (an offer to the computer is not).
      if (!drawButton.confirmed('Really agree a draw?')) return;
      game.agreeDraw();
      say('');
      onEnd();
      return;
    }
    let answer;
    try {
      answer = computerAcceptsDraw(game, computer);
    } catch {
      answer = { accept: false }; // it could not look: it plays on
    }
    if (answer.accept) {
      game.agreeDraw();
      say('The computer accepts the draw.');
      onEnd();
    } else {
      say('The computer declines the draw: it thinks it stands better.');
    }
  }

  ui.resign.addEventListener('click', resign);
  ui.draw.addEventListener('click', offerDraw);

  return {
    /** Shows the buttons while `game` goes on; `computer`: its colour or null; `thinking`: its turn. */
    render(nextGame, { computer: side = null, thinking = false } = {}) {
      const another = nextGame !== game;
      if (another || side !== computer) disarm();
      if (another) say('');
      game = nextGame;
      computer = side;
      const ongoing = game.status().state === 'ongoing';
      ui.box.hidden = !ongoing;
      ui.resign.title = side ? 'Resign the game: the computer wins' : `${game.turn() === 'white' ? 'White' : 'Black'}, to move, resigns`;
      // The label the button goes back to after a question; not over a question being asked.
      ui.draw.dataset.label = side ? 'Offer draw' : 'Agree draw';
      if (!ui.draw.dataset.confirm) setText(ui.draw, ui.draw.dataset.label);
      ui.draw.title = side ? 'Offer the computer a draw (on your turn)' : 'Both players agree to a draw';
      ui.draw.disabled = thinking;
      // An answer stays until the game moves on (or ends by it: "accepts" stays with the result).
      if (answeredAt !== null && answeredAt !== game.fen()) say('');
    },
  };
}
