// One attempt from start to end (ask, extract, run, judge, record), the rules checked before a
// model call, and the run of code the user edited by hand. Strategies are built from these.
import type { Attempt } from '../shared/session.ts';
import { candidateFromCode } from './assemble.ts';
import type { Conversation } from './budget.ts';
import { budgetStop, nextCallStop } from './stop.ts';
import { flaggedCapVerdict } from './gaming/verdict.ts';
import { blankAttempt, elapsedMs, nextIndex, stopped, tokensUsed, type LoopEnd, type LoopState } from './state.ts';
import { ask, extract, judge, noCode, record, run } from './steps.ts';
import { isStopped } from './stopped.ts';

/** Checked before each model call: the user's Stop, the iteration cap, the token and time budgets. */
export function beforeCall(s: LoopState): LoopEnd | undefined {
  if (s.signal.aborted) return stopped(s);
  const { tokenBudget, timeBudgetSec } = s.opts.settings;
  const verdict = budgetStop({
    iterations: s.iterations,
    maxIterations: s.maxIterations,
    tokensUsed: tokensUsed(s),
    tokenBudget,
    elapsedMs: elapsedMs(s),
    timeBudgetSec,
  });
  return verdict && { verdict: flaggedCapVerdict(s.attempts, verdict) };
}

/** Stops before a request that would by itself go over the token budget. */
export function requestFits(s: LoopState, conversation: Conversation): LoopEnd | undefined {
  const verdict = nextCallStop(tokensUsed(s), conversation.tokens, s.opts.settings.tokenBudget);
  return verdict && { verdict };
}

/** Judges and records a finished attempt; the end of the run when a stop rule fired. */
export async function conclude(s: LoopState, a: Attempt): Promise<LoopEnd | undefined> {
  const j = judge(s, a);
  await record(s, a);
  if (j.changeTack !== undefined)
    s.opts.hooks.onStatus?.(`The loop looks stuck (${j.changeTack}); asking for a different approach.`);
  return j.stop && { verdict: j.stop };
}

/** One model attempt on `conversation`: it counts towards the iteration cap. */
export async function attemptCycle(
  s: LoopState,
  conversation: Conversation,
  extra: Partial<Attempt> = {},
): Promise<LoopEnd | undefined> {
  const { hooks } = s.opts;
  const index = nextIndex(s);
  hooks.onAttemptStart?.(index);
  hooks.onStatus?.(`Asking the model for attempt ${index + 1}.`);
  const reply = await ask(s, conversation);
  if (isStopped(reply)) return stopped(s);
  if ('verdict' in reply) return reply;
  s.iterations++;
  s.samples++;
  const base: Attempt = {
    ...blankAttempt(s, index),
    ...extra,
    messages: reply.messages,
    reply: reply.text,
    usage: reply.usage,
    modelMs: reply.ms,
  };
  if (s.tactic) base.tactic = true;
  s.tactic = false;
  const got = extract(s, reply.text);
  const a = got.kind === 'no-code' ? noCode(got, base, s.opts.task.language) : await run(s, got, base);
  if (isStopped(a)) return stopped(s);
  return conclude(s, a);
}

/** Code the user edited by hand runs first, as an attempt of its own that no model wrote. */
export async function editedCycle(s: LoopState, code: string): Promise<LoopEnd | undefined> {
  const index = nextIndex(s);
  s.opts.hooks.onAttemptStart?.(index);
  const base: Attempt = { ...blankAttempt(s, index), source: 'user' };
  const a = await run(s, candidateFromCode(code, s.opts.task, 'user'), base);
  if (isStopped(a)) return stopped(s);
  return conclude(s, a);
}
