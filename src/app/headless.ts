// The API the command line drives in headless Chromium: the same runtime the page uses.
import type { RunJob, RunResult } from '../shared/run.ts';
import { PythonRuntime } from '../sandbox/python-runtime.ts';

export interface HeadlessApi {
  /** Starts n sandboxes (each with its warm spare); resolves when all can run. */
  start(n: number): Promise<{ isolated: boolean }>;
  run(job: RunJob, slot?: number): Promise<RunResult>;
}

export function installHeadlessApi(shared: () => PythonRuntime): void {
  const pool: PythonRuntime[] = [];
  const api: HeadlessApi = {
    async start(n) {
      if (pool.length === 0) pool.push(shared());
      while (pool.length < n) pool.push(new PythonRuntime());
      const states = await Promise.all(pool.map((r) => r.ready));
      return { isolated: states.every((s) => s.isolated) };
    },
    run(job, slot = 0) {
      const runtime = pool[slot % Math.max(1, pool.length)] ?? shared();
      return runtime.run(job).result;
    },
  };
  window.fixpoint = api;
}
