// Runs inside the opaque-origin sandbox frame and only routes the page's messages by channel: the
// frame's own start-up (python-start.ts), Python's runs (python-pool.ts), JavaScript's pool,
// SQL's engines and the agent sessions. Messages from workers come only over each worker's
// private port and are checked before they are relayed.
import type { Channel, FrameMessage, HostMessage, HostToFrame } from '../../shared/sandbox-protocol.ts';
import { readEnvelope } from '../../shared/sandbox-protocol.ts';
import { AgentJsSessions } from './agent-js/sessions.ts';
import { JsPool } from './js-pool.ts';
import { PgPool } from './pg/pool.ts';
import { PythonPool } from './python-pool.ts';
import { startPython } from './python-start.ts';
import { PythonWorkers, type Slot } from './python-workers.ts';
import { SnapshotPipeline } from './snapshot-pipeline.ts';
import { SqlPool } from './sql/pool.ts';
import { AgentSessions } from './agent/sessions.ts';

const parentWindow = window.parent;
const isolated = self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';

let js: JsPool | undefined;
let sql: SqlPool | undefined;
let pg: PgPool | undefined;
let agents: AgentSessions | undefined;
// Wall-clock moments of the first interpreter's start, reported with "ready" for the bench.
const clock = (): number => performance.timeOrigin + performance.now();
const bootTimes: Record<string, number> = {};
const mark = (moment: string): void => void (bootTimes[moment] = clock());

const send = <C extends Channel>(channel: C, id: number, msg: FrameMessage<C>): void =>
  parentWindow.postMessage({ channel, id, msg }, '*');
const toPage = (msg: FrameMessage<'frame'>): void => send('frame', 0, msg);
const agentJs = new AgentJsSessions((id, msg) => send('agent-js', id, msg));
const snapshots = new SnapshotPipeline(toPage, mark);
const workers = new PythonWorkers(
  isolated,
  snapshots,
  mark,
  (slot, w) => python.onRunMessage(slot, w),
  (slot, message) => python.onError(slot, message),
);
const python = new PythonPool(workers, (id, msg) => send('python', id, msg));
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
      void startPython(m, { isolated, workers, snapshots, pool: python, toPage, mark, times: bootTimes });
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
      python.run(id, m.job);
      break;
    case 'interrupt':
      python.interrupt(id);
      break;
    case 'kill':
      python.kill(id);
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
