// Reflexion: after a failed run the model first says, in a separate call, what went wrong. The
// diagnoses are kept as a memory that every later request carries, and each is stored with the
// attempt it was written for.
import { attemptCycle, beforeCall, requestFits } from '../cycle.ts';
import { isPassed, stopped, type LoopState } from '../state.ts';
import type { Strategy } from '../strategy.ts';
import { ask } from '../steps.ts';
import { isStopped } from '../stopped.ts';
import { clip } from '../../shared/format.ts';
import { conversationFor } from './conversation.ts';

/** Longest diagnosis kept; the memory travels with every request. */
const NOTE_CHARS = 600;
/** Diagnoses carried, most recent; older ones are dropped from the requests (not from history). */
const MEMORY = 5;

const memoryOf = (s: LoopState): string[] =>
  s.attempts.flatMap((a) => (a.reflection === undefined ? [] : [a.reflection])).slice(-MEMORY);

/** The diagnosis as one paragraph: code fences and blank lines are not what is asked for. */
function noteOf(reply: string): string {
  const text = reply
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clip(text || '(no diagnosis)', NOTE_CHARS, { count: true });
}

export const reflexion: Strategy = {
  async step(s: LoopState) {
    const limit = beforeCall(s);
    if (limit) return limit;
    const latest = s.attempts.at(-1);
    let reflection: string | undefined;
    if (latest && latest.candidate !== undefined && !isPassed(latest)) {
      const question = conversationFor(s, { memory: memoryOf(s), reflect: true });
      const tooBig = requestFits(s, question);
      if (tooBig) return tooBig;
      s.opts.hooks.onStatus?.(`Asking the model what went wrong in attempt ${latest.index + 1}.`);
      const said = await ask(s, question, { quiet: true });
      if (isStopped(said)) return stopped(s);
      if ('verdict' in said) return said;
      reflection = noteOf(said.text);
      // The diagnosis spent tokens and time: the budgets are checked again before the attempt.
      const spent = beforeCall(s);
      if (spent) return spent;
    }
    const memory = reflection === undefined ? memoryOf(s) : [...memoryOf(s), reflection].slice(-MEMORY);
    const conversation = conversationFor(s, { memory });
    return (
      requestFits(s, conversation) ?? attemptCycle(s, conversation, reflection === undefined ? {} : { reflection })
    );
  },
};
