// Starts the frame's Python workers: each gets Python's files as blob URLs made here, the wasm
// compiled here, the standard library's zip and the memory snapshot read here, and a private
// port. Its messages arrive on that port only and are checked (worker-messages.ts) before they
// go to the run (`onRun`) or the agent session (`slot.onAgent`) they are about.
import { deferred } from '../../shared/deferred.ts';
import type { FrameToWorker, HostMessage, WorkerInit, WorkerToFrame } from '../../shared/sandbox-protocol.ts';
import type { SnapshotPipeline } from './snapshot-pipeline.ts';
import { readWorkerMessage } from './worker-messages.ts';

export interface Slot {
  worker: Worker;
  port: MessagePort;
  interrupt?: Int32Array;
  ready: Promise<void>;
  dead: boolean;
  /** Only a worker asked for a snapshot, before it has run anything, may hand one in. */
  offersSnapshot: boolean;
  /** Is running or has run a job and not been put back since. */
  used?: boolean;
  /** The worker's start-up moments, as it reported them. */
  times?: Record<string, number>;
  /** An agent run's interpreter (agent/sessions.ts): its messages go there. */
  onAgent?: (w: WorkerToFrame) => void;
  onDeath?: (message: string) => void;
}

/** A worker's message about a run. */
export type RunMessage = Extract<
  WorkerToFrame,
  { type: 'started' | 'output' | 'progress' | 'verdict' | 'result' | 'fatal' }
>;

type Files = Extract<HostMessage<'frame'>, { type: 'init' }>;

const workerBlobUrl = (source: string): string => URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));

export class PythonWorkers {
  private makeInit:
    | ((port: MessagePort, interrupt: Int32Array | undefined, makeSnapshot: boolean, agent: boolean) => WorkerInit)
    | undefined;
  private workerUrl = '';
  // The first Python worker, started before Python's files arrive: its start overlaps their fetch.
  private early: Worker | undefined;
  /** Pyodide's wasm, compiled here once for every worker. */
  compiled: Promise<WebAssembly.Module> | undefined;
  // The standard library's zip, read here while the first worker starts: a worker busy loading
  // Pyodide reads a blob only between its long tasks, so the zip would arrive late there. The bytes
  // read ahead move to the first worker, uncopied; a later one, booting off the critical path, is
  // sent a fresh read of `stdlibBlob`.
  private stdlibBlob: Blob | undefined;
  private stdlibAhead: Promise<ArrayBuffer | undefined> | undefined;

  constructor(
    private readonly isolated: boolean,
    private readonly snapshots: SnapshotPipeline,
    private readonly mark: (moment: string) => void,
    /** A message about a run from a grading worker. */
    private readonly onRun: (slot: Slot, w: RunMessage) => void,
    /** A grading worker died. */
    private readonly onError: (slot: Slot, message: string) => void,
  ) {}

  /** Whether Python's files have arrived: workers can start. */
  get started(): boolean {
    return this.makeInit !== undefined;
  }

  /** Starts the first worker before Python's files arrive. */
  prepare(workerSource: string): void {
    if (!this.workerUrl && typeof workerSource === 'string')
      this.early = new Worker((this.workerUrl = workerBlobUrl(workerSource)));
  }

  /**
   * Takes Python's files: blob URLs, the wasm compiled while its bytes are read, the standard
   * library read ahead. Returns whether the wasm was refused (no interpreter can boot then).
   */
  takeFiles(m: Files): () => boolean {
    // Types of their own: the worker imports the modules and Pyodide reads the zip by these URLs.
    const blob = (data: Blob, type: string): string => URL.createObjectURL(new Blob([data], { type }));
    const urls = {
      pyodideMjs: blob(m.assets.pyodideMjs, 'text/javascript'),
      asmMjs: blob(m.assets.asmMjs, 'text/javascript'),
      stdlib: blob(m.assets.stdlib, 'application/zip'),
    };
    // Compiled while the bytes are read, as a page that fetches the wasm itself would, and while
    // the first worker starts and imports Pyodide's modules: it gets the module once compiled.
    const wasm = new Response(m.assets.wasm, { headers: { 'Content-Type': 'application/wasm' } });
    this.compiled = WebAssembly.compileStreaming(wasm).then((module) => {
      this.mark('wasm compiled');
      return module;
    });
    let wasmRefused = false;
    this.compiled.catch(() => (wasmRefused = true));
    this.stdlibBlob = m.assets.stdlib;
    this.stdlibAhead = this.readStdlib();
    this.workerUrl ||= workerBlobUrl(m.workerSource);
    this.makeInit = (port, interrupt, makeSnapshot, agent) => ({
      type: 'init',
      port,
      urls,
      lock: m.assets.lock,
      harness: m.assets.harness,
      interrupt,
      restore: !makeSnapshot && this.snapshots.restores,
      makeSnapshot,
      ...(agent ? { agent } : {}),
    });
    return () => wasmRefused;
  }

  spawn(snapshotOnly = false, agent = false): Slot {
    if (!this.makeInit) throw new Error('sandbox frame used before init');
    // The worker started early is the first grading interpreter's, never an agent's.
    const worker = (!agent && this.early) || new Worker(this.workerUrl);
    if (!agent) this.early = undefined;
    const channel = new MessageChannel();
    const interrupt = this.isolated ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
    const started = deferred();
    const ready = started.promise;
    const init = this.makeInit(channel.port2, interrupt, snapshotOnly, agent);
    const slot: Slot = {
      worker,
      port: channel.port1,
      interrupt,
      ready,
      dead: false,
      offersSnapshot: init.makeSnapshot === true,
    };
    ready.catch(() => undefined);
    channel.port1.onmessage = (e: MessageEvent<unknown>) => {
      const w = readWorkerMessage(e.data);
      if (!w) return;
      switch (w.type) {
        case 'ready':
          slot.times ??= w.times;
          started.resolve();
          break;
        case 'boot-error':
          started.reject(new Error(w.message));
          break;
        case 'snapshot':
          if (!slot.offersSnapshot || this.snapshots.made) return;
          slot.offersSnapshot = false;
          this.snapshots.take(w.bytes);
          break;
        case 'started':
        case 'output':
        case 'progress':
        case 'result':
        case 'verdict':
          this.onRun(slot, w);
          break;
        case 'fatal':
          if (slot.onAgent) slot.onAgent(w);
          else this.onRun(slot, w);
          break;
        case 'agent-done':
        case 'agent-observation':
        case 'agent-files':
          slot.onAgent?.(w);
          break;
      }
    };
    worker.onerror = (e) => {
      e.preventDefault();
      started.reject(new Error(e.message || 'the Python worker failed to start'));
      this.onError(slot, `the interpreter died: ${e.message || 'worker error'}`);
      slot.onDeath?.(`the interpreter died: ${e.message || 'worker error'}`);
    };
    worker.postMessage(init, [channel.port2]);
    void this.compiled?.then((module) => channel.port1.postMessage({ type: 'module', module } satisfies FrameToWorker));
    const stdlib = this.stdlibAhead ?? this.readStdlib();
    this.stdlibAhead = undefined;
    void stdlib?.then((bytes) =>
      channel.port1.postMessage({ type: 'stdlib', bytes } satisfies FrameToWorker, bytes ? [bytes] : []),
    );
    if (init.restore) this.snapshots.feed(channel.port1);
    return slot;
  }

  retire(slot: Slot): void {
    slot.dead = true;
    slot.worker.terminate();
    slot.port.close();
  }

  private readStdlib(): Promise<ArrayBuffer | undefined> | undefined {
    return this.stdlibBlob?.arrayBuffer().catch(() => undefined);
  }
}
