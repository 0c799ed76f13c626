// Runs a candidate against the visible tests, and against the hidden ones when the task has them.
import type { OutputStream, RunJob, RunResult, TestSpec } from '../shared/run.ts';
import type { Runtime } from '../shared/runtime.ts';
import type { Task } from '../shared/task.ts';
import type { HiddenVerdict } from '../shared/session.ts';
import { errorMessage } from '../shared/error-message.ts';
import { testsForRun } from '../shared/generated-tests.ts';
import { STOPPED_STEP, isStopped, type Stopped } from './stopped.ts';
import { deferred } from '../shared/deferred.ts';

export interface Evaluation {
  result: RunResult;
  hidden?: HiddenVerdict;
  /** Visible and hidden tests all passed. */
  passed: boolean;
  runMs: number;
}

/** A runtime that throws instead of reporting is still a run that went wrong, not a loop failure. */
function crashed(e: unknown): RunResult {
  const message = `the runtime failed: ${errorMessage(e)}`;
  return {
    status: 'crashed',
    result: `failed: ${message}`,
    tests: [],
    exception: { type: 'Crash', message, traceback: '' },
    stdout: '',
    stderr: '',
    truncated: false,
    durationMs: 0,
  };
}

/** Runs one job; Stopped when the signal aborted it or the runtime reports it cancelled. */
export async function runJob(
  runtime: Runtime,
  job: RunJob,
  signal?: AbortSignal,
  onOutput?: (stream: OutputStream, text: string) => void,
): Promise<RunResult | Stopped> {
  if (signal?.aborted) return STOPPED_STEP;
  let handle;
  try {
    handle = runtime.run(job, onOutput);
  } catch (e) {
    return crashed(e);
  }
  const run = handle;
  const stop = deferred<Stopped>();
  const onAbort = (): void => (run.cancel(), stop.resolve(STOPPED_STEP));
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const r = await Promise.race([run.result, stop.promise]);
    return isStopped(r) || r.status === 'cancelled' ? STOPPED_STEP : r;
  } catch (e) {
    return crashed(e);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

function hiddenVerdict(r: RunResult): HiddenVerdict {
  const total = Math.max(1, r.tests.length);
  let failed = r.tests.filter((t) => !t.passed).length;
  // A run that failed outside any listed test (a crash, a time-out) still failed: count one.
  if (r.status !== 'passed' && failed === 0) failed = 1;
  return { total, failed, status: r.status };
}

export interface EvaluateOptions {
  runtime: Runtime;
  task: Task;
  program: string;
  signal?: AbortSignal;
  onOutput?: (stream: OutputStream, text: string) => void;
  now: () => number;
  /** Ask for a trace of the first failing visible test (Python). */
  trace?: boolean;
  /** Run the task's own tests only, leaving its generated ones out (selection does not trust them). */
  givenOnly?: boolean;
  /** A web page's picture is taken (to be shown and sent to the model). */
  picture?: boolean;
}

export async function evaluate(o: EvaluateOptions): Promise<Evaluation | Stopped> {
  const start = o.now();
  const job = (tests: TestSpec): RunJob => ({
    language: o.task.language,
    code: o.program,
    tests,
    limits: o.task.limits,
  });
  const given = testsForRun(o.task, o.givenOnly);
  const tests: TestSpec = given.kind === 'web' && o.picture ? { ...given, picture: true } : given;
  const visible = o.trace && o.task.language === 'python' ? { ...job(tests), trace: true } : job(tests);
  const result = await runJob(o.runtime, visible, o.signal, o.onOutput);
  if (isStopped(result)) return STOPPED_STEP;
  let hidden: HiddenVerdict | undefined;
  if (o.task.hiddenTests) {
    // Hidden output is not streamed: a student watching the terminal must not see those tests.
    const h = await runJob(o.runtime, job(o.task.hiddenTests), o.signal);
    if (isStopped(h)) return STOPPED_STEP;
    hidden = hiddenVerdict(h);
  }
  const passed =
    result.status === 'passed' && (hidden === undefined || (hidden.failed === 0 && hidden.status === 'passed'));
  return { result, hidden, passed, runMs: o.now() - start };
}
