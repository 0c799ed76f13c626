// Opening a database of the page's own for one feature (the benchmark's runs, the teacher's
// draft), kept apart from the history's so no existing database changes layout. What each does
// the same way: say plainly when there is no IndexedDB, replay the versioned steps in order on
// old databases, give way to a tab that wants a newer layout, and fail as a StoreError.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { StoreError, toStoreError } from './errors.ts';

export interface OwnDatabase<S extends DBSchema> {
  name: string;
  version: number;
  /** Applies every step after `oldVersion` (0 for a new database). */
  migrate(db: IDBPDatabase<S>, oldVersion: number): void;
  /** Said when this browser has no IndexedDB: what the user loses. */
  missing: string;
}

export async function openOwnDatabase<S extends DBSchema>(spec: OwnDatabase<S>): Promise<IDBPDatabase<S>> {
  if (!(globalThis as { indexedDB?: IDBFactory }).indexedDB) throw new StoreError('unavailable', spec.missing);
  let db: IDBPDatabase<S> | undefined = undefined;
  try {
    db = await openDB<S>(spec.name, spec.version, {
      upgrade: (d, oldVersion) => spec.migrate(d, oldVersion),
      // Another tab wants a newer layout: let it have the database.
      blocking: () => db?.close(),
    });
  } catch (err) {
    throw toStoreError(err);
  }
  return db;
}

/** Runs one operation on such a database, turning whatever it throws into a StoreError. */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toStoreError(err);
  }
}
