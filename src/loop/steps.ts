// The steps of one attempt, each on its own so a strategy can put them together its own way:
// ask (a model call), extract (a candidate from the reply), run (in the sandbox, with feedback),
// judge (the stop rules that look at the attempt) and record (hand it to the caller).
import { kindOf } from '../kinds/registry.ts';
import type { Language } from '../shared/run.ts';
import type { Usage } from '../shared/model.ts';
import type { Attempt } from '../shared/session.ts';
import { candidateFromReply, type Candidate } from './assemble.ts';
import type { Conversation } from './budget.ts';
import { evaluate } from './evaluate.ts';
import type { NoCode } from './extract.ts';
import { buildFeedback, noCodeFeedback } from './feedback.ts';
import { callModel } from './model-call.ts';
import { endpointVerdict, passedVerdict, stuckVerdict, type StopVerdict } from './stop.ts';
import { isPassed, notice, type LoopEnd, type LoopState } from './state.ts';
import { passFlags } from './gaming/verdict.ts';
import { STOPPED_STEP, isStopped, type Stopped } from './stopped.ts';

export interface Reply {
  text: string;
  /** The messages as sent, after any shrinking the endpoint asked for. */
  messages: Attempt['messages'];
  usage: Usage;
  ms: number;
  /** A request for several replies (`n`): the ones after `text`, as the endpoint gave them. */
  more?: string[];
}

export interface AskOptions {
  /** Not streamed to the hooks: replies drawn side by side, and diagnoses, would interleave with the code. */
  quiet?: boolean;
  /** Replies asked for in this one request. */
  n?: number;
}

/**
 * One model call, streamed to the hooks. Its tokens and time count towards the run's budgets
 * whatever the call is for; the reply, how the run ends when the endpoint failed for good, or
 * Stopped.
 */
export async function ask(
  s: LoopState,
  conversation: Conversation,
  { quiet = false, n = 1 }: AskOptions = {},
): Promise<Reply | LoopEnd | Stopped> {
  const { settings: o, hooks, model } = s.opts;
  const t0 = s.now();
  s.modelCalls++;
  const call = await callModel({
    model,
    conversation,
    temperature: o.temperature,
    maxTokens: o.maxTokens,
    n,
    signal: s.signal,
    maxShrinks: o.maxShrinks ?? 3,
    retries: o.modelRetries ?? 1,
    retryDelayMs: o.retryDelayMs ?? 1000,
    onDelta: quiet ? undefined : hooks.onModelDelta,
    onReset: quiet ? undefined : hooks.onModelReset,
    onStatus: hooks.onStatus,
  });
  const ms = s.now() - t0;
  s.modelMs += ms;
  if (!call.ok)
    return call.error.kind === 'cancelled' ? STOPPED_STEP : { verdict: endpointVerdict(call.error), error: call.error };
  const { usage } = call.result;
  if (call.result.imagesRefused !== undefined) {
    s.picturesRefused = true;
    notice(s, call.result.imagesRefused);
  }
  s.usage.inputTokens += usage.inputTokens;
  s.usage.outputTokens += usage.outputTokens;
  if (usage.estimated) s.usage.estimated = true;
  const reply: Reply = { text: call.result.text, messages: call.conversation.request.messages, usage, ms };
  if (call.result.choices) reply.more = call.result.choices.slice(1).map((c) => c.text);
  return reply;
}

export function extract(s: LoopState, reply: string): Candidate | NoCode {
  return candidateFromReply(reply, s.opts.task);
}

export interface RunOptions {
  /** No status line and no output in the terminal: samples run side by side would interleave. */
  quiet?: boolean;
  /** Leaves the task's generated tests out of the run (selection weighs them on its own). */
  givenOnly?: boolean;
}

/** Runs a candidate and completes its attempt; Stopped when the run was cut short. */
export async function run(
  s: LoopState,
  c: Candidate,
  base: Attempt,
  { quiet = false, givenOnly = false }: RunOptions = {},
): Promise<Attempt | Stopped> {
  const { task, hooks, runtime } = s.opts;
  if (!quiet) hooks.onStatus?.(`Running attempt ${base.index + 1}.`);
  const ev = await evaluate({
    runtime,
    task,
    program: c.program,
    signal: s.signal,
    // Samples run side by side: their output would interleave in the terminal.
    onOutput: quiet ? undefined : hooks.onRunOutput,
    now: s.now,
    trace: s.opts.settings.strategy?.trace === true,
    givenOnly,
    picture: s.opts.settings.screenshots !== false,
  });
  if (isStopped(ev)) return STOPPED_STEP;
  s.runMs += ev.runMs;
  // A kind may word its own feedback (a contest program's is LiveCodeBench's self-repair text).
  const feedback =
    kindOf(task).feedback?.(ev.result, task) ??
    buildFeedback(ev.result, {
      code: c.code,
      lineOffset: c.lineOffset,
      timeoutSec: task.limits.timeoutSec,
      hidden: ev.hidden,
      truncatedReply: c.truncated,
      generated: givenOnly ? undefined : task.generatedTests,
    });
  return {
    ...base,
    candidate: c.code,
    shape: c.shape,
    result: ev.result,
    hidden: ev.hidden,
    // A pass flagged for test gaming does not solve the task (its feedback says so).
    passed: ev.passed && passFlags(ev.result).length === 0,
    runMs: ev.runMs,
    feedback,
  };
}

/** A reply without code is still an attempt: its feedback asks for code. */
export function noCode(got: NoCode, base: Attempt, language: Language): Attempt {
  return { ...base, feedback: noCodeFeedback(got.reason, language), passed: false };
}

export interface Judgement {
  /** The run is over. */
  stop?: StopVerdict;
  /** Why the next request asks for a different approach. */
  changeTack?: string;
}

/** The stop rules that look at a finished attempt: passed, and stuck (once forgiven). */
export function judge(s: LoopState, a: Attempt): Judgement {
  if (isPassed(a)) return { stop: passedVerdict(a, s.opts.task.generatedTests) };
  const stuck = s.watch.observe(a);
  if (!stuck.stuck) return {};
  if (s.tacticUsed) return { stop: stuckVerdict(stuck.why) };
  s.tacticUsed = s.tactic = true;
  return { changeTack: stuck.why };
}

/** Keeps the attempt; awaited, so the caller has saved it before the loop goes on. */
export async function record(s: LoopState, a: Attempt): Promise<void> {
  const done = { ...a, createdAt: s.now() };
  s.attempts.push(done);
  await s.opts.hooks.onAttempt(done);
}
