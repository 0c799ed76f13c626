// A wrong answer must never be graded as passed, whatever else the program does to the harness,
// the worker or the channel back to the page; and nothing it does may change how a later run is
// graded. Both grading modes: feedback (the loop) and reference (the command line's eval).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText } from '../../../cli/files.ts';
import type { Problem } from '../../../src/shared/problems.ts';
import { parseProblems, problemJob } from '../../../src/kinds/rows.ts';
import type { RunResult } from '../../../src/shared/run.ts';
import { MODES, openPage, runIn, type PageContext } from '../support/browser.ts';
import { HUMANEVAL } from '../support/native.ts';
import { FORGERIES, FRAME_FORGERY, RIGHT, WRONG } from './forgeries.ts';

const add = parseProblems(readText(HUMANEVAL), HUMANEVAL).find((p) => p.taskId === 'HumanEval/53') as Problem;
const GRADING = ['feedback', 'reference'] as const;

function expectNotPassed(r: RunResult, what: string): void {
  expect(r.status, what).not.toBe('passed');
  expect(r.result, what).not.toBe('passed');
  expect(r.result, what).toMatch(/^(failed: |timed out$)/);
}

describe.each(MODES)('forged verdicts ($name)', ({ isolated }) => {
  let ctx: PageContext;
  const grade = (completion: string, mode: (typeof GRADING)[number]): Promise<RunResult> =>
    runIn(ctx.page, problemJob(add, completion, 3, mode));

  beforeAll(async () => {
    ctx = await openPage({ isolated, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
  });
  afterAll(() => ctx?.close());

  it('the task grades a right answer as passed and the wrong one as failed', async () => {
    for (const mode of GRADING) {
      expect((await grade(RIGHT, mode)).result).toBe('passed');
      expectNotPassed(await grade(WRONG, mode), mode);
    }
  });

  it.each(Object.keys(FORGERIES))('%s: not passed, and the next runs are graded on their merits', async (name) => {
    for (const mode of GRADING) {
      const forged = await grade(FORGERIES[name]!, mode);
      expectNotPassed(forged, `${name} (${mode})`);
      // Callbacks left behind get their chance to fire between runs.
      await new Promise((ok) => setTimeout(ok, 100));
      const wrong = await grade(WRONG, mode);
      expectNotPassed(wrong, `the wrong answer after "${name}" (${mode})`);
      expect(wrong.result, `the wrong answer after "${name}" (${mode})`).not.toMatch(/changed the test harness/);
      expect((await grade(RIGHT, mode)).result, `the right answer after "${name}" (${mode})`).toBe('passed');
    }
  });

  it('a harness patched during the run is named as the reason', async () => {
    const r = await grade(FORGERIES['patches the live harness found through gc']!, 'feedback');
    expect(r.status).toBe('error');
    expect(r.result).toMatch(/^failed: the program changed the test harness/);
  });

  // Best-effort (see FRAME_FORGERY): this forgery is known to succeed.
  it.fails('a program that rewrites its own run record through the harness frames', async () => {
    for (const mode of GRADING) expectNotPassed(await grade(FRAME_FORGERY, mode), mode);
  });
});
