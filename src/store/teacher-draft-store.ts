// The pack a teacher is writing, kept so a reload does not lose it. A database of its own (like
// the classroom's and the benchmark's), so no existing database changes layout; its versioned
// steps replay in order on old databases. One record: the draft as last saved. Its contents are
// read back as `unknown` because a stored value can be anything by then; the caller checks it.
import type { DBSchema, IDBPDatabase } from 'idb';
import { guarded, openOwnDatabase } from './own-database.ts';

export const TEACHER_DB_NAME = 'fixpoint-teacher';
export const TEACHER_DB_VERSION = 1;
/** The key of the one draft kept: a teacher edits one pack at a time in a browser. */
const DRAFT_KEY = 'current';

interface TeacherDB extends DBSchema {
  drafts: { key: string; value: unknown };
}

function migrate(db: IDBPDatabase<TeacherDB>, oldVersion: number): void {
  if (oldVersion < 1) db.createObjectStore('drafts');
}

/** Every method rejects with a StoreError (a full disk as kind 'quota'). */
export class TeacherDraftStore {
  private constructor(private readonly db: IDBPDatabase<TeacherDB>) {}

  static async open(name = TEACHER_DB_NAME): Promise<TeacherDraftStore> {
    const db = await openOwnDatabase<TeacherDB>({
      name,
      version: TEACHER_DB_VERSION,
      migrate,
      missing: 'This browser has no IndexedDB, so a draft cannot be kept.',
    });
    return new TeacherDraftStore(db);
  }

  /** The stored draft as it is, or undefined when there is none. */
  load(): Promise<unknown> {
    return guarded(() => this.db.get('drafts', DRAFT_KEY));
  }

  save(draft: unknown): Promise<void> {
    return guarded(async () => void (await this.db.put('drafts', draft, DRAFT_KEY)));
  }

  discard(): Promise<void> {
    return guarded(() => this.db.delete('drafts', DRAFT_KEY));
  }

  close(): void {
    this.db.close();
  }
}
