// The app's service worker. It keeps the app and Python's files for offline use (network first,
// so a new build is picked up as soon as the network answers), and adds the cross-origin isolation
// headers on hosts that cannot send them, so the sandbox can interrupt runaway code.
// PRECACHE and VERSION are prepended at build time.
/* global PRECACHE, VERSION */
const CACHE = `fixpoint-app-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(PRECACHE);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys())
        if (key.startsWith('fixpoint-app-') && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

function isolated(res) {
  if (res.type === 'opaque' || res.status === 0) return res;
  const headers = new Headers(res.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  // Model files are kept by the page itself (resumable, in its own storage): a second copy here
  // would double the space, and a partial (Range) answer cannot be cached at all.
  if (req.headers.has('range') || /\.gguf$/i.test(url.pathname)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const res = await fetch(req);
        // Stored beside the answer, not before it: a 10 MB file reaches the page as it arrives.
        if (res.ok && !url.search) event.waitUntil(cache.put(req, res.clone()).catch(() => undefined));
        return isolated(res);
      } catch (err) {
        const cached = await cache.match(req, { ignoreSearch: true });
        if (cached) return isolated(cached);
        if (req.mode === 'navigate') {
          const shell = await cache.match(new URL('./', self.registration.scope).href);
          if (shell) return isolated(shell);
        }
        throw err;
      }
    })(),
  );
});
