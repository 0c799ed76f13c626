// A session records what its runs used (model calls, samples, tokens, time), so a comparison
// reopened from the history shows the same figures as when it ran; a session continued later
// adds the new run's use to the old, and a comparison's tag is stored with the session.
import { afterEach, describe, expect, it } from 'vitest';
import { runSession } from '../../../src/app/session.ts';
import { findExample } from '../../../src/shared/examples.ts';
import type { RunJob, RunResult } from '../../../src/shared/run.ts';
import type { Runtime } from '../../../src/shared/runtime.ts';
import { closeAll, freshSite, makeResult, openTab } from '../store/helpers.ts';

afterEach(closeAll);

/** Grades like the real harness would for the demo's two programs: // fails, / passes. */
const runtime: Runtime = {
  run(job: RunJob) {
    const passed = !job.code.includes(']) // 2');
    const result: RunResult = passed
      ? makeResult({
          status: 'passed',
          result: 'passed',
          tests: [{ name: 'test_1', passed: true }],
          exception: undefined,
        })
      : makeResult();
    return { result: Promise.resolve(result), cancel() {} };
  },
  dispose() {},
};

const endpoint = { provider: 'demo' as const, baseUrl: 'demo:', model: 'demo' };

describe('the figures a session records', () => {
  it('stores each run’s calls, samples and tokens with the comparison tag, and adds a continued run’s', async () => {
    const store = await openTab(freshSite());
    const task = findExample('example-running-median')!;
    const compare = { id: 'cmp', side: 0, plan: [{ name: 'repair' as const }, { name: 'reflexion' as const }] };
    const first = await runSession({
      task,
      endpoint,
      settings: { maxIterations: 1, strategy: { name: 'repair' } },
      runtime,
      store,
      compare,
      clientOptions: { demo: { delayMs: 0 } },
    });
    expect(first.outcome.endReason).toBe('iteration-cap');
    const id = first.session.id;
    const stored = await store.getSession(id);
    expect(stored?.compare).toEqual(compare);
    expect(stored?.figures).toMatchObject({ modelCalls: 1, samples: 1 });
    expect(stored?.figures?.usage.outputTokens).toBe(first.outcome.usage.outputTokens);
    expect(first.session.figures).toEqual(stored?.figures);

    const second = await runSession({
      task,
      endpoint,
      settings: { maxIterations: 1, strategy: { name: 'repair' } },
      runtime,
      store,
      resumeId: id,
      clientOptions: { demo: { delayMs: 0 } },
    });
    expect(second.outcome.endReason).toBe('passed');
    const again = await store.getSession(id);
    expect(again?.figures).toMatchObject({ modelCalls: 2, samples: 2 });
    expect(again?.figures?.usage.outputTokens).toBe(
      first.outcome.usage.outputTokens + second.outcome.usage.outputTokens,
    );
    expect(again?.compare).toEqual(compare);
  });
});
