// Batch grading the command line drives: jobs are queued once, every sandbox takes the next job
// as soon as it is free, and finished results wait to be collected in groups. Nothing waits for a
// slow job (one running into its time limit) but the sandbox running it.
import type { RunJob, RunResult, Runtime } from '../shared/run.ts';

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

export function gradeQueue(runtimes: () => Runtime[]): GradeQueue {
  const jobs: (RunJob | undefined)[] = [];
  let next = 0;
  let ready: Graded[] = [];
  let wake: (() => void) | undefined;
  const busy = new Set<number>();

  const lane = async (slot: number): Promise<void> => {
    busy.add(slot);
    try {
      while (next < jobs.length) {
        const index = next++;
        const t = performance.now();
        const result = await runtimes()[slot]!.run(jobs[index]!).result;
        jobs[index] = undefined; // its sources are not needed any more
        ready.push({ index, result, overheadMs: Math.max(0, performance.now() - t - result.durationMs) });
        wake?.();
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
      while (ready.length === 0) await new Promise<void>((ok) => (wake = ok));
      wake = undefined;
      const out = ready;
      ready = [];
      return out;
    },
  };
}
