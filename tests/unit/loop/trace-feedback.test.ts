// The trace of the first failing test in the feedback: steps in lines of the model's code, loops
// folded, and only as much as the context budget allows.
import { describe, expect, it } from 'vitest';
import { buildFeedback } from '../../../src/loop/feedback.ts';
import { buildConversation } from '../../../src/loop/budget.ts';
import { runLoop } from '../../../src/loop/engine.ts';
import type { RunResult, RunTrace } from '../../../src/shared/run.ts';
import { code, failing, FakeModel, FakeRuntime, mbppTask, pass, storedAttempt } from './fakes.ts';

const CODE = 'def add(a, b):\n    total = 0\n    for x in [a, b]:\n        total += x * 2\n    return total';
const TRACE: RunTrace = {
  test: 'test_1',
  steps: [
    {
      line: 1,
      event: 'call',
      function: 'add',
      locals: [
        ['a', '0'],
        ['b', '1'],
      ],
    },
    {
      line: 2,
      event: 'line',
      function: 'add',
      locals: [
        ['a', '0'],
        ['b', '1'],
      ],
    },
    {
      line: 4,
      event: 'line',
      function: 'add',
      locals: [
        ['total', '0'],
        ['x', '0'],
      ],
      hits: 120,
      last: [
        ['total', '238'],
        ['x', '1'],
      ],
    },
    { line: 5, event: 'return', function: 'add', locals: [], value: '2' },
  ],
  omitted: 3,
  stopped: 'the time for tracing ran out',
};
const withTrace = (trace: RunTrace = TRACE): RunResult => ({ ...failing(2, ['test_1']), trace });

describe('trace in the feedback', () => {
  it('tells each step with its line of code and the values of the variables', () => {
    const text = buildFeedback(withTrace(), { code: CODE, lineOffset: 0 });
    expect(text).toContain(
      [
        'What your code did in the first failing test (test_1), step by step, with the values of its variables as each line began:',
        '  call add(a=0, b=1)',
        '  line 2 `total = 0`: a=0, b=1',
        '  line 4 `total += x * 2`, ran 120 more times; the first of them: total=0, x=0; the last time: total=238, x=1',
        '  line 5 `return total`: add returns 2',
        '  [… 3 more steps not shown]',
        '  [tracing stopped early: the time for tracing ran out]',
      ].join('\n'),
    );
  });

  it('numbers lines as the model wrote them, after a HumanEval prompt', () => {
    const shifted = { ...TRACE, steps: TRACE.steps.map((s) => ({ ...s, line: s.line + 10 })) };
    const text = buildFeedback(withTrace(shifted), { code: CODE, lineOffset: 10 });
    expect(text).toContain('  line 2 `total = 0`: a=0, b=1');
    expect(text).not.toContain('line 12');
  });

  it('an exception says where it was raised', () => {
    const trace: RunTrace = {
      test: 'test_1',
      steps: [{ line: 4, event: 'exception', function: 'add', locals: [], value: 'TypeError: bad operand' }],
      omitted: 0,
    };
    expect(buildFeedback(withTrace(trace), { code: CODE, lineOffset: 0 })).toContain(
      '  line 4 `total += x * 2`: raises TypeError: bad operand',
    );
  });

  it('keeps to its budget and counts the steps it leaves out', () => {
    const steps = Array.from({ length: 40 }, (_, i) => ({
      line: 2,
      event: 'line' as const,
      function: 'add',
      locals: [['total', String(i).repeat(30)] as [string, string]],
    }));
    const text = buildFeedback(withTrace({ test: 'test_1', steps, omitted: 0 }), {
      code: CODE,
      lineOffset: 0,
      detail: { maxFailures: 1, valueChars: 80, tracebackLines: 4, outputHead: 0, outputTail: 0, traceChars: 600 },
    });
    const shown = text.split('\n').filter((l) => l.startsWith('  line 2'));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(40);
    expect(text).toContain(`[… ${40 - shown.length} more steps not shown]`);
  });

  it('is left out at the least detailed level, and of a run without a trace', () => {
    const none = buildFeedback(failing(2, ['test_1']), { code: CODE, lineOffset: 0 });
    expect(none).not.toContain('What your code did');
    const a = storedAttempt(0, CODE, withTrace(), { feedback: undefined });
    const levels = [0, 1, 2, 3].map((n) => {
      const conv = buildConversation({ task: mbppTask, history: [a], tactic: false, showTests: true }, n);
      return conv.request.messages.map((m) => m.content).join('\n');
    });
    expect(levels.slice(1, 3).every((t) => t.includes('What your code did'))).toBe(true);
    expect(levels[3]).not.toContain('What your code did');
  });
});

describe('the loop asks for a trace', () => {
  it('only when the strategy says so, on the visible tests', async () => {
    for (const trace of [true, false]) {
      const runtime = new FakeRuntime([withTrace(), pass()]);
      const out = await runLoop({
        task: { ...mbppTask, hiddenTests: { kind: 'mbpp', setup: '', asserts: ['assert add(9, 9) == 18'] } },
        model: new FakeModel([code(1), code(0)]),
        runtime,
        settings: { maxIterations: 1, retryDelayMs: 0, strategy: { name: 'repair', trace } },
        hooks: { onAttempt: () => undefined },
      });
      expect(runtime.jobs[0]?.trace).toBe(trace ? true : undefined);
      expect(runtime.jobs[1]?.trace).toBeUndefined();
      expect(out.attempts[0]?.feedback?.includes('What your code did') ?? false).toBe(true);
    }
  });
});
