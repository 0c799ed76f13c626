// Batch grading the command line drives: jobs are queued once, every sandbox takes the next job
// as soon as it is free, and finished results wait to be collected in groups. Nothing waits for a
// slow job (one running into its time limit) but the sandbox running it.
import type { RunJob, RunResult } from '../shared/run.ts';
import type { Runtime } from '../shared/runtime.ts';
import { deferred, type Deferred } from '../shared/deferred.ts';

export interface Graded {
  index: number;
  result: RunResult;
  /** Page-side time around the run beyond the run itself: messages, queueing, checking. */
  overheadMs: number;
}

export interface GradeQueue {
  /** Adds jobs; their indexes continue from earlier ones. */
  submit(jobs: RunJob[]): void;
  /** Resolves with every result finished since the last call, once there is at least one. */
  take(): Promise<Graded[]>;
}

/**
 * `started(slot)`: resolves once that sandbox can run, rejects if it never will; a lane takes no
 * job before, so grading begins on the first sandbox ready and a sandbox that fails takes none.
 */
export function gradeQueue(
  runtimes: () => Runtime[],
  started: (slot: number) => Promise<unknown> = () => Promise.resolve(),
): GradeQueue {
  const jobs: (RunJob | undefined)[] = [];
  let next = 0;
  let ready: Graded[] = [];
  let wake: Deferred<void> | undefined;
  const busy = new Set<number>();

  const lane = async (slot: number): Promise<void> => {
    busy.add(slot);
    try {
      if (!(await canRun(started, slot))) return;
      while (next < jobs.length) {
        const index = next++;
        const t = performance.now();
        const result = await runtimes()[slot]!.run(jobs[index]!).result;
        jobs[index] = undefined; // its sources are not needed any more
        ready.push({ index, result, overheadMs: Math.max(0, performance.now() - t - result.durationMs) });
        wake?.resolve();
      }
    } finally {
      busy.delete(slot);
    }
  };

  return {
    submit(more) {
      jobs.push(...more);
      runtimes().forEach((_, slot) => {
        if (!busy.has(slot)) void lane(slot);
      });
    },
    async take() {
      while (ready.length === 0) await (wake = deferred()).promise;
      wake = undefined;
      const out = ready;
      ready = [];
      return out;
    },
  };
}

/** Whether the sandbox in `slot` started; it waits for that. */
export const canRun = (started: (slot: number) => Promise<unknown>, slot: number): Promise<boolean> =>
  started(slot).then(
    () => true,
    () => false,
  );
