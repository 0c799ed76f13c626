// Students' progress on classroom packs: code, runs, failures and assistant exchanges per
// exercise. A database of its own, so the history's schema and its tests stay as they are; it
// has versioned steps like the history's, replayed in order on old databases.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { StoreError } from './errors.ts';

export const CLASSROOM_DB_NAME = 'fixpoint-classroom';
export const CLASSROOM_DB_VERSION = 1;

interface AssistantExchange {
  at: number;
  mode: string;
  question: string;
  /** What was shown: the reply after the code filter. */
  reply: string;
}

export interface ExerciseProgress {
  /** `${packId}\u0000${exerciseId}` */
  key: string;
  packId: string;
  packHash: string;
  exerciseId: string;
  code: string;
  runs: number;
  failures: number;
  visible: { passed: number; total: number };
  hidden: { passed: number; total: number };
  exchanges: AssistantExchange[];
  updatedAt: number;
}

interface ClassroomDB extends DBSchema {
  progress: { key: string; value: ExerciseProgress; indexes: { packId: string } };
}

function migrateClassroom(db: IDBPDatabase<ClassroomDB>, oldVersion: number): void {
  if (oldVersion < 1) {
    const progress = db.createObjectStore('progress', { keyPath: 'key' });
    progress.createIndex('packId', 'packId');
  }
}

export const progressKey = (packId: string, exerciseId: string): string => `${packId}\u0000${exerciseId}`;

export class ClassroomStore {
  private constructor(private readonly db: IDBPDatabase<ClassroomDB>) {}

  static async open(): Promise<ClassroomStore> {
    if (!(globalThis as { indexedDB?: IDBFactory }).indexedDB)
      throw new StoreError('unavailable', 'This browser has no IndexedDB, so progress cannot be saved.');
    let db: IDBPDatabase<ClassroomDB> | undefined = undefined;
    db = await openDB<ClassroomDB>(CLASSROOM_DB_NAME, CLASSROOM_DB_VERSION, {
      upgrade: (d, oldVersion) => migrateClassroom(d, oldVersion),
      // Another tab wants a newer layout: let it have the database.
      blocking: () => db?.close(),
    });
    return new ClassroomStore(db);
  }

  get(packId: string, exerciseId: string): Promise<ExerciseProgress | undefined> {
    return this.db.get('progress', progressKey(packId, exerciseId));
  }

  async put(p: ExerciseProgress): Promise<void> {
    await this.db.put('progress', p);
  }

  forPack(packId: string): Promise<ExerciseProgress[]> {
    return this.db.getAllFromIndex('progress', 'packId', packId);
  }

  close(): void {
    this.db.close();
  }
}
