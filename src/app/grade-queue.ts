// Batch grading the command line drives: jobs are queued once, every sandbox takes the next job
// as soon as it is free, and finished results wait to be collected in groups. Nothing waits for a
// slow job (one running into its time limit) but the sandbox running it.
//
// A sandbox whose runner queues jobs itself (Python's frame does) is handed the next job while it
// runs one, so it starts that job the moment the first is done instead of after a round trip
// through the page. Its time limit counts from its own start, as for any job. Once nothing is left
// to hand out, a sandbox that is free takes such a waiting job back from a busy one, so a job
// never waits behind another's time limit while a sandbox is idle.
import type { RunJob, RunResult } from '../shared/run.ts';
import type { RunHandle, Runtime } from '../shared/runtime.ts';
import { deferred, type Deferred } from '../shared/deferred.ts';

// How long `take` waits, once a result is ready, for more to finish and go with it.
const GATHER_MS = 25;

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

export interface GradeQueueOptions {
  /**
   * `started(slot)`: resolves once that sandbox can run, rejects if it never will; a lane takes no
   * job before, so grading begins on the first sandbox ready and a sandbox that fails takes none.
   */
  started?: (slot: number) => Promise<unknown>;
  /** Whether a job may wait in a sandbox's own queue behind the one running there (default: never). */
  queues?: (job: RunJob) => boolean;
}

interface Flight {
  index: number;
  handle: RunHandle;
  /** When it was handed to the sandbox. */
  sent: number;
}

export function gradeQueue(runtimes: () => Runtime[], options: GradeQueueOptions = {}): GradeQueue {
  const started = options.started ?? ((): Promise<unknown> => Promise.resolve());
  const queues = options.queues ?? ((): boolean => false);
  const jobs: (RunJob | undefined)[] = [];
  let next = 0;
  let taken = 0;
  let ready: Graded[] = [];
  let wake: Deferred<void> | undefined;
  const busy = new Set<number>();
  // Per sandbox: the job it runs, then at most one waiting in its queue.
  const flights = new Map<number, Flight[]>();

  /** A job waiting in a busy sandbox's queue, withdrawn from it (its result there is ignored). */
  const takeBack = (thief: number): number | undefined => {
    for (const [slot, mine] of flights) {
      if (slot === thief || mine.length < 2) continue;
      const [waiting] = mine.splice(1, 1);
      waiting!.handle.cancel();
      return waiting!.index;
    }
    return undefined;
  };

  const lane = async (slot: number): Promise<void> => {
    busy.add(slot);
    const mine: Flight[] = [];
    flights.set(slot, mine);
    const send = (index: number): void => {
      mine.push({ index, handle: runtimes()[slot]!.run(jobs[index]!), sent: performance.now() });
    };
    try {
      if (!(await canRun(started, slot))) return;
      let lastDone = performance.now();
      for (;;) {
        if (mine.length === 0) {
          const index = next < jobs.length ? next++ : takeBack(slot);
          if (index === undefined) return;
          send(index);
        }
        const running = mine[0]!;
        if (mine.length === 1 && next < jobs.length && queues(jobs[running.index]!) && queues(jobs[next]!))
          send(next++);
        const result = await running.handle.result;
        mine.shift();
        const index = running.index;
        jobs[index] = undefined; // its sources are not needed any more
        // A job handed over early counts its overhead from when the one before it was done.
        const from = Math.max(running.sent, lastDone);
        lastDone = performance.now();
        ready.push({ index, result, overheadMs: Math.max(0, lastDone - from - result.durationMs) });
        wake?.resolve();
      }
    } finally {
      flights.delete(slot);
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
      // Each call is a round trip from the command line: what finishes in the next moment comes
      // along, unless nothing else is still running.
      if (taken + ready.length < jobs.length) await new Promise((ok) => setTimeout(ok, GATHER_MS));
      const out = ready;
      ready = [];
      taken += out.length;
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
