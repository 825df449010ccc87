// The piece pictures: one SVG per piece type, drawn for this project (no copied artwork).
//
//   import { pieceSvg, pieceElement, picturesFor, PICTURE_NAMES } from './pieces.js';
//   pieceSvg('knight', 'white')      // SVG markup (a string), 45x45 view box, scales to any size
//   pieceElement('quintessence', 'black')  // the same as an <svg> element (cloned from a cache)
//   picturesFor('quintessential')    // {K: 'king', L: 'leeloo', C: 'centurion', Q: 'quintessence', ...}
//   picturesFor('nietzsche', { sequence: 'eurasian' })  // {..., C: 'camel', V: 'arrow', O: 'cannon', T: 'tank'}
//   letterSvg('Z', 'white')          // a lettered disc, for a letter no picture is mapped to
//
// A FEN letter means different pieces in different variants (Quintessential's Q is the
// Quintessence, its C the Centurion; Impulschach's C is the Catalyst; Nietzsche's C is the
// Camel, its O the Cannon or the Infanon by the sequence), so a board is given a map from
// upper-case letters to picture names: picturesFor(variant, options), or its own. `?` (a
// face-down Immortal) is drawn as 'immortal' in every map.
//
// Colours: white pieces have a light fill and a dark outline, black pieces a dark fill, a
// dark outline and light inner details; the face-down Immortal belongs to neither side. The
// colours are presentation attributes, so the pictures look right without any style sheet,
// and a page may still restyle them through the classes piece-body and piece-detail.

import { sequenceOf, sequencePictures } from './nietzsche-sequences.js';

const CHESS = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };

/** Letters to pictures per variant (upper case; lower case is the same piece of Black). */
export const VARIANT_PICTURES = Object.freeze({
  chess: { ...CHESS },
  nacht: { ...CHESS },
  nietzsche: { ...CHESS, A: 'cardinal', M: 'marshal', X: 'ace' },
  immortal: { ...CHESS, '?': 'immortal' },
  quintessential: {
    K: 'king', L: 'leeloo', C: 'centurion', Q: 'quintessence', J: 'janus', D: 'dragon-horse', P: 'pawn',
  },
  impulschach: { K: 'king', I: 'impulse', C: 'catalyst', R: 'rook', B: 'bishop', P: 'pawn' },
});

/** The default map: the chess pieces, Nietzsche's compounds and the face-down Immortal. */
export const DEFAULT_PICTURES = Object.freeze({ ...CHESS, A: 'cardinal', M: 'marshal', X: 'ace', '?': 'immortal' });

/**
 * The letters to pictures of a variant with its options: Nietzsche's depend on the sequence
 * (`{sequence: 'timur'}`; nietzsche-sequences.js), since its letters mean different pieces in
 * different sequences. An unknown variant gets the default map.
 */
export function picturesFor(variant, options = {}) {
  const sequence = variant === 'nietzsche' ? sequenceOf(options) : null;
  const map = sequence ? sequencePictures(sequence) : VARIANT_PICTURES[variant] ?? DEFAULT_PICTURES;
  return { ...map, '?': 'immortal' };
}

const COLOURS = {
  // halo: the edge that sets a compound's front part apart from the knight behind it, in the
  // side's light colour: a dark one made the white Ace (a queen's five balls) read as black.
  white: { fill: '#fbfaf5', line: '#1c1c1c', detail: '#1c1c1c', halo: '#fbfaf5' },
  black: { fill: '#2a2a2a', line: '#0a0a0a', detail: '#ededed', halo: '#ededed' },
  neutral: { fill: '#7a68a6', line: '#2b2340', detail: '#f6f2ff' },
};

// Shapes in a 45x45 box. A part is [kind, ...]: 'b' a body path (filled, outlined), 'o' a
// body circle (cx, cy, r), 'd' a detail line (stroked in the detail colour), 'e' a detail dot
// (cx, cy, r), 'a' an accent (a body path in gold, or in the colour given), 'f' a detail area (filled in the detail colour), 'r' a ribbon (a path stroked
// as an outlined band of the given width), 'g' a group (transform, parts): the compounds reuse
// the simple pieces; 'h' a halo (parts whose bodies are drawn with a wide edge in the side's halo colour).
const BASE = ['b', 'M9.5 40.5h26v-2.8c0-1.3-1-2.3-2.3-2.3H11.8c-1.3 0-2.3 1-2.3 2.3z'];

const PAWN = [
  BASE,
  ['b', 'M14.5 35.4c0-6.3 3-10.3 6-11.6h4c3 1.3 6 5.3 6 11.6z'],
  ['b', 'M16.5 23.8c0-1.4 1.2-2.4 2.6-2.4h6.8c1.4 0 2.6 1 2.6 2.4z'],
  ['o', 22.5, 15.2, 5.6],
];

const ROOK = [
  BASE,
  ['b', 'M11 7.5h5v3.5h4.2V7.5h4.6v3.5H29V7.5h5v7.5l-3 3v14l3 3.4H11l3-3.4v-14l-3-3z'],
  ['d', 'M14 18h17M14 32h17'],
];

const BISHOP = [
  BASE,
  ['b', 'M14.5 35.4l1-5h14l1 5z'],
  ['b', 'M22.5 10.4c-7.6 4.3-10.6 10.8-7.2 16l.2 4h14l.2-4c3.4-5.2.4-11.7-7.2-16z'],
  ['o', 22.5, 8.2, 2.6],
];
const BISHOP_SLIT = ['d', 'M19.3 21.6l6.2-6.2'];

const KNIGHT = [
  BASE,
  ['b', 'M13.2 35.4c.4-5.4 3.3-8.6 6.3-11.6-3.3 1.7-6.4 2.6-8.6 2.1-2.3-.5-3.7-2.6-3.1-4.7.6-2.4 3.7-5 6-8.1l1.6-6.4 3.2 3.4c1.8-1.2 4-1.6 6.2-1.1 7 1.5 10.8 8.3 10.6 16.9l-.4 9.5z'],
  ['d', 'M25 12.3c3.8 3 5.9 8.4 5.9 16.6'],
  ['e', 15.8, 15.7, 1.3],
  ['d', 'M9.1 23.6l2.2-.2'],
];

const QUEEN_CROWN = 'M11.8 35.4l1.2-8L7.6 14.4l8 8.3-.5-12.4 5.5 11.3 1.9-13 1.9 13 5.5-11.3-.5 12.4 8-8.3-5.4 13 1.2 8z';
const QUEEN = [
  BASE,
  ['b', QUEEN_CROWN],
  ['o', 7.6, 14.4, 2.2], ['o', 15.1, 10.3, 2.2], ['o', 22.5, 7.6, 2.2], ['o', 29.9, 10.3, 2.2], ['o', 37.4, 14.4, 2.2],
  ['d', 'M13 27.4h19'],
];

const KING = [
  BASE,
  ['b', 'M21.2 3.8h2.6v2.6h2.6V9h-2.6v3.6h-2.6V9h-2.6V6.4h2.6z'],
  ['b', 'M12 35.4l.8-7.8c-4.6-3.4-5.8-8.8-2.6-11.5 3.4-2.9 8.6-.9 12.3 4.3 3.7-5.2 8.9-7.2 12.3-4.3 3.2 2.7 2 8.1-2.6 11.5l.8 7.8z'],
  ['b', 'M22.5 20.4c-2.4-3.4-2.4-6.4 0-7.8 2.4 1.4 2.4 4.4 0 7.8z'],
  ['d', 'M12.8 27.6h19.4'],
];

// The fairy pieces.

// Leeloo: a rook with the Quintessence's zig-zag through its tower.
const ZIGZAG_SMALL = ['d', 'M18.2 30.2l8.4-4.4-8.2-3.6 8.4-4.4', 2.4];
const LEELOO = [...ROOK, ZIGZAG_SMALL];

// Quintessence: an upright zig-zag (a knight path turned into a spire) on a foot, a ball on top.
const QUINTESSENCE = [
  BASE,
  ['r', 'M16.4 32.2l11.8-6.2-11.4-6.4 12.6-7.8', 5.2],
  ['b', 'M13.6 35.4l1.6-4.6h14.6l1.6 4.6z'],
  ['o', 30.5, 9.4, 3],
];

// Centurion: a Roman centurion's helmet, its crest worn across.
const CENTURION = [
  BASE,
  ['b', 'M12.6 35.4c-.6-5.2-.5-10 .4-14.2 1-4.6 5-7.4 9.5-7.4s8.5 2.8 9.5 7.4c.9 4.2 1 9 .4 14.2z'],
  ['b', 'M10.4 16.4c0-7.4 5.4-11.9 12.1-11.9s12.1 4.5 12.1 11.9c-3.6-1.7-7.7-2.5-12.1-2.5s-8.5.8-12.1 2.5z'],
  ['d', 'M15.8 13.9l-2.2-5.1M19.2 13.3l-1-6.3M22.5 13.1V6M25.8 13.3l1-6.3M29.2 13.9l2.2-5.1'],
  ['f', 'M15.6 20.6h13.8v3.4h-4.9v9.2h-4v-9.2h-4.9z'],
];

// Janus (bishop + knight): two horse faces looking both ways under a bishop's mitre ball.
const JANUS_HEAD_LEFT =
  'M22.5 35.4h-9.3c.4-5.4 3.3-8.6 6.3-11.6-3.3 1.7-6.4 2.6-8.6 2.1-2.3-.5-3.7-2.6-3.1-4.7.6-2.4 3.7-5 6-8.1l1.6-6.4 3.2 3.4c1.3-.8 2.6-1.2 3.9-1.3z';
const JANUS = [
  BASE,
  ['b', JANUS_HEAD_LEFT],
  ['g', 'matrix(-1 0 0 1 45 0)', [['b', JANUS_HEAD_LEFT], ['e', 15.8, 15.7, 1.3]]],
  ['e', 15.8, 15.7, 1.3],
  ['d', 'M22.5 13v22'],
  ['o', 22.5, 8.2, 2.6],
];

// Dragon horse (bishop + one orthogonal step): a bishop with a step cross and spread wings.
const DRAGON_HORSE = [
  ['b', 'M15.2 30.4c-3.6-.4-6.8-3-8-7.6 2.4 1.1 4.5 1.1 6.1.3-1.7-1.5-2.5-3.6-2.4-5.9 2.3 2.1 4.7 3 6.5 3.1z'],
  ['b', 'M29.8 30.4c3.6-.4 6.8-3 8-7.6-2.4 1.1-4.5 1.1-6.1.3 1.7-1.5 2.5-3.6 2.4-5.9-2.3 2.1-4.7 3-6.5 3.1z'],
  ...BISHOP,
  ['d', 'M22.5 15.6v9.2M17.9 20.2h9.2'],
];

// Impulse: a queen whose band carries a wave.
const IMPULSE = [...QUEEN, ['d', 'M13.8 31.4c1.6-2.2 3.2-2.2 4.8 0s3.2 2.2 4.8 0 3.2-2.2 4.8 0 3.2 2.2 3.8 0', 2.2]];

// Catalyst: a knight struck by a spark (gold for both sides, to be seen on either square).
const SPARK = ['a', 'M7.6 2.6l1.9 4.6 4.6 1.9-4.6 1.9-1.9 4.6-1.9-4.6-4.6-1.9 4.6-1.9z'];
const CATALYST = [...KNIGHT, SPARK];

// Nietzsche's pieces (RULES.md, "Nietzsche Chess"). Each has an emblem of its own; the
// compounds are drawn from their parts, as below.

// Camel (the (1,3) leaper): a camel looking left as the knight does, its hump high under a
// sand-coloured saddle cloth, which also tells the camel's compounds from the knight's at 24 px.
const CAMEL = [
  BASE,
  ['b', 'M12.6 35.4l.4-9.6c-1.6-2.4-2.4-6.4-2.6-10.6H6.8c-1.6 0-2-3-.4-3.8l5-2.6c2.4-.8 3.8.8 3.6 3.2-.2 2.6.2 5 1.8 6.2 2-8.4 12.6-10.6 16.2-2 3 1.4 4 5 3.4 9.4l-1 9.8h-4l-.6-7.8H19.2l-1.6 7.8z'],
  ['a', 'M19.2 16.4c2.4-6.4 10.2-7.6 13.4-1.4l-.8 4.6c-3-3.6-9.4-3.8-12.6-.6z', '#c8a165'],
  ['e', 9.6, 11.4, 1.2],
];

// A crown in gold: the Prince's head-dress, and the badge of the crowned pieces (Primate,
// Chatelaine) in the top corner, where the Catalyst has its spark.
const CROWN = ['a', 'M16.6 12.4l-1.4-7.6 4.2 3.2 3.1-5.2 3.1 5.2 4.2-3.2-1.4 7.6z'];
// Prince (a king that is not royal): a pawn wearing the crown.
const PRINCE = [...PAWN, CROWN];
const CROWN_BADGE = ['g', 'translate(-13 -1.4)', [CROWN]];

// Timur's pieces, which cannot stop on the first square of their line: a fence of pickets
// (the diagonal Picket), a purse (the orthogonal Pocket), and the pickpocket's top hat (Fagin).
const PICKET = [
  BASE,
  ['b', 'M8.6 35.4V14.6l3.2-4.4 3.2 4.4v20.8zM19.3 35.4V10.4l3.2-4.4 3.2 4.4v25zM30 35.4V14.6l3.2-4.4 3.2 4.4v20.8z'],
  ['b', 'M7 19.4h31v3.6H7zM7 27.6h31v3.6H7z'],
];
const POCKET = [
  BASE,
  ['b', 'M10.2 35.4c-4-7.8.4-15.4 8.4-17.6l-1.6-3.6c-2.8-1-2.8-4.8 0-5.8l3.6 2.2 1.9-3.8 1.9 3.8 3.6-2.2c2.8 1 2.8 4.8 0 5.8l-1.6 3.6c8 2.2 12.4 9.8 8.4 17.6z'],
  ['d', 'M17.8 17.4h9.4', 2.4],
  ['e', 22.5, 27.4, 2.8],
];
const FAGIN = [
  BASE,
  ['b', 'M14.6 30.6l.8-22.4c4.6-1.6 9.6-1.6 14.2 0l.8 22.4z'],
  ['b', 'M7.4 35.4c0-3.2 6.8-5.2 15.1-5.2s15.1 2 15.1 5.2z'],
  ['f', 'M15.1 23.4h14.8l.2 4H14.9z'],
];

// Eurasian pieces, which capture by hopping a screen: the diagonal Arrow, the Cannon, the Tank.
const ARROW = [
  BASE,
  ['r', 'M15.4 29.6l15-15', 3.4],
  ['b', 'M37.4 7.6l-4 13.6-9.6-9.6z'],
  ['b', 'M18.4 26.6l-5.8-1.6-2.6 2.6 3.4 4 4 3.4 2.6-2.6z'],
  ['d', 'M13.6 26.4l2.6 2.6M15.9 31.4l-2.6-2.6'],
];
const CANNON = [
  BASE,
  ['g', 'rotate(-32 22.5 22.5)', [['b', 'M5.6 19.4h28.2l2.6-1.4v9l-2.6-1.4H5.6a3.1 3.1 0 0 1 0-6.2z'], ['d', 'M28.6 19.6v5.8']]],
  ['o', 19.6, 29.4, 5.8],
  ['e', 19.6, 29.4, 1.6],
];
const TANK = [
  BASE,
  ['b', 'M11.2 35.4a4.6 4.6 0 0 1 0-9.2h22.6a4.6 4.6 0 0 1 0 9.2z'],
  ['e', 11.4, 30.8, 1.5], ['e', 18.4, 30.8, 1.5], ['e', 25.4, 30.8, 1.5], ['e', 32.4, 30.8, 1.5],
  ['b', 'M9.6 26.2l2.4-5h21l2.4 5z'],
  ['b', 'M24.2 15.6l11.8-6.2 1.2 2.4-11.2 6.2z'],
  ['b', 'M14.8 21.2c0-5.4 3.4-8.4 7.7-8.4s7.7 3 7.7 8.4z'],
];

// The shogi pieces: a pentagon pointing forward, each with its mark: the Helm (the shogi
// knight) a fork, the Wing (the lance) an arrow up, the Silver a silver diamond, the Gold a gold coin.
const PENTAGON = ['b', 'M22.5 4.6l10.2 5 2.8 25.8h-26l2.8-25.8z'];
const HELM = [BASE, PENTAGON, ['d', 'M22.5 31v-9l-5.2-8.4M22.5 22l5.2-8.4', 2.8]];
const WING = [BASE, PENTAGON, ['d', 'M22.5 31V12.4M17.6 17.8l4.9-5.4 4.9 5.4', 2.8]];
const SILVER = [BASE, PENTAGON, ['a', 'M22.5 12.4l7 9.2-7 9.2-7-9.2z', '#c3cad2']];
const GOLD = [BASE, PENTAGON, ['a', 'M22.5 14.2a7.4 7.4 0 1 1 0 14.8 7.4 7.4 0 0 1 0-14.8z']];

// The courier pieces: an Elephant (the two-square diagonal leaper), the Dabbaba (a siege
// engine: the two-square orthogonal leaper), and the Ferz and Wazir as medallions marked
// with their one step: a cross of diagonals, a cross of lines.
const ELEPHANT = [
  BASE,
  ['b', 'M15.4 11.6C11 8 5.4 9.2 5.6 15.4c.2 5.4 4.4 9.8 10.2 9.6zM29.6 11.6c4.4-3.6 10-2.4 9.8 3.8-.2 5.4-4.4 9.8-10.2 9.6z'],
  ['b', 'M22.5 6.6c-5.6 0-8.6 3.8-8.6 9.2 0 3.8 1.8 6.4 4.6 8l.6 11.6h6.4l-.2-8.6c.8-1.2 2.6-.8 3.4.6l2.2-2.2c-1.2-1.8-2.6-2.8-4.4-3 3-1.2 4.6-4 4.6-7.2 0-5.4-3-9.2-8.6-9.2z'],
  ['e', 19.4, 15.2, 1.3], ['e', 25.6, 15.2, 1.3],
  ['d', 'M17.6 22.4c-.4 2.6-1.8 4.2-3.8 4.8M27.4 22.4c.4 2.6 1.8 4.2 3.8 4.8', 2],
];
const DABBABA = [
  BASE,
  ['b', 'M10.6 31.4V17.2l11.9-9.6 11.9 9.6v14.2z'],
  ['f', 'M19.4 31.4v-7a3.1 3.1 0 0 1 6.2 0v7z'],
  ['o', 14.6, 31.4, 4], ['o', 30.4, 31.4, 4],
];
const MEDALLION = [BASE, ['b', 'M18.6 35.4l1.4-5h5l1.4 5z'], ['o', 22.5, 18.6, 12.4]];
const FERZ = [...MEDALLION, ['d', 'M16.6 12.7l11.8 11.8M28.4 12.7L16.6 24.5', 3]];
const WAZIR = [...MEDALLION, ['d', 'M22.5 10.4v16.4M14.3 18.6h16.4', 3]];

// The compounds (Cardinal = bishop + knight, Caliph = bishop + camel, Saint = bishop +
// cannon, ...): the second part behind, the first in front. Both stand on the base: a part
// scaled by s is moved down by 35.4 (1 - s). An animal behind looks to the right, away from
// the part in front, so both stay recognisable; a cannon or an arrow keeps pointing up and
// right, out from behind it.
const behind = (parts, turned) => ['g', `translate(${turned ? '48.4' : '10'} 5.3) scale(${turned ? '-.85' : '.85'} .85)`, parts.slice(1)];
// The front part has a halo in the side's light colour, so that it stands apart from the part
// behind in black too (dark on dark).
const front = (parts) => ['g', 'translate(-3 7.1) scale(.8)', [['h', parts.slice(1)], ...parts.slice(1)]];
const compound = (fore, back, turned = true) => [BASE, behind(back, turned), front(fore)];
const BISHOP_WHOLE = [...BISHOP, BISHOP_SLIT];

// The face-down Immortal: a tile with a question mark, of neither side.
const IMMORTAL = [
  ['b', 'M11 5.5h23a4 4 0 0 1 4 4v26a4 4 0 0 1-4 4H11a4 4 0 0 1-4-4v-26a4 4 0 0 1 4-4z'],
  ['d', 'M12.6 8.6h19.8a2.4 2.4 0 0 1 2.4 2.4v23a2.4 2.4 0 0 1-2.4 2.4H12.6a2.4 2.4 0 0 1-2.4-2.4V11a2.4 2.4 0 0 1 2.4-2.4z', 1],
  ['d', 'M17.6 17.4c0-3.4 2.3-5.4 5-5.4s5 1.9 5 4.8c0 4.5-5 4.2-5 9.2', 3.4],
  ['e', 22.6, 31.4, 2.2],
];

const SHAPES = {
  king: KING,
  queen: QUEEN,
  rook: ROOK,
  bishop: BISHOP_WHOLE,
  knight: KNIGHT,
  pawn: PAWN,
  leeloo: LEELOO,
  centurion: CENTURION,
  quintessence: QUINTESSENCE,
  janus: JANUS,
  'dragon-horse': DRAGON_HORSE,
  impulse: IMPULSE,
  catalyst: CATALYST,
  cardinal: compound(BISHOP_WHOLE, KNIGHT),
  marshal: compound(ROOK, KNIGHT),
  ace: compound(QUEEN, KNIGHT),
  camel: CAMEL,
  prince: PRINCE,
  primate: [...BISHOP_WHOLE, CROWN_BADGE],
  chatelaine: [...ROOK, CROWN_BADGE],
  picket: PICKET,
  pocket: POCKET,
  fagin: FAGIN,
  inquion: compound(BISHOP_WHOLE, POCKET),
  infanon: compound(ROOK, PICKET),
  arrow: ARROW,
  cannon: CANNON,
  tank: TANK,
  saint: compound(BISHOP_WHOLE, CANNON, false),
  sparrow: compound(ROOK, ARROW, false),
  caliph: compound(BISHOP_WHOLE, CAMEL),
  canvasser: compound(ROOK, CAMEL),
  acme: compound(QUEEN, CAMEL),
  gnu: compound(KNIGHT, CAMEL),
  helm: HELM,
  wing: WING,
  silver: SILVER,
  gold: GOLD,
  elephant: ELEPHANT,
  dabbaba: DABBABA,
  ferz: FERZ,
  wazir: WAZIR,
  immortal: IMMORTAL,
};

/** Every picture name. */
export const PICTURES = Object.freeze(Object.keys(SHAPES));

/** The names the pictures stand for, as read out ("white dragon horse"). */
export const PICTURE_NAMES = Object.freeze(
  Object.fromEntries(PICTURES.map((name) => [name, name === 'immortal' ? 'face-down Immortal' : name.replace('-', ' ')])),
);

function partsMarkup(parts, c) {
  return parts
    .map(([kind, ...a]) => {
      if (kind === 'b') return `<path class="piece-body" d="${a[0]}"/>`;
      if (kind === 'o') return `<circle class="piece-body" cx="${a[0]}" cy="${a[1]}" r="${a[2]}"/>`;
      if (kind === 'd') {
        const width = a[1] ? ` stroke-width="${a[1]}"` : '';
        return `<path class="piece-detail" d="${a[0]}" fill="none" stroke="${c.detail}"${width}/>`;
      }
      if (kind === 'a') return `<path class="piece-accent" d="${a[0]}" fill="${a[1] ?? '#f2c230'}"/>`;
      if (kind === 'f') return `<path class="piece-detail" d="${a[0]}" fill="${c.detail}" stroke="none"/>`;
      if (kind === 'r') {
        const band = (colour, width) => `<path d="${a[0]}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linejoin="miter" stroke-linecap="butt"/>`;
        return `<g class="piece-body">${band(c.line, a[1] + 3.2)}${band(c.fill, a[1])}</g>`;
      }
      if (kind === 'h') {
        const bodies = a[0].filter(([k]) => k === 'b' || k === 'o');
        return `<g stroke="${c.halo ?? c.detail}" stroke-width="4.4">${partsMarkup(bodies, c)}</g>`;
      }
      if (kind === 'e') return `<circle class="piece-detail" cx="${a[0]}" cy="${a[1]}" r="${a[2]}" fill="${c.detail}" stroke="none"/>`;
      // A group: the stroke keeps its width at the group's scale.
      const scale = Math.abs(Number(/scale\((-?[\d.]+)/.exec(a[0])?.[1] ?? 1));
      return `<g transform="${a[0]}" stroke-width="${+(1.6 / scale).toFixed(2)}">${partsMarkup(a[1], c)}</g>`;
    })
    .join('');
}

const svgOpen = (name, colour, c) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45" class="piece-svg" data-picture="${name}" ` +
  `data-colour="${colour}" aria-hidden="true" focusable="false" fill="${c.fill}" stroke="${c.line}" ` +
  `stroke-width="1.6" stroke-linejoin="round" stroke-linecap="round">`;

/**
 * The SVG markup of a picture ('king', 'dragon-horse', ...) in 'white' or 'black' (the
 * Immortal is always drawn face down, of neither side). Unknown names throw.
 */
export function pieceSvg(name, colour = 'white') {
  const parts = SHAPES[name];
  if (!parts) throw new Error(`no piece picture named ${JSON.stringify(name)}`);
  const side = name === 'immortal' ? 'neutral' : colour === 'black' ? 'black' : 'white';
  return `${svgOpen(name, side, COLOURS[side])}${partsMarkup(parts, COLOURS[side])}</svg>`;
}

/** A disc with a letter, for a letter that no picture is mapped to. */
export function letterSvg(letter, colour = 'white') {
  const side = colour === 'black' ? 'black' : 'white';
  const c = COLOURS[side];
  const text = String(letter).replace(/[<>&"]/g, '').slice(0, 2).toUpperCase();
  return (
    `${svgOpen('letter', side, c)}<circle class="piece-body" cx="22.5" cy="22.5" r="17"/>` +
    `<text x="22.5" y="23" text-anchor="middle" dominant-baseline="central" font-family="system-ui, sans-serif" ` +
    `font-weight="700" font-size="20" fill="${c.detail}" stroke="none">${text}</text></svg>`
  );
}

const cache = new Map();

/** The picture as an <svg> element (a fresh clone each time); letterSvg for a null name. */
export function pieceElement(name, colour = 'white', letter = '?') {
  const key = `${name ?? `letter:${letter}`}/${colour}`;
  let svg = cache.get(key);
  if (!svg) {
    const markup = name ? pieceSvg(name, colour) : letterSvg(letter, colour);
    svg = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;
    cache.set(key, svg);
  }
  return document.importNode(svg, true);
}
