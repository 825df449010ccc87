// The look of <schach-board>: its style sheet, adopted by each element's own shadow root, and
// the `part` names a host page styles it by (`schach-board::part(dark) { ... }`).
//
// A page reaches into the board only through what is documented here: the custom properties
// below (set them on the element or any ancestor), the `board-theme` and `coordinates`
// attributes, and the parts. Nothing else of a page's style sheet applies inside: the root
// resets every inherited property (`all: initial`), so a page's font, line height, letter
// spacing or text transform do not change the board either.
//
// Custom properties (defaults in brackets):
//   --sb-light, --sb-dark           the squares [by board-theme: green #eeeed2 / #769656]
//   --sb-last-move, --sb-selected, --sb-dest, --sb-check   highlights
//   --sb-accent                     keyboard focus ring [#2f6fb3]
//   --sb-border                     the board's edge [2px solid #4a4a44]
//   --sb-white-fill, --sb-white-line, --sb-black-fill, --sb-black-line, --sb-black-detail
//                                   the pieces' colours (a piece theme)
//   --sb-font, --sb-text-color      the status line under the board [14px/1.4 system-ui; #222]
//   --sb-square-size                the squares' size where the board sizes itself (a flex
//                                   row, an inline-block, a grid cell sized by content) [40px]

/** The `part` names, by the class that carries them inside (`square dark last-move` ...). */
const PARTS = new Map([
  ['board', 'board'], ['square', 'square'], ['light', 'light'], ['dark', 'dark'], ['hole', 'hole'],
  ['last-move', 'last-move'], ['selected', 'selected'], ['dest', 'dest'], ['capture', 'capture'],
  ['check', 'check'], ['drag-over', 'drag-over'], ['piece', 'piece'], ['white', 'white'],
  ['black', 'black'], ['neutral', 'neutral'], ['piece-ghost', 'ghost'], ['coord', 'coord'],
  ['coord-file', 'coord-file'], ['coord-rank', 'coord-rank'], ['promotion-layer', 'promotion-layer'],
  ['promotion-picker', 'promotion'], ['promotion-choice', 'promotion-choice'],
  ['promotion-cancel', 'promotion-cancel'], ['sb-bar', 'bar'], ['sb-text', 'status'],
  ['sb-buttons', 'buttons'], ['sb-error', 'error'],
]);

/** The part names of an element: those of its classes (any `mark-NAME` too), or of a button. */
function partsOf(el) {
  const names = [];
  for (const cls of el.classList) {
    if (PARTS.has(cls)) names.push(PARTS.get(cls));
    else if (cls.startsWith('mark-')) names.push(cls);
  }
  if (el.localName === 'button' && el.parentElement?.classList.contains('sb-buttons')) names.push('button');
  return names.join(' ');
}

function setParts(el) {
  if (el.nodeType !== 1 || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') return;
  const parts = partsOf(el);
  if (parts) el.setAttribute('part', parts);
  else if (el.hasAttribute('part')) el.removeAttribute('part');
  for (const child of el.children) setParts(child);
}

/**
 * Keeps every element's `part` attribute in step with its classes under `root` (a shadow
 * root): board.js stays a plain widget that knows classes only. A mutation observer runs
 * before the next paint, so a part never shows a stale state.
 */
export function keepParts(root) {
  for (const child of root.children) setParts(child);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') setParts(record.target);
      else for (const node of record.addedNodes) setParts(node);
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  return observer;
}

export const CSS = `
:host { display: block; position: relative; min-width: 0; max-width: 100%;
  --_light: #eeeed2; --_dark: #769656; }
:host([hidden]) { display: none; }
:host([board-theme="brown"]) { --_light: #f0d9b5; --_dark: #b58863; }
:host([board-theme="blue"]) { --_light: #dee3e6; --_dark: #8ca2ad; }
:host([board-theme="grey"]) { --_light: #e8e8e8; --_dark: #a0a0a0; }
.sb-root { all: initial; display: block; box-sizing: border-box; width: 100%;
  font: var(--sb-font, 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif);
  color: var(--sb-text-color, #222); --sb-l: var(--sb-light, var(--_light)); --sb-d: var(--sb-dark, var(--_dark)); }
.sb-root *, .sb-root *::before, .sb-root *::after { box-sizing: border-box; }
/* The board's width: what it is given, and no more than fits the height limit (by default the
   viewport's; the element's max-height, read by the element, sets --sb-fit-width). */
.sb-area { position: relative; margin: 0 auto;
  width: min(100%, var(--sb-fit-width, calc((100vh - 2.6em) * var(--files, 8) / var(--ranks, 8)))); }
/* What the area contributes where the board sizes itself (a flex row, an inline-block): one box
   per file, so the board is files x --sb-square-size wide there and still shrinks to one square. */
.sb-sizer { display: block; height: 0; overflow: hidden; font-size: 0; line-height: 0; visibility: hidden; }
.sb-sizer span { display: inline-block; width: var(--sb-square-size, 40px); height: 0; }
.sb-container { container-type: inline-size; width: 100%; }
.board { display: grid; width: 100%; margin: 0; padding: 0; border: var(--sb-border, 2px solid #4a4a44);
  user-select: none; -webkit-user-select: none; touch-action: manipulation; -webkit-touch-callout: none;
  --square: calc(100cqw / var(--files, 8)); }
.square { position: relative; display: flex; align-items: center; justify-content: center;
  min-width: 0; min-height: 0; margin: 0; padding: 0; }
.square.light { background: var(--sb-l); }
.square.dark { background: var(--sb-d); }
.square.hole { background: transparent; pointer-events: none; }
.board.with-holes { border-color: transparent; }
.board.with-holes .square:not(.hole) { box-shadow: inset 0 0 0 0.5px rgba(0, 0, 0, 0.15); }
.square.occupied, .square.dest { cursor: pointer; touch-action: none; }
.square.last-move { background-image: linear-gradient(var(--sb-last-move, rgba(255, 213, 0, 0.45)), var(--sb-last-move, rgba(255, 213, 0, 0.45))); }
.square.selected { background-image: linear-gradient(var(--sb-selected, rgba(20, 85, 30, 0.55)), var(--sb-selected, rgba(20, 85, 30, 0.55))); }
.square.check { background-image: radial-gradient(circle, var(--sb-check, rgba(255, 0, 0, 0.8)) 0%, rgba(255, 0, 0, 0.35) 45%, transparent 75%); }
.square.dest::after { content: ""; position: absolute; width: 30%; height: 30%; border-radius: 50%;
  background: var(--sb-dest, rgba(20, 85, 30, 0.45)); pointer-events: none; }
.square.dest.capture::after { width: 92%; height: 92%; background: transparent;
  border: calc(var(--square) * 0.07) solid var(--sb-dest, rgba(20, 85, 30, 0.45)); }
.square.drag-over { box-shadow: inset 0 0 0 calc(var(--square) * 0.06) rgba(255, 255, 255, 0.85); }
.square:focus { outline: none; }
.square:focus-visible { outline: calc(max(2px, var(--square) * 0.05)) solid var(--sb-accent, #2f6fb3);
  outline-offset: calc(-1 * max(2px, var(--square) * 0.05)); z-index: 2; }
.square.mark-activated { box-shadow: inset 0 0 0 4px rgba(40, 160, 90, 0.85); }
.square.mark-displace { box-shadow: inset 0 0 0 4px rgba(200, 60, 40, 0.9); }
.square.mark-entry { box-shadow: inset 0 0 0 3px rgba(122, 104, 166, 0.75); }
.coord { position: absolute; z-index: 2; font: 600 max(11px, calc(var(--square) * 0.2)) / 1 system-ui, sans-serif;
  pointer-events: none; }
.coord::before { content: attr(data-coord); }
.coord-file { right: 4%; bottom: 3%; }
.coord-rank { left: 4%; top: 4%; }
@container (max-width: 259px) { .coord { display: none; } }
:host([coordinates="off"]) .coord { display: none; }
.square.light .coord { color: color-mix(in srgb, var(--sb-d) 50%, #000); }
.square.dark .coord { color: color-mix(in srgb, var(--sb-d) 15%, #000); }
.square.selected .coord { color: #fff; text-shadow: 0 0 2px rgba(0, 0, 0, 0.6); }
.piece { position: relative; z-index: 1; display: block; width: var(--piece-size, 90%);
  height: var(--piece-size, 90%); pointer-events: none; }
.piece svg { display: block; width: 100%; height: 100%; overflow: visible; }
.piece.white svg { fill: var(--sb-white-fill, #fbfaf5); stroke: var(--sb-white-line, #1c1c1c); }
.piece.black svg { fill: var(--sb-black-fill, #2a2a2a); stroke: var(--sb-black-line, #0a0a0a); }
.piece.white .piece-detail[stroke="#1c1c1c"] { stroke: var(--sb-white-line, #1c1c1c); }
.piece.white .piece-detail[fill="#1c1c1c"] { fill: var(--sb-white-line, #1c1c1c); }
.piece.black .piece-detail[stroke="#ededed"] { stroke: var(--sb-black-detail, #ededed); }
.piece.black .piece-detail[fill="#ededed"] { fill: var(--sb-black-detail, #ededed); }
.piece.drag-source { opacity: 0.35; }
.piece-ghost { filter: drop-shadow(0 4px 6px rgba(0, 0, 0, 0.35)); transform-origin: center; }
.board.picking .square[data-square] { filter: brightness(0.7); }
.promotion-picker { box-shadow: 0 4px 18px rgba(0, 0, 0, 0.45); border-radius: 4px; overflow: hidden;
  background: #fafaf7; }
.promotion-picker button { border: 0; border-radius: 0; background: #fafaf7; cursor: pointer; font: inherit; color: inherit; }
.promotion-picker .promotion-choice:nth-child(odd) { background: var(--sb-l); }
.promotion-picker .promotion-choice:hover, .promotion-picker .promotion-choice:focus-visible { background: #f7e37a; outline: none; }
.promotion-picker .promotion-choice .piece { --piece-size: 86%; }
.promotion-picker .promotion-text { font-size: calc(var(--square) * 0.22); font-weight: 600; }
.promotion-picker .promotion-cancel { font-size: calc(var(--square) * 0.32); line-height: 1; color: #6b6b70;
  background: #e9e7df; }
/* The status line: as wide as the board, and never what sizes it. */
.sb-bar { display: flex; flex-wrap: wrap; gap: 0.3em; align-items: center; min-height: 1.6em;
  margin-top: 0.3em; contain: inline-size; }
.sb-text { flex: 1 1 auto; min-width: 0; }
.sb-bar[data-state]:not([data-state="ongoing"]) .sb-text { font-weight: 700; }
.sb-error { color: #b3261e; flex-basis: 100%; }
.sb-error:empty { display: none; }
.sb-buttons button { font: inherit; font-size: 0.92em; padding: 0.15em 0.5em; cursor: pointer; color: inherit;
  background: #f4f4f0; border: 1px solid #8a8a84; border-radius: 3px; }
`;

const sheets = new WeakMap();

/** The element's style sheet, made once per document (a constructed sheet belongs to one). */
export function styleSheetFor(doc) {
  if (!sheets.has(doc)) {
    const sheet = new doc.defaultView.CSSStyleSheet();
    sheet.replaceSync(CSS);
    sheets.set(doc, sheet);
  }
  return sheets.get(doc);
}
