import { describe, expect, it } from 'vitest';
import { BenchController, type BenchRecords } from '../../../src/app/bench/bench-controller.ts';
import type { BenchRunner, BenchRunnerOptions } from '../../../src/app/bench/bench-runner.ts';
import type { BenchResult, BenchRun } from '../../../src/shared/bench-records.ts';
import type { Problem } from '../../../src/shared/problems.ts';
import { makeBenchRun } from '../../support/bench-run.ts';
import { deferred } from '../../../src/shared/deferred.ts';

const problem = (i: number): Problem => ({
  taskId: `T/${i}`,
  rawId: `T/${i}`,
  kind: 'humaneval',
  prompt: `def f${i}():\n`,
  test: '',
  entryPoint: `f${i}`,
  line: i + 1,
});

const run = (id: string, createdAt: number, status: BenchRun['status'] = 'paused'): BenchRun =>
  makeBenchRun({ id, title: id, createdAt, status, problems: [problem(0), problem(1), problem(2)] });

function memoryStore(runs: BenchRun[], failing: { runs?: boolean; results?: Set<string> } = {}): BenchRecords {
  const results: BenchResult[] = [];
  return {
    runs: async () => {
      if (failing.runs) throw new Error('the disk could not be read');
      return [...runs];
    },
    results: async (id) => {
      if (failing.results?.has(id)) throw new Error('a damaged record');
      return results.filter((r) => r.runId === id);
    },
    putRun: async (r) => void runs.splice(0, runs.length, ...runs.filter((x) => x.id !== r.id), r),
    putResult: async (r) => void results.push(r),
  };
}

/** A runner the test drives: it says when tasks start and finish, and when the stretch ends. */
function driven() {
  let o: BenchRunnerOptions | undefined;
  let end: (how: 'done' | 'paused' | 'stopped') => void = () => undefined;
  const startRun = (options: BenchRunnerOptions): BenchRunner => {
    o = options;
    const finished = deferred<'done' | 'paused' | 'stopped'>();
    end = finished.resolve;
    return { finished: finished.promise, pause: () => end('paused'), stop: () => end('stopped') };
  };
  const finish = (i: number): void => {
    if (!o) throw new Error('not started');
    const row = JSON.parse(runOutRow(`T/${i}`)) as BenchResult['row'];
    o.onResult({ runId: o.run.id, key: `T/${i}#0`, row });
  };
  return {
    startRun,
    finish,
    active: (n: number) =>
      o?.onActive?.(
        n,
        Array.from({ length: n }, (_, i) => `T/${i}`),
      ),
    end: (how: 'done') => end(how),
  };
}

/** One `run --out` row of a task passed at the first attempt. */
const runOutRow = (task: string): string =>
  JSON.stringify({
    task_id: task,
    passed: true,
    iterations: 1,
    completion: '',
    result: 'passed',
    end_reason: 'passed',
    usage: { input_tokens: 10, output_tokens: 5 },
    attempts: [{ result: 'passed', feedback: '', usage: { input_tokens: 10, output_tokens: 5 } }],
  });

const settle = () => new Promise((r) => setTimeout(r, 0));

function controller(
  store: BenchRecords | undefined,
  more: Partial<ConstructorParameters<typeof BenchController>[0]> = {},
) {
  let clock = 0;
  const changes: string[] = [];
  const c = new BenchController({
    store,
    endpoint: () => ({ provider: 'openai', baseUrl: 'http://x', model: 'm' }),
    runtimes: () => [],
    history: () => undefined,
    onChange: (what) => changes.push(what),
    now: () => clock,
    ...more,
  });
  return { c, changes, advance: (ms: number) => (clock += ms) };
}

describe('the Benchmark view controller', () => {
  it('shows the newest kept run with its results', async () => {
    const { c } = controller(memoryStore([run('old', 1), run('new', 2)]));
    await c.load();
    expect(c.current?.id).toBe('new');
    expect(c.sortedRuns().map((r) => r.id)).toEqual(['new', 'old']);
    expect(c.loadProblem).toBe('');
    expect(c.canResume()).toBe(true);
  });

  it('says the kept runs could not be read, instead of showing none', async () => {
    const { c } = controller(memoryStore([run('a', 1)], { runs: true }));
    await c.load();
    expect(c.current).toBeUndefined();
    expect(c.notice).toMatch(/\bruns\b.*\bcould not be read: the disk could not be read$/);
  });

  it('says a run whose results could not be read, and neither resumes nor counts it as empty', async () => {
    const { c } = controller(memoryStore([run('a', 1), run('b', 2)], { results: new Set(['b']) }));
    await c.load();
    expect(c.current?.id).toBe('b');
    expect(c.loadProblem).toMatch(/\bcould not be read \(a damaged record\).*\bresumed\b.*\bexported\b/);
    expect(c.canResume()).toBe(false);
    await c.select('a');
    expect(c.loadProblem).toBe('');
    expect(await c.rowsOf('b')).toMatch(/\bresults of b could not be read: a damaged record$/);
  });

  it('adds up elapsed time across a pause, keeps it at the end, and holds the estimate while a task runs', async () => {
    const d = driven();
    const { c, advance } = controller(memoryStore([]), { startRun: d.startRun });
    await c.begin(run('r', 1));
    expect(c.running).toBe(true);
    d.active(2);
    advance(1000);
    d.finish(0);
    expect(c.progress()).toMatchObject({ elapsedMs: 1000, msPerTask: 1000, inFlight: 2, running: true });
    advance(5000);
    // Still 1000 ms a task: a task taking long does not move the estimate until it ends.
    expect(c.progress()).toMatchObject({ elapsedMs: 6000, msPerTask: 1000 });
    c.pause();
    await settle();
    expect(c.running).toBe(false);
    expect(c.current?.status).toBe('paused');
    advance(60_000);
    expect(c.progress()).toMatchObject({ elapsedMs: 6000, running: false, inFlight: 0 });
    c.resume();
    advance(2000);
    d.finish(1);
    d.finish(2);
    d.end('done');
    await settle();
    expect(c.current?.status).toBe('done');
    expect(c.progress()?.elapsedMs).toBe(8000);
    expect(c.progress()?.summary.samples).toBe(3);
    expect(c.canResume()).toBe(false);
  });

  it('imports a run --out file as a run of its own, and names the file and line of a bad one', async () => {
    const { c } = controller(memoryStore([]));
    const row = runOutRow('HumanEval/0');
    await c.importRows('good.jsonl', `${row}\n`);
    expect(c.notice).toBe('Imported 1 rows from good.jsonl.');
    expect(c.current?.status).toBe('imported');
    await c.importRows('bad.jsonl', `${row}\n{not json\n`);
    expect(c.notice).toMatch(/^Could not import bad\.jsonl: bad\.jsonl:2/);
  });
});
