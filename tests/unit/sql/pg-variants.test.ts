// Selection's database variants on Postgres (PGlite's Node build): built from the script with the
// variant's statements after it, foreign keys left unchecked for them, and a query that only fits
// the visible rows answering differently on them.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPristine, openReader, runQuery, type Reader } from '../../../src/sandbox/frame/pg/engine.ts';
import { POSTGRES_COLUMNS, variantDatabase, variantsOf, variantTables } from '../../../src/kinds/sql/variants.ts';

const SHOP = readFileSync('tests/fixtures/sql/shop.sql', 'utf8');
const opened: Reader[] = [];
const open = async (script: string): Promise<Reader> => {
  const r = await openReader(await buildPristine(script, {}), {});
  opened.push(r);
  return r;
};
let shop: Reader;

beforeAll(async () => {
  shop = await open(SHOP);
}, 60_000);
afterAll(async () => {
  for (const r of opened) await r.pg.close();
});

describe('Postgres database variants', () => {
  it('removes and adds rows as on SQLite, and a query fitting only the visible rows answers otherwise', async () => {
    const tables = variantTables(await runQuery(shop, POSTGRES_COLUMNS, 1000));
    expect(tables.map((t) => t.name)).toEqual(['customers', 'products', 'orders']);
    expect(tables[2]!.columns.map((c) => [c.name, c.pk, c.fk])).toEqual([
      ['id', true, false],
      ['customer_id', false, true],
      ['product_id', false, true],
      ['quantity', false, false],
      ['day', false, false],
    ]);
    const variants = variantsOf('postgres', tables);
    expect(variants).toHaveLength(4);
    const first = (a: unknown): unknown => (a as { rows: unknown[][] }).rows[0];
    const seen: unknown[] = [];
    // Each variant is a database built anew (about 15 s here): the first half and the copies.
    for (const k of [0, 2]) {
      const db = variantDatabase('postgres', { key: 'shop', script: SHOP }, variants[k]!, k + 1)!;
      expect(db.key).toBe(`shop#v${k + 1}`);
      const r = await open(db.script!);
      seen.push([
        first(await runQuery(r, 'SELECT (SELECT count(*) FROM customers), (SELECT count(*) FROM orders)', 10)),
        first(await runQuery(r, 'SELECT count(*) FROM customers WHERE id IN (2, 4)', 10)),
        first(await runQuery(r, "SELECT count(*) FROM customers WHERE city = 'New York'", 10)),
      ]);
    }
    // Orders left pointing at removed customers (the checks were off), copies under new keys.
    expect(seen).toEqual([
      [[3, 4], [1], [1]],
      [[10, 14], [2], [4]],
    ]);
  }, 120_000);
});
