// The IndexedDB layout and the steps that bring an older layout up to date. A step never
// changes once released: old databases in the wild replay exactly these steps, in order.
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { Attempt } from '../shared/session.ts';
import type { StoredAgentFile } from './agent-files.ts';
import { searchTextOf, type StoredSession } from './records.ts';

export const DB_NAME = 'fixpoint';
export const DB_VERSION = 3;

interface MetaRecord {
  key: string;
  value: unknown;
}

export interface FixpointDB extends DBSchema {
  sessions: {
    key: string;
    value: StoredSession;
    indexes: { updatedAt: number; title: string; status: string };
  };
  attempts: {
    key: [string, number];
    value: Attempt;
    indexes: { sessionId: string };
  };
  meta: {
    key: string;
    value: MetaRecord;
  };
  /** An agent session's files: those it started with and those its code wrote. */
  files: {
    key: [string, string, string];
    value: StoredAgentFile;
    indexes: { sessionId: string };
  };
}

type UpgradeTx = IDBPTransaction<FixpointDB, StoreNames<FixpointDB>[], 'versionchange'>;

/**
 * Runs inside the versionchange transaction; idb calls it synchronously, so work that needs
 * results (the row rewrite of v2) chains on the transaction's own requests and nothing else.
 */
export function migrate(db: IDBPDatabase<FixpointDB>, oldVersion: number, tx: UpgradeTx): void {
  if (oldVersion < 1) {
    const sessions = db.createObjectStore('sessions', { keyPath: 'id' });
    sessions.createIndex('updatedAt', 'updatedAt');
    const attempts = db.createObjectStore('attempts', { keyPath: ['sessionId', 'index'] });
    attempts.createIndex('sessionId', 'sessionId');
  }
  if (oldVersion < 2) {
    // v2: search over title and task text without opening every row's task at list time,
    // sorting by title, finding running sessions at start-up, and a place for small settings.
    const sessions = tx.objectStore('sessions');
    sessions.createIndex('title', 'title');
    sessions.createIndex('status', 'status');
    db.createObjectStore('meta', { keyPath: 'key' });
    if (oldVersion >= 1) void addSearchText(tx);
  }
  if (oldVersion < 3) {
    // v3: agent sessions' files, apart from the session rows so listing the history stays light.
    db.createObjectStore('files', { keyPath: ['sessionId', 'role', 'name'] }).createIndex('sessionId', 'sessionId');
  }
}

// v1 rows have no `search`; compute it from the title and task they already hold. A failed
// update aborts the upgrade, which rejects the open, so the old data stays as it was.
async function addSearchText(tx: UpgradeTx): Promise<void> {
  try {
    let cursor = await tx.objectStore('sessions').openCursor();
    while (cursor) {
      const row = cursor.value;
      await cursor.update({ ...row, search: searchTextOf(row) });
      cursor = await cursor.continue();
    }
  } catch {
    // The transaction is already aborting; the open request reports why.
  }
}
