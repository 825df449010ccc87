// The parts of a variant's board that must look different from its playing area: Immortal
// Chess's border ring, where the face-down Immortals wait (RULES.md: a 10x10 board, the
// centre 8x8 is where the armies play). Emptied, the ring would otherwise look like more of
// the same checkered board.
//
//   import { boardZones } from './board-zones.js';
//   for (const [name, squares] of Object.entries(boardZones('immortal', 10, 10))) board.mark(name, squares);
//   // board.js gives each such square the class mark-border; style.css draws it.

import { squareName } from './board.js';

// Per variant: the zones (the mark's name) and which squares, by file and rank (from 0), are in them.
const ZONES = {
  immortal: {
    border: (file, rank, files, ranks) => file === 0 || rank === 0 || file === files - 1 || rank === ranks - 1,
  },
};

/** {zone name: [squares]} for a variant's board of `files` x `ranks`; {} when it has none. */
export function boardZones(variant, files, ranks) {
  const zones = {};
  for (const [name, contains] of Object.entries(ZONES[variant] ?? {})) {
    zones[name] = [];
    for (let file = 0; file < files; file++) {
      for (let rank = 0; rank < ranks; rank++) {
        if (contains(file, rank, files, ranks)) zones[name].push(squareName(file, rank));
      }
    }
  }
  return zones;
}
