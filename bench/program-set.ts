// A larger contest-program set for the programs bench, built from the bundled stdin problems
// (data/livecodebench/stdin-20.jsonl) and a correct program for each: per problem, correct
// programs, several kinds of wrong answer, a runtime error and a compile error, and about 3% of
// the set running into the 6 s limit, spread through it as a model's samples would be.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
export const STDIN_20 = join(ROOT, 'data/livecodebench/stdin-20.jsonl');
const SOLUTIONS = join(ROOT, 'tests/fixtures/livecodebench/stdin-20-solutions.jsonl');

const WRONG = [
  'print(0)',
  'print(input())', // echoes the first line
  'import sys\nprint(len(sys.stdin.read().split()))',
  'x = input()\nprint(x[::-1])',
];

/** Writes the samples file; `timeouts: false` leaves out the programs that never end. */
export function writeProgramSet(file: string, options: { timeouts: boolean }): { size: number; timeouts: number } {
  const solutions = readFileSync(SOLUTIONS, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { task_id: string; completion: string });
  const rows: { task_id: string; completion: string }[] = [];
  for (let round = 0; round < 4; round++)
    for (const s of solutions) {
      rows.push(s, { task_id: s.task_id, completion: WRONG[round]! });
      if (round === 0) rows.push({ task_id: s.task_id, completion: 'raise ValueError("not done yet")' });
      if (round === 1) rows.push({ task_id: s.task_id, completion: 'print(' });
      if (round === 2) rows.push({ task_id: s.task_id, completion: `import sys\n${s.completion}\nsys.exit(0)` });
    }
  let timeouts = 0;
  if (options.timeouts)
    for (let k = 0; k < 12; k++) {
      const s = solutions[(k * 7) % solutions.length]!;
      rows.splice(Math.floor(((k + 0.5) * rows.length) / 12), 0, {
        task_id: s.task_id,
        completion: 'while True:\n    pass',
      });
      timeouts++;
    }
  writeFileSync(file, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return { size: rows.length, timeouts };
}
