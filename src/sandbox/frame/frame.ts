// Runs inside the opaque-origin sandbox frame and routes the page's messages by channel: the
// frame's own start-up, Python's runs (one active worker, one warm spare, the interrupt buffer),
// JavaScript's pool, SQL's engines and the agent sessions. Messages from workers come only over
// each worker's private port and are checked before they are relayed.
import { deferred } from '../../shared/deferred.ts';
import type { Channel, FrameMessage, FrameToWorker, HostMessage, HostToFrame } from '../../shared/sandbox-protocol.ts';
import { readEnvelope, SIGINT } from '../../shared/sandbox-protocol.ts';
import { AgentJsSessions } from './agent-js/sessions.ts';
import { JsPool } from './js-pool.ts';
import { PgPool } from './pg/pool.ts';
import { PythonWorkers, type RunMessage, type Slot } from './python-workers.ts';
import { SnapshotPipeline } from './snapshot-pipeline.ts';
import { SqlPool } from './sql/pool.ts';
import { AgentSessions } from './agent/sessions.ts';

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

let active: Slot | undefined;
let spare: Slot | undefined;
let js: JsPool | undefined;
let sql: SqlPool | undefined;
let pg: PgPool | undefined;
let current: Current | undefined;
let agents: AgentSessions | undefined;
const queue: { id: number; job: Extract<HostMessage<'python'>, { type: 'run' }>['job'] }[] = [];
// How long the frame waits for a first run before it starts its background boots anyway.
const QUIET_MS = 1000;
const { promise: firstRunOver, resolve: firstRunEnded } = deferred();
// Wall-clock moments of the first interpreter's start, reported with "ready" for the bench.
const clock = (): number => performance.timeOrigin + performance.now();
const bootTimes: Record<string, number> = {};
const mark = (moment: string): void => void (bootTimes[moment] = clock());

const send = <C extends Channel>(channel: C, id: number, msg: FrameMessage<C>): void =>
  parentWindow.postMessage({ channel, id, msg }, '*');
const toHost = (id: number, msg: FrameMessage<'python'>): void => send('python', id, msg);
const toPage = (msg: FrameMessage<'frame'>): void => send('frame', 0, msg);
const agentJs = new AgentJsSessions((id, msg) => send('agent-js', id, msg));
const snapshots = new SnapshotPipeline(toPage, mark);
const workers = new PythonWorkers(
  isolated,
  snapshots,
  mark,
  (slot, w) => onRunMessage(slot, w),
  (slot, message) => {
    if (current?.slot === slot) fail(slot, message, false);
  },
);
const spawn = (snapshotOnly = false, agent = false): Slot => workers.spawn(snapshotOnly, agent);
const retire = (slot: Slot): void => workers.retire(slot);

// Routes the page's messages by channel; each channel's reader checks the fields it uses.
window.addEventListener('message', (e: MessageEvent<unknown>) => {
  if (e.source !== parentWindow) return;
  const m = readEnvelope(e.data) as HostToFrame | undefined;
  if (!m) return;
  switch (m.channel) {
    case 'frame':
      return onFrame(m.id, m.msg);
    case 'python':
      return onPython(m.id, m.msg);
    case 'js':
      return onJs(m.id, m.msg);
    case 'sql':
      return onSql(m.id, m.msg);
    case 'agent':
      if (!workers.started) return;
      agents ??= new AgentSessions(
        () => spawn(false, true),
        (slot) => retire(slot as Slot),
        (id, msg) => send('agent', id, msg),
        isolated,
      );
      return agents.handle(m.id, m.msg);
    case 'agent-js':
      return agentJs.handle(m.id, m.msg);
  }
});

function onFrame(id: number, m: HostMessage<'frame'>): void {
  switch (m.type) {
    case 'init':
      void init(m);
      break;
    case 'snapshot':
      if (m.snapshot instanceof Blob) snapshots.ownCopy(m.snapshot);
      break;
    case 'prepare-python':
      workers.prepare(m.workerSource);
      break;
    case 'init-js':
      if (js || typeof m.jsWorkerSource !== 'string') return;
      js = new JsPool(m.jsWorkerSource, (id, msg) => send('js', id, msg));
      void js.ready.then(
        () => toPage({ type: 'js-ready' }),
        (err: unknown) => toPage({ type: 'js-boot-error', message: `JavaScript could not start: ${String(err)}` }),
      );
      break;
    case 'ping':
      send('frame', id, { type: 'pong' });
      break;
  }
}

function onPython(id: number, m: HostMessage<'python'>): void {
  switch (m.type) {
    case 'run':
      queue.push({ id, job: m.job });
      void pump();
      break;
    case 'interrupt':
      interrupt(id);
      break;
    case 'kill':
      kill(id);
      break;
  }
}

function onJs(id: number, m: HostMessage<'js'>): void {
  switch (m.type) {
    case 'run':
      js?.run(id, m.job);
      break;
    case 'kill':
      js?.kill(id);
      break;
  }
}

function onSql(id: number, m: HostMessage<'sql'>): void {
  switch (m.type) {
    case 'init':
      if (!sql && typeof m.workerSource === 'string' && m.wasm instanceof Blob)
        sql = new SqlPool(m.workerSource, m.wasm, (id, msg) => send('sql', id, msg));
      break;
    case 'pg-init':
      if (!pg && typeof m.workerSource === 'string' && m.wasm instanceof Blob && m.fsBundle instanceof Blob)
        pg = new PgPool(m.workerSource, m.wasm, m.fsBundle, (id, msg) => send('sql', id, msg));
      break;
    case 'run':
      if (m.job?.engine === 'postgres') pg?.run(id, m.job);
      else sql?.run(id, m.job);
      break;
    case 'kill':
      sql?.kill(id);
      pg?.kill(id);
      break;
  }
}

/** Python's start-up, phase by phase; a failure in any is the page's 'boot-error'. */
async function init(m: Extract<HostMessage<'frame'>, { type: 'init' }>): Promise<void> {
  mark('frame got files');
  try {
    const wasmRefused = workers.takeFiles(m);
    if (m.builtSnapshot instanceof Blob) snapshots.builtCopy(m.builtSnapshot);
    await bootFirst(wasmRefused);
    toPage({ type: 'ready', isolated, unpacked: snapshots.builtWithApp, times: { ...bootTimes, ...active!.times } });
    // The spare (and, on a first visit, the snapshot maker) boots after the first interpreter and
    // after its first run, or once nothing asks for one: on two cores a booting interpreter would
    // take half the CPU from the run the page is waiting for. The unpacked copy waits as well.
    await quietMoment();
    await keepSnapshot();
    spare ??= spawn();
  } catch (err) {
    toPage({ type: 'boot-error', message: String(err) });
  }
}

/** The first interpreter: from the snapshot handed in, or from scratch if that will not load. */
async function bootFirst(wasmRefused: () => boolean): Promise<void> {
  active = spawn();
  try {
    await Promise.all([workers.compiled, active.ready, snapshots.settled]);
  } catch (err) {
    // Wasm that does not compile is no fault of the snapshot: no interpreter can boot.
    if (!snapshots.restores || wasmRefused()) throw err;
    // A snapshot that does not unpack or no longer loads (another Pyodide build): boot from scratch.
    retire(active);
    snapshots.reject();
    active = spawn();
    await active.ready;
  }
}

/** Resolves after the first run has ended, or after a moment in which none was started. */
async function quietMoment(): Promise<void> {
  await new Promise((ok) => setTimeout(ok, QUIET_MS));
  if (current || queue.length > 0) await firstRunOver;
}

/** Makes a snapshot on a first visit; hands the page the unpacked copy of the one built with the app. */
async function keepSnapshot(): Promise<void> {
  if (!snapshots.restores) await makeSnapshot();
  else await snapshots.offerUnpacked();
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
  if (!snapshots.made) toPage({ type: 'snapshot-rejected' });
}

/** A message about a run: acted on only when it is about the run this worker has now. */
function onRunMessage(slot: Slot, w: RunMessage): void {
  const cur = current;
  if (!cur || cur.slot !== slot || w.id !== cur.id) return;
  switch (w.type) {
    case 'started':
      clearTimeout(cur.startTimer);
      toHost(cur.id, { type: 'started' });
      break;
    case 'output':
      toHost(cur.id, { type: 'output', stream: w.stream, text: w.text, truncated: w.truncated === true });
      break;
    case 'progress':
      toHost(cur.id, { type: 'progress', test: w.test });
      break;
    case 'verdict':
      toHost(cur.id, { type: 'verdict', result: parse(w.json) });
      break;
    case 'result':
      current = undefined;
      firstRunEnded();
      toHost(cur.id, { type: 'result', result: parse(w.json) });
      // Only an interpreter put back to where it stood before its first run serves another job.
      if (w.fresh && !(w.heapBytes !== undefined && w.heapBytes > RECYCLE_HEAP_BYTES)) slot.used = false;
      else replace(slot);
      void pump();
      break;
    case 'fatal':
      fail(slot, w.message, false);
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
    toHost(cur.id, { type: 'crashed', message, killed });
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
