import { describe, expect, it } from 'vitest';
import { writeRunResult } from '../../../src/ui/common/run-output.ts';
import type { RunResult } from '../../../src/shared/run.ts';
import type { Terminal } from '../../../src/ui/terminal/terminal.ts';

function term(): Terminal {
  let all = '';
  return {
    write: (t) => void (all += t),
    clear: () => void (all = ''),
    text: () => all,
    dispose: () => undefined,
  };
}

const result = (expected: string, actual: string): RunResult => ({
  status: 'failed',
  result: 'failed: Wrong Answer',
  tests: [{ name: 'test 2', passed: false, expected, actual }],
  stdout: '',
  stderr: '',
  truncated: false,
  durationMs: 5,
});

describe('a failed test in the terminal', () => {
  it('keeps one-line values on the test line', () => {
    const t = term();
    writeRunResult(t, result('3', '4'));
    expect(t.text()).toContain('✗ test 2: expected 3, got 4\n');
  });

  it("puts a program's several lines of output under headings, never splitting one value across the other", () => {
    const t = term();
    writeRunResult(t, result('2\n4\n', '2\n7\n'));
    expect(t.text()).toContain('✗ test 2:\n  expected:\n    2\n    4\n  got:\n    2\n    7\n');
    expect(t.text()).not.toContain(', got');
  });
});
