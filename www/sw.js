// The service worker that lets the page play offline: it keeps every file the page and the
// widget load (precache.js, which ./build.sh writes: the files found from index.html and
// embed.html, and a version hashed from their contents) in a cache named after that version.
//
// Network first: online, every file comes from the server as before (and refreshes the
// cache), so a page being edited is never served stale; offline, from the cache. A new build
// changes precache.js, so the browser installs the new worker, which fills a new cache and
// deletes the old ones.
//
// A file is fetched for the cache only when no copy of it is at hand: the install takes the
// wasm the page has just fetched (www/engine-load.js leaves it in the cache
// 'schachwerk-fetched' on a first visit) and the files of the previous version's cache, when
// their bytes are those the precache list names (its SHA-256), so that a first visit fetches
// the wasm once and a new version only the files that changed.
importScripts('precache.js'); // self.PRECACHE = {version, files, sha256: {file: hex}}

const { version, files, sha256 = {} } = self.PRECACHE;
const CACHE = `schachwerk-${version}`;
const scope = new URL(self.registration.scope);
// The page's own URL ('./') as well as its files.
const urls = new Set(['./', ...files].map((file) => new URL(file, scope).href));
// Each file's SHA-256 by its URL.
const digests = new Map(Object.entries(sha256).map(([file, hex]) => [new URL(file, scope).href, hex]));

async function digestOf(response) {
  const bytes = await response.clone().arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A copy of `url` with the bytes this version lists, from another of the page's caches; or null. */
async function copyAtHand(url) {
  const wanted = digests.get(url);
  if (!wanted || !self.crypto?.subtle) return null;
  const names = (await caches.keys()).filter((name) => name.startsWith('schachwerk-') && name !== CACHE);
  for (const cacheName of names) {
    const response = await caches.match(url, { cacheName });
    if (response?.ok && (await digestOf(response)) === wanted) return response;
  }
  return null;
}

/** Every file in this version's cache: the copy at hand, else fetched (past the HTTP cache). */
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    [...urls].map(async (url) => {
      const copy = await copyAtHand(url).catch(() => null);
      if (copy) await cache.put(url, copy);
      else await cache.add(new Request(url, { cache: 'reload' }));
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('schachwerk-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  url.hash = '';
  url.search = '';
  const navigation = request.mode === 'navigate';
  // A navigation to a page with a query (index.html?x) is still the page.
  const key = urls.has(url.href) ? url.href : null;
  if (!key) return; // not one of the page's files: the network, as without a worker
  event.respondWith(
    fetch(request).then(
      (response) => {
        if (response.ok && response.type === 'basic') {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
        }
        return response;
      },
      async (err) => {
        const cached = await caches.match(key, { cacheName: CACHE });
        if (cached) return cached;
        if (navigation) {
          const page = await caches.match(new URL('./', scope).href, { cacheName: CACHE });
          if (page) return page;
        }
        throw err;
      },
    ),
  );
});
