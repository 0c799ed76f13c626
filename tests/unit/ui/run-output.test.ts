import { describe, expect, it } from 'vitest';
import { writeRunResult } from '../../../src/ui/common/run-output.ts';
import type { RunResult } from '../../../src/shared/run.ts';
import type { RunResults } from '../../../src/ui/results/run-results.ts';
import type { Terminal } from '../../../src/ui/terminal/terminal.ts';

function views(): { terminal: Terminal; results: RunResults; shown: RunResult[] } {
  let all = '';
  const shown: RunResult[] = [];
  return {
    terminal: {
      write: (t) => void (all += t),
      clear: () => void (all = ''),
      text: () => all,
      dispose: () => undefined,
    },
    results: { start: () => undefined, empty: () => undefined, show: (r) => void shown.push(r) },
    shown,
  };
}

const result = (extra: Partial<RunResult> = {}): RunResult => ({
  status: 'failed',
  result: 'failed: Wrong Answer',
  tests: [{ name: 'test 2', passed: false, expected: '3', actual: '4' }],
  exception: { type: 'ValueError', message: 'bad', traceback: 'Traceback: ValueError: bad' },
  stdout: '',
  stderr: '',
  truncated: false,
  durationMs: 5,
  ...extra,
});

describe('a finished run, in the results and the console', () => {
  it('gives the tests and the traceback to the results view; the console ends with the verdict alone', () => {
    const v = views();
    const r = result();
    writeRunResult(v, r);
    expect(v.shown).toEqual([r]);
    expect(v.terminal.text()).toBe('\n[failed — 0/1 tests (5 ms)]\n');
    expect(v.terminal.text()).not.toMatch(/test 2|expected|Traceback/);
  });

  it('says in the console where the output was cut', () => {
    const v = views();
    writeRunResult(v, result({ truncated: true }));
    expect(v.terminal.text()).toMatch(/^\n\[output cut at the output cap\]\n/);
  });
});
