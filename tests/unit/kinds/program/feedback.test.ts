import { describe, expect, it } from 'vitest';
import { programFeedback } from '../../../../src/kinds/program/feedback.ts';
import type { RunResult } from '../../../../src/shared/run.ts';

const run = (r: Partial<RunResult>): RunResult => ({
  status: 'failed',
  result: '',
  tests: [],
  stdout: '',
  stderr: '',
  truncated: false,
  durationMs: 1,
  ...r,
});

describe("a contest program's feedback, as LiveCodeBench's self-repair words it", () => {
  it('a wrong answer: input, output, expected, and the first differing line', () => {
    const text = programFeedback(
      run({
        result: 'failed: Wrong Answer at line 1: 3 != 4',
        tests: [{ name: 'test 1', passed: false, source: '2\n', actual: '1\n3\n', expected: '1\n4\n' }],
      }),
      6,
    );
    expect(text).toBe(
      'The above code is incorrect and got a wrong answer.\nInput:\n2\nGenerated Output:\n1\n3\nExpected:\n1\n4\nThe first difference is on output line 2: 3 != 4',
    );
  });

  it('cuts long text and says where', () => {
    const text = programFeedback(
      run({
        status: 'error',
        result: 'failed: Runtime Error: ValueError: x',
        tests: [{ name: 't', passed: false, source: 'y'.repeat(5000), expected: '1' }],
      }),
      6,
    );
    expect(text).toContain('… [cut here: 3500 more characters]');
    expect(text.length).toBeLessThan(1700);
    expect(text.endsWith('ValueError: x')).toBe(true);
  });

  it('time limits, compile errors and passes', () => {
    const tests = [{ name: 'test 3', passed: false, source: '5\n', expected: '25\n' }];
    expect(programFeedback(run({ status: 'timed out', result: 'timed out', runningTest: 'test 3', tests }), 6)).toBe(
      'The above code is incorrect and got time limit exceeded on test 3 (6 s per test).\nInput:\n5\nExpected:\n25',
    );
    expect(programFeedback(run({ status: 'error', result: 'failed: Compile Error: SyntaxError: bad' }), 6)).toBe(
      'The above code is incorrect and got the following compilation error.\nSyntaxError: bad',
    );
    expect(programFeedback(run({ status: 'passed', result: 'passed' }), 6)).toBe('All tests passed.');
  });
});
