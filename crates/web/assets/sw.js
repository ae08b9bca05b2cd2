// The service worker (docs/web.md "Offline play"): the page loads and a game goes on without
// the server.
//
// - The app shell (both pages and every file they use) is precached on install, in a cache
//   named after the version of the assets; both come from /sw-assets.js, which the server writes
//   from its embedded files (crates/web/src/assets.rs), so a new module is never forgotten and
//   any change of an asset makes a new cache. Old caches are deleted on activate.
// - The shell is served cache first (a page's navigation by its address, "/" or "/records").
// - /api is network first: GET /api/options and /api/records* fall back to their last answer
//   when the server cannot be reached; nothing else under /api is cached (a game's state must
//   come from the server or not at all, and POSTs are never answered from a cache).
importScripts('/sw-assets.js');

const PREFIX = 'tessera-';
const CACHE = PREFIX + 'shell-' + self.TESSERA_VERSION;
const API_CACHE = PREFIX + 'api';
const SHELL = self.TESSERA_SHELL;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // 'reload': past the HTTP cache, whose copies may be an hour old.
    await cache.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names
      .filter((name) => name.startsWith(PREFIX + 'shell-') && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

/** GET /api answers worth keeping for when the server cannot be reached. */
function keepsApi(path) {
  return path === '/api/options' || path === '/api/records' || path === '/api/records/summary';
}

async function networkFirst(request, path) {
  try {
    const response = await fetch(request);
    if (response.ok && keepsApi(path)) {
      const cache = await caches.open(API_CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (e) {
    const cached = keepsApi(path) ? await caches.match(request, { cacheName: API_CACHE }) : undefined;
    if (cached) return cached;
    throw e;
  }
}

async function cacheFirst(request, url) {
  const cache = await caches.open(CACHE);
  const key = request.mode === 'navigate' ? (url.pathname === '/records' ? '/records' : url.pathname) : request;
  const cached = await cache.match(key, { ignoreSearch: request.mode === 'navigate' });
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch (e) {
    // A page of the site that is not in the shell: the game page is better than nothing.
    if (request.mode === 'navigate') {
      const page = await cache.match('/');
      if (page) return page;
    }
    throw e;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    event.respondWith(networkFirst(request, url.pathname));
  } else if (url.pathname === '/sw.js' || url.pathname === '/sw-assets.js') {
    // The worker's own scripts: always from the server.
  } else {
    event.respondWith(cacheFirst(request, url));
  }
});
