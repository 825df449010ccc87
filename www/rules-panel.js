// The rules of each variant in a few lines, in the project's own words (after the rule pages in
// ../shared/seeds/ and the rulings in ../shared/RULES.md), with a link to the variant's rule
// page. Shown in a <details> next to the legend; the legend says how each piece moves.
//
//   import { renderRules, rulesFor } from './rules-panel.js';
//   renderRules(element, 'nacht');  // fills element: the summary as a list, then the link
//   rulesFor('quintessential')  // {points: ['...', ...], link: {href, text}}; chess's for unknown names

const RULES = {
  chess: {
    points: [
      'Checkmate the enemy king to win: it is attacked and no move saves it.',
      'A move may not leave your own king attacked. Castling, en passant and promotion as usual.',
      'Stalemate, threefold repetition, the 50-move rule and too little material to mate are draws.',
    ],
    link: { href: 'https://handbook.fide.com/chapter/E012023', text: 'The FIDE Laws of Chess' },
  },
  nietzsche: {
    points: [
      'Chess with the usual pieces, array and rules, and one more: a threatened piece grows stronger.',
      'Right after each move, every piece of the side that moved (kings aside) that an enemy piece attacks is promoted one step along the sequence (P, N, B, R, Q by default; the option sequence= picks another). All such promotions happen together, one step each.',
      'A piece at the end of the sequence stays as it is. A pawn promoted the normal way on that move is not promoted again.',
      'Checkmate wins; stalemate, repetition and the 50-move rule draw.',
    ],
    link: { href: 'https://www.chessvariants.com/rules/nietzsche-chess', text: 'Nietzsche Chess on The Chess Variant Pages' },
  },
  nacht: {
    points: [
      'On a board of 8 files and 7 ranks, with the chess army; pawns step one square only and have no en passant.',
      'A pawn may enter the last rank only by becoming one of its own captured pieces, each of which comes back once.',
      'The two kings may never stand on one rank or file with nothing between them.',
      'You may not make a position that one of your own earlier moves made.',
      'A player with no legal move loses: checkmate and stalemate alike. Castling is an option (castling=true).',
    ],
    link: { href: 'https://www.chessvariants.com/page/MSnacht-schach', text: 'NAChT Schach on The Chess Variant Pages' },
  },
  quintessential: {
    points: [
      'A 10x10 board without its four 2x2 corners: 84 squares. Leapers jump over the missing corners; sliders stop at them.',
      'Five new pieces: the zig-zagging Quintessence, the Leeloo (rook and Quintessence), the leaping Centurion, the Janus and the Dragon horse.',
      'Pawns may step two squares from any rank and jump over a pawn of their own; any piece may capture en passant.',
      'The king castles with a centurion. Checkmate wins; stalemate draws.',
    ],
    link: {
      href: 'https://www.chessvariants.com/large.dir/contest84/quintessential.html',
      text: 'Quintessential Chess on The Chess Variant Pages',
    },
  },
  impulschach: {
    points: [
      'There is no check: a king may be captured, and whoever captures it wins.',
      'The Impulse (a queen that may not take the other Impulse) shifts every enemy pawn a step forward after it moves, file by file in the direction you choose. A pawn shifted onto your first rank becomes your piece; on your king\u2019s home square (e1 or e8) it wins the game.',
      'The Catalyst (a knight) activates each friendly piece a knight\u2019s jump away: each may then move once more in the same turn.',
      'No castling, no en passant. Repetition, the 50-move rule and having no legal move draw.',
    ],
    link: { href: 'https://www.chess.com/forum/view/chess-variants/impulschach', text: 'Impulschach on the chess.com forum' },
  },
  immortal: {
    points: [
      'The chess armies play on the centre 8x8 of a 10x10 board; 36 face-down Immortals, 18 of each side, wait on the border ring.',
      'A turn is a move, then, if you like, one Immortal brought in: it slides as a queen, without capturing, off the border onto an empty square of the 8x8, and turns over to show whose piece it is.',
      'An unrevealed Immortal belongs to nobody: it cannot be captured and attacks nothing, but it blocks lines.',
      'The deal is fixed by a seed whose fingerprint (the commitment) is shown at the start, and checkable at the end. Checkmate wins.',
    ],
    link: { href: 'https://www.chessvariants.com/rules/immortal-chess', text: 'Immortal Chess on The Chess Variant Pages' },
  },
};

/** The summary and link of a variant: {points, link}; chess's for an unknown name. */
export function rulesFor(variant) {
  return RULES[variant] ?? RULES.chess;
}

/** Fills `element` with the rules of `variant`; returns them. */
export function renderRules(element, variant) {
  const rules = rulesFor(variant);
  const list = document.createElement('ul');
  list.className = 'rules-list';
  list.dataset.variant = variant;
  for (const point of rules.points) {
    const item = document.createElement('li');
    item.textContent = point;
    list.append(item);
  }
  const more = document.createElement('p');
  more.className = 'rules-link';
  const link = document.createElement('a');
  link.href = rules.link.href;
  link.textContent = rules.link.text;
  link.rel = 'noopener';
  link.target = '_blank';
  more.append('The full rules: ', link, '.');
  element.replaceChildren(list, more);
  return rules;
}
