// Arrows and circles drawn on a board with the right mouse button, as on lichess: a right-drag
// from one square to another draws an arrow, a right-click on a square a circle; drawing the
// same shape again removes it; while the button is held, the arrow shows faintly. Shift, Alt (or both) pick other colours (red, blue, yellow;
// green without). A left click on the board clears them all, as does a move (the host calls
// clear(), or moved(count) with its move count). The board opens no context menu.
//
//   import { attachDrawing } from './board-drawing.js';
//   const drawing = attachDrawing(board);      // board: a createBoard (board.js)
//   drawing.shapes                             // [{from: 'e2', to: 'e4', colour: 'green'}, {from: 'd5', to: 'd5', ...}]
//   drawing.toggle('e2', 'e4', 'red');         // as a right-drag would (from === to: a circle)
//   drawing.moved(game.ply());      // clears when the count changed since the last call
//   drawing.clear(); drawing.destroy();
//
// The shapes are an <svg class="board-drawing"> over the board (aria-hidden, no pointer
// events), in square units: it follows the board's size and orientation by itself.

const SVG = 'http://www.w3.org/2000/svg';
const COLOURS = { green: '#15781b', red: '#882020', blue: '#003088', yellow: '#e68f00' };

/** The colour a right-button gesture draws in, from its modifier keys. */
export function colourFor(event) {
  if (event.shiftKey && event.altKey) return 'yellow';
  if (event.shiftKey) return 'red';
  if (event.altKey) return 'blue';
  return 'green';
}

function svgElement(name, attributes = {}) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  return el;
}

/** An arrowhead marker per colour, for the arrows' ends. */
function markers() {
  const defs = svgElement('defs');
  for (const [name, colour] of Object.entries(COLOURS)) {
    const marker = svgElement('marker', {
      id: `board-drawing-head-${name}`,
      viewBox: '0 0 4 4', refX: 2.05, refY: 2, markerWidth: 4, markerHeight: 4, orient: 'auto',
    });
    marker.append(svgElement('path', { d: 'M0,0 L4,2 L0,4 z', fill: colour }));
    defs.append(marker);
  }
  return defs;
}

export function attachDrawing(board) {
  const root = board.element;
  const svg = svgElement('svg', { class: 'board-drawing', 'aria-hidden': 'true', focusable: 'false', preserveAspectRatio: 'none' });
  svg.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;pointer-events:none;z-index:15;overflow:visible';
  svg.setAttribute('viewBox', `0 0 ${board.files} ${board.ranks}`);
  root.append(svg);
  const layer = svgElement('g');
  svg.append(markers(), layer);

  let shapes = [];
  let press = null; // the right-button press under way: {from, colour, over}
  let moveCount = null;

  // The centre of a square in square units, as the board shows it now (it may be flipped).
  const centreOf = (square) => {
    const cell = root.querySelector(`[data-square="${square}"]`);
    if (!cell) return null;
    return { x: Number(cell.style.gridColumn) - 0.5, y: Number(cell.style.gridRow) - 0.5 };
  };

  function render() {
    layer.replaceChildren();
    // While the button is held, the arrow it would draw, fainter.
    const preview = press && press.over && press.over !== press.from ? [{ from: press.from, to: press.over, colour: press.colour, faint: true }] : [];
    for (const { from, to, colour, faint } of [...shapes, ...preview]) {
      const a = centreOf(from);
      const b = centreOf(to);
      if (!a || !b) continue;
      const stroke = COLOURS[colour];
      if (from === to) {
        const circle = svgElement('circle', { class: 'drawn-circle', cx: a.x, cy: a.y, r: 0.45, fill: 'none', stroke, 'stroke-width': 0.07, opacity: 0.8 });
        circle.dataset.at = from;
        layer.append(circle);
        continue;
      }
      // The shaft stops short of the centre, where the head ends.
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      const shorten = Math.min(0.35, length / 2);
      const end = { x: b.x - ((b.x - a.x) / length) * shorten, y: b.y - ((b.y - a.y) / length) * shorten };
      const line = svgElement('line', {
        class: 'drawn-arrow', x1: a.x, y1: a.y, x2: end.x, y2: end.y, stroke, 'stroke-width': 0.16,
        'stroke-linecap': 'round', opacity: faint ? 0.45 : 0.8, 'marker-end': `url(#board-drawing-head-${colour})`,
      });
      if (faint) line.classList.replace('drawn-arrow', 'drawing-preview');
      line.dataset.from = from;
      line.dataset.to = to;
      layer.append(line);
    }
  }

  /** Adds the shape, or removes it when the same one (same squares) is there already. */
  function toggle(from, to, colour = 'green') {
    const same = shapes.find((s) => s.from === from && s.to === to);
    shapes = shapes.filter((s) => s !== same);
    // The same shape in another colour is recoloured, not removed.
    if (!same || same.colour !== colour) shapes.push({ from, to, colour });
    render();
  }

  function clear() {
    if (shapes.length === 0) return;
    shapes = [];
    render();
  }

  const squareAt = (x, y) => {
    const scope = root.getRootNode().elementFromPoint ? root.getRootNode() : document;
    const el = scope.elementFromPoint(x, y)?.closest?.('[data-square]');
    return el && root.contains(el) ? el.dataset.square : null;
  };

  const onPointerDown = (event) => {
    if (event.button === 0) {
      clear(); // a left click clears, as on lichess
      return;
    }
    if (event.button !== 2 || event.pointerType === 'touch') return;
    const from = event.target.closest?.('[data-square]')?.dataset.square;
    if (!from) return;
    event.preventDefault();
    press = { from, colour: colourFor(event), over: from };
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onPointerUp, { once: true });
  };
  const onPointerMove = (event) => {
    const over = squareAt(event.clientX, event.clientY);
    if (!press || over === press.over) return;
    press.over = over;
    render();
  };
  // The release may be anywhere: outside the board nothing is drawn.
  const onPointerUp = (event) => {
    const started = press;
    press = null;
    window.removeEventListener('pointermove', onPointerMove);
    if (!started || event.button !== 2) return render();
    const to = squareAt(event.clientX, event.clientY);
    if (to) toggle(started.from, to, started.colour);
    else render();
  };
  const noMenu = (event) => event.preventDefault();

  root.addEventListener('pointerdown', onPointerDown);
  root.addEventListener('contextmenu', noMenu);
  board.onMove(() => clear());
  // A flip moves the squares: the shapes follow.
  const watcher = new MutationObserver(render);
  watcher.observe(root, { attributes: true, attributeFilter: ['data-orientation'] });

  return {
    get shapes() {
      return shapes.map((s) => ({ ...s }));
    },
    toggle,
    clear,
    /** Clears the shapes when the game's move count changed since the last call. */
    moved(count) {
      if (moveCount !== null && count !== moveCount) clear();
      moveCount = count;
    },
    destroy() {
      watcher.disconnect();
      root.removeEventListener('pointerdown', onPointerDown);
      root.removeEventListener('contextmenu', noMenu);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('pointermove', onPointerMove);
      svg.remove();
    },
  };
}
