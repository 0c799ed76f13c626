// Postgres (PGlite, Postgres 17 in wasm): builds a database once from a script or a plain pg_dump
// as the superuser, keeps its data directory as the pristine copy, and answers queries on an
// instance opened from that copy as a role that may only read. Each query runs in a read-only
// transaction that is rolled back, then the session is reset (DISCARD ALL): a query changes
// nothing for the next. Shared by the frame's Postgres worker and the Node tests.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { SqlAnswer, SqlValue } from '../../../shared/sql.ts';

/** The role queries run as: SELECT on the database's tables, nothing else, no superuser to become. */
export const READER = 'fixpoint_reader';

type Base = Pick<PGliteOptions, 'wasmModule' | 'fsBundle'>;

/** A data directory (a tar Blob) holding the database the script builds, readable by READER. */
export async function buildPristine(script: string, base: Base): Promise<Blob> {
  const pg = await PGlite.create({ ...base });
  try {
    await runScript(pg, script);
    await pg.exec(`
      CREATE ROLE ${READER} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
      REVOKE TEMP ON DATABASE postgres FROM PUBLIC;
      DO $$ DECLARE s text; BEGIN
        FOR s IN SELECT nspname FROM pg_namespace
                 WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' LOOP
          EXECUTE format('GRANT USAGE ON SCHEMA %I TO ${READER}', s);
          EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA %I TO ${READER}', s);
        END LOOP;
      END $$;`);
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}

export interface Reader {
  pg: PGlite;
  /** Puts back the settings PGlite made for the session (its search_path) after DISCARD ALL. */
  restore: string;
}

/** An instance on a copy of the pristine data directory, signed in as READER. */
export async function openReader(pristine: Blob, base: Base): Promise<Reader> {
  const pg = await PGlite.create({ ...base, loadDataDir: pristine, username: READER });
  const made = await pg.query<[string, string]>(
    "SELECT name, setting FROM pg_settings WHERE source = 'session' AND name <> 'transaction_read_only'",
    [],
    { rowMode: 'array' },
  );
  const restore = made.rows.map(([n, v]) => `SELECT set_config(${literal(n)}, ${literal(v)}, false);`).join('\n');
  const reader = { pg, restore };
  // The first query on a new instance reads the catalogs: done here, not inside a query's limit.
  await runQuery(reader, 'SELECT 1', 1);
  return reader;
}

const literal = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/**
 * Runs a script as psql would for a plain pg_dump: statements in order, `COPY ... FROM stdin`
 * blocks with their data lines, psql's own backslash commands skipped.
 */
async function runScript(pg: PGlite, script: string): Promise<void> {
  const lines = script.replace(/\r\n?/g, '\n').split('\n');
  let sql: string[] = [];
  const flush = async (): Promise<void> => {
    const text = sql.join('\n');
    sql = [];
    if (text.trim()) await pg.exec(text);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const copy = /^\s*COPY\s+(.+?)\s+FROM\s+stdin\s*;\s*$/i.exec(line);
    if (copy) {
      await flush();
      const data: string[] = [];
      for (i++; i < lines.length && lines[i] !== '\\.'; i++) data.push(lines[i]!);
      const blob = new Blob([data.map((d) => d + '\n').join('')]);
      await pg.query(`COPY ${copy[1]} FROM '/dev/blob'`, [], { blob });
    } else if (!line.startsWith('\\')) sql.push(line);
  }
  await flush();
}

// Types read from Postgres's own text (dates, times, intervals, JSON; numbers converted below).
const asText = (x: string): string => x;
const parsers = Object.fromEntries(
  [1082, 1083, 1114, 1184, 1266, 1186, 114, 3802, 1700, 20, 16, 700].map((oid) => [oid, asText]),
);

/** One query on the pristine state: BEGIN READ ONLY, the query, ROLLBACK, DISCARD ALL. */
export async function runQuery({ pg, restore }: Reader, sql: string, maxRows: number): Promise<SqlAnswer> {
  const started = performance.now();
  const ms = (): number => Math.round((performance.now() - started) * 100) / 100;
  await pg.exec('BEGIN READ ONLY');
  try {
    const r = await pg.query<unknown[]>(sql, [], { rowMode: 'array', parsers });
    const types = r.fields.map((f) => f.dataTypeID);
    const rows = r.rows.slice(0, maxRows).map((row) => row.map((v, i) => toValue(v, types[i]!)));
    return { kind: 'rows', columns: r.fields.map((f) => f.name), rows, more: r.rows.length > maxRows, ms: ms() };
  } catch (err) {
    const e = err as { message?: unknown; position?: unknown };
    const message = typeof e.message === 'string' ? e.message : String(err);
    const at = Number(e.position);
    return Number.isInteger(at) && at > 0
      ? { kind: 'error', message, offset: at - 1, ms: ms() }
      : { kind: 'error', message, ms: ms() };
  } finally {
    await pg.exec('ROLLBACK');
    await pg.exec('DISCARD ALL');
    if (restore) await pg.exec(restore);
  }
}

function toValue(v: unknown, type: number): SqlValue {
  if (v === null || v === undefined) return null;
  // bool as Python compares it: True == 1.
  if (type === 16) return v === 't' ? 1 : 0;
  // real as Python's driver reads it: its text (179.98), not the float32's exact value.
  if (type === 20 || type === 1700 || type === 700) {
    const s = String(v);
    const n = Number(s);
    if (type === 20 && !Number.isSafeInteger(n)) return { int: s };
    return Number.isFinite(n) ? n : s;
  }
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return { blob: Array.from(v, (b) => b.toString(16).padStart(2, '0')).join('') };
  if (Array.isArray(v)) return `{${v.map((x) => (x === null ? 'NULL' : String(x))).join(',')}}`;
  return String(v);
}
