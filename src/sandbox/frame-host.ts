// Creates the opaque-origin sandbox frame and hands it everything it needs: the frame cannot
// fetch (its CSP allows no network) and is not controlled by the app's service worker, so the
// app fetches Pyodide's files from its own origin (frame-assets.ts) and passes the bytes in.
import { deferred } from '../shared/deferred.ts';
import type { Channel, FrameMessage, HostMessage } from '../shared/sandbox-protocol.ts';
import { forgetPythonFiles, keepPythonFiles, loadAssets, loadSources, lookupSnapshot } from './frame-assets.ts';
import { heartbeat } from './frame-heartbeat.ts';
import { FrameReplies } from './frame-replies.ts';
import { snapshotHandoff } from './snapshot-handoff.ts';
import { markReported, markStartup } from './startup-times.ts';

const FRAME_CSP =
  "default-src 'none'; script-src 'unsafe-inline' blob: 'wasm-unsafe-eval'; worker-src blob:; connect-src blob:";

export interface FrameConnection {
  /** Sends `msg` on `channel`; id: the run's or session's (see Channel). */
  post<C extends Channel>(channel: C, id: number, msg: HostMessage<C>): void;
  /** The frame's messages on `channel` about `id` go to `on` until the returned function is called. */
  expect<C extends Channel>(channel: C, id: number, on: (msg: FrameMessage<C>) => void): () => void;
  /** The frame's messages on `channel` that nothing expects (a channel's own start-up). */
  listen<C extends Channel>(channel: C, on: (msg: FrameMessage<C>, id: number) => void): void;
  ready: Promise<{ isolated: boolean }>;
  /** Settles when the frame's JavaScript workers can run (after startJs); Python may still be starting. */
  jsReady: Promise<void>;
  /**
   * Starts the JavaScript workers (once). Without a call they start with the frame, or, when
   * Python starts too, shortly after it is up: on two cores they would slow Python's start.
   */
  startJs(): void;
  /** Settles once a snapshot for later visits is stored, or none is needed (one was loaded). */
  cached: Promise<void>;
  /** Settles once the frame has loaded and listens (SQL starts on its first job, after this). */
  loaded: Promise<void>;
  /** Starts Python's interpreters (once); a frame opened with `lazyPython` waits for this. */
  startPython(): void;
  /** Whether Python was asked to start. */
  readonly pythonStarted: boolean;
  /**
   * Called once if the frame stops answering: a run that exhausts the JavaScript heap ends the
   * frame's whole process (Chromium cannot end just the worker), and nothing says so but silence.
   */
  onLost(callback: () => void): void;
  dispose(): void;
}

// How long after Python is up the JavaScript workers start when no JavaScript run asked sooner.
const JS_AFTER_PYTHON_MS = 1000;

export interface FrameOptions {
  /** Python starts on the first Python run (or startPython) instead of at once: a batch of only
   * JavaScript then does not share the CPU with booting interpreters it never uses. */
  lazyPython?: boolean;
}

export function openSandboxFrame(options: FrameOptions = {}): FrameConnection {
  const { lazyPython = false } = options;
  markStartup('sandbox opened');
  const replies = new FrameReplies();
  const send = <C extends Channel>(channel: C, id: number, msg: HostMessage<C>): void =>
    iframe.contentWindow?.postMessage({ channel, id, msg }, '*');
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.setAttribute('allow', 'cross-origin-isolated');
  iframe.setAttribute('aria-hidden', 'true');
  iframe.title = 'Code sandbox';
  iframe.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
  const python = deferred<{ isolated: boolean }>();
  const ready = python.promise;
  const js = deferred();
  const jsReady = js.promise;
  jsReady.catch(() => undefined);
  const snapshots = snapshotHandoff();
  // Python's files are kept for later visits once they have booted Python, dropped if they did not.
  const kept = deferred();
  const filesKept = kept.promise;
  const filesSettled = (): void => kept.resolve();
  const lostCallbacks: (() => void)[] = [];
  const alive = heartbeat(
    (n) => send('frame', n, { type: 'ping' }),
    () => {
      for (const cb of lostCallbacks.splice(0)) cb();
    },
  );
  const listener = (e: MessageEvent): void => {
    // The frame is this app's code, but the run code beside it is not: shapes are checked as used.
    if (e.source === iframe.contentWindow) replies.dispatch(e.data);
  };
  replies.listen('frame', (m, id) => {
    switch (m.type) {
      case 'ready':
        snapshots.ready(m.unpacked === true);
        markReported(m.times);
        markStartup('python ready');
        python.resolve({ isolated: m.isolated === true });
        // After the snapshot: a first visit stores that once its first run is over.
        void snapshots.cached.then(keepPythonFiles).finally(filesSettled);
        alive.start();
        setTimeout(startJs, JS_AFTER_PYTHON_MS);
        break;
      case 'js-ready':
        js.resolve();
        alive.start();
        break;
      case 'pong':
        alive.pong(id);
        break;
      case 'js-boot-error':
        js.reject(new Error(String(m.message)));
        break;
      case 'snapshot':
        if (m.bytes instanceof Blob) snapshots.offered(m.bytes);
        break;
      case 'snapshot-rejected':
        snapshots.rejected();
        break;
      case 'boot-error': {
        startJs();
        snapshots.gaveUp();
        const files = forgetPythonFiles();
        void files.dropped.finally(filesSettled);
        const advice = files.kept ? " (this browser's copy of Python's files is dropped: reload the page)" : '';
        python.reject(new Error(`Python could not start: ${String(m.message)}${advice}`));
        break;
      }
    }
  });
  window.addEventListener('message', listener);
  const failAll = (err: unknown): void => {
    snapshots.gaveUp();
    filesSettled();
    const error = err instanceof Error ? err : new Error(String(err));
    python.reject(error);
    js.reject(error);
  };
  const initPython = async (): Promise<void> => {
    const files = loadAssets();
    const { snapshot, builtSnapshot } = await snapshots.choose(await lookupSnapshot(), async () => {
      return (await files).builtSnapshot;
    });
    markStartup('snapshot looked up');
    // This browser's copy goes ahead of Python's files: reading it is a large part of a returning start.
    if (snapshot && !builtSnapshot) send('frame', 0, { type: 'snapshot', snapshot });
    const { assets, workerSource } = await files;
    markStartup('python files fetched');
    send('frame', 0, { type: 'init', assets, workerSource, builtSnapshot: builtSnapshot ? snapshot : undefined });
    markStartup('files handed to frame');
  };
  let jsStarted = false;
  let jsWanted = false;
  let jsWorkerSource = '';
  const startJs = (): void => {
    jsWanted = true;
    if (!loaded || jsStarted) return;
    jsStarted = true;
    send('frame', 0, { type: 'init-js', jsWorkerSource });
  };
  let pythonWanted = false;
  let pythonStarted = false;
  let loaded = false;
  const frameLoaded = deferred();
  const startPython = (): void => {
    if (!loaded) {
      // Python's files are fetched while the frame loads; a failure shows when the frame asks again.
      if (!pythonWanted) loadAssets().catch(() => undefined);
      pythonWanted = true;
      return;
    }
    if (pythonStarted) return;
    pythonStarted = true;
    markStartup('python asked');
    void loadSources().then(({ workerSource }) => send('frame', 0, { type: 'prepare-python', workerSource }));
    initPython().catch(failAll);
  };
  void loadSources().then((sources) => {
    markStartup('frame sources fetched');
    jsWorkerSource = sources.jsWorkerSource;
    iframe.addEventListener(
      'load',
      () => {
        markStartup('frame loaded');
        loaded = true;
        frameLoaded.resolve();
        if (jsWanted || !pythonWanted) startJs();
        if (pythonWanted) startPython();
      },
      { once: true },
    );
    const script = sources.frameSource.replace(/<\/(script)/gi, '<\\/$1');
    iframe.srcdoc = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}"><script>${script}</script>`;
    document.body.appendChild(iframe);
  }, failAll);
  if (!lazyPython) startPython();
  return {
    post: send,
    expect: (channel, id, on) => replies.expect(channel, id, on),
    listen: (channel, on) => replies.listen(channel, on),
    ready,
    jsReady,
    cached: Promise.all([snapshots.cached, filesKept]).then(() => undefined),
    loaded: frameLoaded.promise,
    startPython,
    startJs,
    get pythonStarted() {
      return pythonWanted || pythonStarted;
    },
    onLost: (cb) => void lostCallbacks.push(cb),
    dispose: () => {
      alive.stop();
      lostCallbacks.length = 0;
      window.removeEventListener('message', listener);
      iframe.remove();
    },
  };
}
