// The page-side Python Runtime: one sandbox frame, one job at a time, wall-clock limits enforced
// here. The verdict for a run the page stopped (time limit, cancel) is decided here, never by
// what the frame or the run reports.
import { deferred } from '../shared/deferred.ts';
import type { OutputStream, RunJob, RunResult } from '../shared/run.ts';
import type { RunHandle, Runtime } from '../shared/runtime.ts';
import type { FrameMessage } from '../shared/sandbox-protocol.ts';
import { runLimitMs } from '../shared/timers.ts';
import { openSandboxFrame, type FrameConnection } from './frame-host.ts';
import { checkResult, crashResult, OutputCollector, stoppedResult } from './results.ts';
import { ProgramWatch } from '../kinds/program/verdict.ts';

// After an interrupt, how long a run may take to unwind before its worker is killed. An honest run
// unwinds in milliseconds, but on a busy machine (the spare booting beside it, other processes)
// that can take a few hundred; a kill costs a boot of the spare, which a later job may wait for.
// Only a run that keeps going after the interrupt waits this long.
const INTERRUPT_GRACE_MS = 1000;

interface Pending {
  id: number;
  job: RunJob;
  onOutput?: (stream: OutputStream, text: string) => void;
  resolve: (r: RunResult) => void;
  output: OutputCollector;
  startedAt?: number;
  /** 'judged': a contest program failed a test; the page ends the run with that verdict. */
  stopReason?: 'timed out' | 'cancelled' | 'judged';
  runningTest?: string;
  /** A traced run's verdict, sent before tracing: the run's result whatever tracing does. */
  verdict?: unknown;
  timers: ReturnType<typeof setTimeout>[];
  /** Contest programs: the page judges each test's output as it comes (src/kinds/program). */
  watch?: ProgramWatch;
  limit?: ReturnType<typeof setTimeout>;
  /** Stops the frame's messages about this run coming here. */
  unexpect?: () => void;
}

export class PythonRuntime implements Runtime {
  private frame: FrameConnection;
  private nextId = 1;
  private jobs = new Map<number, Pending>();
  readonly ready: Promise<{ isolated: boolean }>;
  /** Settles once the interpreter snapshot for later visits is stored (or was not needed). */
  readonly cached: Promise<void>;

  /** frame: the sandbox frame to share (with the JavaScript runtime); a new one by default. */
  constructor(frame?: FrameConnection) {
    this.frame = frame ?? openSandboxFrame();
    this.ready = this.frame.ready;
    this.cached = this.frame.cached;
    this.ready.catch(() => undefined);
  }

  run(job: RunJob, onOutput?: (stream: OutputStream, text: string) => void): RunHandle {
    const id = this.nextId++;
    const { promise: result, resolve } = deferred<RunResult>();
    const pending: Pending = {
      id,
      job,
      onOutput,
      resolve,
      output: new OutputCollector(job.limits.outputCap),
      timers: [],
    };
    // A program's expected outputs never enter the sandbox.
    if (job.tests.kind === 'program') {
      pending.watch = new ProgramWatch(job.tests);
      job = { ...job, tests: { ...job.tests, outputs: [] } };
    }
    this.jobs.set(id, pending);
    pending.unexpect = this.frame.expect('python', id, (m) => this.onRunMessage(pending, m));
    this.frame.startPython();
    // The frame exists only once Python is ready; a message sent before that would be lost.
    void this.ready.then(
      () => {
        if (this.jobs.has(id)) this.frame.post('python', id, { type: 'run', job });
      },
      (err: Error) => this.finish(pending, crashResult(job, err.message, 0, pending.output)),
    );
    return { result, cancel: () => this.stop(pending, 'cancelled') };
  }

  dispose(): void {
    for (const p of this.jobs.values()) this.stop(p, 'cancelled');
    this.frame.dispose();
  }

  private stop(p: Pending, reason: 'timed out' | 'cancelled' | 'judged'): void {
    if (!this.jobs.has(p.id) || p.stopReason) return;
    p.stopReason = reason;
    if (reason === 'judged') {
      // The verdict is settled: answer now; the run is interrupted, and killed if it lingers
      // (the frame kills only a run of this id, so a later job is safe).
      this.frame.post('python', p.id, { type: 'interrupt' });
      setTimeout(() => this.frame.post('python', p.id, { type: 'kill' }), INTERRUPT_GRACE_MS);
      this.finish(p, this.ended(p, {}, reason));
      return;
    }
    if (p.startedAt === undefined) {
      // Not started yet, as far as the page knows: answer at once. The frame drops it from its
      // queue; if it began meanwhile, it is interrupted as any run (its interpreter kept when it
      // unwinds) and killed only if it lingers.
      this.frame.post('python', p.id, { type: 'interrupt' });
      setTimeout(() => this.frame.post('python', p.id, { type: 'kill' }), INTERRUPT_GRACE_MS);
      this.finish(p, this.ended(p, {}, reason));
      return;
    }
    this.frame.post('python', p.id, { type: 'interrupt' });
    p.timers.push(setTimeout(() => this.frame.post('python', p.id, { type: 'kill' }), INTERRUPT_GRACE_MS));
  }

  private onRunMessage(p: Pending, m: FrameMessage<'python'>): void {
    const elapsed = (): number => (p.startedAt === undefined ? 0 : performance.now() - p.startedAt);
    switch (m.type) {
      case 'started':
        p.startedAt = performance.now();
        this.restartLimit(p);
        break;
      case 'output': {
        const stream = m.stream === 'stderr' ? 'stderr' : 'stdout';
        const kept = p.output.add(stream, String(m.text), m.truncated === true);
        if (kept && p.onOutput) p.onOutput(stream, kept);
        break;
      }
      case 'progress':
        p.runningTest = String(m.test).slice(0, 500);
        break;
      case 'verdict': {
        // Only the first: later ones could come from the traced program or its canary.
        if (p.verdict === undefined) p.verdict = m.result;
        const said = p.watch?.onEvent(m.result);
        if (said === 'begin') this.restartLimit(p);
        else if (said === 'decided') this.stop(p, 'judged');
        break;
      }
      case 'result':
        if (p.watch) this.finish(p, this.ended(p, { durationMs: elapsed() }, p.stopReason));
        else if (p.verdict !== undefined && p.stopReason !== 'cancelled')
          this.finish(
            p,
            checkResult(withTrace(p.verdict, p.stopReason ? undefined : m.result), p.job, elapsed(), p.output),
          );
        else if (p.stopReason) this.finish(p, this.ended(p, { durationMs: elapsed() }, p.stopReason));
        else this.finish(p, checkResult(m.result, p.job, elapsed(), p.output));
        break;
      case 'crashed':
        if (p.watch) this.finish(p, this.ended(p, { durationMs: elapsed(), crashed: String(m.message) }, p.stopReason));
        // Tracing ran out of time or stack after the verdict was settled: the verdict stands.
        else if (p.verdict !== undefined && p.stopReason !== 'cancelled')
          this.finish(p, checkResult(p.verdict, p.job, elapsed(), p.output));
        else if (p.stopReason) this.finish(p, this.ended(p, { durationMs: elapsed() }, p.stopReason));
        else this.finish(p, crashResult(p.job, String(m.message), elapsed(), p.output));
        break;
    }
  }

  /** A run's time limit from now: the whole run's, or for a program the current test's. */
  private restartLimit(p: Pending): void {
    clearTimeout(p.limit);
    p.limit = setTimeout(() => this.stop(p, 'timed out'), runLimitMs(p.job.limits.timeoutSec));
  }

  /** How a run ended, as a RunResult: a program's from its watch, any other's as stopped. */
  private ended(
    p: Pending,
    how: { durationMs?: number; crashed?: string },
    reason: 'timed out' | 'cancelled' | 'judged' | undefined,
  ): RunResult {
    const stopped = reason === 'judged' ? undefined : reason;
    if (!p.watch) return stoppedResult(stopped ?? 'cancelled', how.durationMs ?? 0, p.output, p.runningTest);
    const { stdout, stderr } = p.output.text;
    const durationMs = how.durationMs ?? (p.startedAt === undefined ? 0 : performance.now() - p.startedAt);
    return p.watch.result({ stopped, crashed: how.crashed, durationMs, stdout, stderr, truncated: false });
  }

  private finish(p: Pending, result: RunResult): void {
    clearTimeout(p.limit);
    for (const t of p.timers) clearTimeout(t);
    p.unexpect?.();
    if (!this.jobs.delete(p.id)) return;
    p.resolve(result);
  }
}

/**
 * The verdict as sent before tracing or the canary, with only the trace and the flags taken from
 * the final result (the canary's flags add to the verdict's; a stopped canary leaves the verdict's).
 */
function withTrace(verdict: unknown, final: unknown): unknown {
  if (typeof verdict !== 'object' || verdict === null) return verdict;
  if (typeof final !== 'object' || final === null) return verdict;
  const { trace, flags } = final as { trace?: unknown; flags?: unknown };
  return { ...verdict, trace, ...(flags === undefined ? {} : { flags }) };
}
