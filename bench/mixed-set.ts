// The mixed candidate set the grading bench uses, built from HumanEval itself: every canonical
// solution, a wrong answer for every problem (several kinds of wrong), canonical solutions that
// print as they go, and a few that run into the time limit (busy loops and sleeps).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const HUMANEVAL = resolve(import.meta.dirname, '../data/humaneval/HumanEval.jsonl.gz');

interface Problem {
  task_id: string;
  canonical_solution: string;
}

const WRONG = [
  '    return None\n',
  '    raise ValueError("not done yet")\n',
  '    pass\n',
  '    return []\n',
  '    return (\n', // a syntax error
  '    return undefined_name\n',
];

export interface MixedSet {
  file: string;
  size: number;
  timeouts: number;
}

export function writeMixedSet(file: string): MixedSet {
  const problems = gunzipSync(readFileSync(HUMANEVAL))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Problem);
  const rows: { task_id: string; completion: string }[] = [];
  problems.forEach((p, i) => {
    rows.push({ task_id: p.task_id, completion: p.canonical_solution });
    rows.push({ task_id: p.task_id, completion: WRONG[i % WRONG.length]! });
    if (i % 2 === 0)
      rows.push({ task_id: p.task_id, completion: `    print("checking", ${i})\n${p.canonical_solution}` });
  });
  // About 3% of the set runs into the limit, spread through it as a model's samples would be.
  let timeouts = 0;
  for (let k = 0; k < 12; k++) {
    const p = problems[(k * 13) % problems.length]!;
    const completion = k % 3 === 2 ? '    import time\n    time.sleep(10)\n' : '    while True:\n        pass\n';
    rows.splice(Math.floor(((k + 0.5) * rows.length) / 12), 0, { task_id: p.task_id, completion });
    timeouts++;
  }
  writeFileSync(file, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return { file, size: rows.length, timeouts };
}
