// Nietzsche Chess's fourteen promotion sequences (../shared/RULES.md, "Nietzsche Chess"), as
// the page and <schach-board> show them: the option's value (`sequence=timur`), the rule
// page's title, and the pieces in order with their FEN letters (docs/RULINGS.md; the engine
// owns them, and tests/page/nietzsche-sequences.test.mjs checks this table against its
// game.pieces()). A letter may mean different pieces in different sequences (I is the Prince
// of Crowned and the Inquion of Mixed-compound Timur), so pictures and the legend are looked
// up per sequence.
//
//   import { SEQUENCES, sequenceOf } from './nietzsche-sequences.js';
//   sequenceOf({ sequence: 'timur' })  // {option: 'timur', title: 'Timur', pieces: [{letter: 'P', picture: 'pawn'}, ...]}
//   sequenceOf({})                     // the default, Fast
//   sequenceOf({ sequence: 'nope' })   // null: the engine names the valid ones

// [option, title, letters in order, picture names in order (pieces.js)]. The king is K in all.
const TABLE = [
  ['fast', 'Fast', 'PNBRQ', 'pawn knight bishop rook queen'],
  ['crowned', 'Crowned', 'PCNIBHRDQ', 'pawn camel knight prince bishop primate rook chatelaine queen'],
  ['timur', 'Timur', 'PCNJBURFQ', 'pawn camel knight picket bishop pocket rook fagin queen'],
  ['eurasian', 'Eurasian', 'PCNVBORTQ', 'pawn camel knight arrow bishop cannon rook tank queen'],
  ['mixed-timur', 'Mixed-compound Timur', 'PCNJBURFIOQ', 'pawn camel knight picket bishop pocket rook fagin inquion infanon queen'],
  ['mixed-eurasian', 'Mixed-compound Eurasian', 'PCNVBORTSWQ', 'pawn camel knight arrow bishop cannon rook tank saint sparrow queen'],
  ['knighted', 'Knighted', 'PNBARMQX', 'pawn knight bishop cardinal rook marshal queen ace'],
  [
    'long-crowned',
    'Long-haul Crowned',
    'PCNIBHYARDZMQEX',
    'pawn camel knight prince bishop primate caliph cardinal rook chatelaine canvasser marshal queen acme ace',
  ],
  [
    'long-timur',
    'Long-haul Timur',
    'PCNJBUYARFZMQEX',
    'pawn camel knight picket bishop pocket caliph cardinal rook fagin canvasser marshal queen acme ace',
  ],
  [
    'long-eurasian',
    'Long-haul Eurasian',
    'PCNVBOYARTZMQEX',
    'pawn camel knight arrow bishop cannon caliph cardinal rook tank canvasser marshal queen acme ace',
  ],
  ['ecumenical', 'Ecumenical', 'PCNBYWARZMQ', 'pawn camel knight bishop caliph gnu cardinal rook canvasser marshal queen'],
  ['wildeurasian', 'Wildeurasian', 'PCNVBWORTQ', 'pawn camel knight arrow bishop gnu cannon rook tank queen'],
  ['shogi', 'Shogi-inclusive', 'PELSGNBHRDQ', 'pawn helm wing silver gold knight bishop primate rook chatelaine queen'],
  ['courier', 'Courier-inclusive', 'PEDFWCNIBRQ', 'pawn elephant dabbaba ferz wazir camel knight prince bishop rook queen'],
];

/** The sequence of a game without the option. */
export const DEFAULT_SEQUENCE = 'fast';

/** Every sequence, in the rule page's order: {option, title, pieces: [{letter, picture}]}. */
export const SEQUENCES = Object.freeze(
  TABLE.map(([option, title, letters, pictures]) => {
    const names = pictures.split(' ');
    const pieces = names.map((picture, i) => Object.freeze({ letter: letters[i], picture }));
    return Object.freeze({ option, title, pieces: Object.freeze(pieces) });
  }),
);

/** The sequence that Nietzsche options (`{sequence: 'timur'}`) choose; null for an unknown name. */
export function sequenceOf(options = {}) {
  const wanted = String(options?.sequence ?? DEFAULT_SEQUENCE).toLowerCase();
  return SEQUENCES.find((s) => s.option === wanted) ?? null;
}

/** The sequence's letters to pictures, the king's too: `{K: 'king', P: 'pawn', C: 'camel', ...}`. */
export function sequencePictures(sequence) {
  const map = { K: 'king' };
  for (const { letter, picture } of sequence.pieces) map[letter] = picture;
  return map;
}
