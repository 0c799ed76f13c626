// Opening the database from a given IDBFactory (the page's, or a fake one in tests), with the
// schema steps applied. Kept apart from the domain functions so those never see raw requests.
import { wrap, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import { StoreError, toStoreError } from './errors.ts';
import { DB_VERSION, migrate, type FixpointDB } from './schema.ts';

export interface OpenHooks {
  /**
   * Another tab wants a newer schema. This connection is closed at once so that tab is not
   * stuck waiting; this page's store then reports 'closed' and asks for a reload.
   */
  onClosed(): void;
}

export function defaultFactory(): IDBFactory | undefined {
  return (globalThis as { indexedDB?: IDBFactory }).indexedDB;
}

export async function openDatabase(
  factory: IDBFactory | undefined,
  name: string,
  hooks: OpenHooks,
): Promise<IDBPDatabase<FixpointDB>> {
  if (!factory) {
    throw new StoreError('unavailable', 'This browser has no IndexedDB, so history cannot be saved.');
  }
  let request: IDBOpenDBRequest;
  try {
    request = factory.open(name, DB_VERSION);
  } catch (error) {
    throw unavailable(error);
  }
  request.addEventListener('upgradeneeded', (event) => {
    const db = wrap(request.result) as IDBPDatabase<FixpointDB>;
    const tx = wrap(request.transaction as IDBTransaction) as unknown as IDBPTransaction<
      FixpointDB,
      StoreNames<FixpointDB>[],
      'versionchange'
    >;
    migrate(db, event.oldVersion, tx);
  });
  let db: IDBPDatabase<FixpointDB>;
  try {
    db = (await wrap(request)) as IDBPDatabase<FixpointDB>;
  } catch (error) {
    throw unavailable(error);
  }
  db.addEventListener('versionchange', () => {
    db.close();
    hooks.onClosed();
  });
  // Fired when the browser drops the connection itself (site data cleared, disk error).
  db.addEventListener('close', () => hooks.onClosed());
  return db;
}

function unavailable(error: unknown): StoreError {
  const mapped = toStoreError(error);
  if (mapped.kind === 'quota') return mapped;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'VersionError') {
    return new StoreError(
      'unavailable',
      'The saved history was written by a newer Fixpoint; open that version, or reload this page to get it.',
      { cause: error },
    );
  }
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return new StoreError('unavailable', `History could not be opened${detail}.`, { cause: error });
}
