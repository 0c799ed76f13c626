// The page's side of the checker: a small pool of workers fed from one queue, each running one
// check at a time. A check's time limit runs only while the check itself runs, never while it
// waits or while a worker sets up: a check that overruns it is timed out, its worker is ended and
// replaced in the background, and the checks queued behind it go to the other worker. A worker
// that crashes under a check costs that check one retry, and no other check anything. The second
// worker starts when a check first has to wait for one (a batch, or a stall), not before: its
// set-up takes seconds of CPU and the page's memory, which a page checking one program at a time
// would pay for nothing. The editor's requests (completions, hovers) go ahead of the checks
// waiting, latest-wins: a request replaces the one of its kind still waiting, so typing fast never
// queues stale answers; they never start a second worker, and a worker stuck on one is replaced.
import { TypeCheckTimedOut, type TsCheckOptions, type TsCheckResult } from '../../shared/typescript-check.ts';
import type { TypeScriptChecker } from '../../shared/typescript-check.ts';
import type { CodeIntel } from '../../shared/code-intel.ts';
import type { Remote } from 'comlink';
import { CheckerSlot, Overran, WorkerLost, type CheckerWorker } from './checker-slot.ts';
import type { CheckerWorkerApi, IntelCalls } from './worker-api.ts';

export type { CheckerWorker } from './checker-slot.ts';

export interface CheckerHostOptions {
  /** Workers at most (default 2): a stalled check holds one until its limit, the other keeps checking. */
  size?: number;
  /** Bound on setting a worker up (start, parse the lib files), which no check's limit pays. */
  setupTimeoutMs?: number;
  /** Bound on a check that comes without a limit of its own. */
  checkTimeoutMs?: number;
}

export interface WarmTypeScriptChecker extends TypeScriptChecker {
  /** Starts a worker and parses the lib files now, so the first check is fast. */
  warm(strict?: boolean): Promise<void>;
  /** The editor's completions, hovers and signature help, from the same workers. */
  readonly intel: CodeIntel;
}

interface Task {
  strict: boolean;
  /** A check; a task without one only sets a worker up. */
  check?: { code: string; options: TsCheckOptions; limitMs: number };
  /** An editor request, which answers undefined when a newer one of its kind or its signal drops it. */
  intel?: IntelTask;
  resolve(value: unknown): void;
  reject(err: Error): void;
  /** Workers that crashed while this check ran. */
  lost: number;
}

interface IntelTask {
  kind: keyof IntelCalls;
  call: (api: Remote<CheckerWorkerApi>) => Promise<unknown>;
  signal?: AbortSignal;
}

const DEFAULT_SETUP_TIMEOUT_MS = 60_000;
const DEFAULT_CHECK_TIMEOUT_MS = 60_000;
/** Bound on an editor request; past it the worker is ended and replaced, as for a check. */
const INTEL_TIMEOUT_MS = 10_000;
/** A check whose worker crashed this many times fails with the reason. */
const MAX_LOST = 2;
/** Set-ups failing this many times in a row fail the checks waiting (workers that cannot start). */
const MAX_FAILED_STARTS = 3;
const CLOSED = 'The TypeScript checker was closed.';
/** The User Timing measure of each worker's set-up; its detail is how many modes it set up. */
export const SETUP_MEASURE = 'fixpoint:typescript-checker-setup';

export function createCheckerHost(spawn: () => CheckerWorker, opts: CheckerHostOptions = {}): WarmTypeScriptChecker {
  const size = Math.max(1, opts.size ?? 2);
  const setupMs = opts.setupTimeoutMs ?? DEFAULT_SETUP_TIMEOUT_MS;
  const defaultCheckMs = opts.checkTimeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const slots: CheckerSlot[] = [];
  const queue: Task[] = [];
  /** The modes asked for so far: a replacement sets them up before a check needs them. */
  const modes = new Set<boolean>();
  let failedStarts = 0;
  let disposed = false;

  function start(): void {
    if (disposed || slots.length >= size) return;
    const slot = new CheckerSlot(spawn, (s) => slots.splice(slots.indexOf(s), 1));
    slots.push(slot);
    // A worker started for a waiting check sets up that check's mode only (another mode is set up
    // when a check first needs it, never while a check could be waiting); a replacement, all of them.
    const wanted = queue.length > 0 ? [queue[0]!.strict] : [...modes];
    const began = performance.now();
    void occupy(slot, async () => {
      // A restart's cost, for the bench: start, load the compiler, parse the lib files.
      if (!(await setUp(slot, wanted))) performance.measure(SETUP_MEASURE, { start: began, detail: wanted.length });
    });
  }

  /** Parses the lib files of the modes the worker lacks; the error when it could not. */
  async function setUp(slot: CheckerSlot, wanted: Iterable<boolean>): Promise<Error | undefined> {
    for (const strict of [...wanted]) {
      if (slot.warmed.has(strict)) continue;
      try {
        await slot.call((api) => api.warm(strict), setupMs);
      } catch (err) {
        if (!slot.alive && ++failedStarts >= MAX_FAILED_STARTS) {
          failedStarts = 0;
          const cause = `The TypeScript checker could not start: ${asError(err).message}`;
          for (const task of queue.splice(0)) task.reject(new Error(cause));
        }
        return asError(err);
      }
      slot.warmed.add(strict);
      failedStarts = 0;
    }
    return undefined;
  }

  /** Hands queued tasks to free workers, and starts a worker when all are busy. */
  function pump(): void {
    if (disposed) return;
    for (const slot of slots) {
      if (slot.busy) continue;
      const task = queue.shift();
      if (task) void occupy(slot, () => run(slot, task));
    }
    // Editor requests wait for a busy worker rather than start a second one.
    if (queue.some((t) => !t.intel) || (queue.length > 0 && slots.length === 0)) start();
  }

  async function occupy(slot: CheckerSlot, work: () => Promise<unknown>): Promise<void> {
    slot.busy = true;
    await work();
    slot.busy = false;
    // A worker that was set up and then ended (a stall, a crash) is replaced at once, so the next
    // check need not wait for the set-up; after failed starts, workers start only when a check waits.
    if (!slot.alive && failedStarts === 0 && slot.warmed.size > 0) start();
    pump();
  }

  async function run(slot: CheckerSlot, task: Task): Promise<void> {
    const failed = await setUp(slot, [task.strict]);
    if (disposed) return task.reject(new Error(CLOSED));
    if (failed) {
      // A worker lost while it set up was no fault of this task's: it waits for the next one.
      if (slot.alive) task.reject(failed);
      else queue.unshift(task);
      return;
    }
    if (task.intel) return serve(slot, task.intel, task);
    if (!task.check) return task.resolve(undefined);
    const { code, options, limitMs } = task.check;
    try {
      task.resolve(await slot.call((api) => api.check(code, options), limitMs));
    } catch (err) {
      if (err instanceof Overran) task.reject(new TypeCheckTimedOut(limitMs));
      else if (err instanceof WorkerLost && !disposed && ++task.lost < MAX_LOST) queue.unshift(task);
      else task.reject(disposed ? new Error(CLOSED) : asError(err));
    }
  }

  async function serve(slot: CheckerSlot, intel: IntelTask, task: Task): Promise<void> {
    if (intel.signal?.aborted) return task.resolve(undefined);
    try {
      task.resolve(await slot.call(intel.call, INTEL_TIMEOUT_MS));
    } catch (err) {
      task.reject(asError(err));
    }
  }

  function submit(strict: boolean, check?: Task['check']): Promise<unknown> {
    if (disposed) return Promise.reject(new Error(CLOSED));
    modes.add(strict);
    const done = new Promise<unknown>((resolve, reject) => queue.push({ strict, check, resolve, reject, lost: 0 }));
    pump();
    return done;
  }

  function ask<T>(kind: keyof IntelCalls, call: IntelTask['call'], signal?: AbortSignal): Promise<T | undefined> {
    if (disposed) return Promise.reject(new Error(CLOSED));
    if (signal?.aborted) return Promise.resolve(undefined);
    modes.add(true);
    const older = queue.findIndex((t) => t.intel?.kind === kind);
    if (older >= 0) queue.splice(older, 1)[0]!.resolve(undefined);
    const done = new Promise<unknown>((resolve, reject) => {
      const task: Task = { strict: true, intel: { kind, call, signal }, resolve, reject, lost: 0 };
      // Ahead of the checks waiting (a batch may queue many), behind the other editor requests.
      const firstCheck = queue.findIndex((t) => !t.intel);
      queue.splice(firstCheck < 0 ? queue.length : firstCheck, 0, task);
      signal?.addEventListener('abort', () => {
        const at = queue.indexOf(task);
        if (at >= 0) queue.splice(at, 1)[0]!.resolve(undefined);
      });
    });
    pump();
    return done as Promise<T | undefined>;
  }

  const intel: CodeIntel = {
    completions: (req, signal) => ask('completions', (api) => api.completions(req), signal),
    completionDetails: (req, signal) => ask('completionDetails', (api) => api.completionDetails(req), signal),
    quickInfo: (req, signal) => ask('quickInfo', (api) => api.quickInfo(req), signal),
    signatureHelp: (req, signal) => ask('signatureHelp', (api) => api.signatureHelp(req), signal),
    // Sets a worker up without queueing anything: a task waiting would count as a check that waits
    // and start a second worker.
    warm() {
      if (disposed || slots.length > 0) return;
      modes.add(true);
      start();
    },
  };

  return {
    async check(code, options, limitMs) {
      const bound = limitMs !== undefined && limitMs > 0 ? limitMs : defaultCheckMs;
      return (await submit(options.strict, { code, options, limitMs: bound })) as TsCheckResult;
    },
    async warm(strict = true) {
      await submit(strict);
    },
    intel,
    dispose() {
      disposed = true;
      for (const task of queue.splice(0)) task.reject(new Error(CLOSED));
      for (const slot of [...slots]) slot.end(new WorkerLost(CLOSED));
    },
  };
}

const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));
