// The app's service worker. It keeps the app and Python's files for offline use and for fast
// returning visits (the page itself network first, so a new build is picked up as soon as the
// network answers), and adds the cross-origin isolation headers on hosts that cannot send them,
// so the sandbox can interrupt runaway code.
// Pyodide's large files (PAGE_KEPT) are left to the page, which keeps them in its own store once
// they have started Python: this worker neither stores nor answers them, so they are kept once.
// PRECACHE, VERSION and PAGE_KEPT are prepended at build time.
/* global PRECACHE, VERSION, PAGE_KEPT */
const CACHE = `fixpoint-app-${VERSION}`;
// A file is found by its address alone. Hosts vary their answers on request headers (Vary: Origin,
// Accept-Encoding) that do not change which file it is, and the page's requests differ from this
// worker's in them: a module script or a crossorigin stylesheet is asked for with an Origin header,
// the worker's own fetches without. Matched by those headers, a file kept here is never found.
const BY_URL = { ignoreVary: true };

// The copy kept: the body is stored decoded, and Vary (which `Vary: *` would make impossible to
// store at all) and the transfer's encoding and length no longer describe it.
function storable(res) {
  const headers = new Headers(res.headers);
  for (const name of ['Vary', 'Content-Encoding', 'Content-Length']) headers.delete(name);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(
        PRECACHE.map(async (path) => {
          const url = new URL(path, self.registration.scope).href;
          const res = await fetch(url);
          if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
          await cache.put(url, storable(res));
        }),
      );
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

// Pages this worker saw load as this build's page. Their requests for this build's files are
// answered from its cache without asking the network: such a file's bytes change only with the
// build, and a new build comes with a new worker and a new cache. Any other page (another build's,
// or one loaded before this worker started) gets the network first.
const thisBuildPages = new Set();
const shellUrl = () => new URL('./', self.registration.scope).href;
const precached = () => new Set(PRECACHE.map((p) => new URL(p, self.registration.scope).href));
let precachedUrls;
let pageKeptUrls;

async function navigate(event, cache) {
  try {
    const res = await fetch(event.request);
    if (res.ok) {
      const shell = await cache.match(shellUrl(), BY_URL);
      if (shell && (await shell.text()) === (await res.clone().text())) thisBuildPages.add(event.resultingClientId);
    }
    return isolated(res);
  } catch (err) {
    const shell = await cache.match(shellUrl(), BY_URL);
    if (!shell) throw err;
    thisBuildPages.add(event.resultingClientId);
    return isolated(shell);
  }
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  // Model files are kept by the page itself (resumable, in its own storage): a second copy here
  // would double the space, and a partial (Range) answer cannot be cached at all.
  if (req.headers.has('range') || /\.gguf$/i.test(url.pathname)) return;
  pageKeptUrls ??= new Set(PAGE_KEPT.map((p) => new URL(p, self.registration.scope).href));
  if (pageKeptUrls.has(url.origin + url.pathname)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      if (req.mode === 'navigate') return navigate(event, cache);
      precachedUrls ??= precached();
      if (thisBuildPages.has(event.clientId) && precachedUrls.has(url.href)) {
        const hit = await cache.match(url.href, BY_URL);
        if (hit) return isolated(hit);
      }
      try {
        const res = await fetch(req);
        // Stored beside the answer, not before it: a 10 MB file reaches the page as it arrives.
        if (res.ok && !url.search) event.waitUntil(cache.put(url.href, storable(res.clone())).catch(() => undefined));
        return isolated(res);
      } catch (err) {
        const cached = await cache.match(url.href, { ...BY_URL, ignoreSearch: true });
        if (cached) return isolated(cached);
        throw err;
      }
    })(),
  );
});
