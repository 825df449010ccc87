// settings.js on its own, in Node with a stand-in for localStorage: defaults, what is stored,
// and stored values that are not the setting's (an older page's, a hand edit's) ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSettings, SETTINGS, SETTINGS_KEY } from '../../www/settings.js';

function memoryStorage(initial = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, String(v)), map };
}

test('a new visitor gets every default', () => {
  const settings = createSettings({ storage: memoryStorage() });
  for (const [name, spec] of Object.entries(SETTINGS)) assert.equal(settings.get(name), spec.default, name);
});

test('a set value is stored and read back by the next page', () => {
  const storage = memoryStorage();
  const first = createSettings({ storage });
  const seen = [];
  first.onChange((name, value) => seen.push([name, value]));
  first.set('level', 'hard');
  first.set('sound', false);
  first.set('sound', false); // no change: no second notice
  assert.deepEqual(seen, [['level', 'hard'], ['sound', false]]);
  const next = createSettings({ storage });
  assert.equal(next.get('level'), 'hard');
  assert.equal(next.get('sound'), false);
});

test('bad values are refused when set and ignored when stored', () => {
  const storage = memoryStorage({ [SETTINGS_KEY]: JSON.stringify({ level: 'godlike', sound: 'yes', opponent: 'black', junk: 1 }) });
  const settings = createSettings({ storage });
  assert.equal(settings.get('level'), 'medium');
  assert.equal(settings.get('sound'), true);
  assert.equal(settings.get('opponent'), 'black');
  assert.throws(() => settings.set('level', 'godlike'), /bad value for setting level/);
  assert.throws(() => settings.get('junk'), /unknown setting/);
  assert.equal(createSettings({ storage: memoryStorage({ [SETTINGS_KEY]: '{not json' }) }).get('level'), 'medium');
});

test('a storage that refuses writes leaves the settings working for the page', () => {
  const storage = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
  const settings = createSettings({ storage });
  settings.set('boardTheme', 'blue');
  assert.equal(settings.get('boardTheme'), 'blue');
});
