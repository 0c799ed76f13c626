// The repair loop: ask, extract, run, feed back, repeat until a stop rule fires. Every finished
// attempt is handed to the caller (and awaited) before the loop goes on, so a crash loses at most
// the attempt in flight.
import type { Usage } from '../shared/model.ts';
import type { Attempt } from '../shared/task.ts';
import { candidateFromCode, candidateFromReply, lineOffsetOf, type Candidate } from './assemble.ts';
import { DEFAULT_CONTEXT_BUDGET_TOKENS, fitConversation } from './budget.ts';
import { evaluate } from './evaluate.ts';
import { buildFeedback, noCodeFeedback } from './feedback.ts';
import { callModel } from './model-call.ts';
import {
  budgetStop,
  DEFAULT_MAX_ITERATIONS,
  endpointVerdict,
  nextCallStop,
  passedVerdict,
  STOPPED,
  StuckWatch,
  stuckVerdict,
  timeVerdict,
  type StopVerdict,
} from './stop.ts';
import type { LoopOptions, LoopOutcome } from './types.ts';

const isPassed = (a: Attempt): boolean => a.passed ?? a.result?.status === 'passed';
/** setTimeout fires at once for delays past this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export async function runLoop(opts: LoopOptions): Promise<LoopOutcome> {
  // One signal for the user's Stop and for the wall-clock budget running out mid-step.
  const inner = new AbortController();
  const clock = { timeUp: false };
  const onUserAbort = (): void => inner.abort();
  opts.signal?.addEventListener('abort', onUserAbort, { once: true });
  if (opts.signal?.aborted) inner.abort();
  const budgetMs = (opts.settings.timeBudgetSec ?? Infinity) * 1000;
  const timer =
    budgetMs <= MAX_TIMER_MS ? setTimeout(() => ((clock.timeUp = true), inner.abort()), budgetMs) : undefined;
  try {
    return await drive(opts, inner.signal, clock);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onUserAbort);
  }
}

async function drive(opts: LoopOptions, signal: AbortSignal, clock: { timeUp: boolean }): Promise<LoopOutcome> {
  const { task, hooks, settings: s } = opts;
  const now = opts.now ?? Date.now;
  const started = now();
  const maxIterations =
    Number.isInteger(s.maxIterations) && s.maxIterations > 0 ? s.maxIterations : DEFAULT_MAX_ITERATIONS;
  const attempts = [...(opts.startFrom?.attempts ?? [])];
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  let modelMs = 0;
  let runMs = 0;
  let iterations = 0;
  let tacticUsed = false;
  let tactic = false;
  const watch = new StuckWatch(lineOffsetOf(task));
  for (const a of attempts) watch.observe(a);

  const tokensUsed = (): number => usage.inputTokens + usage.outputTokens;
  const stopped = (): StopVerdict =>
    clock.timeUp && !opts.signal?.aborted ? timeVerdict(now() - started, s.timeBudgetSec ?? 0) : STOPPED;

  const finish = (v: StopVerdict, error?: LoopOutcome['error']): LoopOutcome => {
    const last = attempts.at(-1);
    const shown = v.reason === 'passed' && last ? last : [...attempts].reverse().find((a) => a.candidate !== undefined);
    return {
      passed: v.reason === 'passed',
      endReason: v.reason,
      endMessage: v.message,
      attempts,
      finalCandidate: shown?.candidate,
      usage,
      modelMs,
      runMs,
      elapsedMs: now() - started,
      error,
    };
  };

  /** Keeps the attempt and applies the rules that depend on it. */
  const record = async (a: Attempt): Promise<StopVerdict | undefined> => {
    attempts.push(a);
    await hooks.onAttempt(a);
    if (isPassed(a)) return passedVerdict(a);
    const stuck = watch.observe(a);
    if (!stuck.stuck) return undefined;
    if (tacticUsed) return stuckVerdict(stuck.why);
    tacticUsed = tactic = true;
    hooks.onStatus?.(`The loop looks stuck (${stuck.why}); asking for a different approach.`);
    return undefined;
  };

  const blank = (index: number): Attempt => ({
    sessionId: opts.sessionId ?? '',
    index,
    messages: [],
    reply: '',
    source: 'model',
    usage: { inputTokens: 0, outputTokens: 0 },
    modelMs: 0,
    runMs: 0,
    createdAt: now(),
  });
  const nextIndex = (): number => (attempts.at(-1)?.index ?? -1) + 1;

  /** Runs a candidate and completes its attempt; 'stopped' when the run was cut short. */
  const runCandidate = async (c: Candidate, base: Attempt): Promise<Attempt | 'stopped'> => {
    hooks.onStatus?.(`Running attempt ${base.index + 1}.`);
    const ev = await evaluate({
      runtime: opts.runtime,
      task,
      program: c.program,
      signal,
      onOutput: hooks.onRunOutput,
      now,
    });
    if (ev === 'stopped') return 'stopped';
    runMs += ev.runMs;
    const feedback = buildFeedback(ev.result, {
      code: c.code,
      lineOffset: c.lineOffset,
      timeoutSec: task.limits.timeoutSec,
      hidden: ev.hidden,
      truncatedReply: c.truncated,
    });
    return {
      ...base,
      candidate: c.code,
      shape: c.shape,
      result: ev.result,
      hidden: ev.hidden,
      passed: ev.passed,
      runMs: ev.runMs,
      feedback,
    };
  };

  if (signal.aborted) return finish(stopped());
  const edited = opts.startFrom?.editedCode;
  if (edited !== undefined) {
    const index = nextIndex();
    hooks.onAttemptStart?.(index);
    const a = await runCandidate(candidateFromCode(edited, task, 'user'), { ...blank(index), source: 'user' });
    if (a === 'stopped') return finish(stopped());
    const v = await record({ ...a, createdAt: now() });
    if (v) return finish(v);
  } else {
    const last = attempts.at(-1);
    if (last && isPassed(last)) return finish(passedVerdict(last));
  }

  for (;;) {
    if (signal.aborted) return finish(stopped());
    const limit = budgetStop({
      iterations,
      maxIterations,
      tokensUsed: tokensUsed(),
      tokenBudget: s.tokenBudget,
      elapsedMs: now() - started,
      timeBudgetSec: s.timeBudgetSec,
    });
    if (limit) return finish(limit);
    const input = { task, history: attempts, tactic, showTests: s.showTests ?? true };
    const conversation = fitConversation(input, s.contextBudgetTokens ?? DEFAULT_CONTEXT_BUDGET_TOKENS);
    const over = nextCallStop(tokensUsed(), conversation.tokens, s.tokenBudget);
    if (over) return finish(over);

    const index = nextIndex();
    hooks.onAttemptStart?.(index);
    hooks.onStatus?.(`Asking the model for attempt ${index + 1}.`);
    const t0 = now();
    const call = await callModel({
      model: opts.model,
      conversation,
      temperature: s.temperature,
      maxTokens: s.maxTokens,
      signal,
      maxShrinks: s.maxShrinks ?? 3,
      retries: s.modelRetries ?? 1,
      retryDelayMs: s.retryDelayMs ?? 1000,
      onDelta: hooks.onModelDelta,
      onReset: hooks.onModelReset,
      onStatus: hooks.onStatus,
    });
    const callMs = now() - t0;
    modelMs += callMs;
    if (!call.ok)
      return call.error.kind === 'cancelled' ? finish(stopped()) : finish(endpointVerdict(call.error), call.error);
    usage.inputTokens += call.result.usage.inputTokens;
    usage.outputTokens += call.result.usage.outputTokens;
    if (call.result.usage.estimated) usage.estimated = true;
    iterations++;

    const base: Attempt = {
      ...blank(index),
      messages: call.conversation.request.messages,
      reply: call.result.text,
      usage: call.result.usage,
      modelMs: callMs,
    };
    if (tactic) base.tactic = true;
    tactic = false;
    const c = candidateFromReply(call.result.text, task);
    const a =
      c.kind === 'no-code'
        ? { ...base, feedback: noCodeFeedback(c.reason), passed: false }
        : await runCandidate(c, base);
    if (a === 'stopped') return finish(stopped());
    const v = await record({ ...a, createdAt: now() });
    if (v) return finish(v);
  }
}
