/* global self, caches, Request, Response, VERSION, PRECACHE */
/**
 * The app's service worker (docs/minutes.md#offline-board-book, docs/how-to-add-a-page.md#offline). The build
 * (vite.config.ts, plugin `service-worker`) writes it to dist/sw.js with two constants in front of this text:
 *   VERSION   a hash of the build's files: a new build is a new worker and a new cache
 *   PRECACHE  every file of the build (index.html, scripts, styles, the pdf.js worker, icons, manifest)
 *
 * It keeps the app shell only: the precached files are answered from the cache, and a page navigation goes to the
 * network first and falls back to the cached index.html (the router then shows the page). It never answers /api,
 * /ws or /admin: the board book and the agenda kept offline live in IndexedDB, per signed-in user, and the pages
 * read them themselves when the network fails.
 */
const CACHE = `app-shell-${VERSION}`;
const SHELL = '/index.html';
const PASS = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/admin\//, /^\/health(\/|$)/, /^\/metrics$/, /^\/manual-[a-z]+\.pdf$/];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((p) => new Request(p, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('app-shell-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || PASS.some((re) => re.test(url.pathname))) return;
  if (req.mode === 'navigate') {
    // the network first (a new build's index.html), the cached shell when it fails
    event.respondWith(
      fetch(req).catch(() => caches.open(CACHE).then((c) => c.match(SHELL)).then((r) => r || Response.error())),
    );
    return;
  }
  const path = url.pathname === '/' ? SHELL : url.pathname;
  if (!PRECACHE.includes(path)) return;
  event.respondWith(caches.open(CACHE).then((c) => c.match(path)).then((hit) => hit || fetch(req)));
});
