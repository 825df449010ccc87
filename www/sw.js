// The service worker that lets the page play offline: it keeps every file the page and the
// widget load (precache.js, which ./build.sh writes: the files found from index.html and
// embed.html, and a version hashed from their contents) in a cache named after that version.
//
// Network first: online, every file comes from the server as before (and refreshes the
// cache), so a page being edited is never served stale; offline, from the cache. A new build
// changes precache.js, so the browser installs the new worker, which fills a new cache and
// deletes the old ones.
importScripts('precache.js'); // self.PRECACHE = {version, files}

const { version, files } = self.PRECACHE;
const CACHE = `schachwerk-${version}`;
const scope = new URL(self.registration.scope);
// The page's own URL ('./') as well as its files.
const urls = new Set(['./', ...files].map((file) => new URL(file, scope).href));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...urls].map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
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
