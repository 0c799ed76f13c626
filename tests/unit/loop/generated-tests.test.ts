// Generated tests (proposed by a model, accepted by the user): how they join a run, how feedback
// names them as tests that may be wrong while given tests read as before, and how selection
// leaves them out of the truth: codet weighs them by agreement and flags a wrong one as suspect.
import { describe, expect, it } from 'vitest';
import { runLoop } from '../../../src/loop/engine.ts';
import { buildFeedback, GENERATED_NOTE } from '../../../src/loop/feedback.ts';
import { firstMessages, GENERATED_INTRO } from '../../../src/loop/prompt.ts';
import type { LoopSettings } from '../../../src/loop/types.ts';
import { generatedSourceOf, testsForRun } from '../../../src/shared/generated-tests.ts';
import type { RunResult } from '../../../src/shared/run.ts';
import type { Runtime } from '../../../src/shared/runtime.ts';
import type { Task } from '../../../src/shared/task.ts';
import { FakeModel, FakeRuntime, heTask, mbppTask, pass } from './fakes.ts';
import { hasPython, NativePython } from './native-python.ts';
import { runResult } from '../../support/outcomes.ts';

const RIGHT = 'assert add(2, 2) == 4';
const WRONG = 'assert add(2, 2) == 5';
const withGenerated: Task = { ...mbppTask, generatedTests: [RIGHT, WRONG] };

describe('the tests a run uses', () => {
  it('adds the accepted generated tests after the given ones, in the form each harness reads', () => {
    expect(testsForRun(withGenerated)).toEqual({
      kind: 'mbpp',
      setup: '',
      asserts: ['assert add(1, 2) == 3', 'assert add(-1, 1) == 0', RIGHT, WRONG],
    });
    expect(testsForRun({ ...withGenerated, tests: { kind: 'none' } })).toEqual({
      kind: 'user',
      source: `${RIGHT}\n${WRONG}\n`,
    });
    expect(testsForRun({ ...withGenerated, tests: { kind: 'user', source: 'assert add(0, 0) == 0\n\n' } })).toEqual({
      kind: 'user',
      source: `assert add(0, 0) == 0\n${RIGHT}\n${WRONG}\n`,
    });
    const he = testsForRun({ ...heTask, generatedTests: ['assert running_sum([]) == []'] });
    expect(he).toEqual({
      kind: 'user',
      source: `${heTask.tests.kind === 'humaneval' ? heTask.tests.test.trimEnd() : ''}\n\ncheck(running_sum)\nassert running_sum([]) == []\n`,
    });
  });

  it('gives each JavaScript test its own node:test case named by its source, with assert in scope', () => {
    const js: Task = {
      ...mbppTask,
      language: 'javascript',
      tests: { kind: 'none' },
      generatedTests: ['assert.strictEqual(add(1, 1),  2);'],
    };
    const spec = testsForRun(js);
    expect(spec).toEqual({
      kind: 'user',
      source:
        'test("assert.strictEqual(add(1, 1), 2);", () => {\n  const assert = require(\'node:assert\');\n  assert.strictEqual(add(1, 1),  2);\n});\n',
    });
  });

  it('leaves them out when asked for the given tests only, and changes nothing for a task without any', () => {
    expect(testsForRun(withGenerated, true)).toBe(withGenerated.tests);
    expect(testsForRun(mbppTask)).toBe(mbppTask.tests);
    expect(testsForRun({ ...mbppTask, generatedTests: ['  '] })).toBe(mbppTask.tests);
  });

  it('tells a generated test result from a given one, by source or by name, whitespace aside', () => {
    expect(generatedSourceOf({ name: 'x', source: 'assert  add(2, 2) == 5', passed: false }, [WRONG])).toBe(WRONG);
    expect(generatedSourceOf({ name: WRONG, passed: false }, [RIGHT, WRONG])).toBe(WRONG);
    expect(generatedSourceOf({ name: 'test_1', source: 'assert add(1, 2) == 3', passed: false }, [WRONG])).toBe(
      undefined,
    );
    // An edited test of two statements is reported by the statement that failed.
    const two = 'x = add(2, 2)\nassert x == 5';
    expect(generatedSourceOf({ name: 'assert x == 5', source: 'assert x == 5', passed: false }, [two])).toBe(two);
  });
});

function failed(sources: string[]): RunResult {
  const tests = sources.map((source, i) => ({ name: source, source, passed: i === 0, expected: '5', actual: '4' }));
  return runResult('failed', 'failed: AssertionError', { tests, durationMs: 3 });
}

describe('feedback on a failing generated test', () => {
  const run = failed(['assert add(1, 2) == 3', 'assert add(-1, 1) == 0', WRONG]);
  const ctx = { code: 'def add(a, b):\n    return a + b', lineOffset: 0 };

  it('says the generated test may itself be wrong, once, and how to decide', () => {
    const text = buildFeedback(run, { ...ctx, generated: [RIGHT, WRONG] });
    expect(text).toContain(`2. ${WRONG} (a generated test: it may itself be wrong)\n`);
    expect(text).toContain(`1. assert add(-1, 1) == 0\n`);
    expect(text.split(GENERATED_NOTE)).toHaveLength(2);
  });

  it('reads exactly as before for given tests', () => {
    const given = failed(['assert add(1, 2) == 3', 'assert add(-1, 1) == 0']);
    expect(buildFeedback(given, { ...ctx, generated: [RIGHT, WRONG] })).toBe(buildFeedback(given, ctx));
    expect(buildFeedback(given, ctx)).not.toMatch(/generated/);
  });
});

describe('the request', () => {
  it('shows the generated tests apart from the given ones, as tests that may be wrong', () => {
    const text = firstMessages(withGenerated, { showTests: true, testsChars: 4000 })[0]!.content;
    expect(text).toContain(`${GENERATED_INTRO}\n\`\`\`python\n${RIGHT}\n${WRONG}\n\`\`\``);
    expect(text.indexOf('Your code will be checked with these tests')).toBeLessThan(text.indexOf(GENERATED_INTRO));
    const alone = firstMessages(
      { ...withGenerated, entryPoint: undefined, tests: { kind: 'none' } },
      {
        showTests: true,
        testsChars: 4000,
      },
    )[0]!.content;
    expect(alone).not.toContain('There are no tests');
    expect(alone).toContain(GENERATED_INTRO);
  });
});

function loop(task: Task, steps: string[], runtime: Runtime, settings: Partial<LoopSettings>) {
  const model = new FakeModel(steps);
  return runLoop({
    task,
    model,
    runtime,
    settings: { maxIterations: 2, retryDelayMs: 0, ...settings },
    hooks: { onAttempt: () => {} },
  });
}

const fenced = (body: string): string => `\`\`\`python\ndef add(a, b):\n    ${body}\n\`\`\``;

describe('repair with generated tests', () => {
  it('runs them with the given tests, and the feedback marks the failing one as possibly wrong', async () => {
    const runtime = new FakeRuntime([(job) => failed(job.tests.kind === 'mbpp' ? job.tests.asserts : [])]);
    const out = await loop(withGenerated, [fenced('return a + b')], runtime, { maxIterations: 1 });
    expect(runtime.jobs[0]!.tests).toEqual(testsForRun(withGenerated));
    expect(out.attempts[0]!.feedback).toContain(`${WRONG} (a generated test: it may itself be wrong)`);
  });
});

describe.skipIf(!hasPython)('codet and repair with generated tests (samples run in native CPython)', () => {
  const STILL = 'One of the tests still failing is a generated one: accepted generated tests count like the task';

  it('codet filters samples on the given tests only, flags the wrong generated test, and judges the chosen one as repair does', async () => {
    const runtime = new NativePython();
    const out = await loop(
      withGenerated,
      [fenced('return a + b'), fenced('return b + a'), fenced('return a - b'), fenced('return a + b')],
      runtime,
      { strategy: { name: 'codet', samples: 3 } },
    );
    // Samples ran on the given tests: the wrong generated test did not fail every one of them.
    const sampleJobs = runtime.jobs.filter((j) => j.tests.kind === 'mbpp');
    expect(sampleJobs.slice(0, 3).map((j) => (j.tests.kind === 'mbpp' ? j.tests.asserts.length : 0))).toEqual([
      2, 2, 2,
    ]);
    const sel = out.attempts[0]!.selection!;
    expect(sel.tests).toEqual([RIGHT, WRONG]);
    expect(sel).toMatchObject({ chosenSize: 2, groups: [2] });
    expect(sel.suspect).toEqual([{ source: WRONG, outputs: ['4'] }]);
    // The chosen sample is judged on the accepted generated tests too: 3 of 4, as repair says.
    const first = out.attempts[0]!;
    expect([first.passed, first.result!.tests.filter((t) => t.passed).length, first.result!.tests.length]).toEqual([
      false,
      3,
      4,
    ]);
    expect(first.feedback).toContain(`${WRONG} (a generated test: it may itself be wrong)`);
    expect(out.passed).toBe(false);
    expect(out.endMessage).toContain(STILL);
    expect(out.finalCandidate).toBe('def add(a, b):\n    return a + b');
  });

  it('repair on the same code says the same: 3 of 4, not passed, and why', async () => {
    const out = await loop(withGenerated, [fenced('return a + b'), fenced('return b + a')], new NativePython(), {});
    const first = out.attempts[0]!;
    expect([first.passed, first.result!.tests.filter((t) => t.passed).length, first.result!.tests.length]).toEqual([
      false,
      3,
      4,
    ]);
    expect(out.passed).toBe(false);
    expect(out.endMessage).toContain(STILL);
  });

  it('a pass on accepted generated tests says how many of them it passed', async () => {
    const right: Task = { ...mbppTask, generatedTests: [RIGHT] };
    const out = await loop(right, [fenced('return a + b')], new NativePython(), {});
    expect(out.endMessage).toBe('Passed: attempt 1 passes all 3 tests, 1 of them generated.');
  });
});

describe('best-of-n with generated tests', () => {
  it('does not drop a sample for failing a generated test', async () => {
    const runtime = new FakeRuntime([], pass());
    const out = await loop(withGenerated, [fenced('return a + b'), fenced('return a + b')], runtime, {
      strategy: { name: 'best-of-n', samples: 2 },
    });
    expect(out.passed).toBe(true);
    expect(runtime.jobs[0]!.tests).toBe(withGenerated.tests);
  });
});
