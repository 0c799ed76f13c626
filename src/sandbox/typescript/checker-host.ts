// The page's side of the checker worker: starts it on first use, keeps it warm, bounds every
// call (comlink has no timeouts: a call to a dead or stuck worker never settles), and replaces a
// worker that crashed or stopped answering.
import { releaseProxy, wrap, type Endpoint, type Remote } from 'comlink';
import type { TsCheckOptions, TsCheckResult, TypeScriptChecker } from '../../shared/typescript-check.ts';
import type { CheckerWorkerApi } from './worker-api.ts';

/** A Worker, or anything that behaves like one (tests use a MessagePort). */
export interface CheckerWorker extends Endpoint {
  terminate(): void;
}

export interface CheckerHostOptions {
  /** Bound on one call, start-up included (the first grading check parses the DOM's types). */
  callTimeoutMs?: number;
}

export interface WarmTypeScriptChecker extends TypeScriptChecker {
  /** Starts the worker and parses the lib files now, so the first check is fast. */
  warm(strict?: boolean): Promise<void>;
}

interface Live {
  worker: CheckerWorker;
  api: Remote<CheckerWorkerApi>;
  /** Rejects the calls still waiting on this worker. */
  failures: Set<(err: Error) => void>;
}

const DEFAULT_CHECK_TIMEOUT_MS = 60_000;

export function createCheckerHost(spawn: () => CheckerWorker, opts: CheckerHostOptions = {}): WarmTypeScriptChecker {
  const timeoutMs = opts.callTimeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  let live: Live | undefined;
  let disposed = false;

  function stop(l: Live, err: Error): void {
    if (live === l) live = undefined;
    l.api[releaseProxy]();
    l.worker.terminate();
    for (const fail of [...l.failures]) fail(err);
    l.failures.clear();
  }

  function start(): Live {
    if (live) return live;
    const worker = spawn();
    const l: Live = { worker, api: wrap<CheckerWorkerApi>(worker), failures: new Set() };
    worker.addEventListener('error', () =>
      stop(l, new Error('The TypeScript checker stopped unexpectedly; it will be restarted for the next check.')),
    );
    return (live = l);
  }

  function call<T>(work: (api: Remote<CheckerWorkerApi>) => Promise<T>): Promise<T> {
    if (disposed) return Promise.reject(new Error('The TypeScript checker was closed.'));
    const l = start();
    return new Promise<T>((resolve, reject) => {
      const fail = (err: Error): void => {
        clearTimeout(timer);
        reject(err);
      };
      const timer = setTimeout(() => {
        l.failures.delete(fail);
        reject(new Error(`The TypeScript checker did not answer within ${timeoutMs / 1000} s; it was restarted.`));
        stop(l, new Error('The TypeScript checker was restarted while this check waited.'));
      }, timeoutMs);
      l.failures.add(fail);
      work(l.api).then(
        (value) => {
          l.failures.delete(fail);
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          l.failures.delete(fail);
          fail(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }

  return {
    check: (code: string, options: TsCheckOptions): Promise<TsCheckResult> => call((api) => api.check(code, options)),
    warm: (strict = true) => call((api) => api.warm(strict)),
    dispose() {
      disposed = true;
      if (live) stop(live, new Error('The TypeScript checker was closed.'));
    },
  };
}
