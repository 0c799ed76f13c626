// Verdicts of the HumanEval reference harness under native CPython, when python3 is installed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { HumanEvalProblem } from '../../../src/shared/problems.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
export const HUMANEVAL = resolve(ROOT, 'data/humaneval/HumanEval.jsonl.gz');
export const hasPython = spawnSync('python3', ['--version']).status === 0;

// CPython's verdicts do not change from one describe block to the next: asked once per file.
const asked = new Map<string, Record<string, string>>();

/** name -> result text, or undefined when python3 is missing. */
export function nativeVerdicts(
  problem: HumanEvalProblem,
  completions: Record<string, string>,
  timeoutSec = 3,
): Record<string, string> | undefined {
  if (!hasPython) return undefined;
  const key = JSON.stringify([problem.rawId, completions, timeoutSec]);
  const known = asked.get(key);
  if (known) return known;
  const dir = mkdtempSync(join(tmpdir(), 'fixpoint-native-'));
  const names = Object.keys(completions);
  const problemsFile = join(dir, 'problems.jsonl');
  const samplesFile = join(dir, 'samples.jsonl');
  writeFileSync(
    problemsFile,
    JSON.stringify({
      task_id: problem.rawId,
      prompt: problem.prompt,
      test: problem.test,
      entry_point: problem.entryPoint,
    }),
  );
  writeFileSync(
    samplesFile,
    names.map((n) => JSON.stringify({ task_id: problem.rawId, completion: completions[n] })).join('\n'),
  );
  const r = spawnSync(
    'python3',
    [
      join(ROOT, 'tests/fixtures/reference_execution.py'),
      '--problems',
      problemsFile,
      '--samples',
      samplesFile,
      '--workers',
      '2',
      '--timeout',
      String(timeoutSec),
    ],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      stdin: undefined,
    } as never,
  );
  if (r.status !== 0) throw new Error(`native reference harness failed: ${r.stderr}`);
  const rows = r.stdout
    .trim()
    .split('\n')
    .map((l: string) => JSON.parse(l) as { result: string });
  const verdicts = Object.fromEntries(names.map((n, i) => [n, rows[i]!.result]));
  asked.set(key, verdicts);
  return verdicts;
}
