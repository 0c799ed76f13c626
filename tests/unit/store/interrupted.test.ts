import { afterEach, describe, expect, it } from 'vitest';
import { INTERRUPTED_MESSAGE } from '../../../src/store/lifecycle.ts';
import { closeAll, freshSite, makeAttempt, makeSession, openTab } from './helpers.ts';

afterEach(closeAll);

describe('sessions left running', () => {
  it('become interrupted when the tab that ran them is gone', async () => {
    const site = freshSite();
    const crashed = await openTab(site);
    await crashed.createSession(makeSession({ id: 'a', updatedAt: 1000 }));
    await crashed.saveAttempt(makeAttempt('a', 0));
    // A crash or reload: the page's locks go with it; its rows stay.
    crashed.close();

    const reloaded = await openTab(site);
    expect(await reloaded.markInterrupted()).toEqual(['a']);
    const session = await reloaded.getSession('a');
    expect(session).toMatchObject({ status: 'interrupted', endReason: 'interrupted', endMessage: INTERRUPTED_MESSAGE });
    // Its last activity time is kept, and nothing it saved is lost.
    expect(await reloaded.getAttempts('a')).toHaveLength(1);
    expect(await reloaded.markInterrupted()).toEqual([]);
  });

  it('stay running while another open tab runs them, and that tab goes on saving', async () => {
    const site = freshSite();
    const tabA = await openTab(site);
    await tabA.createSession(makeSession({ id: 'live' }));
    await tabA.saveAttempt(makeAttempt('live', 0));

    const tabB = await openTab(site);
    expect(await tabB.markInterrupted()).toEqual([]);
    expect((await tabB.getSession('live'))?.status).toBe('running');

    await tabA.saveAttempt(makeAttempt('live', 1));
    await tabA.finishSession('live', 'passed');
    expect(await tabB.getSession('live')).toMatchObject({ status: 'done', endReason: 'passed' });
    expect(await tabB.getAttempts('live')).toHaveLength(2);
  });

  it('are never marked by the page that runs them', async () => {
    const store = await openTab(freshSite());
    await store.createSession(makeSession({ id: 'mine' }));
    expect(await store.markInterrupted()).toEqual([]);
    expect((await store.getSession('mine'))?.status).toBe('running');
  });

  it('can be resumed, but not while another tab runs them', async () => {
    const site = freshSite();
    const tabA = await openTab(site);
    await tabA.createSession(makeSession({ id: 'live' }));
    const tabB = await openTab(site);
    await expect(tabB.resumeSession('live')).rejects.toMatchObject({ kind: 'busy' });

    tabA.close();
    await tabB.markInterrupted();
    const resumed = await tabB.resumeSession('live');
    expect(resumed.status).toBe('running');
    expect(resumed).not.toHaveProperty('endReason');
    expect(site.locks.held.has(`${site.name}:session:live`)).toBe(true);

    // Now a third tab sees it alive in tab B.
    const tabC = await openTab(site);
    expect(await tabC.markInterrupted()).toEqual([]);
    await tabB.finishSession('live', 'stopped', 'Stopped by the user.');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(site.locks.held.size).toBe(0);
  });

  it('without Web Locks: only this page counts as alive, and a live owner takes its session back', async () => {
    const site = freshSite();
    const tabA = await openTab(site, { locks: null });
    await tabA.createSession(makeSession({ id: 'a' }));
    const tabB = await openTab(site, { locks: null });
    await tabB.createSession(makeSession({ id: 'b' }));

    expect(await tabB.markInterrupted()).toEqual(['a']);
    await tabA.saveAttempt(makeAttempt('a', 0));
    expect((await tabB.getSession('a'))?.status).toBe('running');
    expect((await tabB.getSession('b'))?.status).toBe('running');
  });

  it('refuses to create a running session whose id another tab already runs', async () => {
    const site = freshSite();
    const tabA = await openTab(site);
    await tabA.createSession(makeSession({ id: 'x' }));
    const tabB = await openTab(site);
    await expect(tabB.createSession(makeSession({ id: 'x' }))).rejects.toMatchObject({ kind: 'busy' });
  });
});
