// A contact sheet of the piece pictures (www/pieces.js), for a person to look at (not a test):
// every picture in both colours, on a light and a dark square, at 80 px and at 24 px; then
// each Nietzsche sequence's pieces in order at 24 px, where two pieces of one sequence must
// not look alike. Writes target/pieces.html and, with Chromium, target/pieces.png and
// target/pieces-sequences.png (the sequences alone, at their real size).
//
//   node tools/piece-sheet.mjs            # then look at target/pieces.png
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PICTURES, pieceSvg } from '../www/pieces.js';
import { SEQUENCES } from '../www/nietzsche-sequences.js';
import { launchBrowser } from '../tests/page/helpers.mjs';

const OUT = fileURLToPath(new URL('../target/', import.meta.url));
const LIGHT = '#eeeed2';
const DARK = '#769656';

const square = (name, colour, background, size) =>
  `<span class="sq" style="background:${background};width:${size}px;height:${size}px">${pieceSvg(name, colour)}</span>`;

// One picture: white and black on light and dark squares, at 80 px and at 24 px.
function pictureRow(name) {
  const cells = [];
  for (const size of [80, 24]) {
    for (const colour of ['white', 'black']) {
      for (const background of [LIGHT, DARK]) cells.push(square(name, colour, background, size));
    }
  }
  return `<div class="row"><b>${name}</b>${cells.join('')}</div>`;
}

// One sequence: its pieces in order, white on light then black on dark, at 24 px.
function sequenceRow({ option, pieces }) {
  const line = (colour, background) => pieces.map((p) => square(p.picture, colour, background, 24)).join('');
  return `<div class="row"><b>${option}</b>${line('white', LIGHT)}<i></i>${line('black', DARK)}</div>`;
}

function sheet() {
  const style =
    'body{font:12px system-ui;margin:8px;background:#fff}.row{display:flex;align-items:center;gap:2px;margin:2px 0}' +
    'b{width:90px;font-weight:600}i{width:12px}.sq{display:inline-flex}.sq svg{width:100%;height:100%}' +
    '.cols{display:flex;gap:24px;align-items:flex-start}';
  const names = PICTURES.filter((p) => p !== 'immortal');
  const half = Math.ceil(names.length / 2);
  const column = (list) => `<div>${list.map(pictureRow).join('')}</div>`;
  return (
    `<!doctype html><meta charset="utf-8"><title>Piece pictures</title><style>${style}</style>` +
    `<div class="cols">${column(names.slice(0, half))}${column(names.slice(half))}</div>` +
    `<section id="sequences"><h3>Nietzsche sequences at 24 px</h3>${SEQUENCES.map(sequenceRow).join('')}</section>`
  );
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const html = `${OUT}pieces.html`;
  writeFileSync(html, sheet());
  console.log(html);
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1500, height: 900 });
    await page.goto(`file://${html}`);
    await page.screenshot({ path: `${OUT}pieces.png`, fullPage: true });
    console.log(`${OUT}pieces.png`);
    // The sequences apart, at their own size: a viewer that shrinks the whole sheet blurs them.
    await page.locator('#sequences').screenshot({ path: `${OUT}pieces-sequences.png` });
    console.log(`${OUT}pieces-sequences.png`);
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
