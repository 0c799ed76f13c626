// SQL queries: what the page asks the sandbox's SQL engine to run and what it answers. Both the
// page and the frame's SQL worker import only these types; answers are checked on arrival.

/** A value as the engine hands it back: SQLite's INTEGER, REAL, TEXT, NULL and BLOB (as hex). */
export type SqlValue = number | string | null | { blob: string } | { int: string };

interface SqlDatabase {
  /** Names these bytes: the worker keeps a pristine copy under it and reads the Blob only once. */
  key: string;
  /** A SQLite database file, or `script`: SQL statements that build the database (run once; for
   *  Postgres a script or a plain pg_dump, the only form it takes). */
  bytes?: Blob;
  script?: string;
  /**
   * A variant of the database for selection (best-of-n): statements run once on the database the
   * key names otherwise, and the result kept under `${key}#${variantName}` as its own pristine copy.
   */
  variant?: { name: string; statements: string };
}

/** How an answer says its database variant could not be built: selection leaves that variant out. */
export const VARIANT_FAILED = 'the database variant could not be built';

/** The engine a job runs on; SQLite when not said. */
export type SqlEngineName = 'sqlite' | 'postgres';
export const SQL_ENGINES: readonly SqlEngineName[] = ['sqlite', 'postgres'];

export interface SqlJob {
  engine?: SqlEngineName;
  database: SqlDatabase;
  /** Each query runs on its own fresh copy of the database, in order. */
  queries: string[];
  /** Per query, in milliseconds; the engine's progress handler stops a query past it. */
  timeoutMs: number;
  /** Rows kept per query; the answer says when more were left out. */
  maxRows: number;
}

export type SqlAnswer =
  | { kind: 'rows'; columns: string[]; rows: SqlValue[][]; more: boolean; ms: number }
  /** offset: where in the query (in characters, 0-based) the token the engine blamed begins, when known. */
  | { kind: 'error'; message: string; offset?: number; ms: number }
  | { kind: 'timed out'; ms: number };

/** frame -> SQL worker; the first message carries the private port and SQLite's compiled wasm. */
export type FrameToSqlWorker =
  { type: 'init'; port: MessagePort; module: WebAssembly.Module } | { type: 'run'; id: number; job: SqlJob };

/** SQL worker -> frame, over the private port only */
export type SqlWorkerToFrame =
  { type: 'ready' } | { type: 'boot-error'; message: string } | { type: 'answers'; id: number; answers: SqlAnswer[] };

/** frame -> Postgres worker; `init` carries the private port, PGlite's compiled wasm and its files. */
export type FrameToPgWorker =
  | { type: 'init'; port: MessagePort; module: WebAssembly.Module; fsBundle: Blob }
  | { type: 'open'; key: string; script?: string; pristine?: Blob }
  | { type: 'query'; n: number; sql: string; maxRows: number };

/** Postgres worker -> frame, over the private port only */
export type PgWorkerToFrame =
  | { type: 'ready' }
  | { type: 'opened'; key: string; pristine?: Blob }
  | { type: 'open-error'; key: string; message: string }
  | { type: 'answer'; n: number; answer: SqlAnswer };

/** An answer from the frame is untrusted data: this is the only shape that is let through. */
export function checkAnswers(value: unknown, expected: number): SqlAnswer[] | undefined {
  if (!Array.isArray(value) || value.length !== expected) return undefined;
  const out: SqlAnswer[] = [];
  for (const a of value as unknown[]) {
    const c = checkAnswer(a);
    if (!c) return undefined;
    out.push(c);
  }
  return out;
}

function checkAnswer(a: unknown): SqlAnswer | undefined {
  if (typeof a !== 'object' || a === null) return undefined;
  const r = a as Record<string, unknown>;
  const ms = typeof r.ms === 'number' && Number.isFinite(r.ms) ? r.ms : 0;
  if (r.kind === 'timed out') return { kind: 'timed out', ms };
  if (r.kind === 'error' && typeof r.message === 'string') {
    const offset = typeof r.offset === 'number' && Number.isInteger(r.offset) && r.offset >= 0 ? r.offset : undefined;
    return { kind: 'error', message: r.message, ...(offset === undefined ? {} : { offset }), ms };
  }
  if (r.kind !== 'rows' || !Array.isArray(r.columns) || !Array.isArray(r.rows)) return undefined;
  const columns = (r.columns as unknown[]).map((c) => (typeof c === 'string' ? c : undefined));
  if (columns.some((c) => c === undefined)) return undefined;
  const rows: SqlValue[][] = [];
  for (const row of r.rows as unknown[]) {
    if (!Array.isArray(row) || row.length !== columns.length) return undefined;
    const values = (row as unknown[]).map(checkValue);
    if (values.some((v) => v === undefined)) return undefined;
    rows.push(values as SqlValue[]);
  }
  return { kind: 'rows', columns: columns as string[], rows, more: r.more === true, ms };
}

function checkValue(v: unknown): SqlValue | undefined {
  if (v === null || typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isNaN(v) ? null : v;
  if (typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length !== 1) return undefined;
  if (typeof o.blob === 'string' && /^[0-9a-f]*$/.test(o.blob)) return { blob: o.blob };
  if (typeof o.int === 'string' && /^-?\d+$/.test(o.int)) return { int: o.int };
  return undefined;
}

/**
 * Where a SQL task's database comes from, as a run or a history session keeps it: a bundled
 * set's database by name (`bird-mini/library`), or a loaded file's bytes in base64 (left out past
 * the cap: then only its name and size are kept, and the session cannot run the query again).
 */
export type SqlDatabaseRef = { bundled: string } | { name: string; size: number; base64?: string };

/** A SQL task as the benchmark and the history keep it: never run by the code loop. */
export interface SqlTaskSpec {
  engine: SqlEngineName;
  dbId: string;
  question: string;
  evidence: string;
  /** The gold query: graded against, never shown to the model. */
  gold: string;
  difficulty?: string;
  database: SqlDatabaseRef;
}

/** A loaded database larger than this is kept by name and size only. */
export const SQL_KEPT_BYTES = 4 * 1024 * 1024;

/** What one attempt's query and the gold query gave, rows capped, as a session keeps it. */
export interface SqlAttemptAnswers {
  gold: SqlAnswer;
  got: SqlAnswer;
}
