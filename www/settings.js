// The page's settings, kept in localStorage so that a player comes back to the page as they
// left it: the opponent, its level, the board's orientation, sounds, animation, forced
// choices, the board theme and the colour scheme. One object for every module of the page:
//
//   import { createSettings } from './settings.js';
//   const settings = createSettings();            // read from localStorage (defaults where absent)
//   settings.get('sound')                          // true
//   settings.set('level', 'hard')                  // stored, and every listener told
//   settings.onChange((name, value) => ...)        // after each set() that changed a value
//   settings.bind(document.getElementById('sound'), 'sound')  // a checkbox or select kept in step
//
// A stored value of the wrong type or outside its choices is ignored (its default is used),
// so a settings entry written by an older page, or edited by hand, never breaks the page.
// Without localStorage (a private window that refuses it, a file:// page in some browsers)
// the settings live as long as the page.

export const SETTINGS_KEY = 'schachwerk.settings';

/** Each setting: its default, and its choices when it is not a boolean. */
export const SETTINGS = Object.freeze({
  // Who the computer plays: off (two players at one board), white or black.
  opponent: { default: 'off', choices: ['off', 'white', 'black'] },
  level: { default: 'medium', choices: ['easy', 'medium', 'hard', 'expert'] },
  // The side at the bottom of the board.
  orientation: { default: 'white', choices: ['white', 'black'] },
  // Sounds for a move, a capture, a check and the end of the game.
  sound: { default: true },
  // Pieces slide, and the computer's multi-action turns are played out step by step.
  // prefers-reduced-motion turns it off whatever this says (motionWanted below).
  animation: { default: true },
  // Decisions with a single option (a pawn with one square) played for the player; off:
  // every click is the player's.
  autoplay: { default: true },
  // The board's colours (the themes of style.css's [data-board-theme]).
  boardTheme: { default: 'green', choices: ['green', 'brown', 'blue', 'grey'] },
  // light, dark, or the system's (auto).
  colorScheme: { default: 'auto', choices: ['auto', 'light', 'dark'] },
});

function valid(name, value) {
  const spec = SETTINGS[name];
  if (!spec) return false;
  if (spec.choices) return spec.choices.includes(value);
  return typeof value === typeof spec.default;
}

function defaults() {
  return Object.fromEntries(Object.entries(SETTINGS).map(([name, spec]) => [name, spec.default]));
}

function storageOf(storage) {
  if (storage !== undefined) return storage;
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // access refused (a sandboxed frame, storage disabled)
  }
}

function read(storage) {
  const values = defaults();
  let stored = null;
  try {
    stored = JSON.parse(storage?.getItem(SETTINGS_KEY) ?? 'null');
  } catch {
    stored = null;
  }
  if (stored && typeof stored === 'object') {
    for (const [name, value] of Object.entries(stored)) if (valid(name, value)) values[name] = value;
  }
  return values;
}

export function createSettings({ storage } = {}) {
  const store = storageOf(storage);
  const values = read(store);
  const listeners = [];

  function save() {
    try {
      store?.setItem(SETTINGS_KEY, JSON.stringify(values));
    } catch {
      // Full or refused: the settings still hold for this page.
    }
  }

  const settings = {
    get(name) {
      if (!(name in SETTINGS)) throw new Error(`unknown setting: ${name}`);
      return values[name];
    },

    /** Sets and stores a value; a value the setting cannot take is refused with an error. */
    set(name, value) {
      if (!valid(name, value)) throw new Error(`bad value for setting ${name}: ${JSON.stringify(value)}`);
      if (values[name] === value) return;
      values[name] = value;
      save();
      for (const listener of listeners) listener(name, value);
    },

    all() {
      return { ...values };
    },

    onChange(listener) {
      listeners.push(listener);
    },

    /**
     * Keeps a form control and a setting in step: a checkbox for a boolean, a select for
     * choices. The control shows the setting now, and a change of either updates the other.
     */
    bind(control, name) {
      const checkbox = control.type === 'checkbox';
      const show = () => {
        if (checkbox) control.checked = values[name];
        else control.value = values[name];
      };
      show();
      control.addEventListener('change', () => settings.set(name, checkbox ? control.checked : control.value));
      listeners.push((changed) => changed === name && show());
    },
  };
  return settings;
}

/** Whether to animate: the animation setting, unless the system asks for reduced motion. */
export function motionWanted(settings) {
  const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return settings.get('animation') && !reduced;
}
