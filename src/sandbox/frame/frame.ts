// Runs inside the opaque-origin sandbox frame. It owns the Python workers (one active, one warm
// spare), the interrupt buffer, and relays between the page and the active worker. Messages from
// workers come only over each worker's private port and are checked before they are relayed.
import { deferred } from '../../shared/deferred.ts';
import type {
  FrameToHost,
  FrameToWorker,
  HostToFrame,
  WorkerInit,
  WorkerToFrame,
} from '../../shared/sandbox-protocol.ts';
import { SIGINT } from '../../shared/sandbox-protocol.ts';
import { AgentJsSessions } from './agent-js/sessions.ts';
import { JsPool } from './js-pool.ts';
import { PgPool } from './pg/pool.ts';
import { SqlPool } from './sql/pool.ts';
import { copyToKeep, readAhead, readLength, unpackSnapshot, type Unpacked } from './unpack-snapshot.ts';
import { readWorkerMessage } from './worker-messages.ts';
import { AgentSessions } from './agent/sessions.ts';

interface Slot {
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

let makeInit:
  | ((port: MessagePort, interrupt: Int32Array | undefined, makeSnapshot: boolean, agent: boolean) => WorkerInit)
  | undefined;
// The snapshot handed in, being unpacked; `snapshot` once it is. Without one, the first visit's
// interpreters boot from scratch and one is made.
let restoring: Promise<Unpacked> | undefined;
// The memory it restores, which a worker needs first, and may know before the bytes are read.
let restoringLength: Promise<number> | undefined;
let snapshot: Blob | undefined;
// It is the one built with the app, so its unpacked copy goes to the page to keep: also when a
// server (vite preview among them) sent the .gz as Content-Encoding: gzip and it arrived unpacked.
let unpacked = false;
let workerUrl = '';
// The first Python worker, started before Python's files arrive: its start overlaps their fetch.
let early: Worker | undefined;
let compiled: Promise<WebAssembly.Module> | undefined;
// The standard library's zip, read here while the first worker starts: a worker busy loading
// Pyodide reads a blob only between its long tasks, so the zip would arrive late there. The bytes
// read ahead move to the first worker, uncopied; a later one, booting off the critical path, is
// sent a fresh read of `stdlibBlob`.
let stdlibBlob: Blob | undefined;
let stdlibAhead: Promise<ArrayBuffer | undefined> | undefined;
let active: Slot | undefined;
let spare: Slot | undefined;
let js: JsPool | undefined;
let sql: SqlPool | undefined;
let pg: PgPool | undefined;
let current: Current | undefined;
let agents: AgentSessions | undefined;
const queue: { id: number; job: Extract<HostToFrame, { type: 'run' }>['job'] }[] = [];
// How long the frame waits for a first run before it starts its background boots anyway.
const QUIET_MS = 1000;
const { promise: firstRunOver, resolve: firstRunEnded } = deferred();
// Wall-clock moments of the first interpreter's start, reported with "ready" for the bench.
const clock = (): number => performance.timeOrigin + performance.now();
const bootTimes: Record<string, number> = {};

const toHost = (m: FrameToHost): void => parentWindow.postMessage(m, '*');
const agentJs = new AgentJsSessions(toHost);

window.addEventListener('message', (e: MessageEvent<HostToFrame | null>) => {
  if (e.source !== parentWindow) return;
  const m = e.data;
  if (typeof m !== 'object' || m === null) return;
  switch (m.type) {
    case 'init':
      void init(m);
      break;
    case 'snapshot':
      if (!restoring && m.snapshot instanceof Blob) restoreFrom(readAhead(m.snapshot), readLength(m.snapshot));
      break;
    case 'run':
      queue.push({ id: m.id, job: m.job });
      void pump();
      break;
    case 'interrupt':
      interrupt(m.id);
      break;
    case 'kill':
      kill(m.id);
      break;
    case 'prepare-python':
      if (!workerUrl && typeof m.workerSource === 'string')
        early = new Worker((workerUrl = workerBlobUrl(m.workerSource)));
      break;
    case 'init-js':
      if (!js && typeof m.jsWorkerSource === 'string') js = new JsPool(m.jsWorkerSource, toHost);
      break;
    case 'js-run':
      js?.run(m.id, m.job);
      break;
    case 'js-kill':
      js?.kill(m.id);
      break;
    case 'sql-init':
      if (!sql && typeof m.workerSource === 'string' && m.wasm instanceof Blob)
        sql = new SqlPool(m.workerSource, m.wasm, toHost);
      break;
    case 'pg-init':
      if (!pg && typeof m.workerSource === 'string' && m.wasm instanceof Blob && m.fsBundle instanceof Blob)
        pg = new PgPool(m.workerSource, m.wasm, m.fsBundle, toHost);
      break;
    case 'sql-run':
      if (m.job?.engine === 'postgres') pg?.run(m.id, m.job);
      else sql?.run(m.id, m.job);
      break;
    case 'sql-kill':
      sql?.kill(m.id);
      pg?.kill(m.id);
      break;
    case 'ping':
      toHost({ type: 'pong', n: Number(m.n) });
      break;
    case 'agent-js':
      agentJs.handle(Number(m.session), m.request);
      break;
    case 'agent-start':
    case 'agent-act':
    case 'agent-interrupt':
    case 'agent-restart':
    case 'agent-files':
    case 'agent-close':
      if (!makeInit) return;
      agents ??= new AgentSessions(
        () => spawn(false, true),
        (slot) => retire(slot as Slot),
        toHost,
        isolated,
      );
      agents.handle(m);
      break;
  }
});

const workerBlobUrl = (source: string): string => URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));

async function init(m: Extract<HostToFrame, { type: 'init' }>): Promise<void> {
  bootTimes['frame got files'] = clock();
  try {
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
    compiled = WebAssembly.compileStreaming(wasm).then((module) => {
      bootTimes['wasm compiled'] = clock();
      return module;
    });
    let wasmRefused = false;
    compiled.catch(() => (wasmRefused = true));
    stdlibBlob = m.assets.stdlib;
    stdlibAhead = readStdlib();
    workerUrl ||= workerBlobUrl(m.workerSource);
    makeInit = (port, interrupt, makeSnapshot, agent) => ({
      type: 'init',
      port,
      urls,
      lock: m.assets.lock,
      harness: m.assets.harness,
      interrupt,
      restore: !makeSnapshot && restoring !== undefined,
      makeSnapshot,
      ...(agent ? { agent } : {}),
    });
    if (m.builtSnapshot instanceof Blob && !restoring) restoreFrom(unpackSnapshot(m.builtSnapshot));
    active = spawn();
    try {
      await Promise.all([compiled, active.ready, restoring]);
    } catch (err) {
      // Wasm that does not compile is no fault of the snapshot: no interpreter can boot.
      if (!restoring || wasmRefused) throw err;
      // A snapshot that does not unpack or no longer loads (another Pyodide build): boot from scratch.
      retire(active);
      restoring = restoringLength = snapshot = undefined;
      unpacked = false;
      toHost({ type: 'snapshot-rejected' });
      active = spawn();
      await active.ready;
    }
    toHost({ type: 'ready', isolated, unpacked, times: { ...bootTimes, ...active.times } });
    // The spare (and, on a first visit, the snapshot maker) boots after the first interpreter and
    // after its first run, or once nothing asks for one: on two cores a booting interpreter would
    // take half the CPU from the run the page is waiting for. The unpacked copy waits as well.
    await quietMoment();
    if (!restoring) await makeSnapshot();
    else if (unpacked && snapshot) await offerCopy(snapshot);
    spare ??= spawn();
  } catch (err) {
    toHost({ type: 'boot-error', message: String(err) });
  }
}

function restoreFrom(u: Promise<Unpacked>, length?: Promise<number>): void {
  restoring = u.then((got) => {
    bootTimes['snapshot unpacked'] = clock();
    unpacked = got.built;
    snapshot = got.bytes;
    return got;
  });
  restoring.catch(() => undefined);
  restoringLength = length ?? restoring.then((got) => got.length);
  restoringLength.catch(() => undefined);
}

/** Resolves after the first run has ended, or after a moment in which none was started. */
async function quietMoment(): Promise<void> {
  await new Promise((ok) => setTimeout(ok, QUIET_MS));
  if (current || queue.length > 0) await firstRunOver;
}

/**
 * Boots a throwaway interpreter that only makes a memory snapshot. Pyodide wraps the globals of
 * an interpreter that will be snapshotted, so that one never runs anything; interpreters booted
 * from the snapshot are ordinary and start in about half the time.
 */
async function makeSnapshot(): Promise<void> {
  const maker = spawn(true);
  await maker.ready.catch(() => undefined);
  retire(maker);
  // No snapshot after all (it could not be made): the page need not wait for one.
  if (!snapshot) toHost({ type: 'snapshot-rejected' });
}

function spawn(snapshotOnly = false, agent = false): Slot {
  if (!makeInit) throw new Error('sandbox frame used before init');
  // The worker started early is the first grading interpreter's, never an agent's.
  const worker = (!agent && early) || new Worker(workerUrl);
  if (!agent) early = undefined;
  const channel = new MessageChannel();
  const interrupt = isolated ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
  const started = deferred();
  const ready = started.promise;
  const init = makeInit(channel.port2, interrupt, snapshotOnly, agent);
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
        takeSnapshot(slot, w.bytes);
        break;
      case 'started':
      case 'output':
      case 'progress':
      case 'result':
      case 'verdict':
        onRunMessage(slot, w);
        break;
      case 'fatal':
        if (slot.onAgent) slot.onAgent(w);
        else onRunMessage(slot, w);
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
    if (current?.slot === slot) fail(slot, `the interpreter died: ${e.message || 'worker error'}`, false);
    slot.onDeath?.(`the interpreter died: ${e.message || 'worker error'}`);
  };
  worker.postMessage(init, [channel.port2]);
  void compiled?.then((module) => channel.port1.postMessage({ type: 'module', module } satisfies FrameToWorker));
  const stdlib = stdlibAhead ?? readStdlib();
  stdlibAhead = undefined;
  void stdlib?.then((bytes) =>
    channel.port1.postMessage({ type: 'stdlib', bytes } satisfies FrameToWorker, bytes ? [bytes] : []),
  );
  // Read here, beside the worker's own start, and moved over without a copy.
  if (init.restore) {
    void restoringLength?.then(
      (length) => channel.port1.postMessage({ type: 'snapshot-length', length } satisfies FrameToWorker),
      () => undefined,
    );
    void restoring
      ?.then((u) => {
        // The bytes read ahead serve the first worker; they move to it, so a later one reads again.
        const ahead = u.read;
        u.read = undefined;
        return ahead ?? u.bytes.arrayBuffer();
      })
      .then(
        (bytes) => channel.port1.postMessage({ type: 'snapshot', bytes } satisfies FrameToWorker, [bytes]),
        () => undefined,
      );
  }
  return slot;
}

const readStdlib = (): Promise<ArrayBuffer | undefined> | undefined => stdlibBlob?.arrayBuffer().catch(() => undefined);

function retire(slot: Slot): void {
  slot.dead = true;
  slot.worker.terminate();
  slot.port.close();
}

function takeSnapshot(slot: Slot, bytes: Blob): void {
  if (!slot.offersSnapshot || snapshot) return;
  slot.offersSnapshot = false;
  snapshot = bytes;
  restoring = Promise.resolve({ bytes, length: bytes.size, built: false });
  restoringLength = Promise.resolve(bytes.size);
  void offerCopy(bytes);
}

/** Hands the page the copy to keep for later visits (whole if it could not be made smaller). */
async function offerCopy(bytes: Blob): Promise<void> {
  toHost({ type: 'snapshot', bytes: await copyToKeep(bytes).catch(() => bytes) });
}

/** A message about a run: acted on only when it is about the run this worker has now. */
function onRunMessage(
  slot: Slot,
  w: Extract<WorkerToFrame, { type: 'started' | 'output' | 'progress' | 'verdict' | 'result' | 'fatal' }>,
): void {
  const cur = current;
  if (!cur || cur.slot !== slot || w.id !== cur.id) return;
  switch (w.type) {
    case 'started':
      clearTimeout(cur.startTimer);
      toHost({ type: 'started', id: cur.id });
      break;
    case 'output':
      toHost({ type: 'output', id: cur.id, stream: w.stream, text: w.text, truncated: w.truncated === true });
      break;
    case 'progress':
      toHost({ type: 'progress', id: cur.id, test: w.test });
      break;
    case 'verdict':
      toHost({ type: 'verdict', id: cur.id, result: parse(w.json) });
      break;
    case 'result':
      current = undefined;
      firstRunEnded();
      toHost({ type: 'result', id: cur.id, result: parse(w.json) });
      // Only an interpreter put back to where it stood before its first run serves another job.
      if (w.fresh && !(w.heapBytes !== undefined && w.heapBytes > RECYCLE_HEAP_BYTES)) slot.used = false;
      else replace(slot);
      void pump();
      break;
    case 'fatal':
      // speed: a run that only unwound (an interrupt let through, see python-runs.ts) and was put
      // back: the page hears what it hears of any run without a result; the interpreter stays.
      if (w.fresh) {
        current = undefined;
        firstRunEnded();
        toHost({ type: 'crashed', id: cur.id, message: w.message, killed: false });
        slot.used = false;
        void pump();
      } else fail(slot, w.message, false);
      break;
  }
}

/** Replaces a dead or killed worker by the warm spare and starts a new spare. */
function replace(slot: Slot): void {
  retire(slot);
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
    firstRunEnded();
    toHost({ type: 'crashed', id: cur.id, message, killed });
  }
  void pump();
}

async function pump(): Promise<void> {
  if (current || !active) return;
  const next = queue.shift();
  if (!next) return;
  // Every job starts in an interpreter that no earlier job touched.
  if (active.used) replace(active);
  const slot = active;
  slot.used = true;
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
  slot.port.postMessage({ type: 'run', id: next.id, job: JSON.stringify(next.job) } satisfies FrameToWorker);
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

/** The harness's JSON, parsed here: the page checks the shape (src/sandbox/results.ts). */
function parse(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}
