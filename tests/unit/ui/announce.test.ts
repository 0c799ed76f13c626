import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../src/shared/run.ts';
import type { Attempt } from '../../../src/shared/session.ts';
import { attemptAnnouncement, runAnnouncement } from '../../../src/ui/common/verdict.ts';
import { modelAttempt, runResult } from '../../support/outcomes.ts';

const run = (status: RunResult['status'], passed: boolean[]): RunResult =>
  runResult(status, status, { tests: passed.map((p, i) => ({ name: `t${i}`, passed: p })), durationMs: 40 });

const attempt = (over: Partial<Attempt>): Attempt => modelAttempt({ index: 1, ...over });

describe('what a screen reader hears about an attempt', () => {
  it('says the verdict and the tests in short words', () => {
    expect(attemptAnnouncement(attempt({ result: run('passed', [true, true, true, true]) }))).toBe(
      'Attempt 2 passed, 4 of 4 tests',
    );
    expect(attemptAnnouncement(attempt({ index: 0, result: run('failed', [true, false, true, false]) }))).toBe(
      'Attempt 1 failed, 2 of 4 tests',
    );
  });

  it('says hidden-test failures, runs without tests, and replies without code', () => {
    expect(attemptAnnouncement(attempt({ result: run('passed', [true]), passed: false }))).toBe(
      'Attempt 2 failed hidden tests, 1 of 1 tests',
    );
    expect(attemptAnnouncement(attempt({ result: run('timed out', []) }))).toBe('Attempt 2 timed out');
    expect(attemptAnnouncement(attempt({ candidate: undefined }))).toBe('Attempt 2: the reply had no code');
    expect(runAnnouncement(run('crashed', [false]))).toBe('Run once crashed, 0 of 1 tests');
  });
});
