// Running SQL jobs in the built page's sandbox, from Node: the database's bytes go in as base64
// and become a Blob in the page, as a loaded file would.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SqlAnswer, SqlEngineName } from '../../../src/shared/sql.ts';
import { cli, rowsOf, runAgainst, type CliResult } from './cli.ts';

const LIBRARY_DB = 'tests/fixtures/bird/dev_databases/library/library.sqlite';

export interface SqlCall {
  /** For Postgres, `db` is a script or a plain pg_dump. */
  engine?: SqlEngineName;
  db?: string;
  key?: string;
  queries: string[];
  timeoutMs?: number;
  maxRows?: number;
}

export async function sqlIn(page: Page, calls: SqlCall[], slots?: number): Promise<SqlAnswer[][]> {
  const jobs = calls.map((c) => ({
    engine: c.engine,
    key: c.key ?? c.db ?? LIBRARY_DB,
    base64: readFileSync(c.db ?? LIBRARY_DB).toString('base64'),
    queries: c.queries,
    timeoutMs: c.timeoutMs ?? 2000,
    maxRows: c.maxRows ?? 10_000,
  }));
  return page.evaluate(
    ([js, n]) =>
      window.fixpoint.sql(
        js.map((j) => ({
          ...(j.engine ? { engine: j.engine } : {}),
          database: { key: j.key, bytes: new Blob([Uint8Array.from(atob(j.base64), (c) => c.charCodeAt(0))]) },
          queries: j.queries,
          timeoutMs: j.timeoutMs,
          maxRows: j.maxRows,
        })),
        n,
      ),
    [jobs, slots] as const,
  );
}

export const sql1 = async (page: Page, query: string, extra: Partial<SqlCall> = {}): Promise<SqlAnswer> =>
  (await sqlIn(page, [{ queries: [query], ...extra }]))[0]![0]!;

/** The SQL fixtures' databases (shop, …), a folder as `--databases` reads it. */
const SQL_DATABASES = 'tests/fixtures/sql/databases';

/** `run --databases` over the SQL fixtures' databases, against a local OpenAI-wire endpoint. */
export const runSql = (problems: string, baseUrl: string, extra: string[] = []): Promise<CliResult> =>
  runAgainst(problems, baseUrl, ['--databases', SQL_DATABASES, ...extra]);

/** A BIRD-format set: its questions, its databases, the samples to grade, the seconds a query has. */
export interface BirdSet {
  dev: string;
  dbs: string;
  samples: string;
  timeout: number;
}

/** `eval --databases` on a set: it exits 0 and says no error; its rows, the summary last. */
export async function evalSql<Row>(set: BirdSet, extra: string[] = []): Promise<(Row & { summary?: true })[]> {
  const { dev, dbs, samples, timeout } = set;
  const r = await cli([
    'eval',
    '--problems',
    dev,
    '--databases',
    dbs,
    '--samples',
    samples,
    '--timeout',
    String(timeout),
    ...extra,
  ]);
  expect(r.stderr).not.toMatch(/fixpoint:/);
  expect(r.status).toBe(0);
  return rowsOf<Row & { summary?: true }>(r.stdout);
}

/** Each sample's verdict by BIRD's rule under native Python's sqlite3 (support/bird_native.py). */
export function birdNativePassed(set: BirdSet): boolean[] {
  const { dev, dbs, samples, timeout } = set;
  const native = spawnSync('python3', ['tests/e2e/support/bird_native.py', dev, dbs, samples, String(timeout)], {
    encoding: 'utf8',
  });
  expect(native.status).toBe(0);
  return native.stdout
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { passed: boolean }).passed);
}

/** Picks the page's "SQL query" task kind and waits for its workspace. */
export async function openSqlWorkspace(page: Page): Promise<void> {
  await page.selectOption('#task-kind', 'sql');
  await page.waitForSelector('.sql-workspace', { state: 'visible' });
}

/** Replaces the SQL editor's query by `query`, typed as a person types it, and runs it. */
export async function runQuery(page: Page, query: string): Promise<void> {
  await page.locator('.sql-editor .cm-content').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(query);
  await page.getByTestId('sql-run').click();
}
