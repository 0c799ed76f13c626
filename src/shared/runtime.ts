// What runs jobs, as the loop and the page see it; the jobs and results are in run.ts.
import type { OutputStream, RunJob, RunResult } from './run.ts';

export interface RunHandle {
  result: Promise<RunResult>;
  cancel(): void;
}

/** Runs jobs; the loop and the page depend on this, not on an implementation. */
export interface Runtime {
  /** Settles when the runtime can run; runs asked for earlier wait for it. */
  readonly ready?: Promise<{ isolated: boolean }>;
  run(job: RunJob, onOutput?: (stream: OutputStream, text: string) => void): RunHandle;
  dispose(): void;
}
