// Runs inside a classic blob worker of the opaque sandbox frame, next to the untrusted code.
// The private port arrives in the first message and lives only in this closure: run code can
// reach the worker's globals (`import js`), so nothing it may not touch is ever put there.
import { deferred } from '../../shared/deferred.ts';
import type { FrameToWorker, WorkerInit, WorkerToFrame } from '../../shared/sandbox-protocol.ts';
import { forEachSparsePage, sparseLength } from '../../shared/sparse-snapshot.ts';
import { zeroFreeHeap, type HeapModule } from '../../shared/free-heap.ts';
import { SnapshotTarget, untouchedByStart, type ModuleLayout, type SnapshotPages } from './snapshot-target.ts';
import { HARNESS_DIR, IMPORT_HARNESS, INSTALL_SLEEP, PYTHON_ENV, REFRESH, WARM_UP } from '../../shared/python-boot.ts';
import { BridgeWatch } from './bridge-watch.ts';
import type { EmscriptenFS } from './emscripten-fs.ts';
import { HarnessDevice } from './harness-device.ts';
import { HeldFlags } from './held-flags.ts';
import { prepareRuns, type PyodideForRuns } from './python-runs.ts';
import { serveAgent } from './agent/python-agent.ts';

declare const self: DedicatedWorkerGlobalScope;

interface Pyodide extends PyodideForRuns {
  _module: HeapModule & PyodideForRuns['_module'];
  makeMemorySnapshot(): Uint8Array;
  setInterruptBuffer(buf: Int32Array): void;
  FS: EmscriptenFS;
  unpackArchive(buffer: ArrayBuffer | Uint8Array, format: string, options?: { extractDir?: string }): void;
}

// Wall-clock moments of this worker's start, sent with "ready" for the bench's start-up rows.
const clock = (): number => performance.timeOrigin + performance.now();
const bootTimes: Record<string, number> = { 'worker started': clock() };

// Run code can rewrite this worker's globals (`js.JSON.parse = ...`, the prototype of
// MessagePort or MessageEvent) to change the job this worker reads or the result it sends, for
// its own run or a later one. Everything on that path is taken here, when the worker loads and
// before any Python exists, and only called through these references.
const apply = Reflect.apply;
const portPost = MessagePort.prototype.postMessage;
const eventData = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')!.get!;
const atomicsStore = Atomics.store;

function onInit(e: MessageEvent<WorkerInit>): void {
  self.removeEventListener('message', onInit);
  const init = e.data;
  if (!init || init.type !== 'init' || !(init.port instanceof MessagePort)) return;
  void boot(init);
}
self.addEventListener('message', onInit);

type PyodideModules = [
  { loadPyodide(config: Record<string, unknown>): Promise<Pyodide> },
  { default: (settings: unknown) => Promise<unknown> },
];

function importModules(urls: { pyodideMjs: string; asmMjs: string }): Promise<PyodideModules> {
  return Promise.all([import(/* @vite-ignore */ urls.pyodideMjs), import(/* @vite-ignore */ urls.asmMjs)]);
}

async function boot(init: WorkerInit): Promise<void> {
  const port = init.port;
  const send = (m: WorkerToFrame): void => apply(portPost, port, [m]);
  let loaded: Loaded;
  const watch = new BridgeWatch();
  // The compiled wasm and the snapshot to restore come over the private port, once the frame has them.
  const { promise: compiled, resolve: gotModule } = deferred<WebAssembly.Module>();
  const { promise: snapshotLength, resolve: gotLength } = deferred<number>();
  const { promise: snapshotBytes, resolve: gotSnapshot } = deferred<ArrayBuffer>();
  const { promise: stdlib, resolve: gotStdlib } = deferred<ArrayBuffer | undefined>();
  port.onmessage = (e: MessageEvent<FrameToWorker>) => {
    const m = apply(eventData, e, []) as FrameToWorker | undefined;
    if (m?.type === 'module' && m.module instanceof WebAssembly.Module) gotModule(m.module);
    else if (m?.type === 'snapshot-length' && typeof m.length === 'number') gotLength(m.length);
    else if (m?.type === 'snapshot' && m.bytes instanceof ArrayBuffer) gotSnapshot(m.bytes);
    else if (m?.type === 'stdlib') gotStdlib(m.bytes instanceof ArrayBuffer ? m.bytes : undefined);
  };
  const restoreFrom = init.restore ? { length: snapshotLength, bytes: snapshotBytes } : undefined;
  try {
    loaded = await loadInterpreter(init, watch, compiled, stdlib, restoreFrom);
  } catch (err) {
    send({ type: 'boot-error', message: String(err) });
    return;
  }
  // A Blob crosses to the frame and the page as a handle; 30 MB of bytes would be copied.
  const { memory, snapshot } = loaded;
  if (snapshot) send({ type: 'snapshot', bytes: new Blob([snapshot as Uint8Array<ArrayBuffer>]) });
  if (init.agent) {
    try {
      const read = (e: MessageEvent): FrameToWorker | undefined => apply(eventData, e, []) as FrameToWorker | undefined;
      serveAgent(loaded.py, port, send, read, init.interrupt, memory);
    } catch (err) {
      send({ type: 'boot-error', message: String(err) });
      return;
    }
    send({ type: 'ready', times: bootTimes });
    return;
  }
  let run: ReturnType<typeof prepareRuns>;
  try {
    run = prepareRuns(loaded, watch);
  } catch (err) {
    send({ type: 'boot-error', message: String(err) });
    return;
  }
  port.onmessage = (e: MessageEvent<FrameToWorker>) => {
    const m = apply(eventData, e, []) as FrameToWorker | undefined;
    if (m?.type !== 'run') return;
    send({ type: 'started', id: m.id });
    if (init.interrupt) atomicsStore(init.interrupt, 0, 0);
    const held = new HeldFlags();
    const ran = run(m.job, (msg) => {
      if (msg.kind === 'progress') send({ type: 'progress', id: m.id, test: msg.text });
      else if (msg.kind === 'stdout' || msg.kind === 'stderr')
        send({ type: 'output', id: m.id, stream: msg.kind, text: msg.text, truncated: msg.cut });
      else if (msg.kind === 'verdict') send({ type: 'verdict', id: m.id, json: held.into(msg.text) });
      else if (msg.kind === 'flags') held.add(msg.text);
    });
    if ('fatal' in ran) {
      send({ type: 'fatal', id: m.id, message: ran.fatal, ...(ran.putBack ? { fresh: true } : {}) });
      ran.putBack?.();
    } else {
      send({
        type: 'result',
        id: m.id,
        json: held.into(ran.json),
        heapBytes: memory?.buffer.byteLength,
        ...fitness(ran),
      });
      // After the result is sent: the page reads it while the memory is copied back.
      ran.putBack();
    }
  };
  bootTimes['harness imported'] = clock();
  send({ type: 'ready', times: bootTimes });
}

interface Loaded {
  py: Pyodide;
  memory?: WebAssembly.Memory;
  table?: WebAssembly.Table;
  device: HarnessDevice;
  snapshot?: Uint8Array;
}

async function loadInterpreter(
  init: WorkerInit,
  watch: BridgeWatch,
  compiled: Promise<WebAssembly.Module>,
  stdlib: Promise<ArrayBuffer | undefined>,
  restoreFrom: { length: Promise<number>; bytes: Promise<ArrayBuffer> } | undefined,
): Promise<Loaded> {
  // Pyodide sizes the interpreter's memory by the snapshot before it instantiates, and reads the
  // bytes only when it restores: it is handed a buffer of the right length at once, and the
  // bytes, read meanwhile, are written when it restores.
  let target: SnapshotTarget | undefined;
  let memory: WebAssembly.Memory | undefined;
  let table: WebAssembly.Table | undefined;
  const snapshotSized = restoreFrom?.length.then((n) => (target = new SnapshotTarget(n)).handed);
  const snapshotPages = async (): Promise<SnapshotPages> => {
    const bytes = new Uint8Array(await restoreFrom!.bytes);
    const length = target!.length;
    // This browser's own copy leaves out the pages of zeros; the one built with the app is whole.
    return (write) => {
      if (sparseLength(bytes) !== undefined) forEachSparsePage(bytes, length, write);
      else if (bytes.length === length) write(0, bytes);
      else throw new Error('the snapshot changed length on its way');
      release(bytes.buffer);
      bootTimes['snapshot read'] = clock();
    };
  };
  const [pyodideModule, asmModule] = await importModules(init.urls);
  bootTimes['pyodide imported'] = clock();
  // Pyodide fetches indexURL + "pyodide.asm.wasm" and instantiates it while it loads. The frame has
  // compiled that module already, so both steps are answered from it for the length of the load.
  // The standard library's zip is answered with the bytes the frame has read, when it could.
  const realFetch = self.fetch;
  const realStreaming = WebAssembly.instantiateStreaming;
  self.fetch = (input, opts) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('pyodide.asm.wasm')) return Promise.resolve(new Response(null));
    if (url === init.urls.stdlib) return stdlib.then((b) => (b ? answerWith(b) : realFetch(input, opts)));
    return realFetch(input, opts);
  };
  WebAssembly.instantiateStreaming = async (_source, imports) => {
    const wasmModule = await compiled;
    const instance = await WebAssembly.instantiate(wasmModule, imports && watch.wrap(imports));
    bootTimes['wasm instantiated'] = clock();
    const exported = Object.values(instance.exports).find((e) => e instanceof WebAssembly.Memory);
    table = Object.values(instance.exports).find((e) => e instanceof WebAssembly.Table);
    memory =
      exported ??
      Object.values(imports?.env ?? {}).find((e): e is WebAssembly.Memory => e instanceof WebAssembly.Memory);
    return { module: wasmModule, instance };
  };
  // The snapshot is written as Pyodide restores it, straight into the memory, where this Pyodide
  // lets its restore be given the memory's own bytes; otherwise into the buffer it was handed.
  const createPyodideModule = async (settings: unknown): Promise<unknown> => {
    const module = (await asmModule.default(settings)) as ModuleLayout & { API?: { restoreSnapshot?: unknown } };
    if (!target) return module;
    const api = module.API;
    const restore = api?.restoreSnapshot;
    if (!api || typeof restore !== 'function' || !memory) {
      target.intoHanded(await snapshotPages());
      return module;
    }
    const handed = target.handed;
    const pages = await snapshotPages();
    const snapshotTarget = target;
    const wasmMemory = memory;
    // Written when Pyodide restores, not before: anything its load writes into the memory in
    // between is overwritten, as Pyodide's own copy would overwrite it.
    api.restoreSnapshot = (given: unknown) => {
      if (given !== handed) return apply(restore, api, [given]);
      const bytes = new Uint8Array(wasmMemory.buffer);
      return apply(restore, api, [snapshotTarget.intoMemory(bytes, pages, untouchedByStart(module, bytes.length))]);
    };
    return module;
  };
  let py: Pyodide;
  try {
    py = await pyodideModule.loadPyodide({
      indexURL: init.urls.stdlib.replace(/[^/]*$/, ''),
      stdLibURL: init.urls.stdlib,
      lockFileContents: init.lock,
      createPyodideModule,
      stdin: () => null,
      env: { ...PYTHON_ENV },
      ...(snapshotSized ? { _loadSnapshot: snapshotSized } : init.makeSnapshot ? { _makeSnapshot: true } : {}),
    });
  } finally {
    self.fetch = realFetch;
    WebAssembly.instantiateStreaming = realStreaming;
  }
  // Pyodide holds on to the snapshot it was handed for as long as the interpreter lives.
  release(target?.handed.buffer);
  bootTimes[init.restore ? 'snapshot restored' : 'stdlib loaded'] = clock();
  py.FS.mkdirTree(`${HARNESS_DIR}/fixpoint_harness`);
  // Encoded here, natively: handed a string, Pyodide's file system encodes it a character at a time.
  const utf8 = new TextEncoder();
  for (const [name, source] of Object.entries(init.harness)) {
    py.FS.writeFile(`${HARNESS_DIR}/fixpoint_harness/${name}`, utf8.encode(source));
  }
  // A snapshot holds the harness imported already: its functions are called, no source compiled.
  // What a new interpreter has fresh is made fresh again (src/sandbox/frame/py/restore.py).
  if (init.restore) py.runPython(REFRESH);
  else py.runPython(IMPORT_HARNESS);
  let snapshot: Uint8Array | undefined;
  if (init.makeSnapshot && !init.restore) {
    try {
      py.runPython(WARM_UP);
      zeroFreeHeap(py._module);
      snapshot = py.makeMemorySnapshot();
    } catch {
      // Without a snapshot every interpreter boots from scratch: slower, same behaviour.
    }
  }
  // The device and its open wait come after the snapshot: they live in this worker's files.
  const device = new HarnessDevice(py.FS, init.interrupt);
  if (init.interrupt) {
    py.setInterruptBuffer(init.interrupt);
    py.runPython(INSTALL_SLEEP);
  }
  return { py, memory, table, device, snapshot };
}

/**
 * A response whose body is `bytes` themselves: Pyodide reads the zip's whole body and copies it
 * into its file system, and a body read from a stream would be one more copy of 2.5 MB, into
 * fresh memory (slow to touch the first time).
 */
function answerWith(bytes: ArrayBuffer): Response {
  const res = new Response(null, { status: 200 });
  return Object.defineProperty(res, 'arrayBuffer', { value: () => Promise.resolve(bytes) });
}

/**
 * Frees a snapshot's bytes (31 MB) once they are in the interpreter's memory, though something
 * still refers to them: moved out, the buffer left behind is empty.
 */
function release(buffer: ArrayBufferLike | undefined): void {
  if (buffer instanceof ArrayBuffer && buffer.byteLength > 0) structuredClone(buffer, { transfer: [buffer] });
}

const fitness = (ran: { fresh: boolean; stale?: string }): { fresh: boolean; stale?: string } =>
  ran.stale === undefined ? { fresh: ran.fresh } : { fresh: ran.fresh, stale: ran.stale };
