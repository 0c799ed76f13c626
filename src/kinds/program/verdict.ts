// The page's side of judging a contest program: the harness streams one signed event per test
// (its output, or the value a call returned, or the exception), and this decides the verdict
// with LiveCodeBench's rules and result texts. The expected outputs stay here.
import type { RunResult, RunStatus, TestResult } from '../../shared/run.ts';
import { outputDifference, truncated } from './compare.ts';
import type { OutputCompare } from '../../shared/run.ts';
import { parsePyJson, pyEqual, type PyValue } from './values.ts';

export interface ProgramSpec {
  inputs: string[];
  outputs: string[];
  funcName?: string;
  compare?: OutputCompare;
  tolerance?: number;
  collect?: boolean;
}

/** What the page did to the run, and the output it kept. */
export interface RunEnd {
  stopped?: 'timed out' | 'cancelled';
  crashed?: string;
  durationMs: number;
  stdout: string;
  stderr: string;
  truncated: boolean;
}

type Failure = { status: RunStatus; result: string; test?: TestResult; exception?: RunResult['exception'] };
const FIELD = 2000; // characters of input, output and expected kept in a test's record

const error = (v: unknown): { type: string; message: string } => {
  const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  return { type: String(o.type ?? 'Exception').slice(0, 200), message: String(o.message ?? '').slice(0, 2000) };
};

export class ProgramWatch {
  private readonly tests: TestResult[] = [];
  private failure: Failure | undefined;
  private ended = false;
  private extra = { stdout: '', stderr: '' };

  constructor(private readonly spec: ProgramSpec) {}

  /** 'begin': a test (or the compiling) starts, so its time limit starts again; 'decided': a failure settles the verdict. */
  onEvent(raw: unknown): 'begin' | 'decided' | 'noted' {
    if (this.failure || typeof raw !== 'object' || raw === null) return 'noted';
    const ev = raw as Record<string, unknown>;
    const i = typeof ev.i === 'number' && Number.isInteger(ev.i) ? ev.i : -2;
    switch (ev.e) {
      case 'begin':
        return 'begin';
      case 'compile': {
        const e = error(ev.error);
        this.fail({
          status: 'error',
          result: `failed: Compile Error: ${e.type}: ${e.message}`,
          exception: { ...e, traceback: '' },
        });
        return 'decided';
      }
      case 'refused':
        this.fail({
          status: 'error',
          result: `failed: Runtime Error: RuntimeError: not allowed while judging: ${String(ev.what)}`,
        });
        return 'decided';
      case 'end':
        this.ended = this.spec.collect === true || this.tests.length === this.spec.inputs.length;
        this.extra = { stdout: String(ev.stdout ?? ''), stderr: String(ev.stderr ?? '') };
        return 'noted';
      case 'test':
        if (i !== this.tests.length || i >= this.spec.inputs.length) return 'noted';
        return this.onTest(i, ev) ? 'noted' : 'decided';
      default:
        return 'noted';
    }
  }

  private onTest(i: number, ev: Record<string, unknown>): boolean {
    const input = this.spec.inputs[i]!;
    const want = this.spec.outputs[i] ?? '';
    const base = { name: `test ${i + 1}`, source: input.slice(0, FIELD), expected: want.slice(0, FIELD) };
    if (this.spec.collect) {
      // Selection: what the program did on this input, whatever it was; the run goes on.
      const e = ev.error !== undefined ? error(ev.error) : undefined;
      const out = typeof ev.out === 'string' ? ev.out : typeof ev.text === 'string' ? ev.text : '';
      this.tests.push({ ...base, passed: e === undefined, actual: e ? `!${e.type}` : out.slice(0, FIELD) });
      return true;
    }
    if (ev.error !== undefined) {
      const e = error(ev.error);
      const test = { ...base, passed: false, message: `${e.type}: ${e.message}` };
      this.fail({
        status: 'error',
        result: `failed: Runtime Error: ${e.type}: ${e.message}`,
        test,
        exception: { ...e, traceback: '' },
      });
      return false;
    }
    if (this.spec.funcName !== undefined) {
      const got = typeof ev.text === 'string' ? ev.text : '';
      let same: boolean;
      try {
        same = ev.odd !== true && pyEqual(ev.value as PyValue, parsePyJson(want));
      } catch {
        same = false; // an expected output that is not JSON: LiveCodeBench fails the sample too
      }
      const test = { ...base, passed: same, actual: got };
      if (same) return (this.tests.push(test), true);
      this.fail({
        status: 'failed',
        result: `failed: Wrong Answer at line 0: ${truncated(got)} != ${truncated(want)}`,
        test,
      });
      return false;
    }
    const out = typeof ev.out === 'string' ? ev.out : '';
    const diff =
      ev.cut === true
        ? { where: 'line 0', got: out.slice(0, 300), expected: want }
        : outputDifference(out, want, this.spec.compare, this.spec.tolerance);
    const test = { ...base, passed: !diff, actual: out.slice(0, FIELD) };
    if (!diff) return (this.tests.push(test), true);
    const result = `failed: Wrong Answer at ${diff.where}: ${truncated(diff.got)} != ${truncated(diff.expected)}`;
    this.fail({
      status: 'failed',
      result,
      test: { ...test, message: `${diff.where.replace(/\d+$/, (n) => String(Number(n) + 1))} differs` },
    });
    return false;
  }

  private fail(f: Failure): void {
    this.failure = f;
    if (f.test) this.tests.push(f.test);
  }

  result(end: RunEnd): RunResult {
    const out = {
      stdout: end.stdout + this.extra.stdout,
      stderr: end.stderr + this.extra.stderr,
      truncated: end.truncated,
      durationMs: end.durationMs,
      tests: this.tests,
    };
    const f = this.failure;
    if (f) return { ...out, status: f.status, result: f.result, exception: f.exception };
    if (end.stopped === 'cancelled') return { ...out, status: 'cancelled', result: 'failed: cancelled' };
    if (end.stopped === 'timed out') {
      const k = this.tests.length;
      if (k >= this.spec.inputs.length) return { ...out, status: 'timed out', result: 'timed out' };
      const test = {
        name: `test ${k + 1}`,
        passed: false,
        source: this.spec.inputs[k]!.slice(0, FIELD),
        expected: (this.spec.outputs[k] ?? '').slice(0, FIELD),
        message: 'timed out',
      };
      return { ...out, tests: [...this.tests, test], status: 'timed out', result: 'timed out', runningTest: test.name };
    }
    if (end.crashed !== undefined) {
      const type = /stack|recursion/i.test(end.crashed)
        ? 'RecursionError'
        : /memory/i.test(end.crashed)
          ? 'MemoryError'
          : 'SystemError';
      return { ...out, status: 'crashed', result: `failed: Runtime Error: ${type}: ${end.crashed}` };
    }
    if (this.ended) return { ...out, status: 'passed', result: 'passed' };
    return {
      ...out,
      status: 'error',
      result: 'failed: Runtime Error: SystemError: the run ended before every test ran',
    };
  }
}
