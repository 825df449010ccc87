// What a page of www/ loads: its HTML, then every file reached from it through
// <script src>, <link href>, <img src>, JS imports (static and dynamic), `new URL('...',
// import.meta.url)` (the worker, the wasm), CSS url(...) and the web app manifest's icons.
// Used by the service worker's precache list (./build.sh), bench/size.mjs and the offline test.
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, normalize, relative } from 'node:path';

const PATTERNS = {
  html: [
    /<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi,
    /<link\b[^>]*\bhref\s*=\s*["']([^"']+)["']/gi,
    /<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi,
    // Inline module scripts import too.
    /\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g,
  ],
  js: [
    /\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g,
    /\bexport\s*[\w$*{}\s,]+from\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\bnew URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g,
  ],
  css: [/url\(\s*["']?([^"')]+)["']?\s*\)/g],
};

const kind = (file) =>
  file.endsWith('.html') ? 'html' : /\.m?js$/.test(file) ? 'js' : file.endsWith('.css') ? 'css' : null;

/** Strips comments, so that a usage example in a comment is not taken for an import. */
function code(text, type) {
  if (type === 'js') return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  if (type === 'html') return text.replace(/<!--[\s\S]*?-->/g, '').replace(/<pre\b[\s\S]*?<\/pre>/gi, '');
  return text;
}

/**
 * The files (paths relative to `root`, '/'-separated) that `entries` (e.g. ['index.html'])
 * load, the entries first. Missing files are listed in `missing`.
 */
export async function pageAssets(root, entries = ['index.html']) {
  const seen = new Set();
  const missing = [];
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    const path = join(root, file);
    try {
      if (!(await stat(path)).isFile()) throw new Error('not a file');
    } catch {
      missing.push(file);
      continue;
    }
    seen.add(file);
    const type = file.endsWith('.webmanifest') ? 'manifest' : kind(file);
    if (!type) continue;
    const text = await readFile(path, 'utf8');
    const refs = [];
    if (type === 'manifest') {
      const manifest = JSON.parse(text);
      for (const icon of manifest.icons ?? []) refs.push(icon.src);
    } else {
      for (const pattern of PATTERNS[type]) for (const m of code(text, type).matchAll(pattern)) refs.push(m[1]);
    }
    for (const ref of refs) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//') || ref.startsWith('#')) continue; // data:, https:, ...
      const clean = ref.split(/[?#]/)[0];
      if (!clean) continue;
      const target = normalize(join(dirname(file), clean)).split('\\').join('/');
      if (target.startsWith('..')) continue;
      queue.push(relative('.', target).split('\\').join('/'));
    }
  }
  return Object.assign([...seen], { missing });
}
