// The frame's SQL worker: SQLite's own wasm build, compiled by the frame and instantiated here.
// It keeps each database's bytes as handed in (the pristine copy) and runs every query on a fresh
// copy of them (engine.ts). Nothing a query does reaches the next: the copy is closed after it.
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import {
  VARIANT_FAILED,
  type FrameToSqlWorker,
  type SqlAnswer,
  type SqlJob,
  type SqlWorkerToFrame,
} from '../../../shared/sql.ts';
import { SqlEngine } from './engine.ts';

// Databases kept between runs, by key, up to this many bytes in all (the oldest go first).
const KEPT_BYTES = 512 * 1024 * 1024;
const kept = new Map<string, Uint8Array>();
// Selection's variants copy the whole database: only databases up to this size get them, and
// building one may take this long.
const VARIANT_MAX_BYTES = 64 * 1024 * 1024;
const VARIANT_MS = 10_000;
let engine: SqlEngine | undefined;
let port: MessagePort | undefined;

const send = (m: SqlWorkerToFrame): void => port?.postMessage(m);

self.onmessage = (e: MessageEvent<FrameToSqlWorker>) => {
  const m = e.data;
  if (m?.type !== 'init' || port) return;
  port = m.port;
  port.onmessage = (ev: MessageEvent<FrameToSqlWorker>) => {
    if (ev.data?.type === 'run') void run(ev.data.id, ev.data.job);
  };
  void boot(m.module);
};

async function boot(module: WebAssembly.Module): Promise<void> {
  try {
    // Its types take no options; the build's init does (Emscripten's module arguments).
    const init = sqlite3InitModule as unknown as (options: object) => ReturnType<typeof sqlite3InitModule>;
    const sqlite3 = await init({
      // The frame compiled the wasm from the bytes the page handed in: nothing is fetched here.
      instantiateWasm(imports: WebAssembly.Imports, done: (i: WebAssembly.Instance, m: WebAssembly.Module) => void) {
        void WebAssembly.instantiate(module, imports).then((instance) => done(instance, module));
        return {};
      },
      print: () => undefined,
      printErr: () => undefined,
    });
    engine = new SqlEngine(sqlite3);
    send({ type: 'ready' });
  } catch (err) {
    send({ type: 'boot-error', message: String(err) });
  }
}

async function database(job: SqlJob): Promise<Uint8Array> {
  const { bytes, variant } = job.database;
  const key = variant ? `${job.database.key}#${String(variant.name)}` : job.database.key;
  let got = kept.get(key);
  if (got) {
    kept.delete(key);
    kept.set(key, got);
    return got;
  }
  if (variant) {
    const base = await database({ ...job, database: { ...job.database, variant: undefined } });
    if (base.length > VARIANT_MAX_BYTES) throw new Error(`${VARIANT_FAILED}: the database is too large for variants`);
    got = engine!.derive(base, String(variant.statements), VARIANT_MS);
  } else if (job.database.script !== undefined) got = engine!.fromScript(String(job.database.script), job.timeoutMs);
  else if (bytes instanceof Blob) got = new Uint8Array(await bytes.arrayBuffer());
  else throw new Error('the job names no database');
  let total = got.length;
  for (const b of kept.values()) total += b.length;
  for (const [k, b] of kept) {
    if (total <= KEPT_BYTES) break;
    kept.delete(k);
    total -= b.length;
  }
  kept.set(key, got);
  return got;
}

// Runs arrive one at a time from the frame, which sends the next only after these answers.
async function run(id: number, job: SqlJob): Promise<void> {
  const answers: SqlAnswer[] = [];
  try {
    if (!engine) throw new Error('SQLite has not started');
    const pristine = await database(job);
    for (const sql of job.queries) answers.push(engine.run(pristine, String(sql), job.timeoutMs, job.maxRows));
  } catch (err) {
    while (answers.length < job.queries.length) answers.push({ kind: 'error', message: String(err), ms: 0 });
  }
  send({ type: 'answers', id, answers });
}
