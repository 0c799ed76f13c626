// Keeps a booted interpreter's memory snapshot between visits (Cache Storage, this origin only),
// so later visits start Python from it instead of from scratch. Keyed by everything that went
// into it; a stale or unusable entry is simply not found or deleted.
import { quietly } from './quietly.ts';

const CACHE = 'fixpoint-python-snapshot';

async function keyOf(parts: string[]): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\u0000')));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return new URL(`snapshot-${hex}.bin`, document.baseURI).href;
}

export interface SnapshotCache {
  load(): Promise<Blob | undefined>;
  save(bytes: Blob): Promise<void>;
  drop(): Promise<void>;
}

export function snapshotCache(parts: string[]): SnapshotCache {
  const open = async (): Promise<{ cache: Cache; key: string } | undefined> => {
    if (typeof caches === 'undefined') return undefined;
    const key = await keyOf(parts);
    return key ? { cache: await caches.open(CACHE), key } : undefined;
  };
  return {
    load: () =>
      quietly(async () => {
        const c = await open();
        const res = c && (await c.cache.match(c.key));
        return res ? res.blob() : undefined;
      }),
    save: async (bytes) => {
      await quietly(async () => {
        const c = await open();
        if (!c) return;
        for (const old of await c.cache.keys()) if (old.url !== c.key) await c.cache.delete(old);
        await c.cache.put(c.key, new Response(bytes, { headers: { 'Content-Type': 'application/octet-stream' } }));
      });
    },
    drop: async () => {
      await quietly(async () => {
        const c = await open();
        await c?.cache.delete(c.key);
      });
    },
  };
}
