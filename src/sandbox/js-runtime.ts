// The page-side JavaScript and TypeScript Runtime. It shares the sandbox frame with Python but
// has its own queue and workers there. JavaScript cannot be interrupted: at the limit the page
// tells the frame to terminate the run's worker and answers at once; a warm spare takes the next
// run. The verdict for a run the page stopped is decided here, never by what the frame reports.
import { deferred } from '../shared/deferred.ts';
import type { OutputStream, RunJob, RunResult } from '../shared/run.ts';
import type { RunHandle, Runtime } from '../shared/runtime.ts';
import type { FrameMessage } from '../shared/sandbox-protocol.ts';
import type { TypeScriptChecker } from '../shared/typescript-check.ts';
import type { FrameConnection } from './frame-host.ts';
import { runLimitMs } from '../shared/timers.ts';
import { prepareJsJob } from './js-job.ts';
import { checkResult, crashResult, outOfMemoryResult, OutputCollector, stoppedResult } from './results.ts';
import { errorMessage } from '../shared/error-message.ts';
import type { GamingFlag } from '../shared/gaming.ts';
import { staticJsFlags, withStaticFlags } from './js-gaming.ts';
import { JsProgram } from './js-program.ts';

interface Pending {
  id: number;
  job: RunJob;
  onOutput?: (stream: OutputStream, text: string) => void;
  resolve: (r: RunResult) => void;
  output: OutputCollector;
  startedAt?: number;
  /** A program's first test's start: its duration counts from there. */
  firstStart?: number;
  timer?: ReturnType<typeof setTimeout>;
  posted: boolean;
  /** A contest program: one worker run per test, judged on the page (js-program.ts). */
  program?: JsProgram;
  /** Where the job went when this runtime's frame was lost before the job started. */
  movedTo?: RunHandle;
  /** The static test-gaming flags, found on the page while the run runs. */
  staticFlags?: Promise<GamingFlag[]>;
  /** Stops the frame's messages about this run coming here. */
  unexpect?: () => void;
}

/** A job this runtime had not started when its frame was lost: to be run in a new frame. */
export interface Unstarted {
  job: RunJob;
  onOutput?: (stream: OutputStream, text: string) => void;
  /** Hands the new run's handle over: the result and a cancel go to it from now on. */
  moveTo(handle: RunHandle): void;
}

// RangeErrors V8 throws when an allocation cannot be had: the run asked for more memory than it may.
const MEMORY_RANGE_ERROR =
  /^failed: (?:.*: )?RangeError: (?:Invalid string length|Array buffer allocation failed|.*could not allocate memory)/;

/** In the loop's feedback, says plainly that a memory RangeError means the run ran out of memory. */
function markMemory(result: RunResult, job: RunJob): RunResult {
  if (job.mode === 'reference' || !MEMORY_RANGE_ERROR.test(result.result)) return result;
  const note = ' (out of memory)';
  return {
    ...result,
    result: result.result + note,
    exception: result.exception && { ...result.exception, message: result.exception.message + note },
  };
}

export class JsRuntime implements Runtime {
  private nextId = 1;
  private jobs = new Map<number, Pending>();
  private checker: TypeScriptChecker | undefined;
  readonly ready: Promise<{ isolated: boolean }>;

  constructor(
    private readonly frame: FrameConnection,
    private readonly makeChecker?: () => TypeScriptChecker,
  ) {
    this.ready = frame.jsReady.then(() => ({ isolated: self.crossOriginIsolated === true }));
    this.ready.catch(() => undefined);
  }

  run(job: RunJob, onOutput?: (stream: OutputStream, text: string) => void): RunHandle {
    const id = this.nextId++;
    const { promise: result, resolve } = deferred<RunResult>();
    const p: Pending = { id, job, onOutput, resolve, output: new OutputCollector(job.limits.outputCap), posted: false };
    this.jobs.set(id, p);
    p.unexpect = this.frame.expect('js', id, (m) => this.onRunMessage(p, m));
    void this.start(p);
    return {
      result,
      cancel: () => (p.movedTo ? p.movedTo.cancel() : this.stop(p, 'cancelled')),
    };
  }

  /**
   * The frame is gone (a run used up its memory and took the frame's process with it): the runs
   * under way end as out of memory; the ones not started yet are handed back to run elsewhere.
   */
  loseFrame(): Unstarted[] {
    const unstarted: Unstarted[] = [];
    for (const p of [...this.jobs.values()]) {
      if (p.startedAt !== undefined) {
        if (p.program) this.finish(p, this.programResult(p, { crashed: 'the program ran out of memory' }));
        else this.finish(p, outOfMemoryResult(performance.now() - p.startedAt, p.output));
        continue;
      }
      clearTimeout(p.timer);
      p.unexpect?.();
      this.jobs.delete(p.id);
      unstarted.push({
        job: p.job,
        onOutput: p.onOutput,
        moveTo: (handle) => {
          p.movedTo = handle;
          void handle.result.then(p.resolve);
        },
      });
    }
    return unstarted;
  }

  dispose(): void {
    for (const p of this.jobs.values()) this.stop(p, 'cancelled');
    this.checker?.dispose();
  }

  private async start(p: Pending): Promise<void> {
    const began = performance.now();
    try {
      this.frame.startJs();
      await this.frame.jsReady;
      if (p.job.language === 'typescript') this.checker ??= this.makeChecker?.();
      const prepared = await prepareJsJob(p.job, this.checker);
      if (!this.jobs.has(p.id)) return;
      if (!prepared.ok && p.job.tests.kind === 'program') {
        const program = new JsProgram(p.job.tests, { scripts: [], mode: 'program', outputCap: 0 });
        const ex = prepared.result.exception;
        if (ex) program.compileError(ex.type, ex.message);
        const durationMs = Math.round(performance.now() - began);
        const stopped = prepared.result.status === 'timed out' ? 'timed out' : undefined;
        return this.finish(p, program.result({ stopped, durationMs, stdout: '', stderr: '', truncated: false }));
      }
      if (!prepared.ok) {
        this.finish(p, {
          ...prepared.result,
          stdout: '',
          stderr: '',
          truncated: false,
          durationMs: Math.round(performance.now() - began),
        });
        return;
      }
      if (p.job.tests.kind === 'program') {
        if (p.job.tests.funcName !== undefined)
          throw new Error('call-based contest problems (a method on Solution) are Python only');
        p.program = new JsProgram(p.job.tests, prepared.job);
        return this.nextTest(p);
      }
      p.staticFlags = staticJsFlags(p.job);
      p.posted = true;
      this.frame.post('js', p.id, { type: 'run', job: prepared.job });
    } catch (err) {
      this.finish(p, crashResult({ ...p.job, mode: 'feedback' }, errorMessage(err), 0, p.output));
    }
  }

  private stop(p: Pending, reason: 'timed out' | 'cancelled'): void {
    if (!this.jobs.has(p.id)) return;
    if (p.posted) this.frame.post('js', p.id, { type: 'kill' });
    const elapsed = p.startedAt === undefined ? 0 : performance.now() - p.startedAt;
    if (p.program) return this.finish(p, this.programResult(p, { stopped: reason }));
    this.finish(p, stoppedResult(reason, elapsed, p.output));
  }

  /** Posts the program's next test, or answers once every test has run. */
  private nextTest(p: Pending): void {
    const job = p.program!.next();
    if (!job) return this.finish(p, this.programResult(p, {}));
    p.posted = true;
    this.frame.post('js', p.id, { type: 'run', job });
  }

  private programResult(p: Pending, end: { stopped?: 'timed out' | 'cancelled'; crashed?: string }): RunResult {
    const durationMs = p.firstStart === undefined ? 0 : performance.now() - p.firstStart;
    const { stdout, stderr } = p.output.text;
    return p.program!.result({ ...end, durationMs, stdout, stderr, truncated: p.output.truncated });
  }

  private onRunMessage(p: Pending, m: FrameMessage<'js'>): void {
    const elapsed = (): number => (p.startedAt === undefined ? 0 : performance.now() - p.startedAt);
    switch (m.type) {
      case 'started':
        // A program's limit is per test, as LiveCodeBench's: each test's run starts it again.
        clearTimeout(p.timer);
        p.startedAt = performance.now();
        p.firstStart ??= p.startedAt;
        p.timer = setTimeout(() => this.stop(p, 'timed out'), runLimitMs(p.job.limits.timeoutSec));
        break;
      case 'output': {
        const stream = m.stream === 'stderr' ? 'stderr' : 'stdout';
        p.program?.output(stream, String(m.text), m.truncated === true);
        const kept = p.output.add(stream, String(m.text), m.truncated === true);
        if (kept && p.onOutput) p.onOutput(stream, kept);
        break;
      }
      case 'result': {
        clearTimeout(p.timer);
        if (p.program) {
          p.posted = false;
          if (p.program.ended(m.result)) this.nextTest(p);
          else this.finish(p, this.programResult(p, {}));
          break;
        }
        // The run is over: waiting for the static flags (the parser's first load) is not its time.
        const result = markMemory(checkResult(m.result, p.job, elapsed(), p.output), p.job);
        void (p.staticFlags ?? Promise.resolve([])).then((found) => this.finish(p, withStaticFlags(result, found)));
        break;
      }
      case 'crashed':
        if (p.program) {
          this.finish(p, this.programResult(p, { crashed: String(m.message) }));
          break;
        }
        this.finish(p, crashResult({ ...p.job, mode: 'feedback' }, String(m.message), elapsed(), p.output));
        break;
    }
  }

  private finish(p: Pending, result: RunResult): void {
    clearTimeout(p.timer);
    p.unexpect?.();
    if (!this.jobs.delete(p.id)) return;
    p.resolve(result);
  }
}
