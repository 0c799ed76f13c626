import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryChange } from '../../../src/store/changes.ts';
import { closeAll, freshSite, makeAttempt, makeResult, makeSession, openTab } from './helpers.ts';

afterEach(closeAll);

describe('sessions', () => {
  it('lists newest first, searches title and task, limits, orders by title', async () => {
    const store = await openTab(freshSite());
    await store.createSession(makeSession({ id: 'a', title: 'Fizz buzz', updatedAt: 3, status: 'done' }));
    await store.createSession(makeSession({ id: 'b', title: 'Palindromes', updatedAt: 5, status: 'done' }));
    await store.createSession(
      makeSession({
        id: 'c',
        title: 'Untitled',
        updatedAt: 4,
        status: 'done',
        task: {
          ...makeSession().task,
          id: 'Mbpp/11',
          title: 'Remove occurrences',
          prompt: 'Remove first and LAST char',
        },
      }),
    );
    expect((await store.listSessions()).map((s) => s.id)).toEqual(['b', 'c', 'a']);
    expect((await store.listSessions({ limit: 2 })).map((s) => s.id)).toEqual(['b', 'c']);
    expect((await store.listSessions({ search: 'FIZZ' })).map((s) => s.id)).toEqual(['a']);
    expect((await store.listSessions({ search: 'last char' })).map((s) => s.id)).toEqual(['c']);
    expect((await store.listSessions({ search: 'mbpp/11' })).map((s) => s.id)).toEqual(['c']);
    expect(await store.listSessions({ search: 'nothing like this' })).toEqual([]);
    expect((await store.listSessions({ order: 'title' })).map((s) => s.title)).toEqual([
      'Fizz buzz',
      'Palindromes',
      'Untitled',
    ]);
    const listed = await store.listSessions({ search: 'palin' });
    expect(listed[0]).not.toHaveProperty('search');
  });

  it('renames and searches by the new title', async () => {
    const store = await openTab(freshSite());
    await store.createSession(makeSession({ id: 'a', status: 'done' }));
    await store.renameSession('a', 'Binary search, second try');
    expect((await store.getSession('a'))?.title).toBe('Binary search, second try');
    expect((await store.listSessions({ search: 'second try' })).map((s) => s.id)).toEqual(['a']);
    await expect(store.renameSession('nope', 'x')).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('deletes a session with its attempts and leaves the others alone', async () => {
    const store = await openTab(freshSite());
    await store.createSession(makeSession({ id: 'a' }));
    await store.createSession(makeSession({ id: 'b' }));
    for (const i of [0, 1, 2]) await store.saveAttempt(makeAttempt('a', i));
    await store.saveAttempt(makeAttempt('b', 0));
    await store.deleteSession('a');
    expect(await store.getSession('a')).toBeUndefined();
    expect(await store.getAttempts('a')).toEqual([]);
    expect(await store.getAttempts('b')).toHaveLength(1);
  });

  it('keeps attempts with their RunResult whole and in index order', async () => {
    const store = await openTab(freshSite());
    await store.createSession(makeSession({ id: 'a' }));
    const passed = makeAttempt('a', 1, {
      result: makeResult({ status: 'passed', result: 'passed', tests: [], truncated: true, runningTest: 't' }),
      source: 'user',
      usage: { inputTokens: 1, outputTokens: 2, estimated: true },
    });
    const failed = makeAttempt('a', 0);
    await store.saveAttempt(passed);
    await store.saveAttempt(failed);
    expect(await store.getAttempts('a')).toEqual([failed, passed]);
    // A retry after a failed save replaces, it does not duplicate.
    await store.saveAttempt(failed);
    expect(await store.getAttempts('a')).toHaveLength(2);
  });

  it('bumps the session on each attempt and refuses attempts of unknown sessions', async () => {
    let clock = 5000;
    const store = await openTab(freshSite(), { now: () => clock });
    await store.createSession(makeSession({ id: 'a', updatedAt: 1000 }));
    await store.saveAttempt(makeAttempt('a', 0));
    expect((await store.getSession('a'))?.updatedAt).toBe(5000);
    clock = 6000;
    await expect(store.saveAttempt(makeAttempt('ghost', 0))).rejects.toMatchObject({ kind: 'not-found' });
    expect(await store.getAttempts('ghost')).toEqual([]);
  });

  it('finishes a session with its reason and message', async () => {
    const store = await openTab(freshSite(), { now: () => 9000 });
    await store.createSession(makeSession({ id: 'a' }));
    await store.finishSession('a', 'iteration-cap', 'Stopped after 5 attempts.');
    expect(await store.getSession('a')).toMatchObject({
      status: 'done',
      endReason: 'iteration-cap',
      endMessage: 'Stopped after 5 attempts.',
      updatedAt: 9000,
    });
  });

  it('never stores a key a caller slipped into the settings', async () => {
    const store = await openTab(freshSite());
    const session = makeSession({ id: 'a' });
    Object.assign(session.settings, { apiKey: 'sk-secret-1', headers: { Authorization: 'Bearer sk-secret-2' } });
    session.settings.baseUrl = 'https://example.test/v1beta?key=sk-secret-3&alt=sse';
    await store.createSession(session);
    const stored = JSON.stringify(await store.getSession('a'));
    expect(stored).not.toContain('sk-secret');
    expect((await store.getSession('a'))?.settings.baseUrl).toBe('https://example.test/v1beta?alt=sse');
  });

  it('tells this page and other tabs that history changed', async () => {
    const site = freshSite();
    const tabA = await openTab(site);
    const tabB = await openTab(site);
    const seenA: HistoryChange[] = [];
    const seenB: HistoryChange[] = [];
    tabA.onHistoryChanged((c) => seenA.push(c));
    const arrived = new Promise<void>((resolve) => {
      tabB.onHistoryChanged((c) => {
        seenB.push(c);
        resolve();
      });
    });
    await tabA.createSession(makeSession({ id: 'a' }));
    await arrived;
    expect(seenA).toEqual([{ kind: 'created', ids: ['a'], remote: false }]);
    expect(seenB).toEqual([{ kind: 'created', ids: ['a'], remote: true }]);
    expect((await tabB.listSessions()).map((s) => s.id)).toEqual(['a']);
  });
});
