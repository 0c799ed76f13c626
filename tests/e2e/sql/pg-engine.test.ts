// Postgres (PGlite) in the built page's sandbox frame: a database built once from a script or a
// pg_dump, answers with their rows and errors, row caps, and a query past its limit ended with the
// next answered at once by the spare worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, type PageContext } from '../support/browser.ts';
import { sqlIn, type SqlCall } from '../support/sql.ts';
import { runsAlone } from '../support/turns.ts';

// Timed assertions: no other file beside this one.
runsAlone();

const SHOP = 'tests/fixtures/sql/shop.sql';
const PETS = 'tests/fixtures/sql/pg/databases/pets/pets.sql';
const pg = (queries: string[], extra: Partial<SqlCall> = {}): SqlCall => ({
  engine: 'postgres',
  db: SHOP,
  queries,
  ...extra,
});

describe('Postgres in the page', () => {
  let ctx: PageContext;
  beforeAll(async () => {
    ctx = await openPage({ isolated: true, path: '?headless' });
  });
  afterAll(() => ctx?.close());

  it('answers queries on a database built from a script, and from a pg_dump', async () => {
    const [shop, pets] = await sqlIn(ctx.page, [
      pg([
        "SELECT name FROM products WHERE category = 'kitchen' ORDER BY price",
        'SELECT nme FROM customers',
        'SELECT version()',
      ]),
      pg(['SELECT name, born FROM pets WHERE species IS NULL'], { db: PETS }),
    ]);
    expect(shop![0]).toMatchObject({ kind: 'rows', columns: ['name'], rows: [['Mug'], ['Kettle']] });
    expect(shop![1]).toMatchObject({ kind: 'error', message: 'column "nme" does not exist', offset: 7 });
    expect(String((shop![2] as { rows: string[][] }).rows[0]![0])).toMatch(/^PostgreSQL 17/);
    expect(pets![0]).toMatchObject({ rows: [['Nibbles', '2022-06-15']] });
  }, 120_000);

  it('keeps at most maxRows rows', async () => {
    const [answers] = await sqlIn(ctx.page, [pg(['SELECT g FROM generate_series(1, 5000) g'], { maxRows: 100 })]);
    const a = answers![0];
    expect(a).toMatchObject({ kind: 'rows', more: true });
    expect((a as { rows: unknown[] }).rows).toHaveLength(100);
  }, 60_000);

  it('stops a query past its limit, and the next query is answered at once', async () => {
    const t0 = Date.now();
    const [answers] = await sqlIn(ctx.page, [
      pg(['SELECT count(*) FROM generate_series(1, 1000000000)', 'SELECT count(*) FROM customers'], { timeoutMs: 500 }),
    ]);
    expect(answers![0]).toMatchObject({ kind: 'timed out' });
    expect(answers![1]).toMatchObject({ kind: 'rows', rows: [[5]] });
    // The spare already holds the database: no build, no start (bench: about 0.1 s after the limit).
    expect(Date.now() - t0).toBeLessThan(10_000);
  }, 60_000);

  it('fails or stops a query that asks for gigabytes, and the next query is answered', async () => {
    const [answers] = await sqlIn(ctx.page, [
      pg(
        [
          "SELECT length(repeat('x', 2000000000))",
          "SELECT length(string_agg(repeat('x', 100000000), '')) FROM generate_series(1, 40)",
          'SELECT count(*) FROM customers',
        ],
        { timeoutMs: 3000 },
      ),
    ]);
    expect(answers![0]).toMatchObject({ kind: 'error' });
    expect(['error', 'timed out']).toContain(answers![1]!.kind);
    expect(answers![2]).toMatchObject({ kind: 'rows', rows: [[5]] });
  }, 120_000);
});
