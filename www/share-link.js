// The shareable link: the URL hash names the variant, its options, the start position (when
// it is not the variant's own) and the moves, e.g.
//
//   #variant=nacht&options=castling%3Dtrue&moves=e2e3,e6e5
//   #variant=chess&fen=8%2FP6k%2F8%2F8%2F8%2F8%2F8%2FK7%20w%20-%20-%200%201&moves=a7a8q
//
// A declared end (a resignation, an agreed draw, an abandonment) is kept as `end=black%20resigned`,
// so the game is still over after a reload.
//
// It is rewritten (history.replaceState: no history entry per move) after every change, and
// applied on load and on `hashchange`. A hash that cannot be applied is named in the page's
// error box; the moves before a bad one are played, and the game shown is what the hash
// then says. `moves` holds machine strings (notation is read too), one action each.
//
// Against the computer the hash also holds the opponent, its level and the board's orientation
// (`&opponent=black&level=hard&orientation=black`, each left out at its default: no computer,
// the player's side at the bottom), so that a reload, or whoever opens the link, plays on as
// the game was. A link's values hold for its game and are not stored as the player's settings
// (settings.js); a value that is not one of the setting's choices is named in the error box,
// and the game is played with the default instead.
//
// Immortal Chess with the page's local referee: what does a player expect of the link?
// - Whoever opens it must not learn the hidden Immortals. The seed gives away the whole deal,
//   so by default the hash holds the commitment (public from the start) but not the seed.
// - Reloading one's own game in progress must keep the same deal. The page therefore draws
//   its random seeds itself and keeps each in sessionStorage under its commitment (this tab
//   only, gone with it): a reload finds the seed by the commitment in the hash.
// - Someone else's browser has no seed: it replays the public record (each entry with the
//   piece it revealed) as a game without a referee, says so, and can show the game but not
//   reveal a new entry, since nobody there knows the deal.
// - To continue the same deal elsewhere, the user ticks "with the seed": the hash then holds
//   it, on their explicit choice. Once the game is over the seed is disclosed anyway (the page
//   shows it for "Verify"), so the hash holds it from then on.

import { playRecorded } from './game-host.js';
import { SETTINGS } from './settings.js';
import { setText } from './dom-text.js';

const $ = (id) => document.getElementById(id);

const HEX64 = /^[0-9a-f]{64}$/i;
// Who plays and how the board is turned: the settings of settings.js a link may carry.
const PLAYERS = ['opponent', 'level', 'orientation'];
const KEYS = ['variant', 'options', 'fen', 'moves', 'end', 'commitment', 'seed', ...PLAYERS];
const STORE = 'schachwerk.seed.';

/** 64 random hex digits from the browser's CSPRNG: a deal the page knows the seed of. */
export function randomSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const linkError = (message, cause) =>
  Object.assign(new Error(cause ? `${message}: ${cause.message ?? cause}` : message), { code: cause?.code ?? 'bad_link' });

// Readable: commas, colons, slashes and @ stay as they are.
const encode = (value) => encodeURIComponent(value).replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%40/g, '@');

/** The hash as {variant, options, fen, moves, commitment, seed}; null when it is no game link. */
export function parseHash(hash) {
  const text = hash.replace(/^#/, '');
  if (!text) return null;
  const found = {};
  for (const part of text.split('&')) {
    const at = part.indexOf('=');
    const key = at < 0 ? part : part.slice(0, at);
    if (!KEYS.includes(key)) continue;
    try {
      found[key] = decodeURIComponent(at < 0 ? '' : part.slice(at + 1));
    } catch (err) {
      throw linkError(`The link's ${key} could not be read (${err.message})`);
    }
  }
  if (Object.keys(found).length === 0) return null;
  if (!found.variant) throw linkError('The link names no variant (#variant=...)');
  if (found.seed !== undefined && !HEX64.test(found.seed)) throw linkError("The link's seed is not 64 hex digits");
  return {
    variant: found.variant,
    options: found.options ?? '',
    fen: found.fen || null,
    moves: (found.moves ?? '').split(',').map((m) => m.trim()).filter(Boolean),
    end: found.end || null,
    commitment: found.commitment || null,
    seed: found.seed || null,
    players: Object.fromEntries(PLAYERS.filter((key) => found[key] !== undefined).map((key) => [key, found[key]])),
  };
}

/** The side at the bottom when the link does not say: the player's (White's without a computer). */
const defaultOrientation = (opponent) => (opponent === 'white' ? 'black' : 'white');

/**
 * A link's players as the page's settings: `{opponent, level, orientation}` (level undefined:
 * the player's own), and a sentence for each value that is not one of its setting's choices.
 */
export function checkPlayers(players) {
  const problems = [];
  const valid = (key) => {
    const value = players[key];
    if (value === undefined) return undefined;
    if (SETTINGS[key].choices.includes(value)) return value;
    problems.push(`The link's ${key} must be ${SETTINGS[key].choices.join(', ')} (not ${JSON.stringify(value)})`);
    return undefined;
  };
  const opponent = valid('opponent') ?? 'off';
  const level = valid('level');
  const orientation = valid('orientation') ?? defaultOrientation(opponent);
  return { players: { opponent, level, orientation }, problems };
}

/** The hash's part for the players: only what differs from a game without the computer. */
function playersOf({ opponent, level, orientation }) {
  const parts = {};
  if (opponent !== 'off') Object.assign(parts, { opponent, level });
  if (orientation !== defaultOrientation(opponent)) parts.orientation = orientation;
  return parts;
}

export function buildHash({ variant, options, fen, moves, end = null, commitment, seed, players = {} }) {
  const parts = [['variant', variant]];
  if (options) parts.push(['options', options]);
  if (fen) parts.push(['fen', fen]);
  if (moves.length) parts.push(['moves', moves.join(',')]);
  if (end) parts.push(['end', end]);
  if (commitment) parts.push(['commitment', commitment]);
  if (seed) parts.push(['seed', seed]);
  for (const key of PLAYERS) if (players[key]) parts.push([key, players[key]]);
  return `#${parts.map(([k, v]) => `${k}=${encode(v)}`).join('&')}`;
}

/** Declares a record's end (`white resigned`, `black resigned`, `agreement`, `abandoned`) on `game`. */
function declareEnd(game, end) {
  const resigned = /^(white|black) resigned$/.exec(end);
  if (resigned) return game.resign(resigned[1]);
  if (end === 'agreement') return game.agreeDraw();
  if (end === 'abandoned') return game.abandon();
  throw linkError('it must be white resigned, black resigned, agreement or abandoned');
}

function storedSeed(commitment) {
  try {
    return (commitment && sessionStorage.getItem(STORE + commitment)) || null;
  } catch {
    return null; // storage refused (a privacy setting): the deal is then not kept
  }
}

/**
 * A refereed game's seed once the game is over (its referee discloses it then), else null.
 * Not asked while the game goes on: the engine would refuse, and each refusal, an Error made
 * on every move, was a noticeable part of a move's drawing (issue 27's budget).
 */
export function disclosedSeed(game) {
  if (!game.commitment?.() || game.status().state === 'ongoing') return null;
  try {
    return game.disclose() ?? null;
  } catch {
    return null;
  }
}

/**
 * `start(variant, optionsText, fen, seed)` starts the page's game and returns it (throws when
 * the engine refuses; seed: a string, null for a game without a referee, undefined for the
 * page's own choice); `refresh()` redraws; `showError(err)` names a problem. `players()` is
 * the page's `{opponent, level, orientation}` now; `usePlayers(players)` sets them for a
 * link's game (before `start`; level undefined: the page's own).
 */
export function createShareLink({ Game, variantInfo, start, refresh, showError, players = null, usePlayers = () => {} }) {
  const ui = { link: $('share-link'), copy: $('copy-link'), withSeed: $('share-seed'), note: $('link-note') };
  const defaults = new Map();
  let written = null;
  // A game without a referee started from a link keeps the link's commitment in its hash, so
  // whoever has it can check the seed once the referee discloses it.
  let carried = { game: null, commitment: null };
  // Whether a referee reveals the variant's hidden identities (Immortal Chess); an unknown
  // variant has none (the game then refuses it).
  const hiddenIdentities = (variant) => {
    try {
      return variantInfo(variant).hiddenIdentities;
    } catch {
      return false;
    }
  };

  // The variant's own start for these options, to leave it out of the hash.
  function defaultStart(record) {
    const key = JSON.stringify([record.variant, record.options]);
    if (!defaults.has(key)) {
      let fen = null;
      try {
        const fresh = new Game(record.variant, record.options, null);
        fen = fresh.fen();
        fresh.free();
      } catch {
        fen = null;
      }
      defaults.set(key, fen);
    }
    return defaults.get(key);
  }

  function hashOf(game) {
    const record = game.record();
    const options = Object.entries(record.options).map(([k, v]) => `${k}=${v}`).join(' ');
    const commitment = game.commitment?.() ?? (carried.game === game ? carried.commitment : null);
    let seed = null;
    if (game.commitment?.()) seed = disclosedSeed(game) ?? (ui.withSeed?.checked ? storedSeed(commitment) : null);
    return buildHash({
      variant: record.variant,
      options,
      fen: record.start === defaultStart(record) ? null : record.start,
      moves: record.actions,
      end: record.end ?? null,
      commitment,
      seed,
      players: players ? playersOf(players()) : {},
    });
  }

  function apply(hash) {
    let link;
    try {
      link = parseHash(hash);
    } catch (err) {
      showError(err);
      return false;
    }
    if (!link) return false;
    if (hash === written) return true; // already the game shown
    let seed;
    if (hiddenIdentities(link.variant)) {
      seed = link.seed ?? storedSeed(link.commitment);
      if (!seed && (link.commitment || link.moves.length)) seed = null; // the deal is not known here
    }
    const checked = checkPlayers(link.players);
    const before = players?.();
    usePlayers(checked.players);
    let game;
    try {
      game = start(link.variant, link.options, link.fen, seed);
    } catch (err) {
      if (before) usePlayers(before); // the game shown stays, and so do its players
      showError(linkError(`The link's game could not be started`, err));
      return false;
    }
    // After the start, which clears the error box; a bad move below is named instead.
    if (checked.problems.length) showError(linkError(checked.problems.join('; ')));
    const refereed = Boolean(game.commitment?.());
    carried = { game: refereed ? null : game, commitment: link.commitment };
    if (refereed && link.commitment && game.commitment() !== link.commitment) {
      showError(linkError("The link's seed does not match its commitment"));
    }
    let played = true;
    for (const [i, action] of link.moves.entries()) {
      // A referee reveals each entry from its deal; the link's piece must be the same.
      try {
        playRecorded(game, action);
      } catch (err) {
        showError(linkError(`The link's move ${i + 1}, ${action}, was not played`, err));
        played = false;
        break;
      }
    }
    // A resignation, an agreed draw or an abandonment: the game stays over after a reload.
    if (link.end && played) {
      try {
        declareEnd(game, link.end);
      } catch (err) {
        showError(linkError(`The link's end, ${link.end}, could not be declared`, err));
      }
    }
    refresh();
    return true;
  }

  // The address bar follows the game a frame later, in a task of its own: nothing on the page
  // waits for it, and a new address has Chromium fetch the tab's icon again (index.html says
  // why that icon is a PNG). Several updates in one frame write the last address once.
  let addressWanted = null;
  const currentAddress = () => `${location.pathname}${location.search}${location.hash}`;
  // The address as the page last left it. One that differs when a write comes due was set by
  // the user (a link pasted or edited) after the move that asked for the write: its
  // `hashchange` is on its way, and it wins.
  let addressLeft = currentAddress();
  function writeAddress(url) {
    const first = addressWanted === null;
    addressWanted = url;
    // A hidden page draws no frames (the computer may move in a background tab): at once.
    if (document.hidden) flushAddress();
    else if (first) requestAnimationFrame(() => setTimeout(flushAddress));
  }
  function flushAddress() {
    const url = addressWanted;
    addressWanted = null;
    const now = currentAddress();
    if (url === null || url === now || now !== addressLeft) return;
    history.replaceState(history.state, '', url);
    addressLeft = currentAddress();
  }
  // Leaving or hiding the page writes at once: a reload or a bookmark sees the last move.
  addEventListener('pagehide', flushAddress);
  document.addEventListener('visibilitychange', flushAddress);

  function update(game) {
    const hash = hashOf(game);
    const bare = game.variant() === 'chess' && hash === '#variant=chess';
    const url = `${location.pathname}${location.search}${bare ? '' : hash}`;
    writeAddress(url);
    written = bare ? '' : hash;
    if (ui.link) ui.link.value = new URL(url, location.href).href;
    const commitment = game.commitment?.() ?? null;
    if (ui.withSeed) {
      const known = Boolean(storedSeed(commitment));
      ui.withSeed.disabled = !known;
      ui.withSeed.closest('label')?.setAttribute(
        'title',
        known ? 'Whoever opens the link can work out every hidden Immortal' : 'This deal was not made by the page: its seed is not known',
      );
    }
    if (ui.note) {
      const unrefereed = hiddenIdentities(game.variant()) && !commitment;
      ui.note.hidden = !unrefereed;
      setText(
        ui.note,
        unrefereed
          ? 'This game came from a link without its seed: it is replayed from its public record. Nobody here knows the deal, so no new Immortal can be revealed; moves and Pass can be played.'
          : '',
      );
    }
  }

  /** A game was started with `seed` (the page's or the user's): keep it for a reload. */
  function dealt(game, seed) {
    const commitment = game.commitment?.();
    if (!commitment || !HEX64.test(seed ?? '')) return;
    try {
      sessionStorage.setItem(STORE + commitment, seed.toLowerCase());
    } catch {
      // storage refused: a reload then cannot continue this deal
    }
  }

  ui.withSeed?.addEventListener('change', () => refresh());
  ui.copy?.addEventListener('click', async () => {
    ui.link.select();
    try {
      await navigator.clipboard.writeText(ui.link.value);
      ui.copy.textContent = 'Copied';
    } catch {
      ui.copy.textContent = 'Press Ctrl+C'; // the text is selected
    }
    setTimeout(() => (ui.copy.textContent = 'Copy'), 1500);
  });
  window.addEventListener('hashchange', () => {
    // The address the user went to wins over one still waiting to be written.
    addressWanted = null;
    addressLeft = currentAddress();
    apply(location.hash);
  });

  return { apply, update, dealt };
}
