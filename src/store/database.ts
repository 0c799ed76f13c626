// The one place that starts IndexedDB transactions. Every domain function goes through read()
// or write(), which turn browser errors into StoreErrors and make a failed write all-or-nothing.
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { CLOSED_MESSAGE, StoreError, toStoreError } from './errors.ts';
import type { FixpointDB } from './schema.ts';

export type Names = StoreNames<FixpointDB>;
export type WriteTx<N extends Names[]> = IDBPTransaction<FixpointDB, N, 'readwrite'>;
export type ReadTx<N extends Names[]> = IDBPTransaction<FixpointDB, N, 'readonly'>;

export class Database {
  private closed = false;

  constructor(private readonly db: IDBPDatabase<FixpointDB>) {}

  get isClosed(): boolean {
    return this.closed;
  }

  /** Called when the connection went away underneath us (see open.ts). */
  markClosed(): void {
    this.closed = true;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }

  /**
   * A read-only transaction. `work` may await only requests of `tx`: awaiting anything else
   * lets the transaction commit early and the next request fails.
   */
  async read<N extends Names[], T>(names: N, work: (tx: ReadTx<N>) => Promise<T>): Promise<T> {
    try {
      return await work(this.open().transaction(names, 'readonly'));
    } catch (error) {
      throw toStoreError(error);
    }
  }

  /**
   * A read-write transaction that commits only if `work` settles without throwing; on any
   * failure (a thrown StoreError, a rejected request, a quota abort at commit) it is aborted,
   * so nothing of it is kept. Same rule as read(): await only the transaction's own requests.
   */
  async write<N extends Names[], T>(names: N, work: (tx: WriteTx<N>) => Promise<T>): Promise<T> {
    let tx: WriteTx<N> | undefined;
    try {
      tx = this.open().transaction(names, 'readwrite');
      const done = tx.done;
      // Observed below on success; on failure the rejection is expected and the cause is
      // whatever `work` threw, so this only keeps it from being reported as unhandled.
      done.catch(() => {});
      const result = await work(tx);
      await done;
      return result;
    } catch (error) {
      try {
        tx?.abort();
      } catch {
        // Already finished or aborted by the browser; either way nothing was committed.
      }
      throw toStoreError(error);
    }
  }

  private open(): IDBPDatabase<FixpointDB> {
    if (this.closed) throw new StoreError('closed', CLOSED_MESSAGE);
    return this.db;
  }
}
