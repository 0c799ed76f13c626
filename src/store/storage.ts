// How safe the history is from eviction and how much room is left. Browsers may clear a site's
// storage under pressure unless it is persistent, so persistence is asked for; the answer and
// the usage estimate are shown to the user rather than guessed at.

/** The part of `navigator.storage` used here. */
export interface StorageManagerLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

export interface StorageInfo {
  /** Whether the browser keeps this site's data under storage pressure; undefined when unknown. */
  persisted: boolean | undefined;
  /** Whether persistence has ever been asked for from this site's history. */
  asked: boolean;
  /** Bytes used by the whole site, when the browser says. */
  usage?: number;
  /** Bytes the site may use, when the browser says. */
  quota?: number;
}

export function defaultStorageManager(): StorageManagerLike | undefined {
  const nav = (globalThis as { navigator?: { storage?: StorageManagerLike } }).navigator;
  return nav?.storage;
}

/**
 * Asks for persistence when `ask` is true and it is not granted yet, then reports the state.
 * Every browser API here is optional and may reject (Safari in some modes); a failure only
 * leaves that part unknown.
 */
export async function readStorageInfo(
  storage: StorageManagerLike | undefined,
  ask: boolean,
  asked: boolean,
): Promise<StorageInfo> {
  let persisted = await optional(() => storage?.persisted?.());
  if (ask && persisted !== true && storage?.persist) {
    persisted = await optional(() => storage.persist?.());
    asked = true;
  }
  const estimate = await optional(() => storage?.estimate?.());
  const info: StorageInfo = { persisted, asked };
  if (typeof estimate?.usage === 'number') info.usage = estimate.usage;
  if (typeof estimate?.quota === 'number') info.quota = estimate.quota;
  return info;
}

async function optional<T>(call: () => Promise<T> | undefined): Promise<T | undefined> {
  try {
    return await call();
  } catch {
    return undefined;
  }
}
