import { describe, expect, it } from 'vitest';
import { summarizeAttempt, summarizeEnd } from '../../../src/ui/timeline/summary.ts';
import type { Attempt, EndReason, Session } from '../../../src/shared/session.ts';
import { modelAttempt, runResult } from '../../support/outcomes.ts';
import { statusLabel } from '../../../src/ui/history/format.ts';

const session = (
  endReason: EndReason | undefined,
  endMessage?: string,
  status: Session['status'] = 'done',
): Session => ({
  id: 's',
  title: 't',
  task: {
    kind: 'function',
    id: 't',
    title: 't',
    prompt: '',
    language: 'python',
    tests: { kind: 'none' },
    limits: { timeoutSec: 3, outputCap: 1024 },
  },
  settings: { provider: 'demo', baseUrl: '', model: 'demo', maxIterations: 5, tokenBudget: 20000, timeBudgetSec: 60 },
  createdAt: 0,
  updatedAt: 0,
  status,
  endReason,
  endMessage,
});

describe('summarizeEnd', () => {
  it('says how a session ended in plain words', () => {
    expect(summarizeEnd(session('passed', 'Passed: attempt 2 passes all 3 tests.'))).toMatchObject({
      headline: 'passed',
      tone: 'passed',
    });
    expect(summarizeEnd(session('iteration-cap'))?.headline).toBe('stopped: iteration cap (5) reached');
    expect(summarizeEnd(session('token-budget'))?.headline).toBe('stopped: token budget (20,000) used up');
    expect(summarizeEnd(session('time-budget'))?.headline).toBe('stopped: time budget (60 s) used up');
    expect(summarizeEnd(session('stuck'))?.headline).toBe('stuck: the same failure three times');
    expect(summarizeEnd(session('stuck', 'Stuck: the same failure 3 times in a row.'))).toMatchObject({
      headline: 'stuck: the same failure 3 times in a row.',
      detail: undefined,
    });
    expect(summarizeEnd(session('endpoint-failed', 'Network error.'))).toMatchObject({
      headline: 'endpoint failed: Network error.',
      tone: 'error',
    });
    expect(summarizeEnd(session('stopped'))?.headline).toBe('stopped by you');
    expect(summarizeEnd(session('interrupted', 'The page was closed.', 'interrupted'))).toMatchObject({
      headline: 'interrupted',
      detail: 'The page was closed.',
      resumable: true,
    });
  });

  it('says nothing while the session runs', () => {
    expect(summarizeEnd(session(undefined, undefined, 'running'))).toBeUndefined();
  });
});

describe('summarizeAttempt', () => {
  const base: Attempt = modelAttempt({
    index: 1,
    result: runResult('timed out', 'timed out', { durationMs: 3000 }),
    usage: { inputTokens: 1500, outputTokens: 200, estimated: true },
    modelMs: 2500,
    runMs: 3010,
  });

  it('fills every cell', () => {
    expect(summarizeAttempt(base)).toEqual({
      number: 2,
      source: 'model',
      verdict: 'timed out',
      tone: 'timed-out',
      tests: '—',
      tokens: '≈1.5k / ≈200',
      tokensLong: '≈1.5k in / ≈200 out (estimated)',
      modelTime: '2.5 s',
      runTime: '3.0 s',
    });
  });

  it('shows hand edits and hidden-test counts', () => {
    const s = summarizeAttempt({
      ...base,
      source: 'user',
      usage: { inputTokens: 0, outputTokens: 0 },
      result: { ...base.result!, status: 'passed', tests: [{ name: 'a', passed: true }] },
      passed: false,
      hidden: { total: 5, failed: 1, status: 'failed' },
    });
    expect(s).toMatchObject({
      source: 'edited by hand',
      verdict: 'failed hidden tests',
      tests: '1/1 · hidden 4/5',
      tokens: '—',
      modelTime: '—',
    });
  });
});

describe('one wording per end', () => {
  it('the history list and the verdict line word an end from the same table', () => {
    expect(statusLabel(session('iteration-cap'))).toBe('iteration cap');
    expect(summarizeEnd(session('iteration-cap'))?.headline).toBe('stopped: iteration cap (5) reached');
    expect(statusLabel(session('token-budget'))).toBe('token budget spent');
    expect(summarizeEnd(session('token-budget'))?.headline).toBe('stopped: token budget (20,000) used up');
    expect(statusLabel(session('stuck', 'Stuck: same error'))).toBe('stuck');
    expect(summarizeEnd(session('stuck', 'Stuck: same error'))).toMatchObject({ headline: 'stuck: same error' });
    expect(summarizeEnd(session(undefined, undefined, 'interrupted'))).toMatchObject({ resumable: true });
    expect(statusLabel(session(undefined, undefined, 'interrupted'))).toBe('interrupted');
  });
});
