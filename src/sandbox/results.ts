// Turns what comes back from the sandbox (untrusted: it shares a worker with the run's code) into
// a RunResult, and builds the results for runs the page stopped or that killed their interpreter.
import { clip } from '../shared/format.ts';
import { checkFlags } from '../shared/gaming.ts';
import {
  array,
  boolean,
  is,
  literal,
  number,
  object,
  string,
  tuple,
  union,
  unknown,
  type Infer,
  type SameFields,
  type Schema,
} from '../shared/schema.ts';
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

/** Text kept to `max` characters. */
const text = (max = MAX_FIELD): Schema<string> => string().map((s) => clip(s, max));
/** A field that may be left out: a malformed one reads as absent. */
const maybe = <T>(schema: Schema<T>): Schema<T | undefined> => schema.catch(undefined);
const count = number({ int: true, min: 0 });

const testResult: Schema<TestResult> = object({
  name: text(2000),
  passed: boolean(),
  source: maybe(text()),
  expected: maybe(text()),
  actual: maybe(text()),
  message: maybe(text()),
});

const exceptionInfo: Schema<ExceptionInfo> = object({
  type: text(200),
  message: text().catch(''),
  traceback: text().catch(''),
  line: maybe(number({ int: true })),
  syntax: maybe(literal(true)),
});

const MAX_TRACE_STEPS = 100;
const MAX_TRACE_LOCALS = 20;
const TRACE_EVENTS: readonly TraceStep['event'][] = ['call', 'line', 'return', 'exception'];

const locals = array(tuple(text(100), text(500)), { first: MAX_TRACE_LOCALS });

const traceStep: Schema<TraceStep> = object({
  line: count,
  event: literal(...TRACE_EVENTS),
  function: text(200),
  locals,
  value: maybe(text(1000)),
  hits: maybe(count),
  last: maybe(locals),
});

/** A trace is advice, never part of the verdict: a malformed one is dropped, not a crash. */
const runTrace: Schema<RunTrace> = object({
  test: text(2000),
  steps: array(traceStep, { first: MAX_TRACE_STEPS }),
  omitted: count,
  stopped: maybe(text(200)),
}).map((t, raw) => ({ ...t, omitted: t.omitted + ((raw as { steps: unknown[] }).steps.length - t.steps.length) }));

/** What the harness reports; anything else in it is dropped. A list of tests that is no list reads as none. */
const harnessResult = object({
  status: literal('passed', 'failed', 'error'),
  result: text(2000),
  tests: union(
    array(testResult, { first: MAX_TESTS }),
    is('no list', (v) => !Array.isArray(v)).map((): TestResult[] => []),
  ),
  exception: maybe(exceptionInfo),
  truncated: unknown().map((v) => v === true),
  runningTest: maybe(text(500)),
  trace: maybe(runTrace),
  flags: unknown().map(checkFlags),
});

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
  const r = harnessResult.get(raw);
  if (!r) return crashResult(job, 'the sandbox returned a malformed result', durationMs, out);
  const { status, result, tests, trace } = r;
  // A pass must be consistent in every part, or it is not a pass.
  const passed = status === 'passed' && result === 'passed' && tests.every((t) => t.passed);
  const b = base(durationMs, out);
  return {
    status: passed ? 'passed' : status === 'passed' ? 'failed' : status,
    result: passed ? 'passed' : result === 'passed' ? 'failed: inconsistent result' : result,
    tests,
    exception: r.exception,
    ...b,
    truncated: b.truncated || r.truncated,
    runningTest: r.runningTest,
    // Only of a test that failed, and only when the job asked for one.
    trace: job.trace === true && tests.some((x) => x.name === trace?.test && !x.passed) ? trace : undefined,
    flags: r.flags,
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

// The harness's report against RunResult, whose other fields the page adds (a web page's picture
// and console come from its own runner): tsc fails here when the two drift apart.
true satisfies SameFields<Infer<typeof harnessResult>, RunResult, 'stdout' | 'stderr' | 'durationMs' | 'web'>;
