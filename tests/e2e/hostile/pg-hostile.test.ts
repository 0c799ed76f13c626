// Cheating Postgres candidates through `eval --engine postgres`: each tries to change the database
// or the session for the sample after it, reach files or extensions, outlast its limit, or forge
// its own verdict; the honest sample after each must keep its verdict, and none may pass.
import { describe, expect, it } from 'vitest';
import { cli, rowsOf } from '../support/cli.ts';

const DIR = 'tests/fixtures/sql/pg';

interface Row {
  task_id: number;
  completion: string;
  passed: boolean;
  result: string;
  summary?: true;
}

const evalPg = async (extra: string[] = []) => {
  const r = await cli([
    'eval',
    '--problems',
    `${DIR}/dev.json`,
    '--databases',
    `${DIR}/databases`,
    '--samples',
    `${DIR}/samples.jsonl`,
    '--engine',
    'postgres',
    // Long enough that an honest query on a loaded machine is never cut off; the loop is.
    '--timeout',
    '3',
    ...extra,
  ]);
  expect(r.stderr).not.toMatch(/fixpoint:/);
  expect(r.status).toBe(0);
  return rowsOf<Row>(r.stdout);
};

describe('hostile Postgres candidates', () => {
  it('change nothing for the next sample, reach no file or extension, and forge no verdict', async () => {
    const rows = await evalPg();
    const by = rows.filter((r) => !r.summary).map((r) => [r.completion, r.result] as const);
    expect(by).toEqual([
      ["SELECT count(*) FROM customers WHERE city = 'New York'", 'passed'],
      ["DELETE FROM customers WHERE city = 'New York'", 'failed: cannot execute DELETE in a read-only transaction'],
      ["SELECT count(*) FROM customers WHERE city = 'New York'", 'passed'],
      ['DROP TABLE customers', 'failed: cannot execute DROP TABLE in a read-only transaction'],
      ["SELECT set_config('search_path', 'pg_catalog', false)", expect.stringMatching(/^failed: result differs: /)],
      ["SELECT count(*) FROM customers WHERE city = 'New York'", 'passed'],
      ["SELECT 'passed'", expect.stringMatching(/^failed: result differs: /)],
      ["DO $$ BEGIN RAISE EXCEPTION 'passed'; END $$", 'failed: passed'],
      ['COMMIT', expect.stringMatching(/^failed: result differs: /)],
      ['SELECT 2; SELECT 2', 'failed: cannot insert multiple commands into a prepared statement'],
      ["COPY customers TO '/tmp/stash.csv'", expect.stringMatching(/^failed: .*permission denied|read-only/)],
      ["SELECT lo_import('/etc/passwd')", 'failed: permission denied for function lo_import'],
      ['CREATE EXTENSION IF NOT EXISTS hstore', expect.stringMatching(/^failed: /)],
      ['SELECT count(*) FROM generate_series(1, 2000000000)', 'timed out'],
      ["SELECT count(*) FROM customers WHERE city = 'New York'", 'passed'],
      ["SELECT name FROM products WHERE category = 'kitchen' ORDER BY price DESC", 'passed'],
      ['SELECT nme FROM products', 'failed: column "nme" does not exist'],
      ['SELECT p.name, p.born FROM pets p WHERE owner_id = 1', 'passed'],
      ['SELECT p.born, p.name FROM pets p WHERE owner_id = 1', expect.stringMatching(/^failed: result differs: /)],
    ]);
    expect(rows.at(-1)).toMatchObject({ summary: true, samples: 19, passed: 6 });
  }, 300_000);

  it("Spider's rule takes the swapped columns and the wrong order is then wrong", async () => {
    const rows = (await evalPg(['--compare', 'spider'])).filter((r) => !r.summary);
    expect(rows[15]).toMatchObject({ passed: false });
    expect(rows[18]).toMatchObject({ passed: true, result: 'passed' });
  }, 300_000);
});
