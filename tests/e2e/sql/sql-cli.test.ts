// `fixpoint eval --databases`: BIRD's layout in, rows out, verdicts as BIRD's evaluator gives them
// under native Python (when python3 is here), Spider's rule on demand, bad input named by file and line.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, rowsOf } from '../support/cli.ts';
import { hasPython } from '../support/native.ts';
import { birdNativePassed, evalSql, type BirdSet } from '../support/sql.ts';

const DEV = 'tests/fixtures/sql/dev.json';
const DBS = 'tests/fixtures/sql/databases';
const SAMPLES = 'tests/fixtures/sql/samples.jsonl';

interface Row {
  task_id: number;
  completion: string;
  passed: boolean;
  result: string;
}

const SET: BirdSet = { dev: DEV, dbs: DBS, samples: SAMPLES, timeout: 1 };
const evalRows = (extra: string[] = []) => evalSql<Row>(SET, extra);

describe('eval --databases', () => {
  it("grades as BIRD's evaluator does under native Python, with the result strings", async () => {
    const rows = await evalRows();
    const graded = rows.filter((r) => !r.summary);
    expect(graded).toHaveLength(17);
    expect(Object.keys(graded[0]!)).toEqual(['task_id', 'completion', 'passed', 'result']);
    const results = graded.map((r) => r.result);
    expect(results).toContain('timed out');
    expect(results).toContain('failed: no such column: prise');
    expect(results).toContain('failed: You can only execute one statement at a time.');
    expect(results.filter((r) => r.startsWith('failed: result differs: ')).length).toBeGreaterThanOrEqual(5);
    expect(rows.at(-1)).toMatchObject({ summary: true, samples: 17, passed: 8 });
    if (!hasPython) return;
    expect(graded.map((r) => r.passed)).toEqual(birdNativePassed(SET));
  });

  it('--compare spider: bags of rows, columns in any order, order when the gold query has ORDER BY', async () => {
    const graded = (await evalRows(['--compare', 'spider'])).filter((r) => !r.summary);
    const byCase = (i: number) => graded[i]!;
    expect(byCase(4).result).toMatch(/^failed: result differs: .*another order/); // DESC against ORDER BY price
    expect(byCase(5).passed).toBe(true);
    expect(byCase(8).passed).toBe(true); // columns swapped
    expect(byCase(2).passed).toBe(true); // 2.0 == 2
  });

  it("reads BIRD's published example as is, and writes --out", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixpoint-sql-'));
    const samples = join(dir, 's.jsonl');
    writeFileSync(samples, '{"task_id": 2, "completion": "SELECT member FROM loans WHERE book_id = 2"}\n');
    const out = join(dir, 'r.jsonl');
    const r = await cli([
      'eval',
      '--problems',
      'tests/fixtures/bird/dev.json',
      '--databases',
      'tests/fixtures/bird/dev_databases',
      '--samples',
      samples,
      '--out',
      out,
    ]);
    expect(r.status).toBe(0);
    const [row] = rowsOf<Row>(readFileSync(out, 'utf8'));
    expect(row).toEqual({
      task_id: 2,
      completion: 'SELECT member FROM loans WHERE book_id = 2',
      passed: expect.any(Boolean),
      result: expect.any(String),
    });
  });

  it('names the file and line of bad input, and exits 2 before starting a browser', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixpoint-sql-bad-'));
    const write = (name: string, text: string): string => (writeFileSync(join(dir, name), text), join(dir, name));
    const dev = write(
      'dev.json',
      '[\n {"question_id": 1, "db_id": "shop", "question": "q", "SQL": "SELECT 1"},\n {"question_id": 2, "db_id": "nowhere", "question": "q", "SQL": "SELECT 1"}\n]\n',
    );
    const ok = write('ok.jsonl', '{"task_id": 1, "completion": "SELECT 1"}\n');
    const cases: [string[], RegExp][] = [
      [['--problems', dev, '--databases', join(dir, 'none'), '--samples', ok], /none: no such folder/],
      [
        ['--problems', dev, '--databases', DBS, '--samples', write('s2.jsonl', '{"task_id": 2, "completion": "x"}\n')],
        /dev\.json:3: db_id "nowhere": no database at/,
      ],
      [
        [
          '--problems',
          dev,
          '--databases',
          DBS,
          '--samples',
          write('s3.jsonl', '{"task_id": 1, "completion": "x"}\n{"task_id": 1}\n'),
        ],
        /s3\.jsonl:2: field "completion" is missing/,
      ],
      [
        [
          '--problems',
          dev,
          '--databases',
          DBS,
          '--samples',
          write('s4.jsonl', '{"task_id": 1, "completion": "x"}\n{"task_id": 9, "completion": "x"}\n'),
        ],
        /s4\.jsonl:2: unknown task_id 9/,
      ],
      [
        [
          '--problems',
          write('d5.json', '[\n {"question_id": 1, "db_id": "shop", "question": "q"}\n]'),
          '--databases',
          DBS,
          '--samples',
          ok,
        ],
        /d5\.json:2: field "SQL" is missing/,
      ],
      [
        [
          '--problems',
          write('d6.json', '[\n {"question_id": 1,\n "db_id": "shop" "x"}]'),
          '--databases',
          DBS,
          '--samples',
          ok,
        ],
        /d6\.json:3: not valid JSON/,
      ],
      [
        ['--problems', dev, '--databases', DBS, '--samples', ok, '--compare', 'exact'],
        /--compare must be bird or spider/,
      ],
      [
        ['--problems', dev, '--databases', DBS, '--samples', ok, '--engine', 'mysql'],
        /--engine must be sqlite or postgres/,
      ],
      [
        [
          '--problems',
          write(
            'd7.json',
            '[\n {"question_id": 1, "db_id": "shop", "question": "q", "SQL": "SELECT 1"},\n {"question_id": 2, "db_id": "shop", "engine": "oracle", "question": "q", "SQL": "SELECT 1"}\n]',
          ),
          '--databases',
          DBS,
          '--samples',
          ok,
        ],
        /d7\.json:3: field "engine" must be "sqlite" or "postgres", not "oracle"/,
      ],
      [
        ['--problems', dev, '--databases', DBS, '--samples', ok, '--engine', 'postgres'],
        /dev\.json:2: db_id "shop": no database at .*shop\.sql/,
      ],
    ];
    const notDb = mkdtempSync(join(tmpdir(), 'fixpoint-sql-notdb-'));
    writeFileSync(join(notDb, 'shop.sqlite'), 'CREATE TABLE t(x);');
    cases.push([['--problems', dev, '--databases', notDb, '--samples', ok], /shop\.sqlite: not a SQLite database/]);
    const results = await Promise.all(cases.map(([args]) => cli(['eval', ...args])));
    results.forEach((r, i) => {
      expect(r.stderr).toMatch(cases[i]![1]);
      expect(r.status).toBe(2);
    });
  });

  it('--shard K/N grades its part only, with the shard column, and the parts make the whole', async () => {
    const parts = await Promise.all(
      ['0/2', '1/2'].map(async (k) => {
        const r = await cli([
          'eval',
          '--problems',
          DEV,
          '--databases',
          DBS,
          '--samples',
          SAMPLES,
          '--timeout',
          '1',
          '--shard',
          k,
        ]);
        expect(r.status).toBe(0);
        expect(r.stderr).toMatch(new RegExp(`fixpoint: part ${k} \\(from --shard\\): \\d+ of 17 samples`));
        return rowsOf<Row & { summary?: true; shard?: unknown }>(r.stdout);
      }),
    );
    const graded = parts.flatMap((rows) => rows.filter((r) => !r.summary));
    expect(graded).toHaveLength(17);
    expect(parts[0]!.at(-1)).toMatchObject({ summary: true, shard: '0/2' });
    expect(graded[0]!.shard).toMatchObject({ n: 2, of: 17 });
    expect(parts.reduce((n, rows) => n + (rows.at(-1) as unknown as { passed: number }).passed, 0)).toBe(8);
  });
});
