import { IDBObjectStore as FakeObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isQuotaError, StoreError, toStoreError } from '../../../src/store/errors.ts';
import type { StorageManagerLike } from '../../../src/store/storage.ts';
import { closeAll, freshSite, makeAttempt, makeSession, openTab } from './helpers.ts';

afterEach(() => {
  vi.restoreAllMocks();
  closeAll();
});

/** Every write of the fake IndexedDB fails the way a full disk makes it fail. */
function quotaOnWrite(error: unknown = new DOMException('The quota has been exceeded.', 'QuotaExceededError')) {
  const fail = () => {
    throw error;
  };
  vi.spyOn(FakeObjectStore.prototype, 'add').mockImplementation(fail);
  vi.spyOn(FakeObjectStore.prototype, 'put').mockImplementation(fail);
}

describe('quota', () => {
  it('recognises every browser spelling of a full quota', () => {
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED', code: 1014 })).toBe(true);
    expect(isQuotaError({ name: 'Error', code: 22 })).toBe(true);
    expect(isQuotaError(new DOMException('x', 'DataError'))).toBe(false);
    expect(isQuotaError('QuotaExceededError')).toBe(false);
    const mapped = toStoreError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' });
    expect(mapped).toBeInstanceOf(StoreError);
    expect(mapped.kind).toBe('quota');
    expect(mapped.message).toMatch(/no room left/);
    expect(toStoreError(new DOMException('x', 'DataError')).kind).toBe('unknown');
  });

  it('turns a full disk during saveAttempt into StoreError quota and writes nothing', async () => {
    const store = await openTab(freshSite(), { now: () => 5000 });
    await store.createSession(makeSession({ id: 'a', updatedAt: 1000 }));
    quotaOnWrite();
    const attempt = makeAttempt('a', 0);
    const error = await store.saveAttempt(attempt).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ kind: 'quota' });
    vi.restoreAllMocks();
    expect(await store.getAttempts('a')).toEqual([]);
    expect((await store.getSession('a'))?.updatedAt).toBe(1000);
    // The caller kept the attempt; once there is room again the same call saves it.
    await store.saveAttempt(attempt);
    expect(await store.getAttempts('a')).toEqual([attempt]);
  });

  it('rolls back the attempt when only the session update hits the quota', async () => {
    const store = await openTab(freshSite(), { now: () => 5000 });
    await store.createSession(makeSession({ id: 'a', updatedAt: 1000 }));
    const put = FakeObjectStore.prototype.put;
    vi.spyOn(FakeObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value, key) {
      if (this.name === 'sessions') throw new DOMException('full', 'QuotaExceededError');
      return put.call(this, value, key);
    });
    await expect(store.saveAttempt(makeAttempt('a', 0))).rejects.toMatchObject({ kind: 'quota' });
    vi.restoreAllMocks();
    expect(await store.getAttempts('a')).toEqual([]);
  });

  it('maps the old WebKit code-22 error too, and an import that hits the quota writes nothing', async () => {
    const store = await openTab(freshSite());
    await store.createSession(makeSession({ id: 'a', status: 'done' }));
    const file = await store.exportHistory();
    await store.deleteSession('a');
    quotaOnWrite(Object.assign(new Error('QuotaExceededError: DOM Exception 22'), { code: 22 }));
    await expect(store.importHistory(file)).rejects.toMatchObject({ kind: 'quota' });
    vi.restoreAllMocks();
    expect(await store.listSessions()).toEqual([]);
  });
});

describe('storage info', () => {
  function fakeStorage(granted: boolean) {
    const storage = {
      persisted: vi.fn(async () => false),
      persist: vi.fn(async () => granted),
      estimate: vi.fn(async () => ({ usage: 1234, quota: 10_000 })),
    } satisfies StorageManagerLike;
    return storage;
  }

  it('asks for persistence once, then only reports', async () => {
    const site = freshSite();
    const storage = fakeStorage(false);
    const store = await openTab(site, { storage });
    expect(await store.storageInfo()).toEqual({ persisted: false, asked: true, usage: 1234, quota: 10_000 });
    expect(await store.storageInfo()).toEqual({ persisted: false, asked: true, usage: 1234, quota: 10_000 });
    store.close();
    const again = await openTab(site, { storage });
    await again.storageInfo();
    expect(storage.persist).toHaveBeenCalledTimes(1);
    // A user's explicit click may ask again.
    await again.storageInfo({ ask: true });
    expect(storage.persist).toHaveBeenCalledTimes(2);
  });

  it('reports unknown when the browser has no storage manager or it fails', async () => {
    const none = await openTab(freshSite(), { storage: null });
    expect(await none.storageInfo()).toEqual({ persisted: undefined, asked: false });
    const broken = await openTab(freshSite(), {
      storage: { persisted: () => Promise.reject(new Error('no')), estimate: () => Promise.reject(new Error('no')) },
    });
    expect(await broken.storageInfo()).toEqual({ persisted: undefined, asked: false });
  });
});
