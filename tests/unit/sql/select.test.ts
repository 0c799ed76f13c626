// best-of-n and CodeT on SQL, on SQLite's own wasm build in Node: the variants of a database
// (rows removed, rows added), and how queries group by their rows on the database and its variants.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { SqlEngine } from '../../../src/sandbox/frame/sql/engine.ts';
import { groupSqlSamples, selectSql, type SqlSelect } from '../../../src/kinds/sql/select.ts';
import { SQLITE_COLUMNS, variantsOf, variantTables } from '../../../src/kinds/sql/variants.ts';
import { sqlRepairLoop } from '../../../src/kinds/sql/repair.ts';
import type { SqlAnswer } from '../../../src/shared/sql.ts';
import type { ChatRequest, ModelClient } from '../../../src/shared/model.ts';

const SHOP_SQL = readFileSync('tests/fixtures/sql/shop.sql', 'utf8');
const GOLD = "SELECT name FROM customers WHERE city = 'New York'";
let engine: SqlEngine;
let shop: Uint8Array;

beforeAll(async () => {
  const init = sqlite3InitModule as unknown as (options: object) => ReturnType<typeof sqlite3InitModule>;
  engine = new SqlEngine(await init({ print: () => undefined, printErr: () => undefined }));
  shop = engine.fromScript(SHOP_SQL, 5000);
});

/** What the frame's worker does, in Node: each variant derived once, each query on a fresh copy. */
function nodeSelect(pristine: Uint8Array, strategy: SqlSelect['strategy'] = 'best-of-n', samples = 4): SqlSelect {
  const tables = variantTables(engine.run(pristine, SQLITE_COLUMNS, 5000, 10_000));
  const variants = variantsOf('sqlite', tables);
  const built = variants.map((v) => {
    try {
      return engine.derive(pristine, v.statements, 5000);
    } catch {
      return undefined;
    }
  });
  const dbs = [pristine, ...built];
  return {
    strategy,
    samples,
    variants: variants.map((v) => v.name),
    runOn: (db, queries) => {
      const bytes = dbs[db];
      return Promise.resolve(bytes && queries.map((q) => engine.run(bytes, q, 2000, 10_000)));
    },
  };
}

const count = (bytes: Uint8Array, table: string): number => {
  const a = engine.run(bytes, `SELECT count(*) FROM ${table}`, 2000, 10);
  return a.kind === 'rows' ? Number(a.rows[0]![0]) : -1;
};

describe('database variants', () => {
  it('halves each table two ways and adds bounded rows under new keys, the same way every time', () => {
    const variants = variantsOf('sqlite', variantTables(engine.run(shop, SQLITE_COLUMNS, 5000, 1000)));
    expect(variants.map((v) => v.name)).toEqual([
      "each table's first half of rows",
      "each table's second half of rows",
      'up to 50 rows of each table copied under new keys',
      'up to 50 rows of each table added with values from other rows',
    ]);
    const [first, second, copies, mutated] = variants.map((v) => engine.derive(shop, v.statements, 5000));
    expect([count(first!, 'customers'), count(second!, 'customers')]).toEqual([3, 3]);
    expect([count(first!, 'orders'), count(second!, 'orders')]).toEqual([4, 4]);
    expect(engine.run(first!, 'SELECT id FROM customers ORDER BY id', 2000, 10)).toMatchObject({
      rows: [[1], [2], [3]],
    });
    expect(engine.run(second!, 'SELECT id FROM customers ORDER BY id', 2000, 10)).toMatchObject({
      rows: [[3], [4], [5]],
    });
    expect(count(copies!, 'customers')).toBe(10);
    expect(
      engine.run(copies!, 'SELECT count(DISTINCT id), count(DISTINCT name) FROM customers', 2000, 10),
    ).toMatchObject({
      rows: [[10, 5]],
    });
    expect(count(mutated!, 'orders')).toBe(14);
    // Deterministic: built again, the same bytes' answers.
    const again = variantsOf('sqlite', variantTables(engine.run(shop, SQLITE_COLUMNS, 5000, 1000)));
    expect(again.map((v) => v.statements)).toEqual(variants.map((v) => v.statements));
    const all = 'SELECT * FROM customers ORDER BY id';
    expect(engine.run(engine.derive(shop, again[3]!.statements, 5000), all, 2000, 100)).toEqual({
      ...engine.run(mutated!, all, 2000, 100),
      ms: expect.any(Number) as number,
    });
  });

  it('keeps UNIQUE constraints: a copy that would repeat a unique value is not inserted', () => {
    const db = engine.fromScript(
      "CREATE TABLE t (id INTEGER PRIMARY KEY, code TEXT UNIQUE NOT NULL); INSERT INTO t VALUES (1, 'a'), (2, 'b');",
      2000,
    );
    const [, , copies] = variantsOf('sqlite', variantTables(engine.run(db, SQLITE_COLUMNS, 2000, 100)));
    const built = engine.derive(db, copies!.statements, 2000);
    expect(count(built, 't')).toBe(2);
  });

  it('a variant whose statements fail throws, and selection leaves it out', async () => {
    expect(() => engine.derive(shop, 'DELETE FROM nowhere;', 2000)).toThrow(/could not be built: no such table/);
    const sel = nodeSelect(shop);
    const broken: SqlSelect = { ...sel, runOn: (db, q) => (db === 2 ? Promise.resolve(undefined) : sel.runOn(db, q)) };
    const got = await selectSql(broken, 'bird', GOLD, [GOLD, GOLD]);
    expect(got.selection.inputs).toBe(3);
    expect(got.selection.databases).not.toContain("each table's second half of rows");
  });
});

describe('grouping SQL samples', () => {
  it('a query that only fits the visible rows lands apart from the correct ones, and is not chosen', async () => {
    const queries = [
      "SELECT 'Grace' UNION SELECT 'Barbara'",
      'SELECT name FROM customers WHERE id IN (2, 4)',
      GOLD,
      "SELECT c.name FROM customers AS c WHERE c.city LIKE 'New York' AND c.city IS NOT NULL",
    ];
    const got = await selectSql(nodeSelect(shop), 'bird', GOLD, queries);
    expect(got.verdicts.map((v) => v.passed)).toEqual([true, true, true, true]);
    const { selection } = got;
    expect(selection.chosen).toBe(2);
    expect(selection.samples.map((s) => s.group)).toEqual([1, 2, 0, 0]);
    expect(selection.groups).toEqual([2, 1, 1]);
    expect(selection.inputs).toBe(4);
    expect(selection.why).toMatch(
      /4 of 4 samples matched .* 2 of them answer alike on the task's database and 4 variants/,
    );
  });

  it('ORDER BY differences stay together under the BIRD set rule, apart under Spider when the gold orders', async () => {
    const gold = 'SELECT name FROM products ORDER BY price';
    const queries = ['SELECT name FROM products ORDER BY price', 'SELECT name FROM products ORDER BY name'];
    const bird = await selectSql(nodeSelect(shop), 'bird', gold, queries);
    expect(bird.selection.groups).toEqual([2]);
    const spider = await selectSql(nodeSelect(shop), 'spider', gold, queries);
    expect(spider.verdicts.map((v) => v.passed)).toEqual([true, false]);
    expect(spider.selection.groups).toEqual([1]);
  });

  it('Spider: columns in another order group together; duplicates count', () => {
    const rows = (r: (string | number)[][]): SqlAnswer => ({ kind: 'rows', columns: [], rows: r, more: false, ms: 0 });
    const a = [
      rows([
        ['x', 1],
        ['y', 2],
      ]),
    ];
    const b = [
      rows([
        [1, 'x'],
        [2, 'y'],
      ]),
    ];
    const c = [
      rows([
        [1, 'x'],
        [2, 'y'],
        [2, 'y'],
      ]),
    ];
    expect(groupSqlSamples('spider', 'SELECT a, b FROM t', [a, b, c])).toEqual([[0, 1], [2]]);
    expect(groupSqlSamples('bird', 'SELECT a, b FROM t', [a, b, c])).toEqual([[1, 2], [0]]);
  });

  it('a sample that fails on a variant stands alone; one that fails on the task database is not grouped', () => {
    const ok: SqlAnswer = { kind: 'rows', columns: ['n'], rows: [[1]], more: false, ms: 0 };
    const err: SqlAnswer = { kind: 'error', message: 'no such column', ms: 0 };
    const groups = groupSqlSamples('bird', 'SELECT 1', [[ok, err], [ok, err], [ok, ok], undefined, [ok, ok]]);
    expect(groups).toEqual([[2, 4], [0], [1]]);
  });

  it('hostile: a sample that writes changes nothing for the samples after it, on any database', async () => {
    const count = 'SELECT count(*) FROM customers';
    const sel = nodeSelect(shop);
    const counts = async (): Promise<SqlAnswer[]> =>
      Promise.all([0, 1, 2, 3, 4].map(async (db) => (await sel.runOn(db, [count]))![0]!));
    const before = await counts();
    // The first one matches on the task's database (5 rows of 5: the set {5}), so it runs on every variant too.
    const writes = [
      'DELETE FROM customers RETURNING 5',
      'DROP TABLE customers',
      "INSERT INTO customers (name) VALUES ('x'), ('y')",
      count,
      count,
    ];
    const after = await selectSql(sel, 'bird', count, writes);
    expect(after.verdicts.map((v) => v.passed)).toEqual([true, false, false, true, true]);
    expect(after.answers[3]).toMatchObject({ rows: [[5]] });
    expect(after.selection.chosen).toBe(3);
    expect(after.selection.samples.map((x) => x.group)).toEqual([1, undefined, undefined, 0, 0]);
    expect(after.selection.inputs).toBe(4);
    const unchanged = (await counts()).map((a) => (a.kind === 'rows' ? a.rows : a));
    expect(unchanged).toEqual(before.map((a) => (a.kind === 'rows' ? a.rows : a)));
    expect(unchanged).toEqual([[[5]], [[3]], [[3]], [[10]], [[10]]]);
  });
});

describe('the SQL loop with best-of-n (a fake model, the real engine)', () => {
  const client = (replies: string[]): ModelClient & { calls: ChatRequest[] } => {
    let n = 0;
    const calls: ChatRequest[] = [];
    return {
      calls,
      config: { provider: 'openai', baseUrl: 'http://fake', model: 'fake' },
      chat: (req: ChatRequest) => {
        calls.push(req);
        const text = replies[n++ % replies.length]!;
        return Promise.resolve({ text, usage: { inputTokens: 10, outputTokens: 5 } });
      },
    } as unknown as ModelClient & { calls: ChatRequest[] };
  };

  for (const strategy of ['best-of-n', 'codet'] as const)
    it(`${strategy}: 2 of 4 samples fit only the visible rows; the chosen query is a correct one`, async () => {
      const fence = (q: string): string => `\`\`\`sql\n${q}\n\`\`\``;
      const model = client([
        fence("SELECT 'Grace' UNION SELECT 'Barbara'"),
        fence("SELECT name FROM customers WHERE city = 'New York'"),
        fence('SELECT name FROM customers WHERE id IN (2, 4)'),
        fence("SELECT name FROM customers WHERE city IN ('New York')"),
      ]);
      const select = nodeSelect(shop, strategy, 4);
      const o = await sqlRepairLoop({
        client: model,
        first: 'Which customers live in New York?',
        goldSql: GOLD,
        rule: 'bird',
        timeoutMs: 2000,
        maxIterations: 3,
        select,
        run: async (q) => (await select.runOn(0, [GOLD, q]))! as [SqlAnswer, SqlAnswer],
      });
      expect(model.calls).toHaveLength(4);
      expect(o.passed).toBe(true);
      expect(o.completion).toBe("SELECT name FROM customers WHERE city = 'New York'");
      expect(o.attempts).toHaveLength(1);
      expect(o.attempts[0]!.selection).toMatchObject({ chosen: 1, groups: [2, 1, 1], chosenSize: 2 });
      expect(o.usage).toEqual({ inputTokens: 40, outputTokens: 20 });
    });

  it('no sample matches: the closest one is repaired next, with its feedback', async () => {
    const model = client([
      '```sql\nSELECT nme FROM customers\n```',
      '```sql\nSELECT name FROM customers\n```',
      `\`\`\`sql\n${GOLD}\n\`\`\``,
    ]);
    const select = { ...nodeSelect(shop), samples: 2 };
    const o = await sqlRepairLoop({
      client: model,
      first: 'Which customers live in New York?',
      goldSql: GOLD,
      rule: 'bird',
      timeoutMs: 2000,
      maxIterations: 3,
      select,
      run: async (q) => (await select.runOn(0, [GOLD, q]))! as [SqlAnswer, SqlAnswer],
    });
    expect(o.attempts[0]!.selection).toMatchObject({ chosen: 1, chosenSize: 0, groups: [] });
    expect(o.attempts[0]!.completion).toBe('SELECT name FROM customers');
    expect(o.passed).toBe(true);
    expect(o.iterations).toBe(2);
    expect(model.calls[2]!.messages.at(-1)!.content).toMatch(/rows|differ/i);
  });
});
