// The search benchmark's positions, the same as `schachwerk bench` searches natively: each is
// searched to a fixed node budget, so every run does the same work.
export const SEARCH_NODES = 1_000_000;
export const searchCases = [
  {
    name: 'chess middlegame (Kiwipete)',
    variant: 'chess',
    fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  },
  { name: 'chess', variant: 'chess', fen: null },
  { name: 'nietzsche', variant: 'nietzsche', fen: null },
  { name: 'nacht', variant: 'nacht', fen: null },
  { name: 'quintessential', variant: 'quintessential', fen: null },
  { name: 'impulschach', variant: 'impulschach', fen: null },
  { name: 'immortal', variant: 'immortal', options: { seed: '0'.repeat(64) }, fen: null },
];

/**
 * Three searches of `nodes` nodes in `c`'s position with the package's `Game`; the rates in
 * M nodes/s, sorted. Self-contained, so that a page can run it from its source text.
 */
export function searchRates(Game, c, nodes) {
  const game = new Game(c.variant, c.options ?? null, c.fen);
  const rates = [];
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    const thought = game.think({ nodes });
    rates.push(thought.nodes / ((performance.now() - start) / 1000) / 1e6);
  }
  game.free();
  return rates.sort((a, b) => a - b);
}
