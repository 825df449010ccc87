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
      'A move may not leave your own king attacked. Castling, en passant and the pawn\u2019s double step as usual.',
      'Stalemate, threefold repetition, 50 moves each without a capture or pawn move, and too little material to mate are draws; here they come at once, without a claim.',
      'White moves first. A pawn that reaches the last rank must become a queen, rook, bishop or knight.',
    ],
    link: { href: 'https://handbook.fide.com/chapter/E012023', text: 'The FIDE Laws of Chess (in force from 1 January 2023)' },
  },
  nietzsche: {
    points: [
      'Chess with the usual pieces, array and rules, plus one: a piece that stands attacked and is not taken grows stronger.',
      'After each move, every piece of the side that moved (kings aside) that an enemy piece attacks is promoted one step along the sequence, all at once, one step each however many attack it. An enemy king counts as an attacker only of an unprotected piece.',
      'The sequence is chosen in the Sequence menu (the option sequence=NAME): Fast, P, N, B, R, Q, is the default; the thirteen others of the rule page bring in pieces of their own (the Camel, the Cannon, the shogi generals, ...), and the legend says how each moves. The last one stays as it is.',
      'A pawn reaching the last rank promotes as usual, to N, B, R or Q, and is not promoted again on that move.',
      'Check, checkmate and stalemate as in chess, judged after the promotions: a piece that has just grown can give check. Threefold repetition, the 50-move rule and bare kings draw.',
    ],
    link: { href: 'https://www.chessvariants.com/rules/nietzsche-chess', text: 'Nietzsche Chess (by Charles Gilman) on The Chess Variant Pages' },
  },
  nacht: {
    points: [
      'A board of 8 files and 7 ranks and the chess army, in the usual array or, with setup=reverse, Black\u2019s king and queen swapped. Pieces move as in chess; pawns step one square only: no double step, no en passant.',
      'A pawn must promote on the last rank, to one of its side\u2019s captured pieces (not a pawn), each of which comes back once; with none to bring back, it may not go there.',
      'Your king may not be left attacked, and no move may end with the two kings on one rank or file with nothing between them, so a lone piece between them is pinned.',
      'You may not make a move that brings back a position one of your own earlier moves made.',
      'A player with no legal move loses: checkmated, stalemated, or with every move barred by the repetition rule. There are no draws, except by the 50-move rule with the option fifty=true. Castling only with castling=true.',
    ],
    link: { href: 'https://www.chessvariants.com/page/MSnacht-schach', text: 'NAChT Schach (by Jianying Ji) on The Chess Variant Pages' },
  },
  quintessential: {
    points: [
      'A 10x10 board without its four 2x2 corners: 84 squares. Leapers jump over the missing corners; sliders (the Quintessence too) stop at them.',
      'Each side has a king, ten pawns and nine pieces of five new kinds: the zig-zagging Quintessence, the Leeloo (rook and Quintessence), the leaping Centurion, the Janus and the Dragon horse. No queens, rooks, bishops or knights.',
      'Pawns start on the third rank and may step two squares from any rank, or jump over a pawn of their own just in front (not the rearmost of three or more on its file), but never onto a promotion square. They promote where they cannot go on, to C, Q, J, D or L.',
      'After a double step, on the next move any enemy piece may take the pawn en passant by landing on the square it passed, and none may land there without taking it. After a jump, a piece that takes the pawn jumped over on the next move takes the jumper too.',
      'The king castles with a centurion: the king goes two squares towards it and the centurion lands on the square the king crossed. Checkmate wins; stalemate, threefold repetition, bare kings and 100 moves without a capture, pawn move or castling draw.',
    ],
    link: {
      href: 'https://www.chessvariants.com/large.dir/contest84/quintessential.html',
      text: 'Quintessential Chess (by J\u00f6rg Knappen) on The Chess Variant Pages',
    },
  },
  impulschach: {
    points: [
      'The queen becomes the Impulse and the knights become Catalysts; they move as a queen and as knights. There is no check, checkmate, castling or en passant: a king may be left attacked, and whoever captures the enemy king wins at once.',
      'Resonance Shift: after each move of an Impulse, its owner moves every enemy pawn once, one square straight or diagonally forward onto an empty square of the owner\u2019s choice, never capturing, file by file from the a-file or from the h-file as the owner picks. A pawn with no empty square stays.',
      'An enemy pawn shifted onto your own first rank becomes your piece by its file: a or h rook, b or g Catalyst, c or f bishop, d Impulse. On the e-file (e1 for White, e8 for Black) it wins you the game instead.',
      'After a Catalyst moves, each friendly piece a knight\u2019s jump from it, kings and pawns too but not other Catalysts, may make one move in the same turn, in any order; you may stop early. An Impulse moved so brings its Resonance Shift.',
      'An Impulse can never take the enemy Impulse; other pieces can. Your own pawns promote on the last rank to an Impulse, Catalyst, rook or bishop.',
      'Draws: no legal move, threefold repetition, or 50 moves each without a capture, pawn move or shifted pawn.',
    ],
    link: { href: 'https://www.chess.com/forum/view/chess-variants/impulschach', text: 'Impulschach on the chess.com forum' },
  },
  immortal: {
    points: [
      'The chess armies start on the centre 8x8 (b2 to i9) of a 10x10 board; the 36 border squares hold face-down Immortals, 18 White and 18 Black pieces (by default each side\u2019s 2 queens, 2 rooks, 3 bishops, 3 knights and 8 pawns; option composition=).',
      'A turn is a move of one of your own pieces, then, if you wish, one Immortal brought in, whoever\u2019s it turns out to be: it slides as a queen off the border, over empty squares and without capturing, onto an empty square of the centre 8x8, and turns over to become the piece it is. A pawn turned over on its promotion rank becomes a queen.',
      'You may bring one in only if your king stays safe whatever it turns out to be.',
      'Face down, an Immortal belongs to nobody: it cannot be captured, attacks nothing and gives no check, but it blocks lines. An empty border square is an ordinary square.',
      'Otherwise FIDE chess: castling Kf2-h2 or Kf2-d2, promotion on rank 9 (White) or 2 (Black), checkmate wins; stalemate, threefold repetition and 50 moves each without a capture, pawn move or Immortal brought in draw.',
      'The page\u2019s referee deals the Immortals from a secret seed; its fingerprint (the commitment) is shown from the start, the seed at the end, to check the deal.',
    ],
    link: {
      href: 'https://www.chessvariants.com/',
      text: 'Immortal Chess (by Florin Lupusoru) on The Chess Variant Pages (search there for its name)',
    },
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
