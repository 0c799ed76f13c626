// One problem to one row (src/app/solve.ts), the pipeline `run` and the Benchmark view share: the
// real session and OpenAI client against a local endpoint speaking the wire format, the history in
// an in-memory IndexedDB, and a sandbox that grades `add(x, y) == z` asserts by what each candidate
// computes. The hidden tests decide `passed`, run once after the loop, and never reach the model.
import { afterEach, describe, expect, it } from 'vitest';
import { solveProblem, type SolveOptions } from '../../../src/app/solve.ts';
import type { MbppProblem, Problem } from '../../../src/shared/problems.ts';
import type { RunJob, RunResult } from '../../../src/shared/run.ts';
import type { RunHandle, Runtime } from '../../../src/shared/runtime.ts';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';
import { closeAll, freshSite, openTab } from '../store/helpers.ts';

const VISIBLE = 'assert add(1, 2) == 3';
const HIDDEN = ['assert add(5, 5) == 10', 'assert add(-1, 1) == 0'];

const problem: MbppProblem = {
  taskId: '2',
  rawId: 2,
  kind: 'mbpp',
  prompt: 'Write a function add(a, b) that returns the sum of a and b.',
  setup: '',
  asserts: [VISIBLE, ...HIDDEN],
  line: 1,
};

/** The candidates the model gives, and what each computes. */
const CANDIDATES = {
  wrong: { code: 'def add(a, b):\n    return a - b', add: (a: number, b: number) => a - b },
  // A student who read the visible test: right there, wrong everywhere else.
  cheat: {
    code: 'def add(a, b):\n    if (a, b) == (1, 2):\n        return 3\n    return 0',
    add: (a: number, b: number) => (a === 1 && b === 2 ? 3 : 0),
  },
  right: { code: 'def add(a, b):\n    return a + b', add: (a: number, b: number) => a + b },
};
const fenced = (c: keyof typeof CANDIDATES): string => `\`\`\`python\n${CANDIDATES[c].code}\n\`\`\``;

/** Grades a job's asserts by the candidate its code holds; `hidden` answers the hidden-test run instead. */
class GradingSandbox implements Runtime {
  readonly jobs: RunJob[] = [];
  constructor(private readonly hidden?: (job: RunJob) => Promise<RunResult>) {}

  run(job: RunJob): RunHandle {
    this.jobs.push(job);
    if (job.mode === 'reference' && this.hidden) return { result: this.hidden(job), cancel() {} };
    const found = Object.values(CANDIDATES).find((c) => job.code.includes(c.code));
    const asserts = job.tests.kind === 'mbpp' ? job.tests.asserts : [];
    const tests = asserts.map((source, i) => {
      const [, a, b, z] = /add\((-?\d+), (-?\d+)\) == (-?\d+)/.exec(source)!.map(Number);
      return { name: `test_${i + 1}`, source, passed: found?.add(a!, b!) === z };
    });
    const ok = tests.length > 0 && tests.every((t) => t.passed);
    const result: RunResult = {
      status: ok ? 'passed' : 'failed',
      result: ok ? 'passed' : 'failed: AssertionError',
      tests,
      stdout: '',
      stderr: '',
      truncated: false,
      durationMs: 1,
    };
    return { result: Promise.resolve(result), cancel() {} };
  }

  dispose(): void {}
}

let servers: ModelServer[] = [];
afterEach(async () => {
  closeAll();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function endpointWith(...replies: (keyof typeof CANDIDATES)[]) {
  const server = await startModelServer({ format: 'openai', apiKey: 'the-key' });
  servers.push(server);
  server.reply(...replies.map(fenced));
  const endpoint = { provider: 'openai' as const, baseUrl: server.baseUrl, model: 'test-model', apiKey: 'the-key' };
  return { server, endpoint };
}

const options = (endpoint: SolveOptions['endpoint'], over: Partial<SolveOptions> = {}): SolveOptions => ({
  endpoint,
  settings: { maxIterations: 3, retryDelayMs: 0, strategy: { name: 'repair' } },
  timeoutSec: 2,
  visible: 1,
  ...over,
});

const sentToModel = (server: ModelServer): string => JSON.stringify(server.chatRequests().map((r) => r.body));

describe('one problem to one row', () => {
  it('repairs on the visible test, then the hidden tests run once and decide: the cheat does not pass', async () => {
    const { server, endpoint } = await endpointWith('wrong', 'cheat');
    const store = await openTab(freshSite());
    const sandbox = new GradingSandbox();
    const { row, outcome, sessionId, stored } = await solveProblem(problem, options(endpoint), {
      runtime: sandbox,
      store,
    });
    expect(outcome.passed).toBe(true); // the loop saw only the visible test
    expect(row).toMatchObject({
      task_id: 2,
      passed: false,
      iterations: 2,
      end_reason: 'passed',
      visible_passed: true,
      hidden_passed: false,
      visible_tests: 1,
      hidden_tests: 2,
      hidden_result: 'failed: AssertionError',
    });
    expect(row?.completion).toBe(CANDIDATES.cheat.code);
    // The loop's two runs had the visible test only; the hidden run came once, last.
    expect(sandbox.jobs.map((j) => (j.tests.kind === 'mbpp' ? j.tests.asserts : []))).toEqual([
      [VISIBLE],
      [VISIBLE],
      HIDDEN,
    ]);
    expect(sandbox.jobs.at(-1)).toMatchObject({ mode: 'reference', limits: { timeoutSec: 2 } });
    for (const assert of HIDDEN) expect(sentToModel(server)).not.toContain(assert.slice('assert '.length));
    // The session is in the history, as one started by hand would be.
    expect(stored).toBe(true);
    expect((await store.getSession(sessionId))?.endReason).toBe('passed');
    expect(await store.getAttempts(sessionId)).toHaveLength(2);
  });

  it('passes a candidate that is right on every test, with the columns in the order run has always written', async () => {
    const { endpoint } = await endpointWith('right');
    const { row } = await solveProblem(problem, options(endpoint, { sample: 3 }), { runtime: new GradingSandbox() });
    expect(row).toMatchObject({ passed: true, visible_passed: true, hidden_passed: true, sample: 3 });
    expect(row).not.toHaveProperty('hidden_result');
    expect(Object.keys(row!)).toEqual([
      ...['task_id', 'passed', 'iterations', 'completion', 'result', 'end_reason', 'flags', 'usage', 'attempts'],
      ...['elapsed_ms', 'sample', 'strategy', 'model_calls', 'samples'],
      ...['visible_passed', 'hidden_passed', 'visible_tests', 'hidden_tests'],
    ]);
  });

  it('without --visible-tests, the loop sees every test and no hidden run follows', async () => {
    const { endpoint } = await endpointWith('cheat', 'right');
    const sandbox = new GradingSandbox();
    const { row } = await solveProblem(problem, options(endpoint, { visible: undefined }), { runtime: sandbox });
    expect(row).toMatchObject({ passed: true, iterations: 2 });
    expect(row).not.toHaveProperty('hidden_passed');
    expect(sandbox.jobs.every((j) => j.mode !== 'reference')).toBe(true);
  });

  it('the endpoint refuses the key: the row says so, nothing runs, and the error is there to stop on', async () => {
    const { server, endpoint } = await endpointWith('right');
    const sandbox = new GradingSandbox();
    const { row, outcome } = await solveProblem(problem, options({ ...endpoint, apiKey: 'not-the-key' }), {
      runtime: sandbox,
    });
    expect(row).toMatchObject({ passed: false, iterations: 0, end_reason: 'endpoint-failed', hidden_passed: false });
    expect(outcome.error?.kind).toBe('auth');
    expect(sandbox.jobs).toHaveLength(0);
    expect(server.pending()).toBe(1); // the reply was never given
  });

  it('a task given back (the endpoint refused mid-way) makes no row and runs no hidden tests', async () => {
    const { server, endpoint } = await endpointWith();
    server.script({ reply: fenced('wrong') }, 'auth');
    const sandbox = new GradingSandbox();
    const given: string[] = [];
    const solved = await solveProblem(problem, options(endpoint, { settings: { maxIterations: 3 } }), {
      runtime: sandbox,
      // The Benchmark view's rule: a refused endpoint gives the task back for later.
      keepsRow: (o) => {
        if (o.endReason !== 'endpoint-failed') return true;
        given.push(o.error?.kind ?? '');
        return false;
      },
    });
    expect(given).toEqual(['auth']);
    expect(solved.row).toBeUndefined();
    expect(sandbox.jobs.map((j) => j.mode ?? 'loop')).toEqual(['loop']);
  });

  it('the same refusal mid-way in `run`: the row keeps the candidate, graded on the hidden tests', async () => {
    const { server, endpoint } = await endpointWith();
    server.script({ reply: fenced('wrong') }, 'auth');
    const sandbox = new GradingSandbox();
    const { row } = await solveProblem(problem, options(endpoint, { settings: { maxIterations: 3 } }), {
      runtime: sandbox,
    });
    expect(row).toMatchObject({ passed: false, iterations: 1, end_reason: 'endpoint-failed', hidden_passed: false });
    expect(row?.completion).toBe(CANDIDATES.wrong.code);
    expect(sandbox.jobs.at(-1)?.mode).toBe('reference');
  });

  it('a hidden test that crashes the sandbox does not pass, and says what the harness said', async () => {
    const { endpoint } = await endpointWith('right');
    const crashed: RunResult = {
      status: 'crashed',
      // What the page reports for a reference-harness run whose worker died (sandbox/results.ts).
      result: 'timed out',
      tests: [],
      exception: { type: 'Crash', message: 'the worker stopped', traceback: '' },
      stdout: '',
      stderr: '',
      truncated: false,
      durationMs: 5,
    };
    const { row } = await solveProblem(problem, options(endpoint), {
      runtime: new GradingSandbox(() => Promise.resolve(crashed)),
    });
    expect(row).toMatchObject({
      passed: false,
      visible_passed: true,
      hidden_passed: false,
      hidden_result: 'timed out',
    });
  });

  it('a sandbox that breaks on the hidden run makes no row at all: the caller pauses or fails', async () => {
    const { endpoint } = await endpointWith('right');
    const broken = new GradingSandbox(() => Promise.reject(new Error('The sandbox frame went away.')));
    await expect(solveProblem(problem, options(endpoint), { runtime: broken })).rejects.toThrow(/frame went away/);
  });

  it('a problem with its own split keeps it, under the run’s time limit', async () => {
    const { endpoint } = await endpointWith('cheat');
    const sandbox = new GradingSandbox();
    const { asserts: _a, setup: _s, ...rest } = problem;
    const task = {
      kind: 'function' as const,
      id: '2',
      title: 'add',
      prompt: problem.prompt,
      language: 'python' as const,
      entryPoint: 'add',
      tests: { kind: 'mbpp' as const, setup: '', asserts: [VISIBLE] },
      limits: { timeoutSec: 9, outputCap: 1024 },
    };
    const own: Problem = {
      ...rest,
      kind: 'livecodebench',
      split: { task, hidden: { kind: 'mbpp', setup: '', asserts: HIDDEN }, visibleCount: 1, hiddenCount: 2 },
    };
    const { row } = await solveProblem(own, options(endpoint, { visible: undefined, timeoutSec: 4 }), {
      runtime: sandbox,
    });
    expect(row).toMatchObject({ passed: false, visible_passed: true, hidden_passed: false, hidden_tests: 2 });
    expect(sandbox.jobs.map((j) => j.limits.timeoutSec)).toEqual([4, 4]);
  });
});
