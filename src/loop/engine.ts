// The loop: a strategy takes steps (for plain repair, one attempt each: ask, extract, run, judge,
// record) until a stop rule fires. Every finished attempt is handed to the caller (and awaited)
// before the loop goes on, so a crash loses at most the attempt in flight.
import { setLongTimeout } from '../shared/timers.ts';
import { editedCycle } from './cycle.ts';
import { passedVerdict } from './stop.ts';
import { createState, isPassed, outcome, stopped, type LoopEnd, type LoopState } from './state.ts';
import type { Strategy } from './strategy.ts';
import { strategyFor } from './strategies/registry.ts';
import type { LoopOptions, LoopOutcome } from './types.ts';

/** Runs the strategy the settings name (plain repair by default); tests may pass their own. */
export async function runLoop(
  opts: LoopOptions,
  strategy: Strategy = strategyFor(opts.settings.strategy),
): Promise<LoopOutcome> {
  // One signal for the user's Stop and for the wall-clock budget running out mid-step.
  const inner = new AbortController();
  const clock = { timeUp: false };
  const onUserAbort = (): void => inner.abort();
  opts.signal?.addEventListener('abort', onUserAbort, { once: true });
  if (opts.signal?.aborted) inner.abort();
  const budgetMs = (opts.settings.timeBudgetSec ?? Infinity) * 1000;
  const timer = setLongTimeout(budgetMs, () => ((clock.timeUp = true), inner.abort()));
  try {
    const state = createState(opts, inner.signal, clock);
    const end = (await resume(state)) ?? (await drive(state, strategy));
    return outcome(state, end);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onUserAbort);
  }
}

/** Picks up the session where it stands: runs the user's edited code, or ends a passed session. */
async function resume(s: LoopState): Promise<LoopEnd | undefined> {
  if (s.signal.aborted) return stopped(s);
  const edited = s.opts.startFrom?.editedCode;
  if (edited !== undefined) return editedCycle(s, edited);
  const last = s.attempts.at(-1);
  return last && isPassed(last) ? { verdict: passedVerdict(last, s.opts.task.generatedTests) } : undefined;
}

async function drive(s: LoopState, strategy: Strategy): Promise<LoopEnd> {
  for (;;) {
    const end = await strategy.step(s);
    if (end) return end;
  }
}
