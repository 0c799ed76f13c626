// A cheating SQL candidate, in the built page: it tries to change the database for the next
// candidate, keep a file, read what the expected query left, run forever, take the memory, or
// pass with rows that only look right. Each attempt must change nothing but its own verdict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlVerdict } from '../../../src/kinds/sql/verdict.ts';
import { openPage, type PageContext } from '../support/browser.ts';
import { sql1, sqlIn } from '../support/sql.ts';

const COUNT = 'SELECT count(*) FROM books';

describe('hostile SQL candidates', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true, path: '?headless' });
  });
  afterAll(() => ctx?.close());

  it('cannot change the database for the next candidate or the next job', async () => {
    const poison = [
      'DELETE FROM books',
      'DROP TABLE books',
      "UPDATE books SET title = 'x'",
      'PRAGMA user_version = 7',
      "CREATE TABLE IF NOT EXISTS answers AS SELECT 'planted' AS a",
      'PRAGMA writable_schema = ON',
    ];
    const [within] = await sqlIn(ctx.page, [{ queries: [...poison, COUNT, 'PRAGMA user_version'] }]);
    expect(within!.slice(0, poison.length).every((a) => a.kind !== 'timed out')).toBe(true);
    expect(within![poison.length]).toMatchObject({ rows: [[3]] });
    expect(within![poison.length + 1]).toMatchObject({ rows: [[0]] });
    expect(await sql1(ctx.page, "SELECT count(*) FROM books WHERE title = 'x'")).toMatchObject({ rows: [[0]] });
    expect(await sql1(ctx.page, 'SELECT * FROM answers')).toMatchObject({ kind: 'error' });
  });

  it('cannot attach a file, or write one to read later', async () => {
    expect(await sql1(ctx.page, "ATTACH DATABASE 'stash.db' AS s")).toMatchObject({ kind: 'error' });
    expect(await sql1(ctx.page, "VACUUM INTO 'stash.db'")).toMatchObject({ kind: 'error' });
    expect(await sql1(ctx.page, "ATTACH 'file:stash.db?vfs=memdb' AS s")).toMatchObject({ kind: 'error' });
  });

  it('cannot read what the expected query ran or left behind', async () => {
    const [answers] = await sqlIn(ctx.page, [
      {
        queries: [
          "CREATE TEMP TABLE gold AS SELECT 'secret' AS s",
          'SELECT * FROM temp.gold',
          'SELECT name FROM sqlite_temp_master',
        ],
      },
    ]);
    expect(answers![1]).toMatchObject({ kind: 'error', message: 'no such table: temp.gold' });
    expect(answers![2]).toMatchObject({ kind: 'rows', rows: [] });
  });

  it('is stopped when it loops or crosses huge joins, and the next runs at once', async () => {
    const slow = [
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c',
      'SELECT count(*) FROM books a, books b, books c, books d, books e, books f, books g, books h, ' +
        '(WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000000) SELECT x FROM n)',
    ];
    for (const q of slow) {
      const t0 = Date.now();
      expect((await sql1(ctx.page, q, { timeoutMs: 300 })).kind).toBe('timed out');
      expect(Date.now() - t0).toBeLessThan(3000);
    }
    expect(await sql1(ctx.page, COUNT)).toMatchObject({ rows: [[3]] });
  });

  it('cannot take the memory: huge values fail or are stopped, and the engine lives on', async () => {
    const greedy = [
      'SELECT length(zeroblob(2000000000))',
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) SELECT length(group_concat(hex(randomblob(1000)))) FROM c',
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 60) SELECT length(randomblob(90000000)) FROM c ORDER BY random()',
    ];
    const answers = [];
    for (const q of greedy) answers.push(await sql1(ctx.page, q, { timeoutMs: 1500 }));
    expect(answers[0]).toMatchObject({ kind: 'error', message: 'string or blob too big' });
    // The last one spends its time outside SQLite's steps: the page ends the worker (the last resort).
    // The second reaches the 100 MB value cap or the time limit first, by the machine's speed.
    if (answers[1]!.kind === 'error') expect(answers[1]).toMatchObject({ message: 'string or blob too big' });
    else expect(answers[1]!.kind).toBe('timed out');
    expect(answers[2]!.kind).toBe('timed out');
    expect(await sql1(ctx.page, COUNT)).toMatchObject({ rows: [[3]] });
  });

  it('cannot pass with rows that only look like the answer', async () => {
    const gold = 'SELECT count(*) FROM books WHERE year < 1900';
    const [answers] = await sqlIn(ctx.page, [
      { queries: [gold, "SELECT '1'", "SELECT 'passed'", 'SELECT 1.0', "SELECT 'n:1'", 'SELECT 1 UNION ALL SELECT 1'] },
    ]);
    const [g, ...candidates] = answers!;
    const verdicts = candidates.map((c) => sqlVerdict('bird', gold, g!, c).result);
    expect(g).toMatchObject({ rows: [[1]] });
    expect(verdicts[0]).toMatch(/^failed: result differs/);
    expect(verdicts[1]).toMatch(/^failed: result differs/);
    expect(verdicts[2]).toBe('passed'); // 1.0 == 1 in Python, as in BIRD's evaluator
    expect(verdicts[3]).toMatch(/^failed: result differs/);
    expect(verdicts[4]).toBe('passed'); // a set: BIRD ignores repetition
    expect(sqlVerdict('spider', gold, g!, candidates[4]!).passed).toBe(false);
  });
});
