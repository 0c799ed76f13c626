// The SQL engine on SQLite's own wasm build (its Node entry): fresh copies, limits, one statement.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { ONE_STATEMENT, SqlEngine } from '../../../src/sandbox/frame/sql/engine.ts';

const LIBRARY = new Uint8Array(readFileSync('tests/fixtures/bird/dev_databases/library/library.sqlite'));
let engine: SqlEngine;
const run = (sql: string, timeoutMs = 2000, maxRows = 1000) => engine.run(LIBRARY, sql, timeoutMs, maxRows);

beforeAll(async () => {
  // Its types take no options; the build's init does (Emscripten's module arguments).
  const init = sqlite3InitModule as unknown as (options: object) => ReturnType<typeof sqlite3InitModule>;
  engine = new SqlEngine(await init({ print: () => undefined, printErr: () => undefined }));
});

describe('SqlEngine', () => {
  it('answers a query with its columns and rows', () => {
    const a = run('SELECT title, year FROM books ORDER BY year LIMIT 2');
    expect(a.kind).toBe('rows');
    if (a.kind !== 'rows') return;
    expect(a.columns).toEqual(['title', 'year']);
    expect(a.rows).toHaveLength(2);
    expect(a.more).toBe(false);
  });

  it('gives every run a fresh copy: a DELETE, a DROP or a new table is gone for the next', () => {
    const before = run('SELECT count(*) FROM books');
    expect(run('DELETE FROM books').kind).toBe('rows');
    expect(run('DROP TABLE loans').kind).toBe('rows');
    expect(run('CREATE TABLE planted(x)').kind).toBe('rows');
    expect(run('SELECT count(*) FROM books')).toMatchObject({ rows: (before as { rows: unknown }).rows });
    expect(run('SELECT count(*) FROM loans').kind).toBe('rows');
    expect(run('SELECT * FROM planted')).toMatchObject({ kind: 'error', message: 'no such table: planted' });
  });

  it('refuses ATTACH and VACUUM INTO: no file outlives a run', () => {
    expect(run("ATTACH 'kept.db' AS k")).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/too many attached/),
    });
    expect(run("VACUUM INTO 'kept.db'")).toMatchObject({ kind: 'error' });
  });

  it('stops a query past its time limit, and the next one runs at once', () => {
    const loop = run('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c', 200);
    expect(loop.kind).toBe('timed out');
    expect(loop.ms).toBeLessThan(2000);
    expect(run('SELECT 1').kind).toBe('rows');
  });

  it('fails a value that would take the memory instead of taking it', () => {
    expect(run('SELECT length(zeroblob(500000000))')).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/too big/),
    });
  });

  it('refuses two statements, as Python sqlite3 does; trailing semicolons and comments are one', () => {
    expect(run('SELECT 1; SELECT 2')).toEqual(expect.objectContaining({ kind: 'error', message: ONE_STATEMENT }));
    expect(run('DELETE FROM books; SELECT count(*) FROM books')).toMatchObject({ message: ONE_STATEMENT });
    expect(run('SELECT 1; -- done\n')).toMatchObject({ kind: 'rows', rows: [[1]] });
    expect(run(';; SELECT 2;;')).toMatchObject({ kind: 'rows', rows: [[2]] });
    expect(run('  -- nothing')).toMatchObject({ kind: 'rows', rows: [], columns: [] });
  });

  it('says where in the query an error is, in characters', () => {
    const sql = "SELECT 'é', titel FROM books";
    const a = run(sql);
    expect(a).toMatchObject({ kind: 'error', message: 'no such column: titel' });
    expect(a.kind === 'error' && a.offset).toBe(sql.indexOf('titel'));
  });

  it('keeps at most maxRows rows and says there were more', () => {
    expect(run('SELECT * FROM books', 2000, 1)).toMatchObject({ kind: 'rows', more: true });
  });

  it('hands values back as plain data: integers, reals, text, NULL, blobs, large integers', () => {
    const a = run("SELECT 1, 1.5, 'x', NULL, x'00ff', 9007199254740993");
    expect(a).toMatchObject({ rows: [[1, 1.5, 'x', null, { blob: '00ff' }, { int: '9007199254740993' }]] });
  });

  it('builds a database from a script, and refuses a script that fails', () => {
    const db = engine.fromScript('CREATE TABLE t(x); INSERT INTO t VALUES (1), (2);', 2000);
    expect(engine.run(db, 'SELECT sum(x) FROM t', 2000, 10)).toMatchObject({ rows: [[3]] });
    expect(() => engine.fromScript('CREATE TABLE t(x); INSERT INTO u VALUES (1);', 2000)).toThrow(/no such table: u/);
  });
});
