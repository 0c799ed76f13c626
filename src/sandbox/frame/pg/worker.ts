// The frame's Postgres worker: PGlite, from the wasm the frame compiled and the files the page
// handed in (nothing is fetched here). It holds one database open as the reader role; the first
// time a database is opened it is built from its script and its pristine data directory goes back
// to the frame, which hands it to any later worker (a query past its time limit ends its worker).
import type { FrameToPgWorker, PgWorkerToFrame } from '../../../shared/sql.ts';
import { buildPristine, openReader, runQuery, type Reader } from './engine.ts';

let port: MessagePort | undefined;
let base: { wasmModule: WebAssembly.Module; fsBundle: Blob } | undefined;
let reader: Reader | undefined;
// One message at a time, in order: each waits for the one before.
let chain: Promise<void> = Promise.resolve();

const send = (m: PgWorkerToFrame): void => port?.postMessage(m);

self.onmessage = (e: MessageEvent<FrameToPgWorker>) => {
  const m = e.data;
  if (m?.type !== 'init' || port) return;
  port = m.port;
  base = { wasmModule: m.module, fsBundle: m.fsBundle };
  port.onmessage = (ev: MessageEvent<FrameToPgWorker>) => {
    const next = ev.data;
    chain = chain.then(() => handle(next)).catch(() => undefined);
  };
  send({ type: 'ready' });
};

async function handle(m: FrameToPgWorker): Promise<void> {
  if (m.type === 'open') {
    try {
      await reader?.pg.close();
      reader = undefined;
      const built = m.pristine ? undefined : await buildPristine(String(m.script ?? ''), base!);
      reader = await openReader(m.pristine ?? built!, base!);
      send({ type: 'opened', key: m.key, ...(built ? { pristine: built } : {}) });
    } catch (err) {
      send({ type: 'open-error', key: m.key, message: err instanceof Error ? err.message : String(err) });
    }
  } else if (m.type === 'query') {
    const answer = reader
      ? await runQuery(reader, String(m.sql), m.maxRows).catch((err: unknown) => ({
          kind: 'error' as const,
          message: err instanceof Error ? err.message : String(err),
          ms: 0,
        }))
      : { kind: 'error' as const, message: 'no database is open', ms: 0 };
    send({ type: 'answer', n: m.n, answer });
  }
}
