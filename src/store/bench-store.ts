// Benchmark runs and their finished tasks. A database of its own, so the history's schema and
// its tests stay as they are; its versioned steps replay in order on old databases like the
// history's. Every finished task is written at once, so a reload goes on where the run was.
import type { DBSchema, IDBPDatabase } from 'idb';
import type { BenchResult, BenchRun } from '../shared/bench-records.ts';
import { guarded, openOwnDatabase } from './own-database.ts';

const BENCH_DB_NAME = 'fixpoint-bench';
const BENCH_DB_VERSION = 1;

interface BenchDB extends DBSchema {
  runs: { key: string; value: BenchRun; indexes: { createdAt: number } };
  results: { key: [string, string]; value: BenchResult; indexes: { runId: string } };
}

function migrate(db: IDBPDatabase<BenchDB>, oldVersion: number): void {
  if (oldVersion < 1) {
    db.createObjectStore('runs', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
    db.createObjectStore('results', { keyPath: ['runId', 'key'] }).createIndex('runId', 'runId');
  }
}

/** Every method rejects with a StoreError (a full disk as kind 'quota'). */
export class BenchStore {
  private constructor(private readonly db: IDBPDatabase<BenchDB>) {}

  static async open(name = BENCH_DB_NAME): Promise<BenchStore> {
    const db = await openOwnDatabase<BenchDB>({
      name,
      version: BENCH_DB_VERSION,
      migrate,
      missing: 'This browser has no IndexedDB, so benchmark runs cannot be saved.',
    });
    return new BenchStore(db);
  }

  /** Newest first. */
  runs(): Promise<BenchRun[]> {
    return guarded(async () => (await this.db.getAllFromIndex('runs', 'createdAt')).reverse());
  }

  getRun(id: string): Promise<BenchRun | undefined> {
    return guarded(() => this.db.get('runs', id));
  }

  async putRun(run: BenchRun): Promise<void> {
    await guarded(() => this.db.put('runs', run));
  }

  results(runId: string): Promise<BenchResult[]> {
    return guarded(() => this.db.getAllFromIndex('results', 'runId', runId));
  }

  async putResult(result: BenchResult): Promise<void> {
    await guarded(() => this.db.put('results', result));
  }

  /** A run and all its results, together. */
  async deleteRun(id: string): Promise<void> {
    await guarded(async () => {
      const tx = this.db.transaction(['runs', 'results'], 'readwrite');
      const keys = await tx.objectStore('results').index('runId').getAllKeys(id);
      await Promise.all([tx.objectStore('runs').delete(id), ...keys.map((k) => tx.objectStore('results').delete(k))]);
      await tx.done;
    });
  }

  close(): void {
    this.db.close();
  }
}
