// Running SQL jobs in the built page's sandbox, from Node: the database's bytes go in as base64
// and become a Blob in the page, as a loaded file would.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { SqlAnswer, SqlEngineName } from '../../../src/shared/sql.ts';

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
