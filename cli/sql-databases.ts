// The database files a SQL batch needs, found in BIRD's layout (DIR/<db_id>/<db_id>.sqlite, or
// DIR/<db_id>.sqlite; for Postgres a script or plain pg_dump, DIR/<db_id>/<db_id>.sql or
// DIR/<db_id>.sql) before anything starts, and handed into the page once each.
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../src/shared/problems.ts';
import { SQL_ENGINES, type SqlEngineName } from '../src/shared/sql.ts';
import { UsageError } from './args.ts';
import { databaseKey, type SqlProblem } from '../src/kinds/sql/rows.ts';
import type { HeadlessPage } from './page.ts';

const HEADER = 'SQLite format 3\0';

/** --engine: the engine of rows without an "engine" field of their own. */
export function engineFlag(value: string | undefined): SqlEngineName {
  if (value === undefined) return 'sqlite';
  if (!SQL_ENGINES.includes(value as SqlEngineName))
    throw new UsageError(`--engine must be ${SQL_ENGINES.join(' or ')}, not "${value}"`);
  return value as SqlEngineName;
}
// Bytes per message into the page: a large database does not fit one.
const PIECE = 8 * 1024 * 1024;

/** databaseKey -> its file; a missing folder, a db_id without a file or a file that is no database: exit 2. */
export function findDatabases(dir: string, problems: SqlProblem[], problemsFile: string): Map<string, string> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError(dir, undefined, 'no such folder');
  const files = new Map<string, string>();
  for (const p of problems) {
    const key = databaseKey(p);
    if (files.has(key)) continue;
    const ext = p.engine === 'postgres' ? 'sql' : 'sqlite';
    const nested = join(dir, p.dbId, `${p.dbId}.${ext}`);
    const flat = join(dir, `${p.dbId}.${ext}`);
    const file = [nested, flat].find((f) => existsSync(f) && statSync(f).isFile());
    if (!file)
      throw new InputError(
        problemsFile,
        p.line,
        `db_id ${JSON.stringify(p.dbId)}: no database at ${nested} or ${flat}`,
      );
    if (p.engine !== 'postgres') checkHeader(file);
    files.set(key, file);
  }
  return files;
}

function checkHeader(file: string): void {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(HEADER.length);
    const n = readSync(fd, head, 0, HEADER.length, 0);
    // An empty file is an empty database to SQLite.
    if (n > 0 && head.toString('latin1', 0, n) !== HEADER)
      throw new InputError(file, undefined, 'not a SQLite database (its first bytes are not "SQLite format 3")');
  } finally {
    closeSync(fd);
  }
}

export async function putDatabases(page: HeadlessPage, files: Map<string, string>): Promise<void> {
  for (const [key, file] of files) {
    const size = statSync(file).size;
    const fd = openSync(file, 'r');
    try {
      for (let at = 0; at < size || at === 0; at += PIECE) {
        const piece = Buffer.alloc(Math.min(PIECE, size - at));
        readSync(fd, piece, 0, piece.length, at);
        const last = at + PIECE >= size;
        await page.page.evaluate(([k, b, l]) => window.fixpoint.putDatabase(k, b, l), [
          key,
          piece.toString('base64'),
          last,
        ] as const);
        if (last) break;
      }
    } finally {
      closeSync(fd);
    }
  }
}
