// Runs inside a classic blob worker of the opaque sandbox frame; each worker runs one job and is
// then thrown away, so nothing a run leaves behind (timers, patched built-ins, nested workers)
// reaches the next. The run's scripts execute by importScripts of blob URLs (no eval, which the
// frame's CSP refuses), each ending in a sourceURL so stack lines are the model's own lines.
// The private port arrives in the first message and lives only in this closure; the verdict is
// decided from closure variables, never from anything run code can reach.
import type { FrameToJsWorker, JsJob, JsWorkerToFrame } from '../../../shared/sandbox-protocol.ts';
import type { RunResult, TestResult } from '../../../shared/run.ts';
import type { GamingFlag } from '../../../shared/gaming.ts';
import { setAssertObserver, setSourceLookup } from './assert.ts';
import { consoleAssertion } from './console-assert.ts';
import { describeThrown, firstFrame, type Described } from './errors.ts';
import { isParseError, locateSyntaxError } from './syntax-error.ts';
import { ErrorCtor, apply, append, create, hasOwn, isError, isInteger, stringTrim, toText } from './intrinsics.ts';
import { installNodeGlobals } from './node-globals.ts';
import { Sink } from './output.ts';
import { TestRunner } from './test-runner.ts';
import { Timers } from './timers.ts';
import { wrapTests } from './tests-wrapper.ts';
import {
  BlobCtor,
  addListener,
  closeSelf,
  errorEventError,
  eventData,
  makeUrl,
  portPost,
  preventDefault,
  realSetTimeout,
  rejectionReason,
  runScript,
} from './worker-captures.ts';

declare const self: DedicatedWorkerGlobalScope;

const captureStack = (Error as { captureStackTrace?: (o: object, fn?: unknown) => void }).captureStackTrace;
// Thrown by process.exit to unwind the run's code; never shown.
const EXIT = Object.freeze({ exit: true });

type Result = Omit<RunResult, 'durationMs'>;

const rejection = (reason: string): Error =>
  new ErrorCtor(`Unhandled promise rejection: the promise rejected with the reason ${reason}.`);

function onInit(e: MessageEvent<FrameToJsWorker>): void {
  self.removeEventListener('message', onInit);
  const m = apply(eventData, e, []) as FrameToJsWorker | undefined;
  if (m?.type !== 'init' || !(m.port instanceof MessagePort)) return;
  const port = m.port;
  const send = (msg: JsWorkerToFrame): void => apply(portPost, port, [msg]);
  port.onmessage = (ev: MessageEvent<FrameToJsWorker>) => {
    const r = apply(eventData, ev, []) as FrameToJsWorker | undefined;
    if (r?.type !== 'run') return;
    port.onmessage = null;
    // The run's token goes back with its result: the frame takes no result without it.
    const token = r.token;
    run(r.id, r.job, (msg) => send(msg.type === 'result' ? { ...msg, token } : msg));
  };
  send({ type: 'ready' });
}
self.addEventListener('message', onInit);

function run(id: number, job: JsJob, send: (m: JsWorkerToFrame) => void): void {
  send({ type: 'started', id });
  const names = job.scripts.map((s) => s.name);
  const candidate = names[0] ?? 'main.js';
  const sources: Record<string, string[]> = {};
  for (const s of job.scripts) sources[s.name] = s.source.split('\n');
  const reference = job.mode === 'reference';
  // A contest program: run on one test's stdin; its output is judged on the page.
  const program = job.mode === 'program';

  let finished = false;
  let scriptsDone = false;
  let testsDone = false;
  let failures = 0;
  let first: (Described & { test?: string }) | undefined;
  const tests: TestResult[] = [];
  let quiet = 0;
  let checking = false;
  // From the start of the loop's tests on, a falsy console.assert fails the test it runs in.
  let grading = false;
  // Test-gaming flags seen while the program runs (docs/test-gaming.md).
  const flags: GamingFlag[] = [];

  const sink = new Sink(
    job.outputCap,
    (stream, text, truncated) => send({ type: 'output', id, stream, text, truncated }),
    (fn) => realSetTimeout(fn, 16),
  );
  const runner = new TestRunner();

  const finish = (status: 'passed' | 'failed' | 'error', result: string): void => {
    if (finished) return;
    finished = true;
    const truncated = sink.finish();
    const out: Result = {
      status,
      result,
      tests,
      exception: first?.exception,
      stdout: '',
      stderr: '',
      truncated,
      flags,
    };
    send({ type: 'result', id, result: out });
    closeSelf();
  };
  const failWith = (d: Described): void => {
    failures++;
    first ??= d;
  };
  const failedText = (d: Described): string => `failed: ${d.type}: ${d.message}`;

  /** node ends the process at the first uncaught error. */
  const uncaught = (err: unknown): void => {
    if (finished || err === EXIT) return;
    const d = describeThrown(err, names, candidate);
    if (d.assertion) failUnit(d);
    else failWith(d);
    finish(d.assertion ? 'failed' : 'error', failedText(d));
  };
  const guard = (fn: () => void): void => {
    if (finished) return;
    try {
      fn();
    } catch (err) {
      uncaught(err);
    }
  };

  // Outside test(), each assertion the tests make is a unit of its own, named by its line, as
  // Python counts each module-level assert: a call made again on the same line (in a loop) is the
  // same unit, failed once any call failed. Units are indexes into `tests`, by name.
  const units: Record<string, number> = create(null) as Record<string, number>;
  const unitAt = (frame: { script: string; line: number } | undefined): { name: string; source?: string } =>
    frame
      ? { name: `${frame.script}:${frame.line}`, source: stringTrim(sources[frame.script]?.[frame.line - 1] ?? '') }
      : { name: 'assertion' };
  /** A failed assertion outside test(): its unit fails; the run goes on. */
  const failUnit = (d: Described, frame = firstFrame(d.exception.traceback, names)): void => {
    failWith(d);
    const { name, source } = unitAt(frame);
    const entry = { name, passed: false, source, expected: d.expected, actual: d.actual, message: d.message };
    const at = hasOwn(units, name) ? units[name]! : -1;
    if (at < 0) {
      units[name] = tests.length;
      append(tests, entry);
    } else if (tests[at]!.passed) tests[at] = entry;
  };
  const passUnit = (frame: { script: string; line: number }): void => {
    const { name, source } = unitAt(frame);
    if (hasOwn(units, name)) return;
    units[name] = tests.length;
    append(tests, { name, passed: true, source });
  };
  /** Where the tests (not the candidate) made the assertion called as `from`, outside any test(). */
  const testsCall = (from: unknown): { script: string; line: number } | undefined => {
    if (!grading || finished || runner.running !== undefined) return undefined;
    const probe: { stack?: string } = {};
    captureStack?.(probe, from);
    const frame = firstFrame(toText(probe.stack ?? ''), names);
    return frame && frame.script !== candidate ? frame : undefined;
  };
  setAssertObserver((from, failure) => {
    try {
      const frame = testsCall(from);
      if (!frame) return false;
      if (!failure) passUnit(frame);
      else failUnit(describeThrown(failure.error, names, candidate), frame);
      return true;
    } catch {
      return false;
    }
  });

  const exit = (code: number): never => {
    if (!finished && program) {
      const c = isInteger(code) ? code : 1;
      if (c === 0) finish('passed', 'passed');
      else exitFailure(`process.exit(${c}) called`);
    } else if (!finished) {
      const c = isInteger(code) ? code : 1;
      if (!scriptsDone || !testsDone) flagExit(c);
      if (failures > 0 && first) finish('failed', failedText(first));
      else if (c !== 0) finish('failed', `failed: process.exit(${c})`);
      else if (reference) finish('passed', 'passed');
      else if (!scriptsDone || !testsDone)
        finish('failed', 'failed: process.exit(0) was called before the tests finished');
      else finish('passed', 'passed');
    }
    throw EXIT;
  };

  /** A program that ends with a non-zero exit code: node's process fails, so does the test. */
  const exitFailure = (message: string): void => {
    failWith({
      type: 'ProcessExit',
      message,
      assertion: false,
      exception: { type: 'ProcessExit', message, traceback: '' },
    });
    finish('error', `failed: ProcessExit: ${message}`);
  };

  /** process.exit before every test ran: a pass then says nothing of the tests left (early-exit). */
  const flagExit = (c: number): void => {
    const flag: GamingFlag = {
      kind: 'early-exit',
      detail: `process.exit(${c}) was called before ${scriptsDone ? 'every test had run' : 'the tests were reached'}`,
    };
    const at = firstFrame(toText(new ErrorCtor().stack), names);
    if (at?.script === candidate) flag.line = at.line;
    append(flags, flag);
  };

  // The end of the program: nothing pending, checked over two quiet turns of the event loop so
  // unhandled rejections, reported a task after the promise settles, are counted first.
  const settle = (): void => {
    quiet = 0;
    if (!checking && scriptsDone && !finished) {
      checking = true;
      realSetTimeout(check, 0);
    }
  };
  const check = (): void => {
    checking = false;
    if (finished || timers.pending > 0) return;
    if (++quiet < 2) {
      checking = true;
      realSetTimeout(check, 0);
      return;
    }
    if (!testsDone) {
      // A test awaits a promise nothing can settle any more: node:test fails it the same way.
      if (runner.giveUp()) settle();
      return;
    }
    naturalEnd();
  };
  const timers = new Timers(guard, settle);
  const globals = installNodeGlobals(self as unknown as Record<string, unknown>, {
    write: (stream, text) => sink.write(stream, text),
    exit,
    assertFailed: (message, actual, from) => {
      if (!grading || finished) return;
      // Inside test() the call's line goes into the message; a unit outside one is named by its line.
      if (!runner.fail(consoleAssertion(message, actual, from, sourceOf, true)))
        failUnit(describeThrown(consoleAssertion(message, actual, from, sourceOf, false), names, candidate));
    },
    assertPassed: (from) => {
      const frame = testsCall(from);
      if (frame) passUnit(frame);
    },
    tests: runner,
    stdin: program ? (job.stdin ?? '') : undefined,
    timers: {
      setTimeout: (fn, ms, ...args) => timers.set(fn, ms, args, false),
      setInterval: (fn, ms, ...args) => timers.set(fn, ms, args, true),
      clear: (t) => timers.clear(t),
    },
  });

  const naturalEnd = (): void => {
    const code = globals.exitCode();
    if (first) return finish(first.assertion ? 'failed' : 'error', failedText(first));
    if (program && code !== undefined && Number(code) !== 0) return exitFailure(`process.exitCode = ${toText(code)}`);
    if (code !== undefined && Number(code) !== 0) return finish('failed', `failed: process.exitCode = ${toText(code)}`);
    finish('passed', 'passed');
  };

  const sourceOf = (stack: string): string | undefined => {
    const f = firstFrame(stack, names);
    return f ? stringTrim(sources[f.script]?.[f.line - 1] ?? '') : undefined;
  };
  setSourceLookup(sourceOf);
  apply(addListener, self, [
    'unhandledrejection',
    (e: PromiseRejectionEvent) => {
      apply(preventDefault, e, []);
      const reason = apply(rejectionReason, e, []);
      let err: unknown;
      try {
        err = isError(reason) ? reason : rejection(toText(reason));
      } catch {
        // A reason whose toString throws (or a Proxy) still ends the run.
        err = rejection('that cannot be shown');
      }
      uncaught(err);
    },
  ]);
  apply(addListener, self, [
    'error',
    (e: ErrorEvent) => {
      apply(preventDefault, e, []);
      uncaught(apply(errorEventError, e, []));
    },
  ]);

  const harnessError = (message: string): void => {
    failWith({
      type: 'HarnessError',
      message,
      assertion: false,
      exception: { type: 'HarnessError', message, traceback: message },
    });
    finish('error', `failed: HarnessError: ${message}`);
  };
  for (let i = 0; i < job.scripts.length; i++) {
    const script = job.scripts[i]!;
    if (i > 0) {
      try {
        globals.reinstall();
      } catch {
        return harnessError(
          'the code under test made the test harness (test, describe, it, require, process, console or timers) impossible to restore',
        );
      }
    }
    const wrapped = i > 0 && !reference ? wrapTests(self, script.source, globals.own) : undefined;
    grading ||= wrapped !== undefined;
    const text = wrapped ? wrapped.text : script.source;
    const url = makeUrl(new BlobCtor([`${text}\n//# sourceURL=${script.name}`], { type: 'text/javascript' }));
    try {
      runScript(url);
    } catch (err) {
      if (err === EXIT || finished) return;
      if (isParseError(err, names)) return void locateSyntaxError(err as SyntaxError, script, finish, failWith);
      uncaught(err);
      return;
    }
    if (wrapped && !wrapped.ran()) return harnessError('the code under test kept the tests from running');
  }
  scriptsDone = true;
  const total = runner.count;
  // Counted apart from the runner's queue: a registered test that never reports is a failure.
  let reported = 0;
  runner.run(
    (o) => {
      reported++;
      if (o.status === 'skipped') return;
      if (o.status === 'passed') return append(tests, { name: o.name, passed: true });
      const d = describeThrown(o.error, names, candidate, true);
      failWith({ ...d, test: o.name } as Described);
      append(tests, {
        name: o.name,
        passed: false,
        expected: d.expected,
        actual: d.actual,
        message: `${d.type}: ${d.message}`,
      });
    },
    () => {
      testsDone = true;
      if (reported !== runner.count)
        return void finish('failed', `failed: ${runner.count} tests were registered and ${reported} of them ran`);
      if (total > 0 && failures > 0 && first && !finished) {
        const t = hasOwn(first, 'test') ? (first as { test?: string }).test : undefined;
        return void finish('failed', `failed: ${t ? `${t}: ` : ''}${first.type}: ${first.message}`);
      }
      settle();
    },
  );
  settle();
}
