// Test doubles for the loop: a scripted model endpoint and a scripted sandbox.
import type {
  ChatRequest,
  ChatResult,
  ModelClient,
  ModelErrorInfo,
  StreamEvent,
  Usage,
} from '../../../src/shared/model.ts';
import type { RunJob, RunResult, TestResult } from '../../../src/shared/run.ts';
import type { RunHandle, Runtime } from '../../../src/shared/runtime.ts';
import type { FunctionTask } from '../../../src/shared/task.ts';
import type { Attempt } from '../../../src/shared/session.ts';
import { deferred } from '../../../src/shared/deferred.ts';

export type ModelStep =
  | string
  | { reply: string; usage?: Usage }
  /** Streams `partial` first when given, then fails. */
  | { error: ModelErrorInfo; partial?: string }
  /** Streams `partial`, then waits until the call is aborted. */
  | { hang: true; partial?: string; ignoreAbort?: boolean };

/** Thrown like the clients' ModelError: an Error carrying the normalised info. */
function modelError(info: ModelErrorInfo): Error {
  return Object.assign(new Error(info.message), { name: 'ModelError', info });
}

export class FakeModel implements ModelClient {
  readonly config = { provider: 'demo' as const, baseUrl: 'http://fake', model: 'fake' };
  readonly requests: ChatRequest[] = [];
  onCall?: (n: number) => void;

  constructor(private readonly steps: ModelStep[]) {}

  async chat(
    req: ChatRequest,
    opts?: { signal?: AbortSignal; onEvent?: (e: StreamEvent) => void },
  ): Promise<ChatResult> {
    this.requests.push(structuredClone(req));
    this.onCall?.(this.requests.length);
    const step = this.steps.shift();
    if (step === undefined) throw new Error('FakeModel: no more scripted replies');
    if (typeof step === 'object' && 'error' in step) {
      if (step.partial) opts?.onEvent?.({ type: 'text', text: step.partial });
      throw modelError(step.error);
    }
    if (typeof step === 'object' && 'hang' in step) {
      if (step.partial) opts?.onEvent?.({ type: 'text', text: step.partial });
      return new Promise<ChatResult>((_, reject) => {
        if (step.ignoreAbort) return;
        opts?.signal?.addEventListener('abort', () =>
          reject(modelError({ kind: 'cancelled', message: 'The request was cancelled.' })),
        );
      });
    }
    const text = typeof step === 'string' ? step : step.reply;
    for (let i = 0; i < text.length; i += 7) opts?.onEvent?.({ type: 'text', text: text.slice(i, i + 7) });
    const usage = typeof step === 'object' && step.usage ? step.usage : { inputTokens: 100, outputTokens: 50 };
    return { text, finishReason: 'stop', usage };
  }

  async listModels(): Promise<string[]> {
    return ['fake'];
  }
}

export type RunStep = RunResult | ((job: RunJob) => RunResult) | { hang: true };

export class FakeRuntime implements Runtime {
  readonly jobs: RunJob[] = [];
  cancelled = 0;

  constructor(
    private readonly steps: RunStep[],
    private readonly fallback?: RunStep,
  ) {}

  run(job: RunJob): RunHandle {
    this.jobs.push(job);
    const step = this.steps.shift() ?? this.fallback;
    if (step === undefined) throw new Error('FakeRuntime: no more scripted results');
    if ('hang' in step) {
      const result = deferred<RunResult>();
      const cancel = (): void => result.resolve({ ...fail([]), status: 'cancelled', result: 'failed: cancelled' });
      return { result: result.promise, cancel: () => (this.cancelled++, cancel()) };
    }
    const r = typeof step === 'function' ? step(job) : step;
    return { result: Promise.resolve(r), cancel: () => void this.cancelled++ };
  }

  dispose(): void {}
}

const blank = { stdout: '', stderr: '', truncated: false, durationMs: 5 };

export function pass(n = 2): RunResult {
  const tests = Array.from({ length: n }, (_, i) => ({ name: `test_${i + 1}`, passed: true }));
  return { status: 'passed', result: 'passed', tests, ...blank };
}

function fail(tests: TestResult[], extra: Partial<RunResult> = {}): RunResult {
  return { status: 'failed', result: 'failed: AssertionError', tests, ...blank, ...extra };
}

/** A result with `failing` of `total` tests failing, named test_1…; `tag` varies the actual values. */
export function failing(total: number, failingNames: string[], tag = ''): RunResult {
  const tests = Array.from({ length: total }, (_, i) => {
    const name = `test_${i + 1}`;
    const bad = failingNames.includes(name);
    return bad
      ? { name, passed: false, source: `assert add(${i}, 1) == ${i + 1}`, expected: `${i + 1}`, actual: `${i}${tag}` }
      : { name, passed: true };
  });
  return fail(tests);
}

export function raised(type: string, message: string, line: number, traceback = ''): RunResult {
  return {
    status: 'error',
    result: `failed: ${message}`,
    tests: [],
    exception: { type, message, traceback, line },
    ...blank,
  };
}

export function syntax(message: string, line: number): RunResult {
  return {
    status: 'error',
    result: `failed: ${message}`,
    tests: [],
    exception: { type: 'SyntaxError', message, traceback: '', line, syntax: true },
    ...blank,
  };
}

export const LIMITS = { timeoutSec: 3, outputCap: 64 * 1024 };

export const mbppTask: FunctionTask = {
  kind: 'function',
  id: 'mbpp-1',
  title: 'Add',
  prompt: 'Write a function add(a, b) that returns the sum of a and b.',
  language: 'python',
  entryPoint: 'add',
  tests: { kind: 'mbpp', setup: '', asserts: ['assert add(1, 2) == 3', 'assert add(-1, 1) == 0'] },
  limits: LIMITS,
};

export const HE_PROMPT =
  'from typing import List\n\n\ndef running_sum(xs: List[int]) -> List[int]:\n    """Prefix sums.\n    >>> running_sum([1, 2, 3])\n    [1, 3, 6]\n    """\n';

export const heTask: FunctionTask = {
  kind: 'function',
  id: 'HumanEval/x',
  title: 'running_sum',
  prompt: HE_PROMPT,
  language: 'python',
  entryPoint: 'running_sum',
  tests: {
    kind: 'humaneval',
    test: 'def check(candidate):\n    assert candidate([1, 2, 3]) == [1, 3, 6]\n',
    entryPoint: 'running_sum',
  },
  limits: LIMITS,
};

export const code = (n: number | string): string => `\`\`\`python\ndef add(a, b):\n    return a + b + ${n}\n\`\`\``;

/** A finished attempt as the store would hand it back. */
export function storedAttempt(
  index: number,
  candidate: string | undefined,
  result: RunResult | undefined,
  extra: Partial<Attempt> = {},
): Attempt {
  return {
    sessionId: 's1',
    index,
    messages: [],
    reply: candidate === undefined ? 'no idea' : `\`\`\`python\n${candidate}\n\`\`\``,
    candidate,
    source: 'model',
    result,
    feedback: result ? 'stored feedback' : 'Your reply contained no code.',
    usage: { inputTokens: 10, outputTokens: 5 },
    modelMs: 1,
    runMs: 1,
    createdAt: 0,
    passed: result?.status === 'passed',
    ...extra,
  };
}
