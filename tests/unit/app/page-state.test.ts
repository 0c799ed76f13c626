// The page's changing state, in Node: Continue goes on with the shown session only while the
// task panel holds its task and the history holds it; one run at a time, the page locked meanwhile.
import { describe, expect, it } from 'vitest';
import { PageState, type PageViews } from '../../../src/app/page-state.ts';
import type { Session } from '../../../src/shared/session.ts';
import type { HistoryStore } from '../../../src/store/history-store.ts';
import type { EndpointSettings } from '../../../src/ui/settings/settings-model.ts';

function page(): { state: PageState; locks: boolean[]; show(s: Session | undefined): void } {
  const locks: boolean[] = [];
  const view = { session: undefined as Session | undefined };
  const views = {
    root: { dataset: {} },
    layout: { setRunning: (b: boolean) => locks.push(b) },
    editor: { setReadOnly: () => undefined },
    tasks: { setLocked: () => undefined },
    view,
  } as unknown as PageViews;
  const state = new PageState(views, {} as EndpointSettings);
  return { state, locks, show: (s) => (view.session = s) };
}

const shown = { id: 's1' } as Session;
const store = {} as HistoryStore;

describe('the page state', () => {
  it('continues the shown session only with a store and an unedited task', () => {
    const { state, show } = page();
    show(shown);
    expect(state.continuable()).toBeUndefined();
    state.storeOpened(store);
    expect(state.continuable()).toBe(shown);
    state.taskChanged();
    expect(state.continuable()).toBeUndefined();
    state.sessionShown();
    expect(state.continuable()).toBe(shown);
    // A session the history could not store cannot be continued there.
    state.sessionShown(false);
    expect(state.continuable()).toBeUndefined();
  });

  it('runs one thing at a time, locks the page meanwhile, and stops it', async () => {
    const { state, locks } = page();
    let second = false;
    let aborted = false;
    await state.exclusive(async (signal) => {
      expect(state.running).toBe(true);
      await state.exclusive(async () => void (second = true));
      state.stop();
      aborted = signal.aborted;
    });
    expect(second).toBe(false);
    expect(aborted).toBe(true);
    expect(state.running).toBe(false);
    expect(locks).toEqual([true, false]);
    expect(state.root.dataset.busy).toBe('false');
  });

  it('says why there is no history until it opens or fails', () => {
    const { state } = page();
    expect(state.storeProblem).toBe('History is still opening.');
    state.storeFailed('Private browsing.');
    expect(state.storeProblem).toBe('Private browsing.');
  });
});
