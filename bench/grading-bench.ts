// Grading the mixed candidate set (mixed-set.ts) with `fixpoint eval` at its default flags, against
// the native reference harness (python3, a forked process per candidate, one worker per core) on
// the same file, in the same run; and where eval's time goes, phase by phase.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HUMANEVAL, writeMixedSet } from './mixed-set.ts';

const ROOT = resolve(import.meta.dirname, '..');
interface EvalTimings {
  totalMs: number;
  nodeStartMs: number;
  phasesMs: Record<string, number>;
  pageOverheadPerJobMs: number;
  runPerJobMs: number;
}

export interface GradingFigures {
  samples: number;
  timeouts: number;
  evalSeconds: number;
  evalPassed: number;
  timings: EvalTimings;
  nativeWorkers: number;
  /** The reference harness: a forked process per candidate. */
  nativeSeconds?: number;
  nativePassed?: number;
  agree?: number;
}

function timed(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): { seconds: number; stdout: string; status: number | null; stderr: string } {
  const t = performance.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28, env });
  return { seconds: (performance.now() - t) / 1000, stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const rowsOf = (text: string): { task_id: string; result: string; passed: boolean }[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{') && !l.includes('"summary"'))
    .map((l) => JSON.parse(l));

export function measureGrading(): GradingFigures {
  const dir = mkdtempSync(join(tmpdir(), 'fixpoint-bench-'));
  const set = writeMixedSet(join(dir, 'mixed.jsonl'));
  const warm = join(dir, 'warm.jsonl');
  writeFileSync(warm, readFileSync(set.file, 'utf8').split('\n').slice(0, 4).join('\n'));
  const evalArgs = (samples: string): string[] => [
    '--import',
    'tsx',
    'cli/main.ts',
    'eval',
    '--problems',
    HUMANEVAL,
    '--samples',
    samples,
  ];
  // A first command builds the page if needed and caches Python's snapshot, as any earlier use would.
  timed('node', evalArgs(warm));
  const timingsFile = join(dir, 'timings.json');
  const ours = timed('node', evalArgs(set.file), { ...process.env, FIXPOINT_TIMINGS: timingsFile });
  if (ours.status !== 0) throw new Error(`eval failed: ${ours.stderr}`);
  const ourRows = rowsOf(ours.stdout);
  const figures: GradingFigures = {
    samples: ourRows.length,
    timeouts: set.timeouts,
    evalSeconds: ours.seconds,
    evalPassed: ourRows.filter((r) => r.passed).length,
    timings: JSON.parse(readFileSync(timingsFile, 'utf8')) as EvalTimings,
    nativeWorkers: availableParallelism(),
  };
  if (spawnSync('python3', ['--version']).status !== 0) return figures;
  const native = timed('python3', [
    'tests/fixtures/reference_execution.py',
    '--problems',
    HUMANEVAL,
    '--samples',
    set.file,
    '--workers',
    String(figures.nativeWorkers),
  ]);
  if (native.status !== 0) throw new Error(`native reference failed: ${native.stderr}`);
  const nativeRows = rowsOf(native.stdout);
  figures.nativeSeconds = native.seconds;
  figures.nativePassed = nativeRows.filter((r) => r.passed).length;
  figures.agree = nativeRows.filter((r, i) => ourRows[i]?.result === r.result).length;
  return figures;
}
