// Grading the 164 HumanEval canonical solutions: `fixpoint eval` against native python3 running
// the reference harness's check programs, one process per candidate.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '..');
const HUMANEVAL = resolve(ROOT, 'data/humaneval/HumanEval.jsonl.gz');

export interface GradingFigures {
  samples: number;
  evalSeconds: number;
  /** The grading itself, after the browser and Python have started (eval's own summary). */
  evalGradingSeconds: number;
  evalPassed: number;
  /** The reference harness: a forked process per candidate. */
  nativeSeconds?: number;
  /** A fresh `python3` process per check program. */
  nativeSpawnSeconds?: number;
  nativeSpawnPassed?: number;
  nativePassed?: number;
  agree?: number;
}

function timed(
  cmd: string,
  args: string[],
): { seconds: number; stdout: string; status: number | null; stderr: string } {
  const t = performance.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { seconds: (performance.now() - t) / 1000, stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const rowsOf = (text: string): { task_id: string; result: string; passed: boolean }[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{') && !l.includes('"summary"'))
    .map((l) => JSON.parse(l));

export function measureGrading(): GradingFigures {
  const dir = mkdtempSync(join(tmpdir(), 'fixpoint-bench-'));
  const samples = join(dir, 'canonical.jsonl');
  const problems = gunzipSync(readFileSync(HUMANEVAL))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  writeFileSync(
    samples,
    problems.map((p) => JSON.stringify({ task_id: p.task_id, completion: p.canonical_solution })).join('\n'),
  );

  const evalArgs = ['--import', 'tsx', 'cli/main.ts', 'eval', '--problems', HUMANEVAL, '--samples', samples];
  // A first pass builds the page if needed and caches Python's snapshot, as any earlier use would.
  timed('node', evalArgs);
  const ours = timed('node', evalArgs);
  if (ours.status !== 0) throw new Error(`eval failed: ${ours.stderr}`);
  const ourRows = rowsOf(ours.stdout);
  const summary = JSON.parse(ours.stdout.trim().split('\n').at(-1) ?? '{}') as { seconds?: number };
  const figures: GradingFigures = {
    samples: ourRows.length,
    evalSeconds: ours.seconds,
    evalGradingSeconds: summary.seconds ?? NaN,
    evalPassed: ourRows.filter((r) => r.passed).length,
  };

  const python = spawnSync('python3', ['--version']).status === 0;
  if (python) {
    const native = timed('python3', [
      'tests/fixtures/reference_execution.py',
      '--problems',
      HUMANEVAL,
      '--samples',
      samples,
      '--workers',
      '1',
    ]);
    if (native.status !== 0) throw new Error(`native reference failed: ${native.stderr}`);
    const nativeRows = rowsOf(native.stdout);
    figures.nativeSeconds = native.seconds;
    figures.nativePassed = nativeRows.filter((r) => r.passed).length;
    figures.agree = nativeRows.filter((r, i) => ourRows[i]?.result === r.result).length;
    // The interpreter itself, not a version manager's wrapper script that would add its own start-up.
    const exe =
      spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim() ||
      'python3';
    const t = performance.now();
    let passed = 0;
    for (const p of problems) {
      const program = `${p.prompt}${p.canonical_solution}\n${p.test}\ncheck(${p.entry_point})\n`;
      if (spawnSync(exe, ['-'], { input: program, timeout: 3000, stdio: ['pipe', 'ignore', 'ignore'] }).status === 0)
        passed++;
    }
    figures.nativeSpawnSeconds = (performance.now() - t) / 1000;
    figures.nativeSpawnPassed = passed;
  }
  return figures;
}
