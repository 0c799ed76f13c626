import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatTokenPair, formatTokens } from '../../../src/ui/common/format.ts';
import { attemptVerdict, testsPassed, toneOf } from '../../../src/ui/common/verdict.ts';
import type { Attempt } from '../../../src/shared/session.ts';
import type { RunResult } from '../../../src/shared/run.ts';
import { modelAttempt, runResult } from '../../support/outcomes.ts';

describe('formatters', () => {
  it('formats durations by scale', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(420.4)).toBe('420 ms');
    expect(formatDuration(4230)).toBe('4.2 s');
    expect(formatDuration(42_300)).toBe('42 s');
    expect(formatDuration(125_000)).toBe('2 min 05 s');
    expect(formatDuration(Number.NaN)).toBe('—');
  });

  it('formats counts compactly', () => {
    expect(formatCount(950)).toBe('950');
    expect(formatCount(1000)).toBe('1k');
    expect(formatCount(1234)).toBe('1.2k');
    expect(formatCount(12_345)).toBe('12k');
    expect(formatCount(1_250_000)).toBe('1.3M');
  });

  it('marks estimated token counts', () => {
    expect(formatTokens({ inputTokens: 1234, outputTokens: 56 })).toBe('1.2k in / 56 out');
    expect(formatTokens({ inputTokens: 1234, outputTokens: 56, estimated: true })).toBe('≈1.2k in / ≈56 out');
    expect(formatTokenPair({ inputTokens: 1234, outputTokens: 56, estimated: true })).toBe('≈1.2k / ≈56');
    expect(formatTokenPair({ inputTokens: 9, outputTokens: 12_000 })).toBe('9 / 12k');
  });
});

const result = (over: Partial<RunResult> = {}): RunResult =>
  runResult('failed', 'failed: AssertionError', {
    tests: [
      { name: 't1', passed: true },
      { name: 't2', passed: false },
    ],
    durationMs: 12,
    ...over,
  });

const attempt = (over: Partial<Attempt> = {}): Attempt =>
  modelAttempt({
    candidate: 'x = 1',
    result: result(),
    usage: { inputTokens: 10, outputTokens: 5 },
    modelMs: 800,
    runMs: 40,
    ...over,
  });

describe('verdicts', () => {
  it('maps statuses to tones', () => {
    expect(toneOf('timed out')).toBe('timed-out');
    expect(toneOf('crashed')).toBe('crashed');
  });

  it('names what an attempt came to', () => {
    expect(attemptVerdict(attempt())).toEqual({ label: 'failed', tone: 'failed' });
    expect(attemptVerdict(attempt({ candidate: undefined, result: undefined }))).toEqual({
      label: 'no code',
      tone: 'error',
    });
    expect(attemptVerdict(attempt({ result: result({ status: 'passed' }), passed: false }))).toEqual({
      label: 'failed hidden tests',
      tone: 'failed',
    });
  });

  it('counts passed tests', () => {
    expect(testsPassed(result())).toBe('1/2');
    expect(testsPassed(result({ tests: [] }))).toBe('');
    expect(testsPassed(undefined)).toBe('');
  });
});
