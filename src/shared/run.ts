// What a run is asked to do and what it reports. Both the host and the sandbox frame import
// only these types, never each other.
import type { GamingFlag } from './gaming.ts';

import type { WebOutcome, WebTests } from './web.ts';

/** 'html': a web page (one HTML document), rendered and checked in its own frame (see web.ts). */
export type Language = 'python' | 'javascript' | 'typescript' | 'html';

export type OutputCompare = 'lines' | 'exact' | 'tokens' | 'numbers';

/** How the tests of a job are given. */
export type TestSpec =
  /**
   * HumanEval: the job's code is prompt + completion; the check program is
   * code + "\n" + test + "\n" + "check(" + entryPoint + ")", exactly as the reference harness builds it.
   */
  | { kind: 'humaneval'; test: string; entryPoint: string }
  /** MBPP: the program, then test_setup_code, then each assert line. */
  | { kind: 'mbpp'; setup: string; asserts: string[] }
  /** Plain user tests: assert lines, test_* functions, unittest.TestCase classes, doctests. */
  | { kind: 'user'; source: string }
  /** No tests: run the program, passed when it exits normally. */
  | { kind: 'none' }
  /**
   * A contest program (stdin to stdout, or `funcName` called on `Solution()`), judged as
   * LiveCodeBench judges it; `limits.timeoutSec` is per test. The page keeps `outputs` and sends
   * the sandbox only the inputs (src/kinds/program/verdict.ts).
   */
  | {
      kind: 'program';
      inputs: string[];
      outputs: string[];
      funcName?: string;
      /**
       * How output is compared (classroom packs): 'lines', LiveCodeBench's rule and the default;
       * 'exact' text; 'tokens', whitespace-separated; 'numbers', tokens with numbers equal within
       * `tolerance` (absolute or relative, default 1e-6).
       */
      compare?: OutputCompare;
      tolerance?: number;
      /**
       * Selection (best-of-n): nothing is judged; every test runs, and each test's record holds
       * what the program printed (or `!Type` for an error) as `actual`.
       */
      collect?: boolean;
    }
  /** A web page's checks, run in the rendered page. */
  | WebTests;

export interface RunLimits {
  /** Wall-clock limit for the whole run, in seconds. */
  timeoutSec: number;
  /** Bytes of stdout+stderr kept; the rest is counted and dropped. */
  outputCap: number;
}

export const DEFAULT_LIMITS: RunLimits = { timeoutSec: 3, outputCap: 64 * 1024 };

/** The default output cap with this many seconds: the limits of every dataset's and pack's runs. */
export const limitsFor = (timeoutSec: number): RunLimits => ({ ...DEFAULT_LIMITS, timeoutSec });

export interface RunJob {
  language: Language;
  /** The candidate as written (for HumanEval, the completion appended to the prompt). */
  code: string;
  tests: TestSpec;
  limits: RunLimits;
  /** Text that input() reads; input() raises EOFError when it runs out. */
  stdin?: string;
  /**
   * 'reference' grades exactly like the HumanEval reference harness (one exec, output swallowed,
   * exit/quit disabled, result text "passed" / "timed out" / "failed: <exception>").
   * 'grade' runs the program, then one test, for a classroom grade: see fixpoint_harness.grading.
   */
  mode?: 'feedback' | 'reference' | 'grade';
  /**
   * Python feedback runs: once the verdict is settled, run the first failing test again, traced
   * line by line through the candidate's own code; the result carries it as `trace`.
   */
  trace?: boolean;
  /** false leaves out the test-gaming checks (docs/test-gaming.md), to measure what they cost. */
  flags?: boolean;
}

export type RunStatus = 'passed' | 'failed' | 'error' | 'timed out' | 'crashed' | 'cancelled';

export interface TestResult {
  name: string;
  passed: boolean;
  /** The call or assertion source, when known. */
  source?: string;
  expected?: string;
  actual?: string;
  message?: string;
}

export interface ExceptionInfo {
  type: string;
  message: string;
  /** Traceback lines trimmed to the candidate's own frames. */
  traceback: string;
  /** Line in the candidate as written (1-based), when the error is in it. */
  line?: number;
  /** True for SyntaxError / IndentationError raised while compiling the candidate. */
  syntax?: boolean;
}

export interface RunResult {
  status: RunStatus;
  /** Reference-harness text: "passed", "timed out" or "failed: <reason>". */
  result: string;
  tests: TestResult[];
  exception?: ExceptionInfo;
  stdout: string;
  stderr: string;
  /** True when output passed the cap and was cut; the kept text ends with a mark. */
  truncated: boolean;
  durationMs: number;
  /** The test that was running when the time limit hit, when known. */
  runningTest?: string;
  /** Jobs with `trace`: what the program did in its first failing test. */
  trace?: RunTrace;
  /** Signs that the candidate games its tests rather than solving the task (shared/gaming.ts). */
  flags?: GamingFlag[];
  /** Web pages: the picture, console and page errors. */
  web?: WebOutcome;
}

/** One step of a trace: a call, a line as it began, a return or an exception, in the candidate's code. */
export interface TraceStep {
  /** Line of the program that ran (1-based); a call's is the line of its `def`. */
  line: number;
  event: 'call' | 'line' | 'return' | 'exception';
  function: string;
  /** The function's local variables as the step began, [name, value], each value cut short. */
  locals: [string, string][];
  /** The value returned, or the exception raised. */
  value?: string;
  /** A line that ran more often than shown: how many later runs were folded into this step. */
  hits?: number;
  /** The locals of the last of those folded runs. */
  last?: [string, string][];
}

/** What the program did in its first failing test, bounded (see fixpoint_harness.tracing). */
export interface RunTrace {
  /** The test's name, as in `tests`. */
  test: string;
  steps: TraceStep[];
  /** Steps left out once the trace reached its size. */
  omitted: number;
  /** Why tracing stopped before the test ended (time, depth), when it did. */
  stopped?: string;
}

export type OutputStream = 'stdout' | 'stderr';
