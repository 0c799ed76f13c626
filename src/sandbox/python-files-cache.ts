// Keeps Python's large files (Pyodide's two modules, its wasm and the standard library, 13 MB)
// in Cache Storage between visits. A Blob from there reaches the sandbox frame straight from
// storage; one fetched again from the HTTP cache first passes through the network service and
// into the browser's own blob store before the frame reads it, about 0.1 s of CPU on every
// returning visit. Keyed by the build's digest of the files: a build with other files finds
// nothing and replaces what an older one kept.
import { quietly } from './quietly.ts';

const CACHE = 'fixpoint-python-files';

export interface PythonFilesCache {
  /** Every one of the files, or undefined when any is missing (or storage is unavailable). */
  load(): Promise<Record<string, Blob> | undefined>;
  save(files: Record<string, Blob>): Promise<void>;
  drop(): Promise<void>;
}

/** `version` is the build's digest of the files; without one nothing is kept. */
export function pythonFilesCache(version: string | undefined, urls: Record<string, string>): PythonFilesCache {
  const keyOf = (url: string): string => `${url}?files=${version}`;
  const open = async (): Promise<Cache | undefined> =>
    version && typeof caches !== 'undefined' ? caches.open(CACHE) : undefined;
  return {
    load: () =>
      quietly(async () => {
        const cache = await open();
        if (!cache) return undefined;
        const entries = await Promise.all(
          Object.entries(urls).map(async ([name, url]) => [name, await cache.match(keyOf(url))] as const),
        );
        if (entries.some(([, res]) => !res)) return undefined;
        return Object.fromEntries(await Promise.all(entries.map(async ([name, res]) => [name, await res!.blob()])));
      }),
    save: async (files) => {
      await quietly(async () => {
        const cache = await open();
        if (!cache) return;
        const keep = new Set(Object.values(urls).map(keyOf));
        for (const old of await cache.keys()) if (!keep.has(old.url)) await cache.delete(old);
        for (const [name, url] of Object.entries(urls)) {
          const blob = files[name];
          if (blob) await cache.put(keyOf(url), new Response(blob));
        }
      });
    },
    drop: async () => {
      await quietly(async () => {
        if (typeof caches !== 'undefined') await caches.delete(CACHE);
      });
    },
  };
}
