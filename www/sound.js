// The page's sounds: a move, a capture, a check and the end of the game, synthesised with Web
// Audio (no sound files), and silent when the `sound` setting is off.
//
//   import { createSounds } from './sound.js';
//   const sounds = createSounds({ wanted: () => settings.get('sound') });
//   const before = sounds.before(game);     // just before game.play(action)
//   game.play(action);
//   sounds.after(game, before);             // the sound for what the action did
//   sounds.play('end');                     // a sound by name (a resignation, say)
//
// Which sound: from what the action did. The action that ends a turn sounds for the whole
// turn: `end` when the game is over, else `check` when a royal piece of the side now to move
// is in check, else `capture` when a piece of the other side was removed during the turn,
// else `move`. An action inside a turn (an Impulschach chain, a Resonance Shift's steps) gets
// a quiet `step`. Sounds asked for within a few milliseconds of each other (a computer's turn
// played at once) are one sound: the strongest of them, so a turn never makes a burst.
//
// Browsers start audio only after a user gesture: the AudioContext is resumed (or made) on
// the first pointer or key press. Before that, and without Web Audio, nothing is heard and
// nothing throws. Making the context holds the main thread for 40-190 ms in Chromium (the
// audio service starts), so the page calls `sounds.prepare()` once it is idle after its start:
// the context is made then, suspended, and the first move only resumes it. Each sound played is also announced as a `schachwerk-sound` event on the
// document (`event.detail.kind`), for tests and for anyone who wants to show it.

/** The sounds, weakest first: of several asked for at once the strongest is played. */
const KINDS = ['step', 'move', 'capture', 'check', 'end'];

// Each sound as notes: [start s, length s, frequency Hz (to frequency), wave, volume].
const NOTES = {
  step: [[0, 0.05, 520, 420, 'triangle', 0.06]],
  move: [[0, 0.09, 300, 160, 'triangle', 0.22]],
  capture: [
    [0, 0.07, 520, 240, 'square', 0.08],
    [0.05, 0.12, 220, 110, 'triangle', 0.25],
  ],
  check: [
    [0, 0.1, 880, 880, 'sine', 0.16],
    [0.11, 0.14, 660, 660, 'sine', 0.16],
  ],
  end: [
    [0, 0.18, 523, 523, 'sine', 0.16],
    [0.16, 0.18, 659, 659, 'sine', 0.16],
    [0.32, 0.45, 784, 784, 'sine', 0.18],
  ],
};

// Sounds asked for within this time are one (the computer's actions of a turn played at once).
const GATHER_MS = 40;


/**
 * How many pieces each side has, from the FEN's board field (its letters: upper case White,
 * lower case Black; the `?` of a hidden piece counts for neither). Read from the FEN rather
 * than game.board(), whose list of objects costs several times as much to cross from wasm.
 */
function pieceCounts(game) {
  const placement = game.fen().split(' ', 1)[0];
  const counts = { white: 0, black: 0 };
  for (const ch of placement) {
    if (ch >= 'A' && ch <= 'Z') counts.white += 1;
    else if (ch >= 'a' && ch <= 'z') counts.black += 1;
  }
  return counts;
}

/** Whether the sound of `kind` is stronger than `other`'s (null: no sound). */
const stronger = (kind, other) => other === null || KINDS.indexOf(kind) > KINDS.indexOf(other);

export function createSounds({ wanted = () => true, target = globalThis.document } = {}) {
  let context = null;
  let queued = null; // the strongest sound asked for in this gathering, or null
  // The turn under way: its game, its mover, the other side's pieces at its start, and the
  // history length after its last action (a turn's next action follows on from it).
  let turn = null;

  function audio() {
    const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!Context) return null;
    try {
      context ??= new Context();
      if (context.state === 'suspended') context.resume().catch(() => {});
    } catch {
      context = null; // refused (too many contexts, a policy): silent
    }
    return context;
  }

  // The first gesture makes the context; later ones resume it if the browser suspended it.
  const unlock = () => wanted() && audio();
  for (const type of ['pointerdown', 'keydown']) globalThis.addEventListener?.(type, unlock, { capture: true });

  function sound(kind) {
    // Only once a gesture has started it: notes scheduled on a suspended context would all
    // sound at once when it resumes.
    const ctx = context;
    if (!ctx || ctx.state !== 'running') return;
    try {
      const now = ctx.currentTime;
      for (const [start, length, from, to, wave, volume] of NOTES[kind]) {
        const oscillator = ctx.createOscillator();
        const gain = ctx.createGain();
        oscillator.type = wave;
        oscillator.frequency.setValueAtTime(from, now + start);
        oscillator.frequency.exponentialRampToValueAtTime(to, now + start + length);
        // A short rise and an exponential fall: no clicks at either end.
        gain.gain.setValueAtTime(0.0001, now + start);
        gain.gain.exponentialRampToValueAtTime(volume, now + start + 0.008);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
        oscillator.connect(gain).connect(ctx.destination);
        oscillator.start(now + start);
        oscillator.stop(now + start + length + 0.02);
      }
    } catch {
      // A partial Web Audio: silent rather than broken.
    }
  }

  function flush() {
    const kind = queued;
    queued = null;
    if (kind === null || !wanted()) return;
    sound(kind);
    target?.dispatchEvent?.(new CustomEvent('schachwerk-sound', { detail: { kind } }));
  }

  /** Asks for a sound by name; the strongest of those asked for together is played. */
  function play(kind) {
    if (!KINDS.includes(kind) || !wanted()) return;
    if (queued === null) setTimeout(flush, GATHER_MS);
    if (stronger(kind, queued)) queued = kind;
  }

  /** What the sound of the next action is decided from: call just before game.play. */
  function before(game) {
    const mover = game.turn();
    const length = game.ply();
    const continues = turn && turn.game === game && turn.mover === mover && turn.length === length;
    if (!continues) turn = { game, mover, other: pieceCounts(game)[mover === 'white' ? 'black' : 'white'], length };
    return { turn, ongoing: game.status().state === 'ongoing' };
  }

  /** The action played since `before`: its sound (quiet inside a turn, the turn's at its end). */
  function after(game, { turn: started, ongoing }) {
    try {
      started.length = game.ply();
      const over = game.status().state !== 'ongoing';
      const turnDone = over || game.decision().kind === 'move';
      if (!turnDone) return play('step');
      turn = null;
      const other = started.mover === 'white' ? 'black' : 'white';
      if (over && ongoing) play('end');
      else if (game.checkSquares().length > 0) play('check');
      else if (pieceCounts(game)[other] < started.other) play('capture');
      else play('move');
    } catch {
      // Never let a sound break a move.
    }
  }

  /** Makes the audio context ahead of the first gesture (suspended until then), if sounds are wanted. */
  function prepare() {
    if (wanted()) audio();
  }

  return { before, after, play, prepare };
}
