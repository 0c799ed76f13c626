// A session's status over its life: running while a page drives it, done when the loop ends,
// interrupted when the page that ran it went away. A running page holds the session's Web Lock
// (locks.ts), which is how a later page tells a dead session from one alive in another tab.
import type { RunFigures } from '../shared/comparison.ts';
import type { EndReason, Session } from '../shared/session.ts';
import type { ChangeFeed } from './changes.ts';
import type { Database } from './database.ts';
import { StoreError } from './errors.ts';
import type { SessionLocks } from './locks.ts';
import { fromStoredSession, toStoredSession, type StoredSession } from './records.ts';

export const INTERRUPTED_MESSAGE = 'The page was closed or reloaded while this session was running.';

export function notFound(id: string): StoreError {
  return new StoreError('not-found', `Session "${id}" is not in the history (deleted in another tab?).`);
}

function busy(id: string): StoreError {
  return new StoreError('busy', `Session "${id}" is running in another tab.`);
}

/** Makes a stored row running again, without the end it had. */
export function reopen(row: StoredSession): void {
  row.status = 'running';
  delete row.endReason;
  delete row.endMessage;
}

export class SessionLifecycle {
  constructor(
    protected readonly database: Database,
    protected readonly locks: SessionLocks,
    protected readonly feed: ChangeFeed,
    protected readonly now: () => number,
  ) {}

  /**
   * Stores a new session. A running one is locked first and stored second, so no other tab can
   * ever see it running and unlocked and take it for a leftover of a crash.
   */
  async createSession(session: Session): Promise<void> {
    const running = session.status === 'running';
    if (running && !(await this.locks.acquire(session.id))) throw busy(session.id);
    try {
      await this.database.write(['sessions'], async (tx) => {
        await tx.objectStore('sessions').add(toStoredSession(session));
      });
    } catch (error) {
      if (running) this.locks.release(session.id);
      throw error;
    }
    this.feed.emit('created', [session.id]);
  }

  /**
   * Records how the loop ended and lets go of the session. If the write fails the lock is kept,
   * so the session is not taken for dead while the caller retries. `figures`, when given, are what
   * the session's runs have used so far, replacing those stored.
   */
  async finishSession(
    id: string,
    endReason: EndReason,
    message?: string,
    figures?: RunFigures,
    answer?: string,
  ): Promise<void> {
    await this.database.write(['sessions'], async (tx) => {
      const row = await tx.objectStore('sessions').get(id);
      if (!row) throw notFound(id);
      const next: StoredSession = {
        ...row,
        status: endReason === 'interrupted' ? 'interrupted' : 'done',
        endReason,
        updatedAt: Math.max(row.updatedAt, this.now()),
      };
      if (message === undefined) delete next.endMessage;
      else next.endMessage = message;
      if (figures) next.figures = figures;
      if (answer !== undefined) next.answer = answer;
      await tx.objectStore('sessions').put(next);
    });
    this.locks.release(id);
    this.feed.emit('updated', [id]);
  }

  /**
   * Makes an interrupted (or finished) session running again in this page, so the loop can go
   * on from its last attempt. Throws StoreError('busy') when another tab is running it.
   */
  async resumeSession(id: string): Promise<Session> {
    const wasHeld = this.locks.holds(id);
    if (!(await this.locks.acquire(id))) throw busy(id);
    try {
      const session = await this.database.write(['sessions'], async (tx) => {
        const row = await tx.objectStore('sessions').get(id);
        if (!row) throw notFound(id);
        const next: StoredSession = { ...row, updatedAt: Math.max(row.updatedAt, this.now()) };
        reopen(next);
        await tx.objectStore('sessions').put(next);
        return fromStoredSession(next);
      });
      this.feed.emit('updated', [id]);
      return session;
    } catch (error) {
      if (!wasHeld) this.locks.release(id);
      throw error;
    }
  }

  /**
   * Run once at start-up: sessions still marked running whose lock nobody holds were left by a
   * reload or a crash and become interrupted; those locked by another tab are alive and stay
   * as they are. Returns the ids marked.
   */
  async markInterrupted(): Promise<string[]> {
    const running = await this.database.read(['sessions'], (tx) =>
      tx.objectStore('sessions').index('status').getAllKeys('running'),
    );
    const marked: string[] = [];
    for (const id of running) {
      // Marked while holding the lock, so no tab can resume it between the check and the write.
      await this.locks.ifFree(id, () =>
        this.database.write(['sessions'], async (tx) => {
          const row = await tx.objectStore('sessions').get(id);
          if (row?.status !== 'running') return;
          const next: StoredSession = {
            ...row,
            status: 'interrupted',
            endReason: 'interrupted',
            endMessage: INTERRUPTED_MESSAGE,
          };
          await tx.objectStore('sessions').put(next);
          marked.push(id);
        }),
      );
    }
    if (marked.length > 0) this.feed.emit('interrupted', marked);
    return marked;
  }
}
