// The frame's Postgres workers. PGlite runs a query to its end without looking at the clock, so
// the time limit is kept here: a query past it ends its worker, and a spare worker that already
// holds the same database takes the next query at once (a new spare opens behind it). The frame
// keeps each database's pristine data directory, built once by the first worker that opened it.
import type { SendOn } from '../../../shared/sandbox-protocol.ts';
import type { FrameToPgWorker, PgWorkerToFrame, SqlAnswer, SqlJob } from '../../../shared/sql.ts';
import { SerialPool } from '../sql/serial-pool.ts';

// Building a database from its script (PGlite's start included) may take this long at least.
const OPEN_MS = 60_000;

interface Slot {
  worker: Worker;
  port: MessagePort;
  /** The database this worker holds open, once it has (a promise while opening). */
  key?: string;
  opening?: Promise<void>;
  reply?: (m: PgWorkerToFrame) => void;
  dead: boolean;
}

export class PgPool extends SerialPool {
  private readonly url: string;
  private readonly module: Promise<WebAssembly.Module>;
  private readonly pristine = new Map<string, Blob>();
  private slot: Slot;
  private spare: Slot | undefined;
  private n = 0;

  constructor(
    source: string,
    wasm: Blob,
    private readonly fsBundle: Blob,
    toHost: SendOn<'sql'>,
  ) {
    super(toHost);
    this.url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    this.module = WebAssembly.compileStreaming(new Response(wasm, { headers: { 'Content-Type': 'application/wasm' } }));
    this.slot = this.spawn();
    this.module.then(
      () => toHost(0, { type: 'pg-ready' }),
      (err: unknown) => toHost(0, { type: 'pg-boot-error', message: `Postgres could not start: ${String(err)}` }),
    );
  }

  private spawn(): Slot {
    const worker = new Worker(this.url);
    const channel = new MessageChannel();
    const slot: Slot = { worker, port: channel.port1, dead: false };
    channel.port1.onmessage = (e: MessageEvent<PgWorkerToFrame>) => {
      if (typeof e.data === 'object' && e.data !== null) slot.reply?.(e.data);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      slot.dead = true;
      slot.reply?.({ type: 'open-error', key: '', message: `the Postgres worker died: ${e.message}` });
    };
    void this.module.then((module) =>
      worker.postMessage(
        { type: 'init', port: channel.port2, module, fsBundle: this.fsBundle } satisfies FrameToPgWorker,
        [channel.port2],
      ),
    );
    return slot;
  }

  /** Sends one message and waits for its reply, or undefined past `ms` (the worker is then ended). */
  private ask(slot: Slot, m: FrameToPgWorker, ms: number): Promise<PgWorkerToFrame | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        slot.reply = undefined;
        this.end(slot);
        resolve(undefined);
      }, ms);
      slot.reply = (r) => {
        if (r.type === 'ready') return;
        clearTimeout(timer);
        slot.reply = undefined;
        resolve(r);
      };
      slot.port.postMessage(m);
    });
  }

  private end(slot: Slot): void {
    slot.dead = true;
    slot.worker.terminate();
    slot.port.close();
  }

  /** Opens `key` in `slot` (building it the first time); throws the engine's message on failure. */
  private open(slot: Slot, job: SqlJob): Promise<void> {
    const { key, script } = job.database;
    if (slot.key === key && slot.opening) return slot.opening;
    slot.key = key;
    const kept = this.pristine.get(key);
    slot.opening = (async () => {
      const limit = Math.max(OPEN_MS, job.timeoutMs);
      const msg: FrameToPgWorker = kept
        ? { type: 'open', key, pristine: kept }
        : { type: 'open', key, script: String(script ?? '') };
      const r = await this.ask(slot, msg, limit);
      if (!r) throw new Error('the database could not be opened in time');
      if (r.type === 'open-error') throw new Error(r.message);
      if (r.type === 'opened' && r.pristine instanceof Blob) this.pristine.set(key, r.pristine);
    })();
    slot.opening.catch(() => undefined);
    return slot.opening;
  }

  protected stop(): void {
    this.retire();
  }

  /** The worker is ended; the spare (or a new worker) takes its place, and a new spare opens. */
  private retire(): void {
    this.end(this.slot);
    this.slot = this.spare && !this.spare.dead ? this.spare : this.spawn();
    this.spare = undefined;
  }

  private warmSpare(job: SqlJob): void {
    if (!this.pristine.has(job.database.key)) return;
    if (this.spare && !this.spare.dead && this.spare.key === job.database.key) return;
    if (this.spare) this.end(this.spare);
    this.spare = this.spawn();
    void this.open(this.spare, job).catch(() => undefined);
  }

  protected async serve(id: number, job: SqlJob): Promise<void> {
    const answers: SqlAnswer[] = [];
    try {
      for (const sql of job.queries) {
        if (this.slot.dead) this.retire();
        const slot = this.slot;
        await this.open(slot, job);
        if (this.current !== id) return;
        const r = await this.ask(
          slot,
          { type: 'query', n: ++this.n, sql: String(sql), maxRows: job.maxRows },
          job.timeoutMs,
        );
        if (this.current !== id) return;
        if (r?.type === 'answer') answers.push(r.answer);
        else if (r) answers.push({ kind: 'error', message: r.type === 'open-error' ? r.message : 'no answer', ms: 0 });
        else {
          answers.push({ kind: 'timed out', ms: job.timeoutMs });
          this.retire();
        }
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      while (answers.length < job.queries.length) answers.push({ kind: 'error', message, ms: 0 });
      if (this.slot.dead || this.slot.key === job.database.key) this.retire();
    }
    if (this.current !== id) return;
    // Between jobs, not during one: a spare opening beside a query would slow it toward its limit.
    this.answer(id, { type: 'answers', answers }, () => this.warmSpare(job));
  }
}
