// What the static test-gaming checks for JavaScript (src/sandbox/typescript/gaming.ts) cost: the
// checks alone on HumanEval-X's 164 hand-written solutions, and `fixpoint eval` of MultiPL-E's
// JavaScript set (each problem with HumanEval-X's solution and with a wrong answer) with the
// flags and without (FIXPOINT_NO_FLAGS=1), alternating, grading phase, median of each.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { jsGamingFlags } from '../src/sandbox/typescript/gaming.ts';
import { median } from './median.ts';

const ROOT = resolve(import.meta.dirname, '..');
const MULTIPL_E_JS = join(ROOT, 'data/multipl-e/humaneval-js.jsonl.gz');
const HUMANEVAL_X_JS = join(ROOT, 'tests/fixtures/humaneval-x-js/humaneval_js.jsonl.gz');

export interface GamingJsFigures {
  /** The checks alone, per HumanEval-X solution with its tests (median over the set, warm). */
  checkMedianMs: number;
  checkMaxMs: number;
  samples: number;
  passed: number;
  rounds: number;
  withFlagsSeconds: number;
  withoutFlagsSeconds: number;
  flagged: number;
}

const gz = (file: string): Record<string, string>[] =>
  gunzipSync(readFileSync(file))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, string>);

function evalSeconds(problems: string, samples: string, noFlags: boolean, dir: string) {
  const timings = join(dir, 'timings.json');
  const env = { ...process.env, FIXPOINT_TIMINGS: timings, ...(noFlags ? { FIXPOINT_NO_FLAGS: '1' } : {}) };
  const args = ['--import', 'tsx', 'cli/main.ts', 'eval', '--problems', problems, '--samples', samples];
  const r = spawnSync('node', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28, env });
  if (r.status !== 0) throw new Error(`eval failed: ${r.stderr}`);
  const rows = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{') && !l.includes('"summary"'))
    .map((l) => JSON.parse(l) as { flags: unknown[]; passed: boolean });
  const phases = (JSON.parse(readFileSync(timings, 'utf8')) as { phasesMs: Record<string, number> }).phasesMs;
  return {
    seconds: (phases.grading ?? NaN) / 1000,
    flagged: rows.filter((x) => x.flags.length > 0).length,
    passed: rows.filter((x) => x.passed).length,
  };
}

export function measureGamingJs(rounds = 4): GamingJsFigures {
  const x = gz(HUMANEVAL_X_JS);
  for (const r of x) jsGamingFlags(r.prompt! + r.canonical_solution!, r.test, false); // warm
  const times = x.map((r) => {
    const t = performance.now();
    jsGamingFlags(r.prompt! + r.canonical_solution!, r.test, false);
    return performance.now() - t;
  });
  // MultiPL-E's prompt ends in `function name(args){`: HumanEval-X's solution goes inside it.
  const byNumber = new Map(x.map((r) => [r.task_id!.split('/')[1], r]));
  const rows = gz(MULTIPL_E_JS).flatMap((p) => {
    const sol = byNumber.get(p.name!.split('_')[1]);
    const decl = sol
      ?.declaration!.trim()
      .split('\n')
      .pop()!
      .match(/^const (\w+) = (\(.*\) => \{)$/);
    if (!sol || !decl) return [];
    const inner = `  const ${decl[1]} = ${decl[2]}\n${sol.canonical_solution!.trimEnd()}\n  return ${decl[1]}(...arguments);\n}\n`;
    return [
      { task_id: p.name, completion: inner },
      { task_id: p.name, completion: '  return null;\n}\n' },
    ];
  });
  const dir = mkdtempSync(join(tmpdir(), 'fixpoint-gaming-js-bench-'));
  const file = join(dir, 'samples.jsonl');
  writeFileSync(file, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  evalSeconds(MULTIPL_E_JS, file, false, dir); // builds the page if needed
  const on: number[] = [];
  const off: number[] = [];
  let flagged = 0;
  let passed = 0;
  for (let i = 0; i < rounds; i++) {
    for (const noFlags of i % 2 ? [false, true] : [true, false]) {
      const r = evalSeconds(MULTIPL_E_JS, file, noFlags, dir);
      (noFlags ? off : on).push(r.seconds);
      if (!noFlags) [flagged, passed] = [r.flagged, r.passed];
    }
  }
  return {
    checkMedianMs: median(times),
    checkMaxMs: Math.max(...times),
    samples: rows.length,
    passed,
    rounds,
    withFlagsSeconds: median(on),
    withoutFlagsSeconds: median(off),
    flagged,
  };
}
