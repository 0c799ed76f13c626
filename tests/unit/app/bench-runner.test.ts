import { describe, expect, it } from 'vitest';
import { startBenchRun, type BenchRunnerOptions } from '../../../src/app/bench/bench-runner.ts';
import type { SessionOutcome, SessionRequest } from '../../../src/app/session.ts';
import type { BenchResult, BenchRun } from '../../../src/shared/bench-records.ts';
import type { Problem } from '../../../src/shared/problems.ts';
import type { Runtime } from '../../../src/shared/runtime.ts';
import { makeBenchRun } from '../../support/bench-run.ts';
import { loopOutcome } from '../../support/outcomes.ts';

const problem = (i: number): Problem => ({
  taskId: `T/${i}`,
  rawId: `T/${i}`,
  kind: 'humaneval',
  prompt: `def f${i}():\n`,
  test: '',
  entryPoint: `f${i}`,
  line: i + 1,
});

const benchRun = (n: number, samples = 1, sandboxes = 2): BenchRun =>
  makeBenchRun({ problems: Array.from({ length: n }, (_, i) => problem(i)) }, { samples, sandboxes });

const runtime = {} as Runtime;

/** A session runner whose outcome each call decides; settles in microtasks. */
function fakeSessions(decide: (taskId: string, call: number) => Partial<SessionOutcome['outcome']>) {
  const calls: string[] = [];
  const run = async (req: SessionRequest): Promise<SessionOutcome> => {
    await Promise.resolve();
    calls.push(req.task.id);
    const made = decide(req.task.id, calls.filter((c) => c === req.task.id).length);
    const outcome = loopOutcome(true, { usage: { inputTokens: 1, outputTokens: 1 }, elapsedMs: 5, ...made });
    return {
      session: { id: `s-${req.task.id}-${calls.length}` } as SessionOutcome['session'],
      outcome,
      unsaved: [],
      stored: true,
    };
  };
  return { calls, run };
}

function options(over: Partial<BenchRunnerOptions> & Pick<BenchRunnerOptions, 'run'>) {
  const results: BenchResult[] = [];
  const saveProblems: (string | undefined)[] = [];
  const notices: (string | undefined)[] = [];
  const o: BenchRunnerOptions = {
    done: new Set(),
    endpoint: { provider: 'openai', baseUrl: 'http://x', model: 'm' },
    runtimes: [runtime, runtime],
    save: async () => undefined,
    onResult: (r) => results.push(r),
    onSaveProblem: (m) => saveProblems.push(m),
    onNotice: (m) => notices.push(m),
    coolDownMs: 1,
    ...over,
  };
  return { o, results, saveProblems, notices };
}

describe('the benchmark runner', () => {
  it('runs every task and sample once, skipping those already done', async () => {
    const s = fakeSessions(() => ({}));
    const { o, results } = options({ run: benchRun(3, 2), done: new Set(['T/0#0', 'T/2#1']), runSession: s.run });
    expect(await startBenchRun(o).finished).toBe('done');
    expect(results.map((r) => r.key).sort()).toEqual(['T/0#1', 'T/1#0', 'T/1#1', 'T/2#0']);
    expect(results.every((r) => r.row.sample !== undefined && r.sessionId?.startsWith('s-'))).toBe(true);
  });

  it('says when a result cannot be stored, goes on, and saves it with the next one', async () => {
    let fail = true;
    const s = fakeSessions(() => ({}));
    const saved: string[] = [];
    const { o, results, saveProblems } = options({
      run: benchRun(3, 1, 1),
      runtimes: [runtime],
      runSession: s.run,
      save: async (r) => {
        if (fail) {
          fail = false;
          throw new Error('The browser has no room left.');
        }
        saved.push(r.key);
      },
    });
    expect(await startBenchRun(o).finished).toBe('done');
    expect(results).toHaveLength(3);
    expect(saveProblems[0]).toMatch(/no room left.*The run goes on/);
    expect(saveProblems.at(-1)).toBeUndefined();
    expect(saved).toEqual(['T/0#0', 'T/1#0', 'T/2#0']);
  });

  it('puts a task that ends on a rate limit back in the queue instead of failing it', async () => {
    const s = fakeSessions((id, call) =>
      id === 'T/1' && call === 1
        ? { passed: false, endReason: 'endpoint-failed', error: { kind: 'rate-limit', message: 'Slow down.' } }
        : {},
    );
    const { o, results, notices } = options({ run: benchRun(2), runSession: s.run });
    expect(await startBenchRun(o).finished).toBe('done');
    expect(s.calls.filter((c) => c === 'T/1')).toHaveLength(2);
    expect(results.map((r) => [r.key, r.row.passed])).toEqual(
      expect.arrayContaining([
        ['T/0#0', true],
        ['T/1#0', true],
      ]),
    );
    expect(notices.some((n) => n?.includes('still limiting requests'))).toBe(true);
  });

  it('pauses on an endpoint that refuses every request, keeping the task for later', async () => {
    const s = fakeSessions(() => ({
      passed: false,
      endReason: 'endpoint-failed',
      error: { kind: 'auth', message: 'The key was refused.' },
    }));
    const { o, results, notices } = options({ run: benchRun(4, 1, 1), runtimes: [runtime], runSession: s.run });
    expect(await startBenchRun(o).finished).toBe('paused');
    expect(results).toHaveLength(0);
    expect(s.calls).toEqual(['T/0']);
    expect(notices.at(-1)).toMatch(/The run paused: The key was refused/);
  });

  it('stops: nothing more starts and the run says so', async () => {
    const s = fakeSessions(() => ({}));
    const { o, results } = options({ run: benchRun(10, 1, 1), runtimes: [runtime], runSession: s.run });
    const runner = startBenchRun(o);
    runner.stop();
    expect(await runner.finished).toBe('stopped');
    expect(results.length).toBeLessThanOrEqual(1);
  });
});
