// Runs inside the opaque-origin sandbox frame. It owns the Python workers (one active, one warm
// spare), the interrupt buffer, and relays between the page and the active worker. Messages from
// workers come only over each worker's private port and are checked before they are relayed.
import type {
  FrameToHost,
  FrameToWorker,
  HostToFrame,
  WorkerInit,
  WorkerToFrame,
} from '../../shared/sandbox-protocol.ts';
import { SIGINT } from '../../shared/sandbox-protocol.ts';
import { JsPool } from './js-pool.ts';

interface Slot {
  worker: Worker;
  port: MessagePort;
  interrupt?: Int32Array;
  ready: Promise<void>;
  dead: boolean;
  /** Only a worker asked for a snapshot, before it has run anything, may hand one in. */
  offersSnapshot: boolean;
}

interface Current {
  id: number;
  slot: Slot;
  startTimer?: ReturnType<typeof setTimeout>;
}

const parentWindow = window.parent;
const isolated = self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
// A worker that does not start a job this fast is stuck in a callback left by an earlier run.
const START_DEADLINE_MS = 1000;
// wasm memory never shrinks: an interpreter that grew this large is swapped for the spare.
const RECYCLE_HEAP_BYTES = 1 << 30;

let makeInit: ((port: MessagePort, interrupt: Int32Array | undefined, makeSnapshot: boolean) => WorkerInit) | undefined;
let snapshot: Blob | undefined;
let workerUrl = '';
let active: Slot | undefined;
let spare: Slot | undefined;
let current: Current | undefined;
const queue: { id: number; job: FrameToWorker['job'] }[] = [];
let js: JsPool | undefined;

const toHost = (m: FrameToHost): void => parentWindow.postMessage(m, '*');

window.addEventListener('message', (e: MessageEvent<HostToFrame>) => {
  if (e.source !== parentWindow) return;
  const m = e.data;
  if (m?.type === 'init') void init(m);
  else if (m?.type === 'run') {
    queue.push({ id: m.id, job: m.job });
    void pump();
  } else if (m?.type === 'interrupt') interrupt(m.id);
  else if (m?.type === 'kill') kill(m.id);
  else if (m?.type === 'init-js' && !js && typeof m.jsWorkerSource === 'string')
    js = new JsPool(m.jsWorkerSource, toHost);
  else if (m?.type === 'js-run') js?.run(m.id, m.job);
  else if (m?.type === 'js-kill') js?.kill(m.id);
});

async function init(m: Extract<HostToFrame, { type: 'init' }>): Promise<void> {
  try {
    const blob = (data: ArrayBuffer, type: string): string => URL.createObjectURL(new Blob([data], { type }));
    const urls = {
      pyodideMjs: blob(m.assets.pyodideMjs, 'text/javascript'),
      asmMjs: blob(m.assets.asmMjs, 'text/javascript'),
      stdlib: blob(m.assets.stdlib, 'application/zip'),
    };
    const wasmModule = await WebAssembly.compile(m.assets.wasm);
    workerUrl = URL.createObjectURL(new Blob([m.workerSource], { type: 'text/javascript' }));
    makeInit = (port, interrupt, makeSnapshot) => ({
      type: 'init',
      port,
      urls,
      lock: m.assets.lock,
      harness: m.assets.harness,
      wasmModule,
      interrupt,
      snapshot: makeSnapshot ? undefined : snapshot,
      makeSnapshot,
    });
    snapshot = m.snapshot instanceof Blob ? m.snapshot : undefined;
    active = spawn();
    try {
      await active.ready;
    } catch (err) {
      if (!snapshot) throw err;
      // A cached snapshot that no longer loads (another Pyodide build): boot from scratch.
      snapshot = undefined;
      toHost({ type: 'snapshot-rejected' });
      active = spawn();
      await active.ready;
    }
    toHost({ type: 'ready', isolated });
    // The spare boots after the first interpreter, so the two do not share the CPU at cold start.
    if (!snapshot) await makeSnapshot();
    spare ??= spawn();
  } catch (err) {
    toHost({ type: 'boot-error', message: String(err) });
  }
}

/**
 * Boots a throwaway interpreter that only makes a memory snapshot. Pyodide wraps the globals of
 * an interpreter that will be snapshotted, so that one never runs anything; interpreters booted
 * from the snapshot are ordinary and start in about half the time.
 */
async function makeSnapshot(): Promise<void> {
  const maker = spawn(true);
  await maker.ready.catch(() => undefined);
  maker.dead = true;
  maker.worker.terminate();
  maker.port.close();
  // No snapshot after all (it could not be made): the page need not wait for one.
  if (!snapshot) toHost({ type: 'snapshot-rejected' });
}

function spawn(snapshotOnly = false): Slot {
  if (!makeInit) throw new Error('sandbox frame used before init');
  const worker = new Worker(workerUrl);
  const channel = new MessageChannel();
  const interrupt = isolated ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
  let settle!: { ok: () => void; fail: (e: Error) => void };
  const ready = new Promise<void>((ok, fail) => (settle = { ok, fail }));
  const init = makeInit(channel.port2, interrupt, snapshotOnly);
  const slot: Slot = {
    worker,
    port: channel.port1,
    interrupt,
    ready,
    dead: false,
    offersSnapshot: init.makeSnapshot === true,
  };
  ready.catch(() => undefined);
  channel.port1.onmessage = (e: MessageEvent<WorkerToFrame>) => {
    const w = e.data;
    if (w?.type === 'ready') settle.ok();
    else if (w?.type === 'boot-error') settle.fail(new Error(String(w.message)));
    else if (w?.type === 'snapshot') takeSnapshot(slot, w.bytes);
    else onWorkerMessage(slot, w);
  };
  worker.onerror = (e) => {
    e.preventDefault();
    settle.fail(new Error(e.message || 'the Python worker failed to start'));
    if (current?.slot === slot) fail(slot, `the interpreter died: ${e.message || 'worker error'}`, false);
  };
  worker.postMessage(init, [channel.port2]);
  return slot;
}

function takeSnapshot(slot: Slot, bytes: unknown): void {
  if (!slot.offersSnapshot || snapshot || !(bytes instanceof Blob)) return;
  slot.offersSnapshot = false;
  snapshot = bytes;
  toHost({ type: 'snapshot', bytes });
}

function onWorkerMessage(slot: Slot, w: WorkerToFrame): void {
  const cur = current;
  if (!cur || cur.slot !== slot || typeof w !== 'object' || w === null || (w as { id?: unknown }).id !== cur.id) return;
  if (w.type === 'started') {
    clearTimeout(cur.startTimer);
    toHost({ type: 'started', id: cur.id });
  } else if (w.type === 'output' && typeof w.text === 'string') {
    toHost({ type: 'output', id: cur.id, stream: w.stream === 'stderr' ? 'stderr' : 'stdout', text: w.text });
  } else if (w.type === 'progress' && typeof w.test === 'string') {
    toHost({ type: 'progress', id: cur.id, test: w.test });
  } else if (w.type === 'result') {
    current = undefined;
    toHost({ type: 'result', id: cur.id, result: w.result });
    if (typeof w.heapBytes === 'number' && w.heapBytes > RECYCLE_HEAP_BYTES) replace(slot);
    void pump();
  } else if (w.type === 'fatal') {
    fail(slot, String(w.message), false);
  }
}

/** Replaces a dead or killed worker by the warm spare and starts a new spare. */
function replace(slot: Slot): void {
  slot.dead = true;
  slot.worker.terminate();
  slot.port.close();
  if (active === slot) {
    active = spare ?? spawn();
    spare = spawn();
  }
}

function fail(slot: Slot, message: string, killed: boolean): void {
  const cur = current;
  replace(slot);
  if (cur?.slot === slot) {
    current = undefined;
    toHost({ type: 'crashed', id: cur.id, message, killed });
  }
  void pump();
}

async function pump(): Promise<void> {
  if (current || !active) return;
  const next = queue.shift();
  if (!next) return;
  const slot = active;
  current = { id: next.id, slot };
  try {
    await slot.ready;
  } catch (err) {
    fail(slot, `the interpreter could not start: ${String(err)}`, false);
    return;
  }
  if (current?.id !== next.id || slot.dead) return;
  slot.offersSnapshot = false;
  current.startTimer = setTimeout(() => {
    if (current?.id !== next.id) return;
    // Stuck in an earlier run's callback: give the job to the spare instead.
    queue.unshift(next);
    current = undefined;
    replace(slot);
    void pump();
  }, START_DEADLINE_MS);
  slot.port.postMessage({ type: 'run', id: next.id, job: next.job } satisfies FrameToWorker);
}

function interrupt(id: number): void {
  const cur = current;
  if (cur?.id !== id) return dropQueued(id);
  if (cur.slot.interrupt) {
    Atomics.store(cur.slot.interrupt, 0, SIGINT);
    Atomics.notify(cur.slot.interrupt, 0);
  } else kill(id);
}

function kill(id: number): void {
  const cur = current;
  if (cur?.id !== id) return dropQueued(id);
  clearTimeout(cur.startTimer);
  fail(cur.slot, 'the run was stopped', true);
}

function dropQueued(id: number): void {
  const i = queue.findIndex((q) => q.id === id);
  if (i >= 0) queue.splice(i, 1);
}
