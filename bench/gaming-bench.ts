// What the test-gaming flags (docs/test-gaming.md) add to `fixpoint eval`: the HumanEval set of
// every canonical solution and a wrong answer for each (the canary runs after every pass, so half
// the set pays it), graded with the flags and without (FIXPOINT_NO_FLAGS=1), alternating, in the
// same run; the grading phase compared, median of each.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { median } from './median.ts';
import { HUMANEVAL } from './mixed-set.ts';

const ROOT = resolve(import.meta.dirname, '..');

export interface GamingFigures {
  samples: number;
  rounds: number;
  withFlagsSeconds: number;
  withoutFlagsSeconds: number;
  /** Samples flagged (none of the canonical solutions should be). */
  flagged: number;
}

function evalSeconds(samples: string, noFlags: boolean, dir: string): { seconds: number; flagged: number } {
  const timings = join(dir, 'timings.json');
  const env = { ...process.env, FIXPOINT_TIMINGS: timings, ...(noFlags ? { FIXPOINT_NO_FLAGS: '1' } : {}) };
  const args = ['--import', 'tsx', 'cli/main.ts', 'eval', '--problems', HUMANEVAL, '--samples', samples];
  const r = spawnSync('node', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28, env });
  if (r.status !== 0) throw new Error(`eval failed: ${r.stderr}`);
  const rows = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{') && !l.includes('"summary"'))
    .map((l) => JSON.parse(l) as { flags: unknown[] });
  const phases = (JSON.parse(readFileSync(timings, 'utf8')) as { phasesMs: Record<string, number> }).phasesMs;
  return { seconds: (phases.grading ?? NaN) / 1000, flagged: rows.filter((x) => x.flags.length > 0).length };
}

export function measureGaming(rounds = 4): GamingFigures {
  const dir = mkdtempSync(join(tmpdir(), 'fixpoint-gaming-bench-'));
  const problems = gunzipSync(readFileSync(HUMANEVAL))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { task_id: string; canonical_solution: string });
  const rows = problems.flatMap((p) => [
    { task_id: p.task_id, completion: p.canonical_solution },
    { task_id: p.task_id, completion: '    return None\n' },
  ]);
  const file = join(dir, 'samples.jsonl');
  writeFileSync(file, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  evalSeconds(file, false, dir); // builds the page if needed and caches Python's snapshot
  const on: number[] = [];
  const off: number[] = [];
  let flagged = 0;
  // The order alternates: the first eval of a pair was seen to run apart from the second.
  for (let i = 0; i < rounds; i++) {
    for (const noFlags of i % 2 ? [false, true] : [true, false]) {
      const r = evalSeconds(file, noFlags, dir);
      (noFlags ? off : on).push(r.seconds);
      if (!noFlags) flagged = r.flagged;
    }
  }
  return { samples: rows.length, rounds, withFlagsSeconds: median(on), withoutFlagsSeconds: median(off), flagged };
}
