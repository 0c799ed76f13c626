// The contest-program judge: `fixpoint eval` at its default flags on a mixed LiveCodeBench set
// (the small one in tests/fixtures/livecodebench: passes, wrong answers, runtime and compile
// errors, time-outs, call-based; or the larger one program-set.ts builds), phase by phase, with what the time-outs alone cost: a floor no judge, native or
// not, goes under at the same parallelism, since a program that never ends is stopped at 6 s.
// With LCB_DIR pointing at a checkout of LiveCodeBench (and its Python dependencies installed),
// its own evaluator grades the same samples natively, as its runner calls it, in the same run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { workersFor } from '../cli/workers.ts';
import { parseLiveCodeBench } from '../src/kinds/program/rows.ts';
import { parseSamples } from '../src/shared/problems.ts';

const ROOT = resolve(import.meta.dirname, '..');
const FIXTURE = join(ROOT, 'tests/fixtures/livecodebench');

/** A LiveCodeBench rows file and a samples file; `nativeVerdicts`: what its judge gave each sample. */
export interface ProgramSet {
  rows: string;
  samples: string;
  nativeVerdicts?: string;
}

export const FIXTURE_SET: ProgramSet = {
  rows: join(FIXTURE, 'rows.jsonl'),
  samples: join(FIXTURE, 'samples.jsonl'),
  nativeVerdicts: join(FIXTURE, 'native.jsonl'),
};

export interface ProgramFigures {
  samples: number;
  passed: number;
  timeouts: number;
  seconds: number;
  workers: number;
  /** Time-outs × 6 s ÷ workers: spent waiting for programs that never end. */
  timeoutFloorSeconds: number;
  timings: {
    totalMs: number;
    nodeStartMs: number;
    phasesMs: Record<string, number>;
    pageOverheadPerJobMs: number;
    runPerJobMs: number;
  };
  /** Verdicts the same as LiveCodeBench's own judge gave natively (native.jsonl), when the set has them. */
  agree?: number;
  /** LiveCodeBench's own evaluator (codegen_metrics, its defaults), from LCB_DIR, on the same samples. */
  native?: { seconds: number; passed: number; agree: number };
}

// What LiveCodeBench's codegen_metrics does with its defaults (16 processes, 6 s per test): one
// pool task per sample, each in a process of its own. Its check that every problem has as many
// samples as the first does not hold for this set, so the evaluation it wraps is called directly.
const NATIVE = `
import json, sys, time
from lcb_runner.evaluation.compute_code_generation_metrics import evaluate_generations
problems, generations = json.load(open(sys.argv[1]))
samples = [problems[i] for i, g in enumerate(generations) for _ in g]
linear = [[code] for g in generations for code in g]
t = time.perf_counter()
results, _ = evaluate_generations(samples, linear, num_process_evaluate=16, timeout=6)
print(json.dumps({'seconds': time.perf_counter() - t, 'results': [results[i][0] for i in range(len(linear))]}))
`;

/** The samples grouped by problem, as LiveCodeBench's runner hands them to its evaluator. */
async function nativeInput(set: ProgramSet, file: string): Promise<{ ids: string[]; order: [number, number][] }> {
  const problems = await parseLiveCodeBench(readFileSync(set.rows, 'utf8'), set.rows);
  const samples = parseSamples(readFileSync(set.samples, 'utf8'), set.samples, problems);
  const ids = [...new Set(samples.map((s) => s.taskId))];
  const generations: string[][] = ids.map(() => []);
  const order = samples.map((s): [number, number] => {
    const i = ids.indexOf(s.taskId);
    return [i, generations[i]!.push(s.completion) - 1];
  });
  const evalSamples = ids.map((id) => {
    const p = problems.get(id)!;
    const all = [...p.publicTests, ...p.privateTests];
    const io = { inputs: all.map((t) => t.input), outputs: all.map((t) => t.output), fn_name: p.funcName ?? null };
    return { input_output: JSON.stringify(io) };
  });
  writeFileSync(file, JSON.stringify([evalSamples, generations]));
  return { ids, order };
}

async function measureNative(set: ProgramSet, dir: string, ours: boolean[]): Promise<ProgramFigures['native']> {
  const lcb = process.env.LCB_DIR;
  if (!lcb || !existsSync(join(lcb, 'lcb_runner/evaluation'))) return undefined;
  const input = join(dir, 'native-input.json');
  const { order } = await nativeInput(set, input);
  const t = performance.now();
  const r = spawnSync('python3', ['-c', NATIVE, input], {
    cwd: lcb,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, PYTHONPATH: [lcb, process.env.PYTHONPATH].filter(Boolean).join(':') },
  });
  const seconds = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`LiveCodeBench's evaluator failed: ${r.stderr.slice(-2000)}`);
  const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { results: unknown[][] };
  // In the samples' own order; a sample passes when every test's result is true, as pass@1 counts it.
  const linear = order.map(([i, j]) => order.filter(([a, b]) => a < i || (a === i && b < j)).length);
  const passed = linear.map((k) => {
    const tests = out.results[k]!;
    return tests.length > 0 && tests.every((x) => x === true);
  });
  return {
    seconds,
    passed: passed.filter(Boolean).length,
    agree: passed.filter((x, k) => x === ours[k]).length,
  };
}

export async function measurePrograms(set: ProgramSet = FIXTURE_SET): Promise<ProgramFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'fixpoint-bench-programs-'));
  const timingsFile = join(dir, 'timings.json');
  const args = ['--import', 'tsx', 'cli/main.ts', 'eval', '--problems', set.rows, '--samples', set.samples];
  // A first command builds the page if needed and caches Python's snapshot, as any earlier use would.
  spawnSync('node', args, { cwd: ROOT, encoding: 'utf8' });
  const t = performance.now();
  const r = spawnSync('node', args, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, FIXPOINT_TIMINGS: timingsFile },
  });
  const seconds = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`eval failed: ${r.stderr}`);
  const rows = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{') && !l.includes('"summary"'))
    .map((l) => JSON.parse(l) as { passed: boolean; result: string });
  const native = set.nativeVerdicts
    ? readFileSync(set.nativeVerdicts, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { passed: boolean })
    : undefined;
  // The sandboxes eval takes at its default, as it decides them.
  const workers = workersFor(undefined, rows.length);
  const timeouts = rows.filter((x) => x.result === 'timed out').length;
  return {
    samples: rows.length,
    passed: rows.filter((x) => x.passed).length,
    timeouts,
    seconds,
    workers,
    timeoutFloorSeconds: (timeouts * 6) / workers,
    timings: JSON.parse(readFileSync(timingsFile, 'utf8')) as ProgramFigures['timings'],
    agree: native && rows.filter((x, i) => x.passed === native[i]?.passed).length,
    native: await measureNative(
      set,
      dir,
      rows.map((x) => x.passed),
    ),
  };
}
