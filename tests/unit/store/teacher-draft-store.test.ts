import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CLASSROOM_DB_NAME, ClassroomStore } from '../../../src/store/classroom-store.ts';
import { TEACHER_DB_NAME, TEACHER_DB_VERSION, TeacherDraftStore } from '../../../src/store/teacher-draft-store.ts';

const openRaw = (name: string): Promise<IDBDatabase> =>
  new Promise((ok, fail) => {
    const req = indexedDB.open(name);
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error ?? new Error('open failed'));
  });

describe('teacher draft store', () => {
  it('keeps one draft across openings, replaces it on save and forgets it on discard', async () => {
    const store = await TeacherDraftStore.open();
    expect(await store.load()).toBeUndefined();
    await store.save({ pack: { title: 'First' } });
    await store.save({ pack: { title: 'Second' }, tests: '[{"name": ' });
    store.close();
    const again = await TeacherDraftStore.open();
    expect(await again.load()).toEqual({ pack: { title: 'Second' }, tests: '[{"name": ' });
    await again.discard();
    expect(await again.load()).toBeUndefined();
    again.close();
  });

  it('gives back whatever is stored, however malformed, for the caller to check', async () => {
    const store = await TeacherDraftStore.open();
    await store.save('not a draft');
    expect(await store.load()).toBe('not a draft');
    await store.discard();
    store.close();
  });

  it('is a database of its own, leaving the classroom progress database as it was', async () => {
    const progress = await ClassroomStore.open();
    progress.close();
    (await TeacherDraftStore.open()).close();
    const db = await openRaw(TEACHER_DB_NAME);
    expect(db.version).toBe(TEACHER_DB_VERSION);
    expect([...db.objectStoreNames]).toEqual(['drafts']);
    db.close();
    const classroom = await openRaw(CLASSROOM_DB_NAME);
    expect([...classroom.objectStoreNames]).toEqual(['progress']);
    classroom.close();
  });
});
