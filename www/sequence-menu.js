// Nietzsche Chess's Sequence menu on the page: each promotion sequence by the rule page's name,
// with its pieces in order. It only writes `sequence=...` into the options field and starts a
// game of the variant, so the options field, the link and a rematch keep the sequence as they
// keep any option. The menu and its label (`.sequence-only`) show for that variant only.
//
//   const menu = createSequenceMenu({ select, options, start, failed });
//   menu.show(variant, options);  // after each new game: shown or hidden, and the game's sequence
//
// `options` is the options text field; `start(variant)` starts a game from the field (throws on
// a bad option); `failed(err)` shows why a game could not start (the menu then shows the game's).
// The variant's name lives here and in nietzsche-sequences.js, not in app.js, which names none.
import { DEFAULT_SEQUENCE, SEQUENCES, sequenceOf } from './nietzsche-sequences.js';
import { withOption } from './game-host.js';

/** The variant whose games the menu chooses a sequence for. */
export const SEQUENCE_VARIANT = 'nietzsche';

// Single letters for the FIDE pieces in a sequence's order ("P-Camel-N-Prince-B-...").
const SHORT = { pawn: 'P', knight: 'N', bishop: 'B', rook: 'R', queen: 'Q' };
const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);

export function createSequenceMenu({ select, options, start, failed }) {
  select.replaceChildren(
    ...SEQUENCES.map(({ option, title, pieces }) => {
      const item = document.createElement('option');
      item.value = option;
      item.textContent = `${title}: ${pieces.map(({ picture }) => SHORT[picture] ?? capitalise(picture)).join('-')}`;
      return item;
    }),
  );
  // What the menu shows when a choice fails: the game's own sequence.
  let shown = { variant: null, options: {} };

  function show(variant, gameOptions) {
    shown = { variant, options: gameOptions };
    const ours = variant === SEQUENCE_VARIANT;
    for (const el of document.querySelectorAll('.sequence-only')) el.hidden = !ours;
    if (ours) select.value = sequenceOf(gameOptions)?.option ?? DEFAULT_SEQUENCE;
  }

  select.addEventListener('change', () => {
    const chosen = select.value;
    options.value = withOption(options.value, 'sequence', chosen === DEFAULT_SEQUENCE ? null : chosen);
    try {
      start(SEQUENCE_VARIANT);
    } catch (err) {
      failed(err);
      show(shown.variant, shown.options);
    }
  });

  return { show };
}
