// The board's piece animation (board.js uses it; hosts turn it on with the board's `animation`
// option or `board.setAnimation(ms)`).
//
//   const motion = createPieceMotion(root, squares);  // the board's element, square -> cell
//   motion.duration = 200;                             // ms; 0: off
//   motion.play(before, after, removed, { still });    // after setPieces has drawn `after`
//
// FLIP: board.js puts every piece on its new square at once (the DOM is always the position),
// then this module animates each change from where the eye last saw it: a piece that moved
// slides from its old square to its new one (a transform that ends at none), a piece that left
// the board (captured) fades out over its old square, a piece that appeared from nowhere (a
// drop) fades in. A piece that moved and changed type (a promotion, a Nietzsche capture, an
// Immortal revealed as it enters) slides too. Nothing here knows the rules: it only compares
// two positions, square -> FEN letter.
//
// A change of many squares is a new position rather than a move (a loaded FEN, the move list
// jumping far), and is drawn without animation.

/** More changed squares than this: a new position, not a move (castling is 4, en passant 3). */
export const MAX_ANIMATED_CHANGES = 8;

const colorOf = (piece) => (piece === '?' ? 'neutral' : piece === piece.toUpperCase() ? 'white' : 'black');

/**
 * What changed between two positions (Map square -> letter): pieces that slid (`{from, to}`),
 * squares a piece left for good, squares a piece appeared on. Null when too much changed.
 */
export function planMotion(before, after, distance) {
  const left = [];
  const arrived = [];
  for (const [square, piece] of before) if (after.get(square) !== piece) left.push({ square, piece });
  for (const [square, piece] of after) if (before.get(square) !== piece) arrived.push({ square, piece });
  const changed = new Set([...left, ...arrived].map((p) => p.square));
  if (changed.size === 0 || changed.size > MAX_ANIMATED_CHANGES) return null;
  const slides = [];
  // The same piece first; then one of the same side that changed type; then a face-down
  // Immortal that was revealed as it entered.
  const samePiece = (a, b) => a.piece === b.piece;
  const sameSide = (a, b) => colorOf(a.piece) === colorOf(b.piece);
  const revealed = (a) => a.piece === '?';
  for (const fits of [samePiece, sameSide, revealed]) {
    for (const to of [...arrived]) {
      const candidates = left.filter((from) => from.square !== to.square && fits(from, to));
      if (candidates.length === 0) continue;
      const from = candidates.reduce((best, c) => (distance(c.square, to.square) < distance(best.square, to.square) ? c : best));
      slides.push({ from: from.square, to: to.square });
      left.splice(left.indexOf(from), 1);
      arrived.splice(arrived.indexOf(to), 1);
    }
  }
  return { slides, gone: left.map((p) => p.square), appeared: arrived.map((p) => p.square) };
}

export function createPieceMotion(root, squares) {
  // Each square's box relative to the board, read once and kept until the board is resized or
  // turned (finish). Read in the middle of a redraw, the boxes would force a layout of the
  // page there on every move, a second one before the frame's own (issue 27's budget of 50 ms
  // a move under 4x CPU throttling).
  let boxes = null;
  const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(() => (boxes = null)) : null;
  resized?.observe(root);
  const boxOf = (square) => {
    if (!boxes) {
      // From the board's padding box: where an absolutely placed child's left and top count from.
      const frame = root.getBoundingClientRect();
      const left = frame.left + root.clientLeft;
      const top = frame.top + root.clientTop;
      boxes = new Map();
      for (const [name, cell] of squares) {
        const box = cell.getBoundingClientRect();
        boxes.set(name, { left: box.left - left, top: box.top - top, width: box.width, height: box.height });
      }
    }
    return boxes.get(square);
  };
  // Read once the page is idle after the board is drawn, rather than in the first move's
  // redraw, where the layout they need would come on top of the move's own (a tap move's
  // longest task under 4x CPU throttling was its first one's, 40-60 ms).
  const whenIdle = globalThis.requestIdleCallback ?? ((work) => setTimeout(work, 200));
  whenIdle(() => {
    const [first] = squares.keys();
    if (!boxes && first !== undefined && root.isConnected) boxOf(first);
  });
  const center = (square) => {
    const box = boxOf(square);
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  };
  const distance = (a, b) => {
    const [p, q] = [center(a), center(b)];
    return Math.hypot(p.x - q.x, p.y - q.y);
  };
  const pieceOn = (square) => squares.get(square)?.querySelector('.piece:not(.piece-ghost)');

  function slide(from, to, duration) {
    const el = pieceOn(to);
    if (!el) return;
    const [a, b] = [center(from), center(to)];
    // Over the other pieces and the coordinates while it travels.
    el.style.zIndex = '3';
    const animation = el.animate(
      [{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)` }, { transform: 'none' }],
      { duration, easing: 'ease-in-out' },
    );
    const done = () => (el.style.zIndex = '');
    animation.onfinish = done;
    animation.oncancel = done;
  }

  function fadeIn(square, duration) {
    pieceOn(square)?.animate([{ opacity: 0, transform: 'scale(0.6)' }, { opacity: 1, transform: 'none' }], { duration, easing: 'ease-out' });
  }

  // The captured piece's picture, over its old square (not in it: the square holds what is
  // there now), fading out, then removed.
  function fadeOut(square, el, duration) {
    const cell = squares.get(square);
    if (!el || !cell) return;
    for (const running of el.getAnimations?.() ?? []) running.cancel();
    const box = boxOf(square);
    const holder = document.createElement('div');
    holder.className = 'piece-leaving';
    holder.setAttribute('aria-hidden', 'true');
    holder.style.cssText =
      `position:absolute;left:${box.left}px;top:${box.top}px;` +
      `width:${box.width}px;height:${box.height}px;display:flex;align-items:center;justify-content:center;pointer-events:none;z-index:2`;
    el.className = 'piece-leaving-picture';
    el.removeAttribute('data-piece');
    el.removeAttribute('data-picture');
    holder.append(el);
    root.append(holder);
    const animation = holder.animate([{ opacity: 1 }, { opacity: 0 }], { duration, easing: 'ease-in' });
    animation.onfinish = () => holder.remove();
    animation.oncancel = () => holder.remove();
  }

  return {
    duration: 0,

    /**
     * Animates the change from `before` to `after` (Maps square -> letter), drawn already.
     * `removed`: square -> the piece element taken off it; `still`: a square whose piece is
     * where the user dropped it (no slide).
     */
    play(before, after, removed, { still = null } = {}) {
      const duration = this.duration;
      if (!(duration > 0) || typeof root.animate !== 'function' || !root.isConnected) return;
      const plan = planMotion(before, after, distance);
      if (!plan) return;
      for (const { from, to } of plan.slides) if (to !== still) slide(from, to, duration);
      for (const square of plan.gone) fadeOut(square, removed.get(square), duration);
      for (const square of plan.appeared) if (square !== still) fadeIn(square, duration);
    },

    /** Ends every animation at once (the board is rebuilt, turned or destroyed). */
    finish() {
      boxes = null;
      for (const el of root.querySelectorAll('.piece-leaving')) el.remove();
      for (const el of root.querySelectorAll('.piece')) for (const a of el.getAnimations?.() ?? []) a.cancel();
    },

    /** The board is gone: stop watching its size. */
    destroy() {
      this.finish();
      resized?.disconnect();
    },
  };
}
