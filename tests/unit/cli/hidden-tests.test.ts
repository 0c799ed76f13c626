// How a batch run's row reads the hidden tests: they decide `passed`, and a run that produced no
// candidate did not pass them.
import { describe, expect, it } from 'vitest';
import { hiddenFields, hiddenJob } from '../../../src/loop/hidden-tests.ts';
import { visibleTestsFlag } from '../../../cli/hidden-tests.ts';
import { UsageError } from '../../../cli/args.ts';
import type { LoopOutcome } from '../../../src/loop/types.ts';
import type { Problem } from '../../../src/shared/problems.ts';
import { splitProblem } from '../../../src/kinds/rows.ts';
import { loopOutcome, runResult } from '../../support/outcomes.ts';

const MBPP: Problem = {
  taskId: '7',
  rawId: 7,
  kind: 'mbpp',
  prompt: 'Add two numbers.',
  asserts: ['assert add(1, 2) == 3', 'assert add(2, 2) == 4'],
  setup: '',
  line: 1,
};
const HE: Problem = {
  taskId: 'HumanEval/x',
  rawId: 'HumanEval/x',
  kind: 'humaneval',
  prompt: 'def add(a, b):\n    """\n    >>> add(1, 2)\n    3\n    """\n',
  test: 'def check(candidate):\n    assert candidate(2, 2) == 4\n',
  entryPoint: 'add',
  line: 1,
};
const outcome = (passed: boolean, finalCandidate?: string): LoopOutcome => loopOutcome(passed, { finalCandidate });

describe('hidden tests in a row', () => {
  it('the final candidate runs on the hidden tests the way the reference harness does', () => {
    const split = splitProblem(HE, 'doc', 2);
    expect(hiddenJob(split, outcome(true, '    return a + b\n'), 2)).toEqual({
      language: 'python',
      code: `${HE.prompt}    return a + b\n`,
      tests: { kind: 'humaneval', test: HE.test, entryPoint: 'add' },
      limits: { timeoutSec: 2, outputCap: 64 * 1024 },
      mode: 'reference',
    });
    expect(hiddenJob(split, outcome(false), 2)).toBeUndefined();
  });

  it('passed needs both; a failed hidden run says why; no candidate passes nothing', () => {
    const split = splitProblem(MBPP, 1, 3);
    expect(hiddenFields(split, outcome(true, 'c'), runResult('passed', 'passed'))).toEqual({
      passed: true,
      visible_passed: true,
      hidden_passed: true,
      visible_tests: 1,
      hidden_tests: 1,
    });
    expect(hiddenFields(split, outcome(true, 'c'), runResult('failed', 'failed: '))).toMatchObject({
      passed: false,
      visible_passed: true,
      hidden_passed: false,
      hidden_result: 'failed: ',
    });
    expect(hiddenFields(split, outcome(false), undefined)).toMatchObject({ passed: false, hidden_passed: false });
    const none = splitProblem(MBPP, 5, 3);
    expect(hiddenJob(none, outcome(true, 'c'), 3)).toBeUndefined();
    expect(hiddenFields(none, outcome(true, 'c'), undefined)).toMatchObject({ passed: true, hidden_tests: 0 });
  });

  it('the flag must fit every problem of the file', () => {
    expect(visibleTestsFlag(undefined, [HE])).toBeUndefined();
    expect(visibleTestsFlag('2', [MBPP])).toBe(2);
    expect(visibleTestsFlag('doc', [HE])).toBe('doc');
    expect(() => visibleTestsFlag('doc', [HE, MBPP])).toThrow(UsageError);
    expect(() => visibleTestsFlag('1.5', [MBPP])).toThrow(/at least 1, or doc/);
    expect(() => visibleTestsFlag('-1', [MBPP])).toThrow(/at least 1/);
  });
});
