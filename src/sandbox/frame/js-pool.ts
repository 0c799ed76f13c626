// The frame's JavaScript workers: each runs one job and is thrown away, and warm spares wait so a
// run never pays a worker's start. A run past its limit is ended by terminating its worker (the
// page sends js-kill); there is no interrupt for JavaScript. Messages from a worker arrive only
// on its private port and are checked before they go to the page.
import { deferred } from '../../shared/deferred.ts';
import type { FrameMessage, FrameToJsWorker, JsJob, JsWorkerToFrame, SendOn } from '../../shared/sandbox-protocol.ts';

interface Slot {
  worker: Worker;
  port: MessagePort;
  ready: Promise<void>;
}

interface Current {
  id: number;
  slot: Slot;
  token: string;
  startTimer: ReturnType<typeof setTimeout>;
}

const SPARES = 2;

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
// A fresh worker that has not said "started" by then will not.
const START_DEADLINE_MS = 5000;

export class JsPool {
  private spares: Slot[] = [];
  private queue: { id: number; job: JsJob }[] = [];
  private current: Current | undefined;
  private readonly url: string;
  /** Settles once the first worker can run. */
  readonly ready: Promise<void>;

  constructor(
    source: string,
    private readonly toHost: SendOn<'js'>,
  ) {
    this.url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    this.fill();
    this.ready = this.spares[0]!.ready;
  }

  run(id: number, job: JsJob): void {
    this.queue.push({ id, job });
    void this.pump();
  }

  kill(id: number): void {
    const cur = this.current;
    if (cur?.id !== id) {
      const i = this.queue.findIndex((q) => q.id === id);
      if (i >= 0) this.queue.splice(i, 1);
      return;
    }
    this.end(cur, { type: 'crashed', message: 'the run was stopped', killed: true });
  }

  private fill(): void {
    while (this.spares.length < SPARES) this.spares.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(this.url);
    const channel = new MessageChannel();
    const started = deferred();
    const ready = started.promise;
    ready.catch(() => undefined);
    const slot: Slot = { worker, port: channel.port1, ready };
    channel.port1.onmessage = (e: MessageEvent<JsWorkerToFrame>) => {
      const w = e.data;
      if (w?.type === 'ready') started.resolve();
      else this.onWorkerMessage(slot, w);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      started.reject(new Error(e.message || 'the JavaScript worker failed to start'));
      const cur = this.current;
      if (cur?.slot === slot)
        this.end(cur, {
          type: 'crashed',
          message: `the worker died: ${e.message || 'worker error'}`,
          killed: false,
        });
    };
    worker.postMessage({ type: 'init', port: channel.port2 } satisfies FrameToJsWorker, [channel.port2]);
    return slot;
  }

  private onWorkerMessage(slot: Slot, w: JsWorkerToFrame): void {
    const cur = this.current;
    if (!cur || cur.slot !== slot || typeof w !== 'object' || w === null || (w as { id?: unknown }).id !== cur.id)
      return;
    if (w.type === 'started') {
      clearTimeout(cur.startTimer);
      this.toHost(cur.id, { type: 'started' });
    } else if (w.type === 'output' && typeof w.text === 'string') {
      this.toHost(cur.id, {
        type: 'output',
        stream: w.stream === 'stderr' ? 'stderr' : 'stdout',
        text: w.text,
        truncated: w.truncated === true,
      });
    } else if (w.type === 'result' && w.token === cur.token) {
      this.end(cur, { type: 'result', result: w.result });
    }
  }

  /** Every run ends its worker: nothing it left behind (timers, nested workers) outlives it. */
  private end(cur: Current, message: FrameMessage<'js'>): void {
    clearTimeout(cur.startTimer);
    cur.slot.worker.terminate();
    cur.slot.port.close();
    this.current = undefined;
    this.toHost(cur.id, message);
    this.fill();
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.current) return;
    const next = this.queue.shift();
    if (!next) return;
    const slot = this.spares.shift() ?? this.spawn();
    this.fill();
    const cur: Current = {
      id: next.id,
      slot,
      token: newToken(),
      startTimer: setTimeout(() => {
        if (this.current === cur)
          this.end(cur, {
            type: 'crashed',
            message: 'the JavaScript worker did not start',
            killed: false,
          });
      }, START_DEADLINE_MS),
    };
    this.current = cur;
    try {
      await slot.ready;
    } catch (err) {
      if (this.current === cur)
        this.end(cur, {
          type: 'crashed',
          message: `the worker could not start: ${String(err)}`,
          killed: false,
        });
      return;
    }
    if (this.current !== cur) return;
    slot.port.postMessage({ type: 'run', id: next.id, job: next.job, token: cur.token } satisfies FrameToJsWorker);
  }
}
