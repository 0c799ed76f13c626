// The JavaScript agent session's worker: one per session, in the opaque sandbox frame. It keeps
// its global scope across actions (top-level declarations land there, repl-transform.ts), runs
// each action by importScripts of a blob URL (the frame's CSP refuses eval), and reports what the
// action printed, its value, its display() calls, its error and a finalAnswer() call. Timers an
// action left pending are cleared when it ends. The private port arrives in the first message and
// lives only in this closure; what is reported is built from closure variables, with built-ins
// captured before any action ran.
import type { RichOutput } from '../../../shared/agent.ts';
import type {
  AgentJsAction,
  AgentJsEvent,
  AgentJsResult,
  FrameToAgentJsWorker,
} from '../../../shared/agent-js-protocol.ts';
import { describeThrown } from '../javascript/errors.ts';
import { format, inspect } from '../javascript/inspect.ts';
import {
  ErrorCtor,
  apply,
  append,
  defineProperty,
  freeze,
  hasOwn,
  promiseThen,
  stringReplace,
  toText,
} from '../javascript/intrinsics.ts';
import { Sink } from '../javascript/output.ts';
import {
  BlobCtor,
  addListener,
  errorEventError,
  eventData,
  makeUrl,
  portPost,
  preventDefault,
  randomWords,
  realClearInterval,
  realClearTimeout,
  realSetInterval,
  realSetTimeout,
  rejectionReason,
  revokeUrl,
  runScript,
} from '../javascript/worker-captures.ts';
import { MemoryFs } from './memory-fs.ts';
import { displayed, reprOf } from './rich.ts';

declare const self: DedicatedWorkerGlobalScope;

const g = self as unknown as Record<string, unknown>;
// Thrown by finalAnswer to end the action; never shown.
const FINAL = freeze({ final: true });
// Rich parts kept per action, and the characters of each.
const RICH_MAX = 50;
const RICH_CHARS = 4_000_000;

interface Action {
  id: number;
  sink: Sink;
  rich: RichOutput[];
  value?: string;
  error?: string;
  finalAnswer?: string;
}

const files = new MemoryFs();
const scripts: string[] = [];
const timers = new Set<number>();
let current: Action | undefined;
let send: (m: AgentJsEvent) => void = () => undefined;

function onInit(e: MessageEvent<FrameToAgentJsWorker>): void {
  self.removeEventListener('message', onInit);
  const m = apply(eventData, e, []) as FrameToAgentJsWorker | undefined;
  if (m?.type !== 'init' || !(m.port instanceof MessagePort)) return;
  const port = m.port;
  send = (msg) => apply(portPost, port, [msg]);
  installGlobals();
  port.onmessage = (ev: MessageEvent<FrameToAgentJsWorker>) => {
    const r = apply(eventData, ev, []) as FrameToAgentJsWorker | undefined;
    if (r?.type === 'files') {
      files.load(r.files);
      send({ type: 'ready' });
    } else if (r?.type === 'act' && !current) act(r.id, r.action);
  };
}
self.addEventListener('message', onInit);

const finalText = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint'
      ? toText(v)
      : inspect(v);

function addRich(a: Action, r: RichOutput): void {
  if (a.rich.length >= RICH_MAX) return;
  append(
    a.rich,
    r.data.length > RICH_CHARS
      ? { mime: 'text/plain', data: `[${r.mime}: ${r.data.length} characters, past the limit]` }
      : r,
  );
}

function installGlobals(): void {
  const def = (name: string, value: unknown): void =>
    void defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
  const write = (stream: 'stdout' | 'stderr', args: unknown[]): void =>
    current?.sink.write(stream, `${format(args)}\n`);
  const out = (...a: unknown[]): void => write('stdout', a);
  const err = (...a: unknown[]): void => write('stderr', a);
  def(
    'console',
    freeze({
      log: out,
      info: out,
      debug: out,
      dir: (v: unknown) => current?.sink.write('stdout', `${inspect(v)}\n`),
      table: out,
      warn: err,
      error: err,
      trace: err,
      assert: (ok: unknown, ...a: unknown[]) => void (ok ? undefined : err('Assertion failed', ...a)),
    }),
  );
  // A nested worker outlives this one's end in Chromium, and a BroadcastChannel reaches every
  // session in the frame: state would survive a restart, and one run could talk to another.
  for (const name of ['Worker', 'SharedWorker', 'BroadcastChannel']) {
    def(name, function unavailable() {
      throw new ErrorCtor(`${name} is not available in an agent session: its state must end with the session`);
    });
  }
  const { fs, promises } = files.module();
  def('require', (name: unknown) => {
    const n = toText(name);
    if (n === 'fs' || n === 'node:fs') return fs;
    if (n === 'fs/promises' || n === 'node:fs/promises') return promises;
    const e = new ErrorCtor(
      `Cannot find module '${n}': actions have node:fs (the working directory's files) and the language's own built-ins, no other modules`,
    );
    defineProperty(e, 'code', { value: 'MODULE_NOT_FOUND', enumerable: true });
    throw e;
  });
  def('display', (...values: unknown[]) => {
    const a = current;
    if (a) for (const v of values) addRich(a, displayed(v));
  });
  def('finalAnswer', (value: unknown) => {
    const a = current;
    // Called by something an earlier action left running, between actions: it answers nothing.
    if (!a) return;
    a.finalAnswer ??= finalText(value);
    throw FINAL;
  });
  const track = (id: number): number => (timers.add(id), id);
  def('setTimeout', (fn: unknown, ms?: unknown, ...args: unknown[]) => {
    if (typeof fn !== 'function') throw new TypeError('setTimeout needs a function');
    const id: number = realSetTimeout(
      () => {
        timers.delete(id);
        apply(fn, undefined, args);
      },
      Number(ms) || 0,
    );
    return track(id);
  });
  def('setInterval', (fn: unknown, ms?: unknown, ...args: unknown[]) => {
    if (typeof fn !== 'function') throw new TypeError('setInterval needs a function');
    return track(realSetInterval(() => apply(fn, undefined, args), Number(ms) || 0));
  });
  const clear = (id: unknown): void => {
    timers.delete(id as number);
    realClearTimeout(id as number);
    realClearInterval(id as number);
  };
  def('clearTimeout', clear);
  def('clearInterval', clear);
  // An error in a callback during an action is its error; between actions there is no one to tell.
  const uncaught = (reason: unknown): void => {
    const a = current;
    if (!a || reason === FINAL) return;
    if (a.error === undefined) a.error = describe(reason);
    else a.sink.write('stderr', `Uncaught ${describe(reason)}\n`);
  };
  apply(addListener, self, [
    'unhandledrejection',
    (e: PromiseRejectionEvent) => {
      apply(preventDefault, e, []);
      uncaught(apply(rejectionReason, e, []));
    },
  ]);
  apply(addListener, self, [
    'error',
    (e: ErrorEvent) => {
      apply(preventDefault, e, []);
      uncaught(apply(errorEventError, e, []));
    },
  ]);
}

// Characters ahead of each action's code on its first line (the wrapper and its prelude).
const firstLineOffset = new Map<string, number>();
const FIRST_LINE = /\b(action-\d+\.js):1:(\d+)/g;

const describe = (err: unknown): string => {
  try {
    const trace = describeThrown(err, scripts, scripts.at(-1) ?? '').exception.traceback;
    return stringReplace(trace, FIRST_LINE, (_m: string, name: string, col: string) => {
      const c = Number(col) - (firstLineOffset.get(name) ?? 0);
      return `${name}:1:${c > 0 ? c : 1}`;
    });
  } catch {
    return 'Uncaught an error that cannot be shown';
  }
};

function act(id: number, action: AgentJsAction): void {
  // Every field its own: a getter an action put on Object.prototype is never read as one.
  const a: Action = {
    id,
    value: undefined,
    error: undefined,
    finalAnswer: undefined,
    rich: [],
    sink: new Sink(
      action.outputCap,
      (stream, text, truncated) => send({ type: 'output', id, stream, text, truncated }),
      // At once: an action that then hangs has its output up to there in the observation.
      (fn) => {
        fn();
        return undefined as unknown as ReturnType<typeof setTimeout>;
      },
    ),
  };
  current = a;
  const { name, prelude, body: code, names } = action;
  append(scripts, name);
  for (let i = 0; i < names.length; i++) {
    const n = names[i]!;
    if (!hasOwn(g, n))
      defineProperty(g, n, { value: undefined, writable: true, configurable: true, enumerable: false });
  }
  const hook = `__fixpointAction${randomWords(new Uint32Array(4)).join('_')}`;
  let body: ((scope: unknown) => Promise<unknown>) | undefined;
  defineProperty(g, hook, { value: (f: typeof body) => (body = f), configurable: true });
  const head = `${hook}(async function (__fixpointScope) {${prelude}`;
  firstLineOffset.set(name, head.length);
  const source = `${head}${code}\n});\n//# sourceURL=${name}`;
  const url = makeUrl(new BlobCtor([source], { type: 'text/javascript' }));
  try {
    runScript(url);
  } catch (err) {
    a.error = describe(err);
  } finally {
    revokeUrl(url);
    delete g[hook];
  }
  if (!body) {
    a.error ??= 'the action did not run';
    return end(a);
  }
  let running: Promise<unknown>;
  try {
    running = body(g);
  } catch (err) {
    if (err !== FINAL) a.error = describe(err);
    return end(a);
  }
  void promiseThen(
    running,
    (v: unknown) => {
      if (v === undefined || a.finalAnswer !== undefined) return end(a);
      try {
        a.value = inspect(v);
        const repr = reprOf(v);
        if (repr) addRich(a, repr);
      } catch (err) {
        a.error ??= describe(err);
      }
      end(a);
    },
    (err: unknown) => {
      if (err !== FINAL && a.error === undefined) a.error = describe(err);
      end(a);
    },
  );
}

/** After a turn of the event loop, so errors of the action's last callbacks are its own. */
function end(a: Action): void {
  realSetTimeout(() => {
    if (current !== a) return;
    for (const t of timers) {
      realClearTimeout(t);
      realClearInterval(t);
    }
    timers.clear();
    a.sink.finish();
    current = undefined;
    const changes = files.takeChanges();
    const result: AgentJsResult = {
      value: a.value,
      rich: a.rich,
      error: a.error,
      finalAnswer: a.finalAnswer,
      written: changes.written,
      removed: changes.removed,
    };
    send({ type: 'result', id: a.id, result });
  }, 0);
}
