// Traced runs in the built page, in real Chromium: the first failing test comes back step by step
// with its locals, and tracing that does not end in time leaves the verdict as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunJob } from '../../src/shared/run.ts';
import { MODES, openPage, pyJob, runIn, type PageContext } from './support/browser.ts';

const SQUARES = 'def f(xs):\n    total = 0\n    for x in xs:\n        total += x * x\n    return total\n';
const traced = (code: string, asserts: string[]): RunJob =>
  pyJob(code, { tests: { kind: 'mbpp', setup: '', asserts }, trace: true });

// Fails quickly the first time; run again (as tracing does), it never ends, even when interrupted.
const HANGS_WHEN_TRACED =
  'import textwrap\n' +
  'textwrap._traced_runs = getattr(textwrap, "_traced_runs", 0) + 1\n' +
  'def f(xs):\n' +
  '    while textwrap._traced_runs > 1:\n' +
  '        try:\n' +
  '            while True:\n' +
  '                pass\n' +
  '        except BaseException:\n' +
  '            pass\n' +
  '    return 0\n';

describe.each(MODES)('traced Python runs ($name)', ({ isolated }) => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated, path: '?headless' });
    await ctx.page.evaluate(() => window.fixpoint.start(1));
  });
  afterAll(() => ctx?.close());

  it('a failing run returns the trace of its first failing test, with the values of its locals', async () => {
    const r = await runIn(ctx.page, traced(SQUARES, ['assert f([]) == 0', 'assert f([1, 2, 3]) == 6']));
    expect(r.status).toBe('failed');
    expect(r.tests.map((t) => t.passed)).toEqual([true, false]);
    expect(r.trace?.test).toBe('assert f([1, 2, 3]) == 6');
    expect(r.trace?.steps[0]).toEqual({ line: 1, event: 'call', function: 'f', locals: [['xs', '[1, 2, 3]']] });
    const line4 = r.trace?.steps.filter((s) => s.line === 4 && s.event === 'line') ?? [];
    expect(line4.map((s) => s.locals)).toEqual([
      [
        ['xs', '[1, 2, 3]'],
        ['total', '0'],
        ['x', '1'],
      ],
      [
        ['xs', '[1, 2, 3]'],
        ['total', '1'],
        ['x', '2'],
      ],
      [
        ['xs', '[1, 2, 3]'],
        ['total', '5'],
        ['x', '3'],
      ],
    ]);
    expect(r.trace?.steps.at(-1)).toMatchObject({ event: 'return', value: '14' });
  });

  it('a passing run, or one not asked to, has no trace', async () => {
    const passing = await runIn(ctx.page, traced(SQUARES, ['assert f([1, 2]) == 5']));
    expect(passing.status).toBe('passed');
    expect(passing.trace).toBeUndefined();
    const plain = await runIn(ctx.page, { ...traced(SQUARES, ['assert f([1]) == 2']), trace: undefined });
    expect(plain.status).toBe('failed');
    expect(plain.trace).toBeUndefined();
  });

  it('tracing that outlasts the time limit keeps the verdict of the run, and the next job runs', async () => {
    const job = traced(HANGS_WHEN_TRACED, ['assert f([1]) == 1']);
    const r = await runIn(ctx.page, { ...job, limits: { ...job.limits, timeoutSec: 1 } });
    expect(r.status).toBe('failed');
    expect(r.result).toBe('failed: assert f([1]) == 1 (expected 1, got 0)');
    expect(r.tests).toEqual([
      { name: 'assert f([1]) == 1', passed: false, source: 'assert f([1]) == 1', expected: '1', actual: '0' },
    ]);
    expect(r.trace).toBeUndefined();
    const next = await runIn(ctx.page, pyJob('print(6 * 7)'));
    expect(next.stdout).toBe('42\n');
  });
});
