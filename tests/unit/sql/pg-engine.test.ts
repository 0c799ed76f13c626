// Postgres (PGlite's Node build, the same engine code as the frame's worker): a database built
// once from a script, queries as a reader role in rolled-back read-only transactions.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPristine, openReader, READER, runQuery, type Reader } from '../../../src/sandbox/frame/pg/engine.ts';

const SHOP = readFileSync('tests/fixtures/sql/shop.sql', 'utf8');
const PETS = readFileSync('tests/fixtures/sql/pg/databases/pets/pets.sql', 'utf8');
let pg: Reader;
const run = (sql: string, maxRows = 1000) => runQuery(pg, sql, maxRows);
const count = 'SELECT count(*) FROM customers';

beforeAll(async () => {
  pg = await openReader(await buildPristine(SHOP + '\nCREATE SEQUENCE tickets;', {}), {});
}, 60_000);
afterAll(() => pg?.pg.close());

describe('Postgres engine', () => {
  it('answers with columns and rows, values as Python compares them', async () => {
    expect(await run("SELECT name, price FROM products WHERE category = 'kitchen' ORDER BY price")).toMatchObject({
      kind: 'rows',
      columns: ['name', 'price'],
      rows: [
        ['Mug', 6.25],
        ['Kettle', 24.5],
      ],
    });
    expect(
      await run(
        "SELECT 1 AS a, 1 AS a, 2::bigint, 9007199254740993::bigint, true, 1.50::numeric, DATE '2024-01-03', NULL, 179.98::real",
      ),
    ).toMatchObject({
      columns: ['a', 'a', 'int8', 'int8', '?column?', 'numeric', 'date', '?column?', 'float4'],
      rows: [[1, 1, 2, { int: '9007199254740993' }, 1, 1.5, '2024-01-03', null, 179.98]],
    });
  });

  it('gives the engine error with its place in the query', async () => {
    expect(await run('SELECT nme FROM customers')).toMatchObject({
      kind: 'error',
      message: 'column "nme" does not exist',
      offset: 7,
    });
    expect((await run('SELECT 1; SELECT 2')).kind).toBe('error');
    expect(await run('SELECT 1;')).toMatchObject({ rows: [[1]] });
  });

  it('keeps at most maxRows rows and says more were left out', async () => {
    expect(await run('SELECT g FROM generate_series(1, 50) g', 10)).toMatchObject({ more: true });
    expect(((await run('SELECT g FROM generate_series(1, 50) g', 10)) as { rows: unknown[] }).rows).toHaveLength(10);
  });

  it('changes nothing for the next query: writes, DDL, settings, sequences and prepared plans', async () => {
    for (const q of [
      'DELETE FROM customers',
      'DROP TABLE orders',
      'CREATE TABLE planted (a int)',
      "SELECT set_config('search_path', 'pg_catalog', false)",
      'CREATE TEMP TABLE gold AS SELECT 1',
      'PREPARE p AS SELECT 42',
      'COMMIT',
      'SET TRANSACTION READ WRITE',
      'SELECT pg_advisory_lock(1)',
    ])
      expect((await run(q)).kind).not.toBe('timed out');
    expect(await run(count)).toMatchObject({ rows: [[5]] });
    expect(await run('SELECT count(*) FROM orders')).toMatchObject({ rows: [[7]] });
    expect((await run('SELECT * FROM planted')).kind).toBe('error');
    expect((await run('SELECT * FROM gold')).kind).toBe('error');
    expect((await run('EXECUTE p')).kind).toBe('error');
    expect(await run('SHOW search_path')).toMatchObject({ rows: [['public']] });
  });

  it('refuses files, large objects, extensions and becoming the superuser', async () => {
    for (const q of [
      "COPY customers TO '/tmp/stash'",
      "COPY customers FROM '/tmp/stash'",
      "SELECT lo_import('/etc/passwd')",
      "SELECT lo_export(1, '/tmp/x')",
      "SELECT pg_read_file('PG_VERSION')",
      "SELECT pg_ls_dir('.')",
      'CREATE EXTENSION hstore',
      'SET ROLE postgres',
      'SET SESSION AUTHORIZATION postgres',
      "SELECT set_config('role', 'postgres', false)",
      'ALTER SYSTEM SET work_mem = 1',
      'CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$',
      'INSERT INTO customers VALUES (9, $$x$$, NULL)',
    ])
      expect(await run(q), q).toMatchObject({ kind: 'error' });
    expect(await run("SELECT nextval('tickets')")).toMatchObject({ kind: 'error' });
    expect(await run('SELECT current_user, session_user')).toMatchObject({
      rows: [[READER, READER]],
    });
  });

  it('builds a database from a plain pg_dump, COPY blocks and psql commands included', async () => {
    const pets = await openReader(await buildPristine(PETS, {}), {});
    try {
      expect(
        await runQuery(
          pets,
          'SELECT o.name, p.name, p.species, p.born FROM pets p JOIN owners o ON o.id = p.owner_id ORDER BY p.id',
          10,
        ),
      ).toMatchObject({
        rows: [
          ['Ada', 'Rex', 'dog', '2019-04-01'],
          ['Ada', 'Tom', 'cat', '2020-11-30'],
          ['Grace', 'Nibbles', null, '2022-06-15'],
        ],
      });
    } finally {
      await pets.pg.close();
    }
  }, 60_000);
});
