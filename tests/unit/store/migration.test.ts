import { afterEach, describe, expect, it } from 'vitest';
import { DB_VERSION } from '../../../src/store/schema.ts';
import { closeAll, freshSite, makeAttempt, makeSession, openTab } from './helpers.ts';

afterEach(closeAll);

function done(request: IDBRequest | IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    if (request instanceof IDBTransaction) {
      request.oncomplete = () => resolve();
      request.onerror = () => reject(request.error);
    } else {
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    }
  });
}

/** What the first released version wrote: two stores, one index each, rows with no `search`. */
async function writeVersion1(factory: IDBFactory, name: string, rows: { sessions: unknown[]; attempts: unknown[] }) {
  const open = factory.open(name, 1);
  open.onupgradeneeded = () => {
    const db = open.result;
    db.createObjectStore('sessions', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
    db.createObjectStore('attempts', { keyPath: ['sessionId', 'index'] }).createIndex('sessionId', 'sessionId');
  };
  await done(open);
  const db = open.result;
  const tx = db.transaction(['sessions', 'attempts'], 'readwrite');
  for (const row of rows.sessions) tx.objectStore('sessions').put(row);
  for (const row of rows.attempts) tx.objectStore('attempts').put(row);
  await done(tx);
  db.close();
}

describe('schema migration', () => {
  it('upgrades a version 1 database and keeps every row readable', async () => {
    const site = freshSite();
    const old = [
      makeSession({ id: 'old-1', title: 'Reverse words', updatedAt: 10, status: 'done', endReason: 'passed' }),
      makeSession({ id: 'old-2', title: 'Count vowels', updatedAt: 20, status: 'running' }),
    ];
    const attempts = [makeAttempt('old-1', 0), makeAttempt('old-1', 1), makeAttempt('old-2', 0)];
    await writeVersion1(site.factory, site.name, { sessions: old, attempts });

    const store = await openTab(site);
    expect((await store.listSessions()).map((s) => s.id)).toEqual(['old-2', 'old-1']);
    expect(await store.getSession('old-1')).toEqual(old[0]);
    expect(await store.getAttempts('old-1')).toEqual(attempts.slice(0, 2));
    // The v2 search text was computed from the rows that were already there.
    expect((await store.listSessions({ search: 'vowels' })).map((s) => s.id)).toEqual(['old-2']);
    expect((await store.listSessions({ search: 'humaneval/0 reverse' })).map((s) => s.id)).toEqual(['old-1']);
    // v2 indexes work on old rows: by title, and by status at start-up.
    expect((await store.listSessions({ order: 'title' })).map((s) => s.title)).toEqual([
      'Count vowels',
      'Reverse words',
    ]);
    expect(await store.markInterrupted()).toEqual(['old-2']);
    // The meta store that v2 adds is usable.
    expect((await store.storageInfo()).asked).toBe(false);
  });

  it('creates the current schema from nothing', async () => {
    const site = freshSite();
    const store = await openTab(site);
    await store.createSession(makeSession({ id: 'n' }));
    store.close();
    const check = site.factory.open(site.name);
    await done(check);
    const db = check.result;
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['attempts', 'files', 'meta', 'sessions']);
    const sessions = db.transaction('sessions').objectStore('sessions');
    expect([...sessions.indexNames].sort()).toEqual(['status', 'title', 'updatedAt']);
    db.close();
  });

  it('closes itself when another tab needs a newer schema, then says so', async () => {
    const site = freshSite();
    const store = await openTab(site);
    const newer = site.factory.open(site.name, DB_VERSION + 1);
    await done(newer);
    newer.result.close();
    await expect(store.listSessions()).rejects.toMatchObject({ kind: 'closed' });
  });
});
