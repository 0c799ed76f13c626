// A trace comes from the sandbox, where the run's code lives: it is checked like every other
// field, and a bad one is dropped without touching the verdict.
import { describe, expect, it } from 'vitest';
import { checkResult, OutputCollector } from '../../../src/sandbox/results.ts';
import { readWorkerMessage } from '../../../src/sandbox/frame/worker-messages.ts';
import type { RunJob } from '../../../src/shared/run.ts';

const JOB: RunJob = {
  language: 'python',
  code: 'def f(n):\n    return n',
  tests: { kind: 'mbpp', setup: '', asserts: ['assert f(1) == 2'] },
  limits: { timeoutSec: 3, outputCap: 1000 },
  trace: true,
};
const STEP = { line: 2, event: 'line', function: 'f', locals: [['n', '1']] };
const raw = (trace: unknown) => ({
  status: 'failed',
  result: 'failed: assert f(1) == 2',
  tests: [{ name: 'assert f(1) == 2', passed: false }],
  stdout: '',
  stderr: '',
  truncated: false,
  trace,
});
const check = (trace: unknown, job = JOB) => checkResult(raw(trace), job, 5, new OutputCollector(1000));

describe('a run result with a trace', () => {
  it('keeps a well-formed trace of a failing test', () => {
    const r = check({ test: 'assert f(1) == 2', steps: [STEP, { ...STEP, hits: 4, last: [['n', '3']] }], omitted: 2 });
    expect(r.status).toBe('failed');
    expect(r.trace).toEqual({
      test: 'assert f(1) == 2',
      steps: [STEP, { ...STEP, hits: 4, last: [['n', '3']] }],
      omitted: 2,
    });
  });

  it('drops a malformed trace and keeps the verdict', () => {
    const bad = [
      'a string',
      { test: 'assert f(1) == 2', steps: [{ ...STEP, line: -1 }], omitted: 0 },
      { test: 'assert f(1) == 2', steps: [{ ...STEP, event: 'jump' }], omitted: 0 },
      { test: 'assert f(1) == 2', steps: [{ ...STEP, locals: [['n', 1]] }], omitted: 0 },
      { test: 'assert f(1) == 2', steps: [STEP], omitted: 'none' },
      { test: 'a test that did not fail', steps: [STEP], omitted: 0 },
    ];
    for (const trace of bad) {
      const r = check(trace);
      expect(r.trace).toBeUndefined();
      expect(r.status).toBe('failed');
      expect(r.result).toBe('failed: assert f(1) == 2');
    }
  });

  it('ignores a trace the job did not ask for', () => {
    const { trace: _, ...untraced } = JOB;
    expect(check({ test: 'assert f(1) == 2', steps: [STEP], omitted: 0 }, untraced).trace).toBeUndefined();
  });

  it('cuts long values and a long list of steps', () => {
    const steps = Array.from({ length: 300 }, () => ({ ...STEP, locals: [['n', 'x'.repeat(5000)]] }));
    const r = check({ test: 'assert f(1) == 2', steps, omitted: 1 });
    expect(r.trace?.steps).toHaveLength(100);
    expect(r.trace?.omitted).toBe(201);
    expect(r.trace?.steps[0]?.locals[0]?.[1].length).toBeLessThan(600);
  });

  it('the worker may send the verdict before it traces', () => {
    expect(readWorkerMessage({ type: 'verdict', id: 4, json: '{"status":"failed"}' })).toEqual({
      type: 'verdict',
      id: 4,
      json: '{"status":"failed"}',
    });
    expect(readWorkerMessage({ type: 'verdict', result: {} })).toBeUndefined();
  });
});
