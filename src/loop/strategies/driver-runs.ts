// Runs a sample's code under a driver program (see behaviour/driver.ts), for selection: every sample
// of a round at once, with the task's limits, cut short by Stop.
import type { TestSpec } from '../../shared/run.ts';
import type { Task } from '../../shared/task.ts';
import { runJob } from '../evaluate.ts';
import { readDriverOutput } from '../behaviour/driver.ts';
import type { LoopState } from '../state.ts';
import type { Sample } from './sample-round.ts';
import { STOPPED_STEP, isStopped, type Stopped } from '../stopped.ts';

export interface DriverRun {
  /** The driver's fields per input or test index. */
  lines: Map<number, string[]>;
  /** How the run ended: a time-out or crash part-way is behaviour too. */
  status: string;
}

/** Setup the task's tests need before any call (MBPP's test_setup_code). */
const setupOf = (tests: TestSpec): string => (tests.kind === 'mbpp' ? tests.setup : '');

/** The visible tests as source, to read call arguments from; '' when there are none. */
export function visibleTestSource(task: Task): string {
  const t = task.tests;
  if (t.kind === 'humaneval') return t.test;
  if (t.kind === 'mbpp') return t.asserts.join('\n');
  return t.kind === 'user' ? t.source : '';
}

/**
 * TypeScript checks nothing past this line at the top of a file, yet still strips the types: how
 * a driver running the model's tests is run, since such a test need not fit the declared types
 * (JavaScript would run it) and the sample itself was checked when it ran the visible tests.
 */
const NO_CHECK = '// @ts-nocheck\n';

/** What a driver run runs: the sample's program, the tests' setup, the driver; `typed: false` see NO_CHECK. */
export function driverSource(task: Task, program: string, driver: string, typed: boolean): string {
  const head = !typed && task.language === 'typescript' ? NO_CHECK : '';
  return head + [program, setupOf(task.tests), driver].join('\n');
}

/**
 * Runs each sample's program with `driver` appended; undefined for a sample without code.
 * `typed: false` runs TypeScript without checking its types.
 */
export async function runDrivers(
  s: LoopState,
  samples: readonly Sample[],
  driver: string,
  { typed = true }: { typed?: boolean } = {},
): Promise<(DriverRun | undefined)[] | Stopped> {
  const { task, runtime } = s.opts;
  const t0 = s.now();
  const runs = await Promise.all(
    samples.map(async (x): Promise<DriverRun | undefined | Stopped> => {
      if (!x.candidate) return undefined;
      const code = driverSource(task, x.candidate.program, driver, typed);
      const r = await runJob(
        runtime,
        { language: task.language, code, tests: { kind: 'none' }, limits: task.limits },
        s.signal,
      );
      return isStopped(r) ? STOPPED_STEP : { lines: readDriverOutput(r.stdout), status: r.status };
    }),
  );
  s.runMs += s.now() - t0;
  const done: (DriverRun | undefined)[] = [];
  for (const r of runs) {
    if (isStopped(r)) return STOPPED_STEP;
    done.push(r);
  }
  return done;
}
