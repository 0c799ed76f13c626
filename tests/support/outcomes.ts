// Finished loops, attempts and runs as the code under test receives them, with the figures that do
// not matter to a test at neutral values: a test names what it checks (tokens, time, attempts) as an override.
import type { LoopOutcome } from '../../src/loop/types.ts';
import type { RowSource } from '../../src/shared/bench-rows.ts';
import type { RunResult } from '../../src/shared/run.ts';
import type { Attempt } from '../../src/shared/session.ts';

/** What a benchmark row is made of: passed, or out of iterations, with no attempts unless given. */
export function rowSource(passed: boolean, over: Partial<RowSource> = {}): RowSource {
  return {
    passed,
    endReason: passed ? 'passed' : 'iteration-cap',
    endMessage: '',
    attempts: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    elapsedMs: 0,
    ...over,
  };
}

/** A plain repair run of one model call that ended passed or out of iterations. */
export function loopOutcome(passed: boolean, over: Partial<LoopOutcome> = {}): LoopOutcome {
  return {
    ...rowSource(passed),
    modelCalls: 1,
    samples: 1,
    strategy: 'repair',
    modelMs: 0,
    runMs: 0,
    ...over,
  };
}

/** A run with no per-test results and no output. */
export function runResult(status: RunResult['status'], result: string, over: Partial<RunResult> = {}): RunResult {
  return { status, result, tests: [], stdout: '', stderr: '', truncated: false, durationMs: 1, ...over };
}

/** A model's attempt: its code, and no run, tokens or time unless given. */
export function modelAttempt(over: Partial<Attempt> = {}): Attempt {
  return {
    sessionId: 's',
    index: 0,
    messages: [],
    reply: '',
    candidate: 'x',
    source: 'model',
    usage: { inputTokens: 0, outputTokens: 0 },
    modelMs: 0,
    runMs: 0,
    createdAt: 0,
    ...over,
  };
}
