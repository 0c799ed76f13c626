// Batch grading in the page: every sandbox takes the next job as soon as it is free, so one slow
// job holds up only its own sandbox, and every result comes back once with its job's index. A
// sandbox that queues runs itself is handed its next job early; an idle one takes it back.
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

/** A runner that queues its jobs and runs one at a time, as Python's sandbox frame does. */
function serial(log: string[], name: string): Runtime {
  const waiting: { code: string; done: (r: RunResult) => void }[] = [];
  let running = false;
  const runner = {
    run(j: RunJob) {
      let done!: (r: RunResult) => void;
      const result = new Promise<RunResult>((ok) => (done = ok));
      const entry = { code: j.code, done };
      waiting.push(entry);
      pump();
      return {
        result,
        cancel() {
          const i = waiting.indexOf(entry);
          if (i >= 0) {
            waiting.splice(i, 1);
            log.push(`${name}:withdrawn:${j.code}`);
          }
          done(runResult('error', 'cancelled'));
        },
      };
    },
    dispose() {},
  };
  function pump(): void {
    if (running) return;
    const e = waiting.shift();
    if (!e) return;
    running = true;
    log.push(`${name}:${e.code}`);
    setTimeout(() => {
      running = false;
      e.done(runResult('passed', 'passed', { durationMs: Number(e.code) }));
      pump();
    }, Number(e.code));
  }
  return runner;
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
    const q = gradeQueue(() => [sleeper(log, 'a'), sleeper(log, 'b'), sleeper(log, 'c')], {
      started: (slot) => starts[slot]!,
    });
    q.submit([job(1), job(1), job(1)]);
    const first = await q.take();
    expect(first.length).toBeGreaterThan(0);
    expect(log.every((l) => l.startsWith('a:'))).toBe(true);
    startB();
    const got = [...first, ...(await takeAll(q, 3 - first.length))];
    expect(got.map((g) => g.index).sort()).toEqual([0, 1, 2]);
    expect(log.some((l) => l.startsWith('c:'))).toBe(false);
  });

  it('hands a queuing sandbox its next job while it runs one, and runs them one after the other', async () => {
    const log: string[] = [];
    const a = serial(log, 'a');
    let handed = 0;
    const counting: Runtime = { run: (j) => (handed++, a.run(j)), dispose() {} };
    const q = gradeQueue(() => [counting], { queues: () => true });
    q.submit([job(30), job(1), job(1)]);
    await new Promise((ok) => setTimeout(ok, 0));
    // The second job is in the sandbox's queue before the first is done.
    expect(handed).toBe(2);
    const got = await takeAll(q, 3);
    expect(got.map((g) => g.index)).toEqual([0, 1, 2]);
    expect(log).toEqual(['a:30', 'a:1', 'a:1']);
    expect(got.every((g) => g.result.result === 'passed' && g.overheadMs >= 0)).toBe(true);
  });

  it('does not queue jobs the runner cannot queue', async () => {
    let inFlight = 0;
    let most = 0;
    const one: Runtime = {
      run(j) {
        most = Math.max(most, ++inFlight);
        const result = new Promise<RunResult>((ok) =>
          setTimeout(() => (inFlight--, ok(runResult('passed', 'passed'))), Number(j.code)),
        );
        return { result, cancel() {} };
      },
      dispose() {},
    };
    const q = gradeQueue(() => [one], { queues: (j) => j.language === 'python' });
    q.submit([{ ...job(5), language: 'javascript' }, job(5), { ...job(5), language: 'javascript' }]);
    await takeAll(q, 3);
    expect(most).toBe(1);
  });

  it('an idle sandbox takes back a job waiting behind a slow one, and it is graded once', async () => {
    const log: string[] = [];
    const sandboxes = [serial(log, 'a'), serial(log, 'b')];
    const q = gradeQueue(() => sandboxes, { queues: () => true });
    // a: the slow job, with job 2 queued behind it; b runs 1 and 3 and then has nothing left.
    q.submit([job(300), job(5), job(5), job(5)]);
    const got = await takeAll(q, 4);
    expect(got.map((g) => g.index).sort()).toEqual([0, 1, 2, 3]);
    expect(got.every((g) => g.result.result === 'passed')).toBe(true);
    expect(log).toContain('a:withdrawn:5');
    // The slow job's sandbox ran only the slow job; the job taken back ran in b, before it ended.
    expect(log.filter((l) => l.startsWith('a:') && !l.includes('withdrawn'))).toEqual(['a:300']);
    expect(got.at(-1)!.index).toBe(0);
  });
});
