// The page-side JavaScript and TypeScript Runtime. It shares the sandbox frame with Python but
// has its own queue and workers there. JavaScript cannot be interrupted: at the limit the page
// tells the frame to terminate the run's worker and answers at once; a warm spare takes the next
// run. The verdict for a run the page stopped is decided here, never by what the frame reports.
import { deferred } from '../shared/deferred.ts';
import type { OutputStream, RunHandle, RunJob, RunResult, Runtime } from '../shared/run.ts';
import type { FrameToHost } from '../shared/sandbox-protocol.ts';
import type { TypeScriptChecker } from '../shared/typescript-check.ts';
import type { FrameConnection } from './frame-host.ts';
import { runLimitMs } from '../shared/timers.ts';
import { prepareJsJob } from './js-job.ts';
import { checkResult, crashResult, outOfMemoryResult, OutputCollector, stoppedResult } from './results.ts';
import { errorMessage } from '../shared/error-message.ts';

interface Pending {
  id: number;
  job: RunJob;
  onOutput?: (stream: OutputStream, text: string) => void;
  resolve: (r: RunResult) => void;
  output: OutputCollector;
  startedAt?: number;
  timer?: ReturnType<typeof setTimeout>;
  posted: boolean;
  /** Where the job went when this runtime's frame was lost before the job started. */
  movedTo?: RunHandle;
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
    frame.listen((m) => this.onFrame(m));
    this.ready = frame.jsReady.then(() => ({ isolated: self.crossOriginIsolated === true }));
    this.ready.catch(() => undefined);
  }

  run(job: RunJob, onOutput?: (stream: OutputStream, text: string) => void): RunHandle {
    const id = this.nextId++;
    const { promise: result, resolve } = deferred<RunResult>();
    const p: Pending = { id, job, onOutput, resolve, output: new OutputCollector(job.limits.outputCap), posted: false };
    this.jobs.set(id, p);
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
        this.finish(p, outOfMemoryResult(performance.now() - p.startedAt, p.output));
        continue;
      }
      clearTimeout(p.timer);
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
      p.posted = true;
      this.frame.post({ type: 'js-run', id: p.id, job: prepared.job });
    } catch (err) {
      this.finish(p, crashResult({ ...p.job, mode: 'feedback' }, errorMessage(err), 0, p.output));
    }
  }

  private stop(p: Pending, reason: 'timed out' | 'cancelled'): void {
    if (!this.jobs.has(p.id)) return;
    if (p.posted) this.frame.post({ type: 'js-kill', id: p.id });
    const elapsed = p.startedAt === undefined ? 0 : performance.now() - p.startedAt;
    this.finish(p, stoppedResult(reason, elapsed, p.output));
  }

  private onFrame(m: FrameToHost): void {
    if (typeof m !== 'object' || m === null || typeof m.type !== 'string' || !m.type.startsWith('js-')) return;
    const p = this.jobs.get((m as { id?: number }).id ?? -1);
    if (!p) return;
    const elapsed = (): number => (p.startedAt === undefined ? 0 : performance.now() - p.startedAt);
    switch (m.type) {
      case 'js-started':
        p.startedAt = performance.now();
        p.timer = setTimeout(() => this.stop(p, 'timed out'), runLimitMs(p.job.limits.timeoutSec));
        break;
      case 'js-output': {
        const stream = m.stream === 'stderr' ? 'stderr' : 'stdout';
        const kept = p.output.add(stream, String(m.text), m.truncated === true);
        if (kept && p.onOutput) p.onOutput(stream, kept);
        break;
      }
      case 'js-result':
        this.finish(p, markMemory(checkResult(m.result, p.job, elapsed(), p.output), p.job));
        break;
      case 'js-crashed':
        this.finish(p, crashResult({ ...p.job, mode: 'feedback' }, String(m.message), elapsed(), p.output));
        break;
      case 'pong':
      case 'sql-ready':
      case 'sql-boot-error':
      case 'sql-answers':
      case 'sql-crashed':
      case 'agent-ready':
      case 'agent-boot-error':
      case 'agent-observation':
      case 'agent-files':
      case 'agent-crashed':
      case 'agent-js':
      case 'js-ready':
      case 'js-boot-error':
      case 'ready':
      case 'boot-error':
      case 'snapshot':
      case 'snapshot-rejected':
      case 'started':
      case 'output':
      case 'progress':
      case 'result':
      case 'verdict':
      case 'crashed':
        break; // the frame's own life cycle, and Python's runs
    }
  }

  private finish(p: Pending, result: RunResult): void {
    clearTimeout(p.timer);
    if (!this.jobs.delete(p.id)) return;
    p.resolve(result);
  }
}
