// No fake IndexedDB here: this file checks what a browser without one is told.
import { describe, expect, it } from 'vitest';
import { BenchStore } from '../../../src/store/bench-store.ts';
import { StoreError } from '../../../src/store/errors.ts';
import { guarded } from '../../../src/store/own-database.ts';
import { TeacherDraftStore } from '../../../src/store/teacher-draft-store.ts';

describe('a database of its own', () => {
  it('says what is lost when the browser has no IndexedDB, for each store', async () => {
    await expect(TeacherDraftStore.open()).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'This browser has no IndexedDB, so a draft cannot be kept.',
    });
    await expect(BenchStore.open()).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'This browser has no IndexedDB, so benchmark runs cannot be saved.',
    });
  });

  it('turns a full disk into a quota error, keeping what the browser threw', async () => {
    const full = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    const err: unknown = await guarded(() => Promise.reject(full)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect(err).toMatchObject({ kind: 'quota', cause: full });
  });
});
