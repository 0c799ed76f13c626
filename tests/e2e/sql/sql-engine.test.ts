// SQLite in the sandbox frame's worker, in the built page, in Chromium: loaded on the first SQL
// job, every query on a fresh copy, a runaway query stopped without losing the worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, openPage, type PageContext } from '../support/browser.ts';
import { sql1, sqlIn } from '../support/sql.ts';
import { runsAlone } from '../support/turns.ts';

// Timed assertions: no other file beside this one.
runsAlone();

describe.each(MODES)('SQLite in the sandbox ($name)', ({ isolated }) => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated, path: '?headless' });
  });
  afterAll(() => ctx?.close());

  it('loads SQLite only when the first SQL job arrives, from the app itself', async () => {
    const before = await ctx.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(before.filter((n) => /sqlite3.*\.wasm/.test(n))).toEqual([]);
    expect(await sql1(ctx.page, 'SELECT count(*) FROM books')).toMatchObject({ kind: 'rows', rows: [[3]] });
    const after = await ctx.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(after.filter((n) => /sqlite3.*\.wasm/.test(n))).toHaveLength(1);
  });

  it('answers each query of a job on its own fresh copy', async () => {
    const [answers] = await sqlIn(ctx.page, [
      {
        queries: ['DELETE FROM books', 'SELECT count(*) FROM books', 'DROP TABLE books', 'SELECT count(*) FROM books'],
      },
    ]);
    expect(answers!.map((a) => a.kind)).toEqual(['rows', 'rows', 'rows', 'rows']);
    expect(answers![1]).toMatchObject({ rows: [[3]] });
    expect(answers![3]).toMatchObject({ rows: [[3]] });
  });

  it('stops a query past its limit and runs the next at once, in the same worker', async () => {
    const loop = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';
    const t0 = Date.now();
    const [answers] = await sqlIn(ctx.page, [{ queries: [loop, 'SELECT 42'], timeoutMs: 300 }]);
    expect(answers![0]!.kind).toBe('timed out');
    expect(answers![1]).toMatchObject({ kind: 'rows', rows: [[42]] });
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('says where an error is', async () => {
    expect(await sql1(ctx.page, 'SELECT titel FROM books')).toMatchObject({
      kind: 'error',
      message: 'no such column: titel',
      offset: 7,
    });
  });
});
