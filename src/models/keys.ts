// API keys: kept where the user chose, bound to the origin they were entered for, and only
// ever handed to a client whose base URL has that origin.
import type { EndpointConfig } from '../shared/model.ts';

export type KeyPlace = 'local' | 'session';

export interface KeyStore {
  /** The key saved for this base URL's origin; nothing for any other origin. */
  get(baseUrl: string): string | undefined;
  place(baseUrl: string): KeyPlace | undefined;
  /** Throws with a readable message when the browser refuses to store data. */
  set(baseUrl: string, key: string, place: KeyPlace): void;
  remove(baseUrl: string): void;
  /** Forgets every key, in both places. */
  clear(): void;
}

const STORAGE_KEY = 'fixpoint.apiKeys';

export function keyOrigin(baseUrl: string): string | undefined {
  try {
    const u = new URL(baseUrl.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

function defaultStorage(): Storage | null {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage ?? null;
  } catch {
    // Reading localStorage itself throws where storage is blocked.
    return null;
  }
}

export function createKeyStore(opts: { storage?: Storage | null } = {}): KeyStore {
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
  const memory = new Map<string, string>();

  function readLocal(): Record<string, string> {
    try {
      const raw = storage?.getItem(STORAGE_KEY);
      const parsed = raw ? (JSON.parse(raw) as unknown) : {};
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  }

  function writeLocal(all: Record<string, string>): void {
    if (!storage) throw new Error('This browser does not let the page store data; keep the key for this session only.');
    try {
      if (Object.keys(all).length === 0) storage.removeItem(STORAGE_KEY);
      else storage.setItem(STORAGE_KEY, JSON.stringify(all));
    } catch {
      throw new Error('The browser refused to store the key (storage blocked or full); keep it for this session only.');
    }
  }

  function dropLocal(origin: string): void {
    const all = readLocal();
    if (!(origin in all)) return;
    delete all[origin];
    writeLocal(all);
  }

  return {
    get(baseUrl) {
      const origin = keyOrigin(baseUrl);
      if (origin === undefined) return undefined;
      const local = readLocal()[origin];
      return memory.get(origin) ?? (typeof local === 'string' ? local : undefined);
    },
    place(baseUrl) {
      const origin = keyOrigin(baseUrl);
      if (origin === undefined) return undefined;
      if (memory.has(origin)) return 'session';
      return typeof readLocal()[origin] === 'string' ? 'local' : undefined;
    },
    set(baseUrl, key, place) {
      const origin = keyOrigin(baseUrl);
      if (origin === undefined) throw new Error('The key needs a valid base URL to belong to.');
      const trimmed = key.trim();
      if (trimmed === '') return this.remove(baseUrl);
      if (place === 'local') {
        writeLocal({ ...readLocal(), [origin]: trimmed });
        memory.delete(origin);
      } else {
        memory.set(origin, trimmed);
        dropLocal(origin);
      }
    },
    remove(baseUrl) {
      const origin = keyOrigin(baseUrl);
      if (origin === undefined) return;
      memory.delete(origin);
      dropLocal(origin);
    },
    clear() {
      memory.clear();
      try {
        storage?.removeItem(STORAGE_KEY);
      } catch {
        // Nothing was stored if storage is blocked.
      }
    },
  };
}

/** The sentence the settings show next to the key field. */
export function describeKeyPlace(place: KeyPlace | undefined, baseUrl: string): string {
  const origin = keyOrigin(baseUrl) ?? 'this endpoint';
  if (place === 'local') {
    return `Your API key is saved in this browser's local storage for this site and is sent only to ${origin}. Anyone using this browser profile can read it; remove it when you are done on a shared computer.`;
  }
  if (place === 'session') {
    return `Your API key is kept only in this page's memory and is sent only to ${origin}. It is forgotten when you reload or close the page.`;
  }
  return 'No API key is saved for this endpoint.';
}

/** The config with the key for its own origin filled in; any key it carried for another origin is dropped. */
export function withKey(config: EndpointConfig, keys: KeyStore): EndpointConfig {
  const { apiKey: _ignored, ...rest } = config;
  const key = keys.get(config.baseUrl);
  return key === undefined ? rest : { ...rest, apiKey: key };
}
