// Turns what comes back from the sandbox (untrusted: it shares a worker with the run's code) into
// a RunResult, and builds the results for runs the page stopped or that killed their interpreter.
import { clip } from '../shared/format.ts';
import { checkFlags } from '../shared/gaming.ts';
import type { ExceptionInfo, OutputStream, RunJob, RunResult, RunTrace, TestResult, TraceStep } from '../shared/run.ts';

const MAX_FIELD = 20_000;
const MAX_TESTS = 1000;

/** Keeps at most `cap` bytes of a run's output; counts the rest. */
export class OutputCollector {
  readonly text: Record<OutputStream, string> = { stdout: '', stderr: '' };
  private kept = 0;
  dropped = 0;
  /** The sandbox said it dropped output: at once (an empty text), and again with its own mark at the end. */
  private cut = false;
  private cutMarked = false;
  constructor(private readonly cap: number) {}

  /**
   * Returns the part that was kept, for streaming on. `cut` flags the sandbox's notice that it
   * has dropped output; the notice's text, when there is one, is the sandbox's own mark.
   */
  add(stream: OutputStream, text: string, cut = false): string {
    if (cut) {
      this.cut = true;
      if (text) this.cutMarked = true;
    }
    // The run's own truncation mark may overshoot the cap a little; allow room for it.
    const room = Math.max(0, this.cap + 256 - this.kept);
    const part = text.length > room ? text.slice(0, room) : text;
    this.dropped += text.length - part.length;
    this.kept += part.length;
    this.text[stream] += part;
    return part;
  }

  get truncated(): boolean {
    return this.dropped > 0 || this.cut;
  }

  /** The mark to append: the count this side dropped, or, for a run stopped before the sandbox could add its own mark, a plain one. */
  mark(): string {
    if (this.dropped > 0) return `\n… [output truncated: ${this.dropped.toLocaleString('en-US')} more characters]`;
    return this.cut && !this.cutMarked ? '\n… [output truncated]' : '';
  }
}

const str = (v: unknown, max = MAX_FIELD): string | undefined => (typeof v === 'string' ? clip(v, max) : undefined);

function checkTest(v: unknown): TestResult | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const t = v as Record<string, unknown>;
  const name = str(t.name, 2000);
  if (name === undefined || typeof t.passed !== 'boolean') return undefined;
  return {
    name,
    passed: t.passed,
    source: str(t.source),
    expected: str(t.expected),
    actual: str(t.actual),
    message: str(t.message),
  };
}

function checkException(v: unknown): ExceptionInfo | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const e = v as Record<string, unknown>;
  const type = str(e.type, 200);
  if (type === undefined) return undefined;
  return {
    type,
    message: str(e.message) ?? '',
    traceback: str(e.traceback) ?? '',
    line: typeof e.line === 'number' && Number.isInteger(e.line) ? e.line : undefined,
    syntax: e.syntax === true ? true : undefined,
  };
}

const MAX_TRACE_STEPS = 100;
const MAX_TRACE_LOCALS = 20;
const TRACE_EVENTS: readonly TraceStep['event'][] = ['call', 'line', 'return', 'exception'];
const count = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;

function checkLocals(v: unknown): [string, string][] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: [string, string][] = [];
  for (const pair of v.slice(0, MAX_TRACE_LOCALS)) {
    if (!Array.isArray(pair)) return undefined;
    const name = str(pair[0], 100);
    const value = str(pair[1], 500);
    if (name === undefined || value === undefined) return undefined;
    out.push([name, value]);
  }
  return out;
}

function checkStep(v: unknown): TraceStep | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const s = v as Record<string, unknown>;
  const line = count(s.line);
  const event = TRACE_EVENTS.find((e) => e === s.event);
  const fn = str(s.function, 200);
  const locals = checkLocals(s.locals);
  if (line === undefined || event === undefined || fn === undefined || locals === undefined) return undefined;
  const step: TraceStep = { line, event, function: fn, locals };
  const value = str(s.value, 1000);
  if (value !== undefined) step.value = value;
  const hits = count(s.hits);
  if (hits !== undefined) step.hits = hits;
  const last = checkLocals(s.last);
  if (last !== undefined) step.last = last;
  return step;
}

/** A trace is advice, never part of the verdict: a malformed one is dropped, not a crash. */
function checkTrace(v: unknown, tests: TestResult[]): RunTrace | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const t = v as Record<string, unknown>;
  const test = str(t.test, 2000);
  const omitted = count(t.omitted);
  if (test === undefined || omitted === undefined || !Array.isArray(t.steps)) return undefined;
  if (!tests.some((x) => x.name === test && !x.passed)) return undefined;
  const steps = t.steps.slice(0, MAX_TRACE_STEPS).map(checkStep);
  if (steps.some((s) => !s)) return undefined;
  const trace: RunTrace = { test, steps: steps as TraceStep[], omitted: omitted + (t.steps.length - steps.length) };
  const stopped = str(t.stopped, 200);
  if (stopped !== undefined) trace.stopped = stopped;
  return trace;
}

function base(
  durationMs: number,
  out: OutputCollector,
): Pick<RunResult, 'stdout' | 'stderr' | 'truncated' | 'durationMs'> {
  const mark = out.mark();
  const stream = out.text.stderr && !out.text.stdout ? 'stderr' : 'stdout';
  return {
    stdout: out.text.stdout + (stream === 'stdout' ? mark : ''),
    stderr: out.text.stderr + (stream === 'stderr' ? mark : ''),
    truncated: out.truncated,
    durationMs: Math.round(durationMs),
  };
}

export function checkResult(raw: unknown, job: RunJob, durationMs: number, out: OutputCollector): RunResult {
  if (typeof raw !== 'object' || raw === null)
    return crashResult(job, 'the sandbox returned a malformed result', durationMs, out);
  const r = raw as Record<string, unknown>;
  const tests = Array.isArray(r.tests) ? r.tests.slice(0, MAX_TESTS).map(checkTest) : [];
  const status = r.status;
  const result = str(r.result, 2000);
  if (
    (status !== 'passed' && status !== 'failed' && status !== 'error') ||
    result === undefined ||
    tests.some((t) => !t)
  ) {
    return crashResult(job, 'the sandbox returned a malformed result', durationMs, out);
  }
  const valid = tests as TestResult[];
  // A pass must be consistent in every part, or it is not a pass.
  const passed = status === 'passed' && result === 'passed' && valid.every((t) => t.passed);
  const b = base(durationMs, out);
  return {
    status: passed ? 'passed' : status === 'passed' ? 'failed' : status,
    result: passed ? 'passed' : result === 'passed' ? 'failed: inconsistent result' : result,
    tests: valid,
    exception: checkException(r.exception),
    ...b,
    truncated: b.truncated || r.truncated === true,
    runningTest: str(r.runningTest, 500),
    trace: job.trace === true ? checkTrace(r.trace, valid) : undefined,
    flags: checkFlags(r.flags),
  };
}

export function stoppedResult(
  reason: 'timed out' | 'cancelled',
  durationMs: number,
  out: OutputCollector,
  runningTest?: string,
): RunResult {
  return {
    status: reason,
    result: reason === 'timed out' ? 'timed out' : 'failed: cancelled',
    tests: [],
    ...base(durationMs, out),
    runningTest,
  };
}

/** The run used up its memory and took its sandbox down with it (see frame-host.ts, onLost). */
export function outOfMemoryResult(durationMs: number, out: OutputCollector): RunResult {
  const message = 'out of memory: the run used up the memory a sandbox may have, and was ended';
  return {
    status: 'crashed',
    result: `failed: ${message}`,
    tests: [],
    exception: { type: 'OutOfMemory', message, traceback: '' },
    ...base(durationMs, out),
  };
}

export function crashResult(job: RunJob, message: string, durationMs: number, out: OutputCollector): RunResult {
  return {
    status: 'crashed',
    // The reference harness reports a process that died without a verdict as "timed out".
    result: job.mode === 'reference' ? 'timed out' : `failed: ${message}`,
    tests: [],
    exception: { type: 'Crash', message, traceback: '' },
    ...base(durationMs, out),
  };
}
