// Runs one query on a fresh copy of a database with SQLite's own wasm build. Shared by the
// frame's SQL worker and the Node tests (which load the same build's Node entry).
import type sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { VARIANT_FAILED, type SqlAnswer, type SqlValue } from '../../../shared/sql.ts';

export type Sqlite3 = Awaited<ReturnType<typeof sqlite3InitModule>>;

/** What Python's sqlite3 (BIRD's and Spider's evaluators) says to a candidate of two statements. */
export const ONE_STATEMENT = 'You can only execute one statement at a time.';
// Progress handler period, in virtual machine steps: about 10 µs of work between deadline checks.
const PROGRESS_STEPS = 1000;
// One value may not pass this many bytes: a runaway string or blob fails with "string or blob
// too big" instead of taking the worker's memory (Python's default is 1e9; no answer needs that).
const MAX_VALUE_BYTES = 100_000_000;

export class SqlEngine {
  private deadline = Infinity;
  private readonly progress: number;

  constructor(private readonly sqlite3: Sqlite3) {
    // Installed once: a function pointer per connection would grow wasm's function table forever.
    this.progress = sqlite3.wasm.installFunction('i(p)', () => (performance.now() > this.deadline ? 1 : 0));
  }

  /**
   * Runs `sql` on a copy of `pristine` made for this run alone and closed after it: whatever the
   * query writes, drops or creates is gone when it ends. ATTACH (and VACUUM INTO, which attaches)
   * is refused, so no file outlives the run either.
   */
  run(pristine: Uint8Array, sql: string, timeoutMs: number, maxRows: number): SqlAnswer {
    const started = performance.now();
    const ms = (): number => Math.round((performance.now() - started) * 100) / 100;
    const { capi, wasm } = this.sqlite3;
    const db = this.open(pristine);
    const stack = wasm.pstack.pointer;
    let stmt = 0;
    let text: [number, number] | undefined;
    try {
      this.deadline = started + timeoutMs;
      text = wasm.allocCString(sql, true);
      const [start, length] = text;
      const ppStmt = wasm.pstack.allocPtr();
      const pzTail = wasm.pstack.allocPtr();
      const prepare = (from: number): { stmt: number; tail: number } | SqlAnswer => {
        const rc = capi.sqlite3_prepare_v3(db, from, start + length - from, 0, ppStmt, pzTail);
        if (rc !== 0) return this.failure(db, rc, sql, from - start, ms());
        return { stmt: Number(wasm.peekPtr(ppStmt)), tail: Number(wasm.peekPtr(pzTail)) };
      };
      // Leading empty statements (a lone ";" or a comment) are skipped, as Python does.
      let at = start;
      let first: { stmt: number; tail: number } | SqlAnswer;
      for (;;) {
        first = prepare(at);
        if ('kind' in first) return first;
        if (first.stmt || first.tail >= start + length || first.tail === at) break;
        at = first.tail;
      }
      stmt = first.stmt;
      if (!stmt) return { kind: 'rows', columns: [], rows: [], more: false, ms: ms() };
      for (let rest = first.tail; rest < start + length;) {
        const next = prepare(rest);
        if ('kind' in next) return { kind: 'error', message: ONE_STATEMENT, ms: ms() };
        if (next.stmt) {
          capi.sqlite3_finalize(next.stmt);
          return { kind: 'error', message: ONE_STATEMENT, ms: ms() };
        }
        if (next.tail === rest) break;
        rest = next.tail;
      }
      const n = capi.sqlite3_column_count(stmt);
      const columns = Array.from({ length: n }, (_, i) => capi.sqlite3_column_name(stmt, i) ?? '');
      const rows: SqlValue[][] = [];
      for (;;) {
        const rc = capi.sqlite3_step(stmt);
        if (rc === capi.SQLITE_DONE) return { kind: 'rows', columns, rows, more: false, ms: ms() };
        if (rc !== capi.SQLITE_ROW) return this.failure(db, rc, sql, undefined, ms());
        if (rows.length >= maxRows) return { kind: 'rows', columns, rows, more: true, ms: ms() };
        const row: SqlValue[] = [];
        for (let i = 0; i < n; i++) row.push(toValue(capi.sqlite3_column_js(stmt, i, false)));
        rows.push(row);
      }
    } finally {
      this.deadline = Infinity;
      if (stmt) capi.sqlite3_finalize(stmt);
      wasm.pstack.restore(stack);
      if (text) wasm.dealloc(text[0]);
      capi.sqlite3_close_v2(db);
    }
  }

  /** A database built by running a SQL script (every statement, in order) on an empty one. */
  fromScript(script: string, timeoutMs: number): Uint8Array {
    const { capi } = this.sqlite3;
    const db = this.open(new Uint8Array(0));
    try {
      this.deadline = performance.now() + timeoutMs;
      const rc = capi.sqlite3_exec(db, script, 0, 0, 0);
      if (rc === capi.SQLITE_INTERRUPT) throw new Error('the script did not finish in time');
      if (rc !== 0) throw new Error(`the script failed: ${capi.sqlite3_errmsg(db)}`);
      return capi.sqlite3_js_db_export(db);
    } finally {
      this.deadline = Infinity;
      capi.sqlite3_close_v2(db);
    }
  }

  /** A new database: a copy of `pristine` with `statements` run on it; throws when one fails. */
  derive(pristine: Uint8Array, statements: string, timeoutMs: number): Uint8Array {
    const { capi } = this.sqlite3;
    const db = this.open(pristine);
    try {
      this.deadline = performance.now() + timeoutMs;
      const rc = capi.sqlite3_exec(db, statements, 0, 0, 0);
      if (rc === capi.SQLITE_INTERRUPT) throw new Error(`${VARIANT_FAILED}: it did not finish in time`);
      if (rc !== 0) throw new Error(`${VARIANT_FAILED}: ${capi.sqlite3_errmsg(db)}`);
      return capi.sqlite3_js_db_export(db);
    } finally {
      this.deadline = Infinity;
      capi.sqlite3_close_v2(db);
    }
  }

  private open(pristine: Uint8Array): number {
    const { capi, wasm } = this.sqlite3;
    const stack = wasm.pstack.pointer;
    let db: number;
    try {
      const ppDb = wasm.pstack.allocPtr();
      const rc = capi.sqlite3_open_v2(':memory:', ppDb, capi.SQLITE_OPEN_READWRITE | capi.SQLITE_OPEN_CREATE, 0);
      db = Number(wasm.peekPtr(ppDb));
      if (rc !== 0) throw new Error(`SQLite could not open a database (${capi.sqlite3_js_rc_str(rc)})`);
    } finally {
      wasm.pstack.restore(stack);
    }
    // The copy belongs to SQLite from here on: it frees it when the connection closes.
    const copy = wasm.alloc(Math.max(1, pristine.length));
    wasm.heap8u().set(pristine, copy);
    const flags = capi.SQLITE_DESERIALIZE_FREEONCLOSE | capi.SQLITE_DESERIALIZE_RESIZEABLE;
    const rc = capi.sqlite3_deserialize(db, 'main', copy, pristine.length, pristine.length, flags);
    if (rc !== 0) {
      capi.sqlite3_close_v2(db);
      throw new Error(`the database could not be loaded (${capi.sqlite3_js_rc_str(rc)})`);
    }
    capi.sqlite3_limit(db, capi.SQLITE_LIMIT_ATTACHED, 0);
    capi.sqlite3_limit(db, capi.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES);
    capi.sqlite3_progress_handler(db, PROGRESS_STEPS, this.progress, 0);
    return db;
  }

  private failure(db: number, rc: number, sql: string, base: number | undefined, ms: number): SqlAnswer {
    const { capi } = this.sqlite3;
    if (rc === capi.SQLITE_INTERRUPT) return { kind: 'timed out', ms };
    const message = capi.sqlite3_errmsg(db);
    const at = base === undefined ? -1 : capi.sqlite3_error_offset(db);
    if (at < 0 || base === undefined) return { kind: 'error', message, ms };
    return { kind: 'error', message, offset: charOffset(sql, base + at), ms };
  }
}

/** SQLite reports positions in UTF-8 bytes; the page speaks in characters. */
function charOffset(sql: string, bytes: number): number {
  const encoded = new TextEncoder().encode(sql).subarray(0, bytes);
  return new TextDecoder().decode(encoded).length;
}

function toValue(v: unknown): SqlValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'bigint')
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(v)
      : { int: String(v) };
  if (v instanceof Uint8Array) return { blob: Array.from(v, (b) => b.toString(16).padStart(2, '0')).join('') };
  return String(v);
}
