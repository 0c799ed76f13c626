import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  CLASSROOM_DB_NAME,
  CLASSROOM_DB_VERSION,
  ClassroomStore,
  progressKey,
  type ExerciseProgress,
} from '../../../src/store/classroom-store.ts';

const progress = (exerciseId: string, code: string): ExerciseProgress => ({
  key: progressKey('intro', exerciseId),
  packId: 'intro',
  packHash: '0123abcd',
  exerciseId,
  code,
  runs: 2,
  failures: 1,
  visible: { passed: 1, total: 2 },
  hidden: { passed: 0, total: 1 },
  exchanges: [{ at: 1, mode: 'hint', question: 'why?', reply: 'Look at the loop.' }],
  updatedAt: 1,
});

describe('classroom progress store', () => {
  it('creates its own database at its version and keeps progress per pack and exercise', async () => {
    const store = await ClassroomStore.open();
    await store.put(progress('add', 'def add(a, b): pass'));
    await store.put(progress('add', 'def add(a, b): return a + b'));
    await store.put(progress('double', 'x'));
    await store.put({ ...progress('add', 'other pack'), key: progressKey('other', 'add'), packId: 'other' });
    expect((await store.get('intro', 'add'))?.code).toBe('def add(a, b): return a + b');
    expect((await store.forPack('intro')).map((p) => p.exerciseId).sort()).toEqual(['add', 'double']);
    store.close();
    const again = await ClassroomStore.open();
    expect((await again.get('intro', 'double'))?.exchanges).toHaveLength(1);
    again.close();
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const req = indexedDB.open(CLASSROOM_DB_NAME);
      req.onsuccess = () => ok(req.result);
      req.onerror = () => fail(req.error ?? new Error('open failed'));
    });
    expect(db.version).toBe(CLASSROOM_DB_VERSION);
    expect([...db.objectStoreNames]).toEqual(['progress']);
    db.close();
  });
});
