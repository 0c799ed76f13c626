// Verdicts of the HumanEval reference harness under native CPython, when python3 is installed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Problem } from '../../../src/shared/problems.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
export const HUMANEVAL = resolve(ROOT, 'data/humaneval/HumanEval.jsonl.gz');
export const hasPython = spawnSync('python3', ['--version']).status === 0;

/** name -> result text, or undefined when python3 is missing. */
export function nativeVerdicts(
  problem: Problem,
  completions: Record<string, string>,
): Record<string, string> | undefined {
  if (!hasPython) return undefined;
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
  return Object.fromEntries(names.map((n, i) => [n, rows[i]!.result]));
}
