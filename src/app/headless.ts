// The API the command line drives in headless Chromium: the same runtime, loop and history the
// page uses.
import type { LoopOutcome, LoopSettings } from '../loop/index.ts';
import type { EndpointConfig } from '../shared/model.ts';
import type { RunJob, RunResult } from '../shared/run.ts';
import type { Attempt, Session, Task } from '../shared/task.ts';
import { SandboxRuntime } from '../sandbox/sandbox-runtime.ts';
import { openStore, type HistoryStore } from '../store/index.ts';
import { runSession } from './session.ts';

export interface HeadlessApi {
  /** Starts n sandboxes (each with its warm spare); resolves when all can run. */
  start(n: number): Promise<{ isolated: boolean }>;
  run(job: RunJob, slot?: number): Promise<RunResult>;
  /** Settles when the first sandbox has stored its snapshot for later visits (or needed none). */
  cached(): Promise<void>;
  /** Runs jobs over the first `slots` sandboxes at once; results in the jobs' order. */
  grade(jobs: RunJob[], slots: number): Promise<RunResult[]>;
  /** Runs the loop on a task, saved to this page's history like a session started by hand. */
  loop(
    task: Task,
    endpoint: EndpointConfig,
    settings: LoopSettings,
    slot?: number,
    options?: HeadlessLoopOptions,
  ): Promise<LoopOutcome & { sessionId: string }>;
  /** Read-only: a stored session and its attempts, as this page's history keeps them. */
  history(sessionId: string): Promise<{ session?: Session; attempts: Attempt[] }>;
}

export interface HeadlessLoopOptions {
  /** Give up on a model request after this long without a byte (the clients' default otherwise). */
  modelIdleTimeoutMs?: number;
}

export function installHeadlessApi(shared: () => SandboxRuntime): void {
  const pool: SandboxRuntime[] = [];
  let store: Promise<HistoryStore | undefined> | undefined;
  const runtime = (slot = 0): SandboxRuntime => pool[slot % Math.max(1, pool.length)] ?? shared();
  const api: HeadlessApi = {
    async start(n) {
      if (pool.length === 0) pool.push(shared());
      while (pool.length < n) pool.push(new SandboxRuntime());
      const states = await Promise.all(pool.map((r) => r.ready));
      return { isolated: states.every((s) => s.isolated) };
    },
    run: (job, slot = 0) => runtime(slot).run(job).result,
    cached: () => runtime(0).cached,
    async grade(jobs, slots) {
      const results: RunResult[] = new Array(jobs.length);
      let next = 0;
      const lane = async (slot: number): Promise<void> => {
        while (next < jobs.length) {
          const i = next++;
          results[i] = await runtime(slot).run(jobs[i]!).result;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(slots, pool.length)) }, (_, slot) => lane(slot)));
      return results;
    },
    async loop(task, endpoint, settings, slot = 0, options = {}) {
      store ??= openStore().catch(() => undefined);
      const clientOptions =
        options.modelIdleTimeoutMs === undefined ? undefined : { idleTimeoutMs: options.modelIdleTimeoutMs };
      const { session, outcome } = await runSession({
        task,
        endpoint,
        settings,
        runtime: runtime(slot),
        store: await store,
        clientOptions,
      });
      return { ...outcome, sessionId: session.id };
    },
    async history(sessionId) {
      store ??= openStore().catch(() => undefined);
      const s = await store;
      if (!s) throw new Error('the history store could not be opened');
      return { session: await s.getSession(sessionId), attempts: await s.getAttempts(sessionId) };
    },
  };
  window.fixpoint = api;
}
