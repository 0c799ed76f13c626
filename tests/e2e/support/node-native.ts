// MultiPL-E's JavaScript rule under native node: one process per program, passed when it exits 0
// within the limit.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
export const MULTIPL_E_JS = resolve(ROOT, 'data/multipl-e/humaneval-js.jsonl.gz');
export const JS_SAMPLES = resolve(ROOT, 'tests/fixtures/multipl-e-js-samples.jsonl');

export type NativeVerdict = 'passed' | 'timed out' | 'failed';

// Node's verdicts do not change from one describe block to the next: asked once per file.
const asked = new Map<string, NativeVerdict[]>();

/** Runs each program under node; undefined when node cannot be started. */
export function nodeVerdicts(programs: string[], timeoutSec: number): NativeVerdict[] | undefined {
  const key = JSON.stringify([programs, timeoutSec]);
  const known = asked.get(key);
  if (known) return known;
  if (spawnSync(process.execPath, ['--version']).status !== 0) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'fixpoint-node-'));
  const verdicts = programs.map((program, i): NativeVerdict => {
    const file = join(dir, `p${i}.js`);
    writeFileSync(file, program);
    const r = spawnSync(process.execPath, [file], { timeout: timeoutSec * 1000, stdio: 'ignore', cwd: dir });
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return 'timed out';
    if (r.signal) return 'timed out';
    return r.status === 0 ? 'passed' : 'failed';
  });
  asked.set(key, verdicts);
  return verdicts;
}

export const verdictOf = (result: string): NativeVerdict =>
  result === 'passed' ? 'passed' : result === 'timed out' ? 'timed out' : 'failed';
