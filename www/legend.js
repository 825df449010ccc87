// The legend: each piece of a variant with its picture, its name and its move in words
// (from ../shared/RULES.md and the rule pages).
//
//   import { renderLegend, legendEntries } from './legend.js';
//   renderLegend(element, 'nietzsche', { sequence: 'knighted' });  // fills element with a list
//   legendEntries('quintessential')  // [{letter: 'K', picture: 'king', name: 'King', move: '...'}, ...]
//
// The element gets a <dl class="legend-list">: for each piece a <dt> with both colours'
// pictures and the name (and letter), and a <dd> with the move. Options that change the
// pieces (Nietzsche's sequence) are honoured; unknown variants show the chess pieces.

import { pieceElement, picturesFor } from './pieces.js';
import { sequenceOf } from './nietzsche-sequences.js';

const KING = 'One step in any direction.';
const QUEEN = 'Any distance along a rank, file or diagonal.';
const ROOK = 'Any distance along a rank or file.';
const BISHOP = 'Any distance along a diagonal.';
const KNIGHT = 'Jumps two squares one way and one square at right angles (an L), over anything.';

const CHESS_KING = `${KING} Castles with a rook; may not move into check.`;
const CHESS_PAWN =
  'One step forward (two from its starting rank), captures one step diagonally forward, en passant; ' +
  'promotes on the last rank';

// [letter, name, move] per variant, in the order the pieces are shown.
const LEGENDS = {
  chess: [
    ['K', 'King', CHESS_KING],
    ['Q', 'Queen', QUEEN],
    ['R', 'Rook', ROOK],
    ['B', 'Bishop', BISHOP],
    ['N', 'Knight', KNIGHT],
    ['P', 'Pawn', `${CHESS_PAWN} to a queen, rook, bishop or knight.`],
  ],
  nacht: [
    ['K', 'King', `${KING} Castles only with the option castling=true. The two kings may never face each other on an open rank or file.`],
    ['Q', 'Queen', QUEEN],
    ['R', 'Rook', ROOK],
    ['B', 'Bishop', BISHOP],
    ['N', 'Knight', KNIGHT],
    [
      'P',
      'Pawn',
      'One step forward only, captures one step diagonally forward, no en passant. On the last rank it ' +
        'must become one of its side\u2019s captured pieces; with none captured it may not go there.',
    ],
  ],
  quintessential: [
    ['K', 'King', `${KING} Castles with a centurion: O-O Ke1-c1 with Cc1-d1, O-O-O Ke1-g1 with Ch1-f1.`],
    ['L', 'Leeloo', 'Moves as a rook or as a quintessence.'],
    ['C', 'Centurion', 'Leaps two squares straight, two diagonally, or two and one (a knight\u2019s jump), over anything.'],
    [
      'Q',
      'Quintessence',
      'Zig-zags: a knight\u2019s jump, then a knight\u2019s jump at right angles to it, and so on ' +
        '(d1-c3-e4-d6-f7). Each point must be empty to go on; it captures on the first occupied one.',
    ],
    ['J', 'Janus', 'Moves as a bishop or as a knight.'],
    ['D', 'Dragon horse', 'Moves as a bishop, or one step along a rank or file.'],
    [
      'P',
      'Pawn',
      'One step forward, or two from any rank; captures diagonally; may jump over a pawn of its own ' +
        'just in front; en passant by any piece. Promotes where it cannot go forward, to C, Q, J, D or L.',
    ],
  ],
  impulschach: [
    ['K', 'King', `${KING} No check: a captured king loses the game.`],
    [
      'I',
      'Impulse',
      `${QUEEN} It may not capture the enemy impulse. After it moves, the Resonance Shift displaces ` +
        'each enemy pawn one step forward or diagonally forward, file by file.',
    ],
    [
      'C',
      'Catalyst',
      `${KNIGHT} After it moves, each friendly piece a knight\u2019s jump from it (not a catalyst) may move once.`,
    ],
    ['R', 'Rook', ROOK],
    ['B', 'Bishop', BISHOP],
    [
      'P',
      'Pawn',
      'One step forward (two from its starting rank), captures diagonally forward, no en passant. ' +
        'Promotes on the last rank to an impulse, catalyst, rook or bishop.',
    ],
  ],
  immortal: [
    ['K', 'King', `${KING} Castles Kf2-h2 or Kf2-d2.`],
    ['Q', 'Queen', QUEEN],
    ['R', 'Rook', ROOK],
    ['B', 'Bishop', BISHOP],
    ['N', 'Knight', KNIGHT],
    [
      'P',
      'Pawn',
      'One step forward (two from its starting rank), captures diagonally forward, en passant; ' +
        'promotes on rank 9 (White) or 2 (Black).',
    ],
    [
      '?',
      'Immortal (face down)',
      'Belongs to neither side until it enters: after a move, one may slide in off the border, as a ' +
        'queen moves but without capturing, onto the centre 8x8. There it turns over and becomes the ' +
        'piece it is, White\u2019s or Black\u2019s.',
    ],
  ],
};

// Nietzsche Chess: the king, then the pieces of the chosen sequence (nietzsche-sequences.js),
// strongest first as in the other legends. Their moves by picture name, which capitalised is
// the piece's name (../shared/RULES.md, "Nietzsche Chess"); "forward" is towards the opponent.
const STEP_HOP =
  'exactly one piece of either side on the line and taking the first piece beyond it, if that is an enemy';
const AT_LEAST_TWO = 'but at least two squares: it cannot stop on the first square, and a piece there blocks it.';
const NIETZSCHE = {
  king: CHESS_KING,
  pawn: `${CHESS_PAWN} to a queen, rook, bishop or knight.`,
  knight: KNIGHT,
  bishop: BISHOP,
  rook: ROOK,
  queen: QUEEN,
  cardinal: 'Moves as a bishop or as a knight.',
  marshal: 'Moves as a rook or as a knight.',
  ace: 'Moves as a queen or as a knight.',
  camel: 'Jumps three squares one way and one square at right angles (a long L), over anything.',
  prince: `${KING} It is not royal: it may stand attacked and be captured.`,
  primate: 'Moves as a bishop, or one step along a rank or file.',
  chatelaine: 'Moves as a rook, or one step diagonally.',
  picket: `Moves as a bishop, ${AT_LEAST_TWO}`,
  pocket: `Moves as a rook, ${AT_LEAST_TWO}`,
  fagin: `Moves as a queen, ${AT_LEAST_TWO}`,
  inquion: 'Moves as a bishop, or as a pocket (a rook that goes at least two squares).',
  infanon: 'Moves as a rook, or as a picket (a bishop that goes at least two squares).',
  arrow: `Moves as a bishop without capturing. Captures along a diagonal by jumping over ${STEP_HOP}.`,
  cannon: `Moves as a rook without capturing. Captures along a rank or file by jumping over ${STEP_HOP}.`,
  tank: `Moves as a queen without capturing. Captures along any line by jumping over ${STEP_HOP}.`,
  saint: 'Moves as a bishop or as a cannon (a rook\u2019s move, capturing only by jumping one piece).',
  sparrow: 'Moves as a rook or as an arrow (a bishop\u2019s move, capturing only by jumping one piece).',
  caliph: 'Moves as a bishop or as a camel.',
  canvasser: 'Moves as a rook or as a camel.',
  acme: 'Moves as a queen or as a camel.',
  gnu: 'Moves as a knight or as a camel.',
  helm: 'Jumps two squares forward and one to the side, over anything (the shogi knight): two moves at most.',
  wing: 'Any distance straight forward (the shogi lance).',
  silver: 'One step diagonally or straight forward (the shogi silver general).',
  gold: 'One step along a rank or file, or diagonally forward (the shogi gold general).',
  elephant: 'Jumps two squares diagonally, over anything.',
  dabbaba: 'Jumps two squares along a rank or file, over anything.',
  ferz: 'One step diagonally.',
  wazir: 'One step along a rank or file.',
};

/** The rows of a Nietzsche legend: the king, then the sequence from its last piece to the pawn. */
function nietzscheRows(sequence) {
  const pieces = [{ letter: 'K', picture: 'king' }, ...[...sequence.pieces].reverse()];
  return pieces.map(({ letter, picture }) => [letter, pieceTitle(picture), NIETZSCHE[picture]]);
}

const pieceTitle = (picture) => picture.charAt(0).toUpperCase() + picture.slice(1);

/** The sequence in the rule page's words, the chess pieces by letter: P, Camel, N, Prince, B, ... */
const CHESS_LETTERS = { pawn: 'P', knight: 'N', bishop: 'B', rook: 'R', queen: 'Q' };
const sequenceWords = (sequence) =>
  sequence.pieces.map(({ picture }) => CHESS_LETTERS[picture] ?? pieceTitle(picture)).join(', ');

// What a variant does to all its pieces, shown under the list.
const NOTES = {
  nietzsche: (options) =>
    'After each move, every piece of the side that moved (not the king) that stands attacked is promoted ' +
    `one step along the sequence ${sequenceWords(nietzscheSequence(options))}; the last stays.`,
  nacht: () => 'A move may not repeat a position its own side made before. No legal move loses.',
  impulschach: () =>
    'A turn may be several moves: a catalyst\u2019s chain, each impulse move with its shift. A pawn shifted ' +
    'onto the mover\u2019s first rank becomes the mover\u2019s piece by its file (a, h rook; b, g catalyst; ' +
    'c, f bishop; d impulse); on e it wins the game.',
  immortal: () => 'A turn is a move, then an Immortal\u2019s entry or a pass.',
};

/** What the legend says under the pieces of a variant (with its options), or null. */
export function legendNote(variant, options = {}) {
  return NOTES[variant]?.(options) ?? null;
}

// The sequence the options choose; a name the engine would refuse shows the default.
const nietzscheSequence = (options) => sequenceOf(options) ?? sequenceOf({});

/** The pieces of a variant (with its options) to show: {letter, picture, name, move}. */
export function legendEntries(variant, options = {}) {
  const sequence = variant === 'nietzsche' ? nietzscheSequence(options) : null;
  const rows = sequence ? nietzscheRows(sequence) : LEGENDS[variant] ?? LEGENDS.chess;
  const pictures = picturesFor(sequence || LEGENDS[variant] ? variant : 'chess', sequence ? { sequence: sequence.option } : {});
  return rows.map(([letter, name, move]) => ({ letter, picture: pictures[letter] ?? null, name, move }));
}

/** Fills `element` with the legend of a variant; returns the entries shown. */
export function renderLegend(element, variant, options = {}) {
  const entries = legendEntries(variant, options);
  const list = document.createElement('dl');
  list.className = 'legend-list';
  list.dataset.variant = variant;
  for (const entry of entries) {
    const term = document.createElement('dt');
    term.dataset.piece = entry.letter;
    const pictures = document.createElement('span');
    pictures.className = 'legend-pictures';
    pictures.setAttribute('aria-hidden', 'true');
    const colours = entry.picture === 'immortal' ? ['white'] : ['white', 'black'];
    for (const colour of colours) {
      const svg = pieceElement(entry.picture, colour, entry.letter);
      svg.setAttribute('width', '100%');
      svg.setAttribute('height', '100%');
      const box = document.createElement('span');
      box.className = 'legend-picture';
      box.append(svg);
      pictures.append(box);
    }
    const name = document.createElement('span');
    name.className = 'legend-name';
    name.textContent = entry.name;
    const letter = document.createElement('span');
    letter.className = 'legend-letter';
    letter.textContent = entry.letter;
    letter.title = 'its letter in notation and position strings';
    term.append(pictures, name, ' ', letter);
    const move = document.createElement('dd');
    move.textContent = entry.move;
    list.append(term, move);
  }
  const text = legendNote(variant, options);
  const note = document.createElement('p');
  note.className = 'legend-note';
  note.textContent = text ?? '';
  note.hidden = !text;
  element.replaceChildren(list, note);
  return entries;
}
