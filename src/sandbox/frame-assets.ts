// What a sandbox frame is given: its own code and the workers', and Python's files, fetched by the
// page from its own origin (the frame can fetch nothing). Each is fetched once per page; every
// frame gets the same Blobs.
import frameUrl from './frame/frame.ts?worker&url';
import workerUrl from './frame/python-worker.ts?worker&url';
import jsWorkerUrl from './frame/javascript/worker.ts?worker&url';
import type { PyodideAssets } from '../shared/sandbox-protocol.ts';
import { BUILT_SNAPSHOT, PAGE_KEPT_FILES } from '../shared/python-boot.ts';
import { snapshotCache, type SnapshotCache } from './snapshot-cache.ts';
import { pythonFilesCache, type PythonFilesCache } from './python-files-cache.ts';

// The build's digest of Pyodide's files (vite.config.ts); absent where the page is not built by it.
declare const __PYODIDE_FILES__: string | undefined;
const FILES_VERSION = typeof __PYODIDE_FILES__ === 'string' ? __PYODIDE_FILES__ : undefined;

export interface Loaded {
  assets: PyodideAssets;
  frameSource: string;
  workerSource: string;
  jsWorkerSource: string;
  /** The snapshot built with the app (compressed), when the server has one. */
  builtSnapshot?: Blob;
}

let assetsPromise: Promise<Loaded> | undefined;
// Python's large files: where they are kept between visits, and the ones this page fetched (and
// so keeps) when they were not kept already.
let pythonFiles: { cache: PythonFilesCache; fetched?: Record<string, Blob>; saved?: Promise<void> } | undefined;

/**
 * A file of this origin, read by `read`. A transfer cut short (a network error, not an HTTP status)
 * is tried once more: two tabs opening at once, or the service worker taking over mid-download,
 * can drop one; the error names the file.
 */
async function fetchRead<T>(url: string, read: (res: Response) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url);
      if (!res.ok) throw new HttpError(`HTTP ${res.status}`);
      return await read(res);
    } catch (err) {
      if (attempt < 2 && !(err instanceof HttpError)) continue;
      throw new Error(`could not load ${url}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }
}

class HttpError extends Error {}

interface Sources {
  frameSource: string;
  workerSource: string;
  jsWorkerSource: string;
}

let sourcesPromise: Promise<Sources> | undefined;

/** The frame's and workers' own code: small, so the frame and JavaScript start before Python's files arrive. */
export function loadSources(): Promise<Sources> {
  sourcesPromise ??= (async () => {
    const [frameSource, workerSource, jsWorkerSource] = await Promise.all(
      [frameUrl, workerUrl, jsWorkerUrl].map((u) => fetchRead(u, (r) => r.text())),
    );
    return { frameSource: frameSource!, workerSource: workerSource!, jsWorkerSource: jsWorkerSource! };
  })();
  sourcesPromise.catch(() => (sourcesPromise = undefined));
  return sourcesPromise;
}

export interface Lookup {
  lock: string;
  sources: Sources;
  harness: Record<string, string>;
  snapshots: SnapshotCache;
  /** This browser's own snapshot, as looked up now (for the first frame). */
  ownSnapshot?: Blob;
}

let lookupPromise: Promise<Lookup> | undefined;

/**
 * The small files, and with them this browser's own snapshot looked up: a frame is handed that
 * while Python's large files still arrive, so reading it does not wait for them.
 */
export function lookupSnapshot(): Promise<Lookup> {
  lookupPromise ??= (async () => {
    const base = new URL('pyodide/', document.baseURI).href;
    const [lock, sources, { harnessSources }] = await Promise.all([
      fetchRead(base + 'pyodide-lock.json', (r) => r.text()),
      loadSources(),
      // The harness's Python sources are their own chunk, so the first paint does not wait for them.
      import('./harness-sources.ts'),
    ]);
    const harness: Record<string, string> = {};
    for (const [path, source] of Object.entries(harnessSources)) harness[path.split('/').pop()!] = source;
    const snapshots = snapshotCache([
      lock,
      sources.frameSource,
      sources.workerSource,
      ...Object.keys(harness)
        .sort()
        .map((k) => `${k}\n${harness[k]}`),
    ]);
    return { lock, sources, harness, snapshots, ownSnapshot: await snapshots.load() };
  })();
  lookupPromise.catch(() => (lookupPromise = undefined));
  return lookupPromise;
}

/** Fetched once per page; every frame gets the same Blobs. */
export function loadAssets(): Promise<Loaded> {
  assetsPromise ??= (async () => {
    const base = new URL('pyodide/', document.baseURI).href;
    type Name = keyof typeof PAGE_KEPT_FILES;
    const urls = Object.fromEntries(Object.entries(PAGE_KEPT_FILES).map(([k, name]) => [k, base + name])) as Record<
      Name,
      string
    >;
    const cache = pythonFilesCache(FILES_VERSION, urls);
    const kept = cache.load();
    const blob = async (key: Name): Promise<Blob> => (await kept)?.[key] ?? fetchRead(urls[key], (r) => r.blob());
    const small = lookupSnapshot();
    // Asked for only where this browser has no unpacked copy of its own: 6 MB not read at all.
    // A development server has none: Python then boots from scratch and the page makes its own.
    // (A server that answers every path with the page is not offering one.)
    const built = small.then(({ ownSnapshot }) =>
      ownSnapshot
        ? undefined
        : fetch(base + BUILT_SNAPSHOT)
            .then((r) => (r.ok && !r.headers.get('Content-Type')?.includes('text/html') ? r.blob() : undefined))
            .catch(() => undefined),
    );
    const [pyodideMjs, asmMjs, wasm, stdlib, builtSnapshot, { lock, sources, harness }] = await Promise.all([
      blob('pyodideMjs'),
      blob('asmMjs'),
      blob('wasm'),
      blob('stdlib'),
      built,
      small,
    ]);
    pythonFiles = { cache, fetched: (await kept) ? undefined : { pyodideMjs, asmMjs, wasm, stdlib } };
    const assets = { pyodideMjs, asmMjs, wasm, stdlib, lock, harness };
    return { assets, ...sources, builtSnapshot };
  })();
  assetsPromise.catch(() => (assetsPromise = undefined));
  return assetsPromise;
}

/**
 * Keeps Python's files for later visits, once they have booted Python: stored once per page, and
 * only when this page fetched them. Settles when they are stored, or there is nothing to store.
 */
export function keepPythonFiles(): Promise<void> {
  const files = pythonFiles;
  if (!files?.fetched) return Promise.resolve();
  return (files.saved ??= files.cache.save(files.fetched));
}

/**
 * Python did not start from these files: the next visit fetches them again. Says whether they
 * were this browser's kept copy (a reload then fetches them anew).
 */
export function forgetPythonFiles(): { kept: boolean; dropped: Promise<void> } {
  const files = pythonFiles;
  return { kept: files !== undefined && !files.fetched, dropped: files?.cache.drop() ?? Promise.resolve() };
}
