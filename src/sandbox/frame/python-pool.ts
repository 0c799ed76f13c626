// The frame's Python grading workers: a queue of jobs, one active worker and a warm spare. Every
// job starts in an interpreter no earlier job touched (put back to where it stood before its
// first run, or the spare); a worker stuck, dead, killed or swollen is replaced by the spare.
import { deferred } from '../../shared/deferred.ts';
import type { FrameToWorker, HostMessage, SendOn } from '../../shared/sandbox-protocol.ts';
import { SIGINT } from '../../shared/sandbox-protocol.ts';
import type { PythonWorkers, RunMessage, Slot } from './python-workers.ts';
import type { SnapshotPipeline } from './snapshot-pipeline.ts';

interface Current {
  id: number;
  slot: Slot;
  startTimer?: ReturnType<typeof setTimeout>;
}

// A worker that does not start a job this fast is stuck in a callback left by an earlier run.
const START_DEADLINE_MS = 1000;
// wasm memory never shrinks: an interpreter that grew this large is swapped for the spare.
const RECYCLE_HEAP_BYTES = 1 << 30;
// How long the frame waits for a first run before it starts its background boots anyway.
const QUIET_MS = 1000;

export class PythonPool {
  private active: Slot | undefined;
  private spare: Slot | undefined;
  private current: Current | undefined;
  private readonly queue: { id: number; job: Extract<HostMessage<'python'>, { type: 'run' }>['job'] }[] = [];
  private readonly firstRun = deferred();

  constructor(
    private readonly workers: PythonWorkers,
    private readonly toHost: SendOn<'python'>,
  ) {}

  run(id: number, job: Extract<HostMessage<'python'>, { type: 'run' }>['job']): void {
    this.queue.push({ id, job });
    void this.pump();
  }

  /** The first interpreter: from the snapshot handed in, or from scratch if that will not load. */
  async bootFirst(snapshots: SnapshotPipeline, wasmRefused: () => boolean): Promise<Slot> {
    this.active = this.spawn();
    try {
      await Promise.all([this.workers.compiled, this.active.ready, snapshots.settled]);
    } catch (err) {
      // Wasm that does not compile is no fault of the snapshot: no interpreter can boot.
      if (!snapshots.restores || wasmRefused()) throw err;
      // A snapshot that does not unpack or no longer loads (another Pyodide build): boot from scratch.
      this.retire(this.active);
      snapshots.reject();
      this.active = this.spawn();
      await this.active.ready;
    }
    return this.active;
  }

  /** Resolves after the first run has ended, or after a moment in which none was started. */
  async quietMoment(): Promise<void> {
    await new Promise((ok) => setTimeout(ok, QUIET_MS));
    if (this.current || this.queue.length > 0) await this.firstRun.promise;
  }

  /** The warm spare, once the first interpreter is up and nothing waits for the CPU. */
  startSpare(): void {
    this.spare ??= this.spawn();
  }

  /** A grading worker died. */
  onError(slot: Slot, message: string): void {
    if (this.current?.slot === slot) this.fail(slot, message, false);
  }

  private spawn(): Slot {
    return this.workers.spawn();
  }

  private retire(slot: Slot): void {
    this.workers.retire(slot);
  }

  /** A message about a run: acted on only when it is about the run this worker has now. */
  onRunMessage(slot: Slot, w: RunMessage): void {
    const cur = this.current;
    if (!cur || cur.slot !== slot || w.id !== cur.id) return;
    switch (w.type) {
      case 'started':
        clearTimeout(cur.startTimer);
        this.toHost(cur.id, { type: 'started' });
        break;
      case 'output':
        this.toHost(cur.id, { type: 'output', stream: w.stream, text: w.text, truncated: w.truncated === true });
        break;
      case 'progress':
        this.toHost(cur.id, { type: 'progress', test: w.test });
        break;
      case 'verdict':
        this.toHost(cur.id, { type: 'verdict', result: parse(w.json) });
        break;
      case 'result':
        this.current = undefined;
        this.firstRun.resolve();
        this.toHost(cur.id, { type: 'result', result: parse(w.json) });
        // Only an interpreter put back to where it stood before its first run serves another job.
        if (w.fresh && !(w.heapBytes !== undefined && w.heapBytes > RECYCLE_HEAP_BYTES)) slot.used = false;
        else this.replace(slot);
        void this.pump();
        break;
      case 'fatal':
        // A run that only unwound (an interrupt let through, see python-runs.ts) and was put back:
        // the page hears what it hears of any run without a result; the interpreter stays.
        if (w.fresh) {
          this.current = undefined;
          this.firstRun.resolve();
          this.toHost(cur.id, { type: 'crashed', message: w.message, killed: false });
          slot.used = false;
          void this.pump();
        } else this.fail(slot, w.message, false);
        break;
    }
  }

  /** Replaces a dead or killed worker by the warm spare and starts a new spare. */
  private replace(slot: Slot): void {
    this.retire(slot);
    if (this.active === slot) {
      this.active = this.spare ?? this.spawn();
      this.spare = this.spawn();
    }
  }

  private fail(slot: Slot, message: string, killed: boolean): void {
    const cur = this.current;
    this.replace(slot);
    if (cur?.slot === slot) {
      this.current = undefined;
      this.firstRun.resolve();
      this.toHost(cur.id, { type: 'crashed', message, killed });
    }
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.current || !this.active) return;
    const next = this.queue.shift();
    if (!next) return;
    // Every job starts in an interpreter that no earlier job touched.
    if (this.active.used) this.replace(this.active);
    const slot = this.active;
    slot.used = true;
    this.current = { id: next.id, slot };
    try {
      await slot.ready;
    } catch (err) {
      this.fail(slot, `the interpreter could not start: ${String(err)}`, false);
      return;
    }
    if (this.current?.id !== next.id || slot.dead) return;
    slot.offersSnapshot = false;
    this.current.startTimer = setTimeout(() => {
      if (this.current?.id !== next.id) return;
      // Stuck in an earlier run's callback: give the job to the spare instead.
      this.queue.unshift(next);
      this.current = undefined;
      this.replace(slot);
      void this.pump();
    }, START_DEADLINE_MS);
    slot.port.postMessage({ type: 'run', id: next.id, job: JSON.stringify(next.job) } satisfies FrameToWorker);
  }

  interrupt(id: number): void {
    const cur = this.current;
    if (cur?.id !== id) return this.dropQueued(id);
    if (cur.slot.interrupt) {
      Atomics.store(cur.slot.interrupt, 0, SIGINT);
      Atomics.notify(cur.slot.interrupt, 0);
    } else this.kill(id);
  }

  kill(id: number): void {
    const cur = this.current;
    if (cur?.id !== id) return this.dropQueued(id);
    clearTimeout(cur.startTimer);
    this.fail(cur.slot, 'the run was stopped', true);
  }

  private dropQueued(id: number): void {
    const i = this.queue.findIndex((q) => q.id === id);
    if (i >= 0) this.queue.splice(i, 1);
  }
}

/** The harness's JSON, parsed here: the page checks the shape (src/sandbox/results.ts). */
function parse(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}
