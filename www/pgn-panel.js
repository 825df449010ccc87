// The PGN panel under the FEN box: the game as PGN (shown, copied, downloaded as a .pgn file)
// and a PGN read in (pasted into the text box, or a .pgn file opened), which replaces the
// game, its variant taken from the PGN's Variant tag. A PGN the engine refuses is named in
// the page's error box and the game stays as it was.
//
//   const pgnPanel = createPgnPanel({ Game, variantInfo, players, load, showError, clearError });
//   pgnPanel.update(game)   // after every change: the text box follows the game
//
// `players()` says who plays: `{computer: 'white' | 'black' | null, level: 'hard'}`, for the
// White and Black tags; `load(game, seed)` makes a game read from a PGN the page's game (seed:
// the Seed tag's, for an Immortal game with its local referee, or undefined).
//
// The text box follows the game while the panel is open, until the user types in it: their
// text then stays (to be loaded) until they load it or press "Show this game".

const $ = (id) => document.getElementById(id);

const pad = (n) => String(n).padStart(2, '0');

/** A date as PGN writes it: `2026.12.02`. */
export function pgnDate(date) {
  return `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`;
}

const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The tags the page gives a game's PGN (the engine writes Result, Variant, the options, the
 * start and the commitment itself): Event, Site, Date, White and Black. Two players at one
 * board are not known by name: `?`, as PGN writes an unknown.
 */
export function pgnTags({ title, date, computer, level, site }) {
  const computerName = `Computer (${capitalise(level ?? 'medium')})`;
  const human = computer ? 'Player' : '?';
  return {
    Event: `Casual ${title} game`,
    Site: site,
    Date: pgnDate(date),
    White: computer === 'white' ? computerName : human,
    Black: computer === 'black' ? computerName : human,
  };
}

/** The Seed tag of a PGN text (an Immortal game's referee, disclosed), or undefined. */
function seedTag(text) {
  return /\[Seed\s+"([0-9a-f]{64})"\]/i.exec(text)?.[1];
}

export function createPgnPanel({ Game, variantInfo, players, load, showError, clearError }) {
  const ui = {
    panel: $('pgn'),
    text: $('pgn-text'),
    copy: $('pgn-copy'),
    download: $('pgn-download'),
    load: $('pgn-load'),
    show: $('pgn-show'),
    file: $('pgn-file'),
  };
  let game = null;
  // The user typed or pasted in the box: their text stays until they load it or drop it.
  let edited = false;
  // When the page first saw each game: its Date tag.
  const started = new WeakMap();

  function pgnOf(current) {
    if (!started.has(current)) started.set(current, new Date());
    const { computer, level } = players();
    let title = current.variant();
    try {
      title = variantInfo(title).title;
    } catch {
      // an unknown title: the engine's name will do
    }
    const site = /^https?:$/.test(location.protocol) ? `${location.origin}${location.pathname}` : 'Schachwerk';
    return current.pgn(pgnTags({ title, date: started.get(current), computer, level, site }));
  }

  function showGame() {
    edited = false;
    if (game && ui.panel.open) ui.text.value = pgnOf(game);
  }

  function importText(text) {
    let next;
    try {
      next = Game.fromPgn(text);
    } catch (err) {
      showError(err);
      return false;
    }
    clearError();
    edited = false;
    load(next, seedTag(text));
    return true;
  }

  async function copy() {
    const text = game ? pgnOf(game) : '';
    if (!edited) ui.text.value = text;
    try {
      await navigator.clipboard.writeText(text);
      ui.copy.textContent = 'Copied';
    } catch {
      ui.text.select(); // no clipboard access: the text is selected for Ctrl+C
      ui.copy.textContent = 'Press Ctrl+C';
    }
    setTimeout(() => (ui.copy.textContent = 'Copy'), 1500);
  }

  function download() {
    if (!game) return;
    const blob = new Blob([pgnOf(game)], { type: 'application/x-chess-pgn' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `schachwerk-${game.variant()}-${pgnDate(started.get(game)).replaceAll('.', '-')}.pgn`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }

  async function openFile() {
    const file = ui.file.files?.[0];
    if (!file) return;
    try {
      const text = await file.text();
      ui.text.value = text;
      edited = true;
      importText(text);
    } catch (err) {
      showError(err);
    } finally {
      ui.file.value = ''; // the same file may be opened again
    }
  }

  ui.panel.addEventListener('toggle', () => {
    if (!edited) showGame();
  });
  ui.text.addEventListener('input', () => (edited = true));
  ui.copy.addEventListener('click', copy);
  ui.download.addEventListener('click', download);
  ui.load.addEventListener('click', () => importText(ui.text.value));
  ui.show.addEventListener('click', showGame);
  ui.file.addEventListener('change', openFile);

  return {
    /** The page's game changed: the box shows its PGN (unless the user's text is there). */
    update(current) {
      game = current;
      if (!edited && ui.panel.open) ui.text.value = pgnOf(game);
    },
  };
}
