// `eval` on the bundled BIRD-format set (data/bird-mini), as a clone has it: the gold queries
// pass, wrong answers fail with BIRD's result strings, and the verdicts equal BIRD's rule run by
// native Python's sqlite3 (when python3 is here).
import { describe, expect, it } from 'vitest';
import { hasPython } from '../support/native.ts';
import { birdNativePassed, evalSql, type BirdSet } from '../support/sql.ts';

const SET: BirdSet = {
  dev: 'data/bird-mini/dev.json',
  dbs: 'data/bird-mini/databases',
  samples: 'tests/fixtures/bird-mini/samples.jsonl',
  timeout: 2,
};

interface Row {
  task_id: number;
  passed: boolean;
  result: string;
}

describe('eval on data/bird-mini', () => {
  it('passes the 24 gold queries and fails the wrong ones as BIRD does', async () => {
    const rows = await evalSql<Row>(SET);
    const graded = rows.filter((x) => !x.summary);
    expect(graded).toHaveLength(30);
    expect(graded.slice(0, 24).every((x) => x.passed && x.result === 'passed')).toBe(true);
    const wrong = graded.slice(24);
    expect(wrong.map((x) => x.result)).toEqual([
      "failed: result differs: expected 4 rows, got 0; 4 rows missing: ('Market Day'), ('Paper Lanterns'), ('Stone Walls'), …",
      "failed: result differs: expected 1 row, got 1; 1 row missing: ('Mariam Osei'); 1 row extra: ('Paulo Reis')",
      'failed: no such column: T1.fees',
      'failed: result differs: expected 1 row, got 1; 1 row missing: (91.1); 1 row extra: (NULL)',
      'failed: You can only execute one statement at a time.',
      // Integer division gives 50, and BIRD's set comparison takes 50 == 50.0.
      'passed',
    ]);
    expect(rows.at(-1)).toMatchObject({ summary: true, samples: 30, passed: 25 });
    if (!hasPython) return;
    expect(graded.map((x) => x.passed)).toEqual(birdNativePassed(SET));
  });
});
