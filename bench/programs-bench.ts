// The contest-program judge: `fixpoint eval` at its default flags on the mixed LiveCodeBench set
// in tests/fixtures/livecodebench (passes, wrong answers, runtime and compile errors, time-outs,
// call-based), phase by phase, with what the time-outs alone cost: a floor no judge, native or
// not, goes under at the same parallelism, since a program that never ends is stopped at 6 s.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { workersFor } from '../cli/workers.ts';

const ROOT = resolve(import.meta.dirname, '..');
const FIXTURE = join(ROOT, 'tests/fixtures/livecodebench');

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
  /** Every verdict the same as LiveCodeBench's own judge gave natively (native.jsonl). */
  agree: number;
}

export function measurePrograms(): ProgramFigures {
  const dir = mkdtempSync(join(tmpdir(), 'fixpoint-bench-programs-'));
  const timingsFile = join(dir, 'timings.json');
  const args = [
    '--import',
    'tsx',
    'cli/main.ts',
    'eval',
    '--problems',
    join(FIXTURE, 'rows.jsonl'),
    '--samples',
    join(FIXTURE, 'samples.jsonl'),
  ];
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
  const native = readFileSync(join(FIXTURE, 'native.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { passed: boolean });
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
    agree: rows.filter((x, i) => x.passed === native[i]?.passed).length,
  };
}
