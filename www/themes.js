// The page's look from the settings (settings.js): the board theme and the colour scheme, as
// attributes on <html> that style.css's "board themes and dark mode" section reads.
//
//   import { applyLook } from './themes.js';
//   applyLook(settings);   // now, and again whenever either setting changes
//
//   <html data-board-theme="brown" data-color-scheme="dark">
//
// The board themes are those of <schach-board>'s board-theme attribute (schach-board-style.js),
// in the same colours. colorScheme `auto` follows the system (prefers-color-scheme) in CSS
// alone, so a system in dark mode gets the dark page from the first paint; `light` and `dark`
// override it.

const LOOK = { boardTheme: 'boardTheme', colorScheme: 'colorScheme' };

export function applyLook(settings, root = globalThis.document?.documentElement) {
  if (!root) return;
  const show = (name) => {
    root.dataset[LOOK[name]] = settings.get(name);
  };
  for (const name of Object.keys(LOOK)) show(name);
  settings.onChange((name) => {
    if (name in LOOK) show(name);
  });
}
