// The history, as domain operations: sessions and attempts are written as they happen, so a
// reload or a crash loses at most the attempt in flight. Every method may reject with a
// StoreError; the page shows its message (a full quota included) instead of failing silently.
// Start-up: `const store = await openStore()`, then `store.markInterrupted()` once, then
// `store.storageInfo()` for the persistence question and the usage display. Nothing outside this
// folder touches IndexedDB.
import type { Attempt, Session } from '../shared/session.ts';
import { candidateLines, toJsonl, type CandidatePick } from './candidates.ts';
import { ChangeFeed, defaultChannelFactory, type ChannelFactory, type HistoryChange } from './changes.ts';
import { Database } from './database.ts';
import { buildHistoryFile, parseHistoryFile } from './history-file.ts';
import { defaultLockManager, SessionLocks, type LockManagerLike } from './locks.ts';
import { defaultFactory, openDatabase } from './open.ts';
import { fromStoredSession, matchesSearch, toStoredAttempt, toStoredSession, type StoredSession } from './records.ts';
import { notFound, reopen, SessionLifecycle } from './lifecycle.ts';
import { DB_NAME } from './schema.ts';
import { defaultStorageManager, readStorageInfo, type StorageInfo, type StorageManagerLike } from './storage.ts';
import { byIndex, readEntries, writeEntries, type ImportReport } from './transfer.ts';
import type { AgentFile } from '../shared/agent.ts';
import { deleteFiles, putFiles, readFiles, type FileRole, type SessionFiles } from './agent-files.ts';
import { entriesLeftOut, type LeftOut } from './history-file.ts';

export interface StoreOptions {
  /** Database name; tests and side-by-side demos use their own. */
  name?: string;
  /** Web Locks; defaults to `navigator.locks`, null turns liveness tracking off. */
  locks?: LockManagerLike | null;
  /** Cross-tab change notices; defaults to BroadcastChannel, null turns them off. */
  channel?: ChannelFactory | null;
  /** Defaults to `navigator.storage`. */
  storage?: StorageManagerLike | null;
  now?: () => number;
}

export interface ListOptions {
  /** Words that must all occur in the title, the task's title, id or prompt (any case). */
  search?: string;
  limit?: number;
  /** 'updated': newest activity first (default); 'title': A to Z. */
  order?: 'updated' | 'title';
}

/** Opens the history; `factory` defaults to the page's `indexedDB`. */
export async function openStore(factory?: IDBFactory, options: StoreOptions = {}): Promise<HistoryStore> {
  const name = options.name ?? DB_NAME;
  // eslint-disable-next-line prefer-const -- the close callback may fire before the assignment
  let database: Database | undefined;
  const db = await openDatabase(factory ?? defaultFactory(), name, { onClosed: () => database?.markClosed() });
  database = new Database(db);
  const locks = new SessionLocks(options.locks === null ? undefined : (options.locks ?? defaultLockManager()), name);
  const feed = new ChangeFeed(
    options.channel === null ? undefined : (options.channel ?? defaultChannelFactory()),
    `${name}:history`,
  );
  const storage = options.storage === null ? undefined : (options.storage ?? defaultStorageManager());
  return new HistoryStore(database, locks, feed, storage, options.now ?? Date.now);
}

export class HistoryStore extends SessionLifecycle {
  constructor(
    database: Database,
    locks: SessionLocks,
    feed: ChangeFeed,
    private readonly storage: StorageManagerLike | undefined,
    now: () => number,
  ) {
    super(database, locks, feed, now);
  }

  /**
   * Saves one iteration and bumps its session's updatedAt, together or not at all. On a
   * StoreError (a full quota above all) the caller keeps the attempt in memory, shows the
   * error, and may call this again later with the same attempt: its key is (sessionId, index),
   * so a retry replaces rather than duplicates.
   */
  async saveAttempt(attempt: Attempt): Promise<void> {
    const id = attempt.sessionId;
    await this.database.write(['sessions', 'attempts'], async (tx) => {
      const sessions = tx.objectStore('sessions');
      const row = await sessions.get(id);
      if (!row) throw notFound(id);
      const next: StoredSession = { ...row, updatedAt: Math.max(row.updatedAt, this.now()) };
      // Without Web Locks another tab may have taken our live session for a dead one.
      if (row.status === 'interrupted' && this.locks.holds(id)) reopen(next);
      // One after the other: had the second put thrown while the first was pending, the
      // first one's abort would surface as an unhandled rejection.
      await tx.objectStore('attempts').put(toStoredAttempt(attempt));
      await sessions.put(next);
    });
    this.feed.emit('attempt', [id]);
  }

  async listSessions(options: ListOptions = {}): Promise<Session[]> {
    const { search = '', limit = Infinity, order = 'updated' } = options;
    return this.database.read(['sessions'], async (tx) => {
      const index = tx.objectStore('sessions').index(order === 'title' ? 'title' : 'updatedAt');
      let cursor = await index.openCursor(null, order === 'title' ? 'next' : 'prev');
      const out: Session[] = [];
      while (cursor && out.length < limit) {
        if (matchesSearch(cursor.value, search)) out.push(fromStoredSession(cursor.value));
        cursor = await cursor.continue();
      }
      return out;
    });
  }

  async getSession(id: string): Promise<Session | undefined> {
    const row = await this.database.read(['sessions'], (tx) => tx.objectStore('sessions').get(id));
    return row && fromStoredSession(row);
  }

  /** The session's attempts in order of their index. */
  async getAttempts(sessionId: string): Promise<Attempt[]> {
    const rows = await this.database.read(['attempts'], (tx) =>
      tx.objectStore('attempts').index('sessionId').getAll(sessionId),
    );
    return byIndex(rows);
  }

  async renameSession(id: string, title: string): Promise<void> {
    await this.database.write(['sessions'], async (tx) => {
      const row = await tx.objectStore('sessions').get(id);
      if (!row) throw notFound(id);
      await tx.objectStore('sessions').put(toStoredSession({ ...fromStoredSession(row), title }));
    });
    this.feed.emit('updated', [id]);
  }

  /**
   * Keeps an agent session's files of one role (those it started with, those its code wrote),
   * replacing the ones stored; a full quota rejects with StoreError('quota') and keeps the old ones.
   */
  async saveAgentFiles(id: string, role: FileRole, files: readonly AgentFile[]): Promise<void> {
    await this.database.write(['files'], (tx) => putFiles(tx, id, role, files));
    this.feed.emit('attempt', [id]);
  }

  getAgentFiles(id: string): Promise<SessionFiles> {
    return readFiles(this.database, id);
  }

  /** Deletes the session, all its attempts and its files. */
  async deleteSession(id: string): Promise<void> {
    await this.database.write(['sessions', 'attempts', 'files'], async (tx) => {
      await tx.objectStore('sessions').delete(id);
      await deleteFiles(tx, id);
      let cursor = await tx.objectStore('attempts').index('sessionId').openCursor(id);
      while (cursor) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
    });
    this.locks.release(id);
    this.feed.emit('deleted', [id]);
  }

  /** The history file of the given sessions, or of all; never contains an API key. */
  async exportHistory(ids?: string[]): Promise<string> {
    return (await this.exportHistoryReport(ids)).text;
  }

  /** The history file, and the agent files it left out for their size (export keeps them up to a limit). */
  async exportHistoryReport(ids?: string[]): Promise<{ text: string; leftOut: LeftOut[] }> {
    const entries = await readEntries(this.database, ids);
    return { text: buildHistoryFile(entries, this.now()), leftOut: entriesLeftOut(entries) };
  }

  /**
   * Checks the whole file first, then writes it in one transaction: a bad file throws
   * StoreError('import') naming what is wrong and nothing is written. Sessions whose id is
   * already stored are skipped, not copied (see writeEntries).
   */
  async importHistory(text: string): Promise<ImportReport> {
    const report = await writeEntries(this.database, parseHistoryFile(text));
    if (report.imported.length > 0) this.feed.emit('imported', report.imported);
    return report;
  }

  /** `{task_id, completion}` JSON lines, one per session (see candidates.ts for the choice). */
  async exportCandidates(ids?: string[], pick: CandidatePick = 'best'): Promise<string> {
    return toJsonl(candidateLines(await readEntries(this.database, ids), pick));
  }

  /**
   * Persistence and usage for display. Persistence is asked for once per site (some browsers
   * show a prompt); pass `ask: true` again from a user's click to repeat the question.
   */
  async storageInfo(options: { ask?: boolean } = {}): Promise<StorageInfo> {
    const record = await this.database.read(['meta'], (tx) => tx.objectStore('meta').get('persistence'));
    const asked = record !== undefined;
    const info = await readStorageInfo(this.storage, options.ask ?? !asked, asked);
    if (info.asked && !asked) {
      const value = { askedAt: this.now(), granted: info.persisted };
      await this.database
        .write(['meta'], (tx) => tx.objectStore('meta').put({ key: 'persistence', value }))
        .catch(() => {}); // Not worth an error: at worst the question is asked again next time.
    }
    return info;
  }

  /** Called on every change, from this page or another tab; returns an unsubscribe function. */
  onHistoryChanged(listener: (change: HistoryChange) => void): () => void {
    return this.feed.on(listener);
  }

  /** Releases this page's session locks and the connection; the store is unusable afterwards. */
  close(): void {
    this.locks.releaseAll();
    this.feed.close();
    this.database.close();
  }
}
