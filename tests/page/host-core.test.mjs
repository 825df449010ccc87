// The hosts hold no rules (issue 22): what a variant decides (its prompts, marks, options,
// piece names, promotion order, check squares, reveals) comes from the engine as data, and
// what a host does with a game lives once, in www/game-host.js. This reads the page's and the
// element's code (comments left out) for a variant named in it, and the board for any rule.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { WWW } from './helpers.mjs';

const VARIANTS = /\b(impulschach|immortal|nietzsche|nacht|quintessential)\b/i;

// The code without its comments: block comments, then line comments not inside a string or URL.
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const linesMatching = (text, pattern) =>
  code(text)
    .split('\n')
    .map((line, i) => [i + 1, line])
    .filter(([, line]) => pattern.test(line));

describe('the host core', () => {
  for (const file of ['app.js', 'schach-board.js']) {
    it(`${file} names no variant in its code`, async () => {
      const found = linesMatching(await readFile(join(WWW, file), 'utf8'), VARIANTS);
      assert.deepEqual(found, [], `per-variant logic belongs in the engine: ${found.map(([n, l]) => `${n}: ${l.trim()}`).join('; ')}`);
    });
  }

  it('board.js looks at no variant and no game', async () => {
    const found = linesMatching(await readFile(join(WWW, 'board.js'), 'utf8'), /\bvariant\b|legalActions|decision\(/);
    assert.deepEqual(found, [], found.map(([n, l]) => `${n}: ${l.trim()}`).join('; '));
  });

  it('app.js and schach-board.js draw and play through game-host.js', async () => {
    for (const file of ['app.js', 'schach-board.js']) {
      const text = code(await readFile(join(WWW, file), 'utf8'));
      assert.match(text, /from '\.\/game-host\.js'/, file);
      assert.match(text, /createGameHost\(/, file);
      // The promotion picker and its order, the move map and the check squares are the host core's.
      assert.doesNotMatch(text, /choosePromotion\(|setDestinations\(|setCheck\(|inCheck\(\)/, file);
    }
  });
});
