// A session whose task has generated tests keeps them marked as generated in the history, in an
// exported file and after importing it elsewhere, with the run's suspect flags beside them; an
// import whose mark is not a list of tests is refused.
import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_FORMAT, parseHistoryFile } from '../../../src/store/history-file.ts';
import { closeAll, freshSite, makeAttempt, makeSession, openTab } from './helpers.ts';

afterEach(closeAll);

const GENERATED = ['assert f(2) == 4', 'assert f(2) == 5'];

describe('the generated mark in the history', () => {
  it('survives saving, export and import, with the suspect flags of the selection', async () => {
    const store = await openTab(freshSite());
    const session = makeSession({ id: 'g', status: 'done' });
    session.task = { ...session.task, generatedTests: GENERATED };
    await store.createSession(session);
    const suspect = [{ source: GENERATED[1]!, outputs: ['4'] }];
    await store.saveAttempt(
      makeAttempt('g', 0, {
        selection: {
          samples: [0, 1].map(() => ({ code: 'def f(): pass', passed: 1, total: 1, ok: true, group: 0, passes: [0] })),
          groups: [2],
          chosenSize: 2,
          chosen: 0,
          tests: GENERATED,
          suspect,
          why: 'x',
        },
      }),
    );
    expect((await store.getSession('g'))?.task.generatedTests).toEqual(GENERATED);

    const other = await openTab(freshSite());
    expect(await other.importHistory(await store.exportHistory())).toEqual({ imported: ['g'], skipped: [] });
    expect((await other.getSession('g'))?.task.generatedTests).toEqual(GENERATED);
    expect((await other.getAttempts('g'))[0]?.selection?.suspect).toEqual(suspect);
  });

  it('refuses a file whose generated tests are not a list of text', () => {
    const session = makeSession({ id: 'bad', status: 'done' });
    const text = JSON.stringify({
      format: HISTORY_FORMAT,
      version: 1,
      exportedAt: '2025-01-01T00:00:00.000Z',
      sessions: [{ session: { ...session, task: { ...session.task, generatedTests: [1] } }, attempts: [] }],
    });
    expect(() => parseHistoryFile(text)).toThrow(/generatedTests/);
  });
});
