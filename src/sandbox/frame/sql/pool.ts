// The frame's SQL worker: one at a time runs SQL jobs, each query on a fresh copy of its database.
// A query past its limit is stopped inside the worker by SQLite's progress handler, so the worker
// lives on; only when the page's backstop fires (sql-kill) is the worker ended and a new one
// started from the already compiled wasm. Messages from a worker arrive on its private port only.
import type { SendOn } from '../../../shared/sandbox-protocol.ts';
import type { FrameToSqlWorker, SqlJob, SqlWorkerToFrame } from '../../../shared/sql.ts';
import { SerialPool } from './serial-pool.ts';

interface Slot {
  worker: Worker;
  port: MessagePort;
  ready: Promise<void>;
}

export class SqlPool extends SerialPool {
  private slot: Slot | undefined;
  private readonly url: string;
  private readonly module: Promise<WebAssembly.Module>;

  constructor(source: string, wasm: Blob, toHost: SendOn<'sql'>) {
    super(toHost);
    this.url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    this.module = WebAssembly.compileStreaming(new Response(wasm, { headers: { 'Content-Type': 'application/wasm' } }));
    this.module.catch(() => undefined);
    const first = this.spawn();
    this.slot = first;
    void first.ready.then(
      () => toHost(0, { type: 'ready' }),
      (err: unknown) => toHost(0, { type: 'boot-error', message: `SQLite could not start: ${String(err)}` }),
    );
  }

  private spawn(): Slot {
    const worker = new Worker(this.url);
    const channel = new MessageChannel();
    let settle!: { ok: () => void; fail: (e: Error) => void };
    const ready = new Promise<void>((ok, fail) => (settle = { ok, fail }));
    ready.catch(() => undefined);
    const slot: Slot = { worker, port: channel.port1, ready };
    channel.port1.onmessage = (e: MessageEvent<SqlWorkerToFrame>) => {
      const w = e.data;
      if (typeof w !== 'object' || w === null) return;
      if (w.type === 'ready') settle.ok();
      else if (w.type === 'boot-error') settle.fail(new Error(String(w.message)));
      else if (w.type === 'answers' && slot === this.slot && w.id === this.current)
        this.answer(w.id, { type: 'answers', answers: w.answers });
    };
    worker.onerror = (e) => {
      e.preventDefault();
      settle.fail(new Error(e.message || 'the SQL worker failed'));
      if (slot !== this.slot) return;
      const id = this.current;
      this.replace();
      if (id !== undefined) this.answer(id, { type: 'crashed', message: `the SQL worker died: ${e.message}` });
    };
    void this.module.then(
      (module) =>
        worker.postMessage({ type: 'init', port: channel.port2, module } satisfies FrameToSqlWorker, [channel.port2]),
      (err: unknown) => settle.fail(err instanceof Error ? err : new Error(String(err))),
    );
    return slot;
  }

  protected stop(): void {
    this.replace();
  }

  private replace(): void {
    this.slot?.worker.terminate();
    this.slot?.port.close();
    this.slot = this.spawn();
  }

  protected async serve(id: number, job: SqlJob): Promise<void> {
    const slot = this.slot!;
    try {
      await slot.ready;
    } catch (err) {
      if (this.current !== id) return;
      this.replace();
      this.answer(id, { type: 'crashed', message: `SQLite could not start: ${String(err)}` });
      return;
    }
    if (this.current !== id || slot !== this.slot) return;
    slot.port.postMessage({ type: 'run', id, job } satisfies FrameToSqlWorker);
  }
}
