// Batch grading in the page: every sandbox takes the next job as soon as it is free, so one slow
// job holds up only its own sandbox, and every result comes back once with its job's index.
import { deferred } from '../../../src/shared/deferred.ts';
import { describe, expect, it } from 'vitest';
import { gradeQueue, type Graded } from '../../../src/app/grade-queue.ts';
import type { RunJob, RunResult } from '../../../src/shared/run.ts';
import type { Runtime } from '../../../src/shared/runtime.ts';
import { runResult } from '../../support/outcomes.ts';

const job = (ms: number): RunJob => ({
  language: 'python',
  code: String(ms),
  tests: { kind: 'none' },
  limits: { timeoutSec: 3, outputCap: 1024 },
});

function sleeper(log: string[], name: string): Runtime {
  return {
    run(j) {
      log.push(`${name}:${j.code}`);
      const result = new Promise<RunResult>((ok) =>
        setTimeout(() => ok(runResult('passed', 'passed', { durationMs: 0 })), Number(j.code)),
      );
      return { result, cancel() {} };
    },
    dispose() {},
  };
}

async function takeAll(q: ReturnType<typeof gradeQueue>, n: number): Promise<Graded[]> {
  const got: Graded[] = [];
  while (got.length < n) got.push(...(await q.take()));
  return got;
}

describe('grade queue', () => {
  it('keeps the other sandboxes busy while one runs a slow job', async () => {
    const log: string[] = [];
    const q = gradeQueue(() => [sleeper(log, 'a'), sleeper(log, 'b')]);
    q.submit([job(200), job(1), job(2), job(3), job(4)]);
    const got = await takeAll(q, 5);
    expect(got.map((g) => g.index).sort()).toEqual([0, 1, 2, 3, 4]);
    // Sandbox a is on the slow job the whole time; b ran all the rest.
    expect(log.filter((l) => l.startsWith('b:'))).toEqual(['b:1', 'b:2', 'b:3', 'b:4']);
    expect(got.at(-1)!.index).toBe(0);
  });

  it('numbers later submissions after earlier ones', async () => {
    const q = gradeQueue(() => [sleeper([], 'a')]);
    q.submit([job(1)]);
    q.submit([job(1), job(1)]);
    const got = await takeAll(q, 3);
    expect(got.map((g) => g.index)).toEqual([0, 1, 2]);
    expect(got.every((g) => g.result.result === 'passed' && g.overheadMs >= 0)).toBe(true);
  });

  it('begins on the first sandbox ready; one that never starts takes no job', async () => {
    const log: string[] = [];
    const { promise: bReady, resolve: startB } = deferred();
    const starts = [Promise.resolve(), bReady, Promise.reject(new Error('no wasm'))];
    const q = gradeQueue(
      () => [sleeper(log, 'a'), sleeper(log, 'b'), sleeper(log, 'c')],
      (slot) => starts[slot]!,
    );
    q.submit([job(1), job(1), job(1)]);
    const first = await q.take();
    expect(first.length).toBeGreaterThan(0);
    expect(log.every((l) => l.startsWith('a:'))).toBe(true);
    startB();
    const got = [...first, ...(await takeAll(q, 3 - first.length))];
    expect(got.map((g) => g.index).sort()).toEqual([0, 1, 2]);
    expect(log.some((l) => l.startsWith('c:'))).toBe(false);
  });
});
