// What one run of the loop knows and carries from attempt to attempt. Every strategy works on
// this one object, so the steps of an attempt (see cycle.ts) can be shared between strategies.
import type { ModelErrorInfo, Usage } from '../shared/model.ts';
import type { Attempt } from '../shared/session.ts';
import { lineOffsetOf } from './assemble.ts';
import {
  DEFAULT_MAX_ITERATIONS,
  STOPPED,
  StuckWatch,
  generatedStillFailing,
  timeVerdict,
  type StopVerdict,
} from './stop.ts';
import type { LoopOptions, LoopOutcome } from './types.ts';

export interface LoopState {
  readonly opts: LoopOptions;
  /** Aborts on the user's Stop and when the time budget runs out mid-step. */
  readonly signal: AbortSignal;
  /** Set by the time budget's timer, so a stop can say which of the two it was. */
  readonly clock: { timeUp: boolean };
  readonly now: () => number;
  readonly started: number;
  readonly maxIterations: number;
  /** Every finished attempt of the session, earlier runs' included, oldest first. */
  readonly attempts: Attempt[];
  /** Sums over this run's model calls and runs. */
  readonly usage: Usage;
  modelMs: number;
  runMs: number;
  /** Model attempts made in this run. */
  iterations: number;
  /** Requests sent to the model in this run, reflections and every sample included. */
  modelCalls: number;
  /** Candidates the model was asked for in this run. */
  samples: number;
  /** The next request asks for a different approach. */
  tactic: boolean;
  /** A different approach was asked for once already: the next time stuck ends the run. */
  tacticUsed: boolean;
  readonly watch: StuckWatch;
  /** Said once each (see LoopHooks.onNotice). */
  readonly notices: string[];
  /** The endpoint refuses pictures: later requests are built without them. */
  picturesRefused: boolean;
}

/** Why the run ends; `error` when the endpoint failed for good. */
export interface LoopEnd {
  verdict: StopVerdict;
  error?: ModelErrorInfo;
}

export function createState(opts: LoopOptions, signal: AbortSignal, clock: { timeUp: boolean }): LoopState {
  const now = opts.now ?? Date.now;
  const n = opts.settings.maxIterations;
  const state: LoopState = {
    opts,
    signal,
    clock,
    now,
    started: now(),
    maxIterations: Number.isInteger(n) && n > 0 ? n : DEFAULT_MAX_ITERATIONS,
    attempts: [...(opts.startFrom?.attempts ?? [])],
    usage: { inputTokens: 0, outputTokens: 0 },
    modelMs: 0,
    runMs: 0,
    iterations: 0,
    modelCalls: 0,
    samples: 0,
    tactic: false,
    tacticUsed: false,
    watch: new StuckWatch(lineOffsetOf(opts.task)),
    notices: [],
    picturesRefused: false,
  };
  for (const a of state.attempts) state.watch.observe(a);
  return state;
}

export const isPassed = (a: Attempt): boolean => a.passed ?? a.result?.status === 'passed';

export const tokensUsed = (s: LoopState): number => s.usage.inputTokens + s.usage.outputTokens;

export const elapsedMs = (s: LoopState): number => s.now() - s.started;

/** The end of a run cut short: by the time budget's timer, else by the user. */
export function stopped(s: LoopState): LoopEnd {
  const byClock = s.clock.timeUp && !s.opts.signal?.aborted;
  return { verdict: byClock ? timeVerdict(elapsedMs(s), s.opts.settings.timeBudgetSec ?? 0) : STOPPED };
}

/** Says `text` to the person once in this run. */
export function notice(s: LoopState, text: string): void {
  if (s.notices.includes(text)) return;
  s.notices.push(text);
  s.opts.hooks.onNotice?.(text);
  s.opts.hooks.onStatus?.(text);
}

export function nextIndex(s: LoopState): number {
  return (s.attempts.at(-1)?.index ?? -1) + 1;
}

/** An attempt with nothing in it yet; the steps fill it in. */
export function blankAttempt(s: LoopState, index: number): Attempt {
  return {
    sessionId: s.opts.sessionId ?? '',
    index,
    messages: [],
    reply: '',
    source: 'model',
    usage: { inputTokens: 0, outputTokens: 0 },
    modelMs: 0,
    runMs: 0,
    createdAt: s.now(),
  };
}

export function outcome(s: LoopState, end: LoopEnd): LoopOutcome {
  const { verdict } = end;
  const last = s.attempts.at(-1);
  const shown =
    verdict.reason === 'passed' && last ? last : [...s.attempts].reverse().find((a) => a.candidate !== undefined);
  return {
    passed: verdict.reason === 'passed',
    endReason: verdict.reason,
    endMessage:
      verdict.reason === 'passed' || verdict.reason === 'stopped'
        ? verdict.message
        : verdict.message + generatedStillFailing(shown, s.opts.task.generatedTests),
    attempts: s.attempts,
    finalCandidate: shown?.candidate,
    usage: s.usage,
    modelMs: s.modelMs,
    runMs: s.runMs,
    elapsedMs: elapsedMs(s),
    modelCalls: s.modelCalls,
    samples: s.samples,
    strategy: s.opts.settings.strategy?.name ?? 'repair',
    error: end.error,
    ...(s.notices.length > 0 ? { notices: [...s.notices] } : {}),
  };
}
