// One checker worker in the pool. It runs one call at a time, so when a call overruns, the check
// that overran is known and only it is blamed. Comlink has no timeouts (a call to a stuck or dead
// worker never settles), so every call is bounded here; a worker that overran or crashed is ended
// for good, since a compiler stuck in a synchronous loop cannot be interrupted any other way.
import { releaseProxy, wrap, type Endpoint, type Remote } from 'comlink';
import { clampTimerMs } from '../../shared/timers.ts';
import type { CheckerWorkerApi } from './worker-api.ts';

/** A Worker, or anything that behaves like one (tests use a MessagePort). */
export interface CheckerWorker extends Endpoint {
  terminate(): void;
}

/** The call did not settle within its bound; the worker was ended. */
export class Overran extends Error {}

/** The worker stopped (it crashed, or the pool was closed) before the call settled. */
export class WorkerLost extends Error {}

export class CheckerSlot {
  /** The modes (strict or not) whose lib files this worker has parsed. */
  readonly warmed = new Set<boolean>();
  /** Set by the pool while a call (a check or a set-up) is under way. */
  busy = false;
  private ended = false;
  private readonly worker: CheckerWorker;
  private readonly api: Remote<CheckerWorkerApi>;
  /** Rejects the call under way, when the worker ends before it settles. */
  private abort: ((err: Error) => void) | undefined;

  constructor(
    spawn: () => CheckerWorker,
    private readonly onEnd: (slot: CheckerSlot) => void,
  ) {
    this.worker = spawn();
    this.api = wrap<CheckerWorkerApi>(this.worker);
    this.worker.addEventListener('error', () =>
      this.end(new WorkerLost('The TypeScript checker stopped unexpectedly.')),
    );
  }

  get alive(): boolean {
    return !this.ended;
  }

  /** Runs one call on the worker; past `boundMs` the worker is ended and the call rejects with Overran. */
  call<T>(work: (api: Remote<CheckerWorkerApi>) => Promise<T>, boundMs: number): Promise<T> {
    if (this.ended) return Promise.reject(new WorkerLost('The TypeScript checker was ended.'));
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => this.end(new Overran(`The TypeScript checker did not answer within ${boundMs / 1000} s.`)),
        clampTimerMs(boundMs),
      );
      const settle = (): boolean => {
        clearTimeout(timer);
        const mine = this.abort === fail;
        if (mine) this.abort = undefined;
        return mine;
      };
      const fail = (err: Error): void => {
        if (settle()) reject(err);
      };
      this.abort = fail;
      work(this.api).then(
        (value) => {
          if (settle()) resolve(value);
        },
        (err: unknown) => fail(err instanceof Error ? err : new Error(String(err))),
      );
    });
  }

  /** Ends the worker; the call under way rejects with `err`. */
  end(err: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.api[releaseProxy]();
    this.worker.terminate();
    this.abort?.(err);
    this.onEnd(this);
  }
}
