// What best-of-n and codet share: the first round draws N samples of one request and runs them
// all, the strategy picks one by execution, and that choice is recorded as the round's attempt;
// every later round repairs, one sample at a time, as plain repair does.
import type { Selection } from '../../shared/selection.ts';
import { beforeCall, requestFits } from '../cycle.ts';
import type { AskMode } from '../prompt.ts';
import { stopped, type LoopState } from '../state.ts';
import type { Strategy } from '../strategy.ts';
import { conversationFor } from './conversation.ts';
import { repair } from './repair.ts';
import { drawAndRun, mostPromising, noneAgreeWhy, recordChoice, sampleRecord, type Sample } from './sample-round.ts';
import { isStopped, type Stopped } from '../stopped.ts';

/** What a strategy adds to the round: how it groups the samples and which it takes. */
export type Select = (s: LoopState, drawn: readonly Sample[]) => Promise<Selection | Stopped>;

export function selecting(samples: number, select: Select, mode?: AskMode): Strategy {
  let selected = false;
  return {
    async step(s: LoopState) {
      if (selected) return repair.step(s);
      const limit = beforeCall(s);
      if (limit) return limit;
      const conversation = conversationFor(s, mode);
      const tooBig = requestFits(s, { ...conversation, tokens: conversation.tokens * samples });
      if (tooBig) return tooBig;
      const drawn = await drawAndRun(s, conversation, samples);
      if (!Array.isArray(drawn)) return drawn;
      selected = true;
      // A request selection itself sends (inputs for a contest program) counts in the round too.
      const before = { ...s.usage };
      const selection = await select(s, drawn);
      const extra = {
        inputTokens: s.usage.inputTokens - before.inputTokens,
        outputTokens: s.usage.outputTokens - before.outputTokens,
      };
      return isStopped(selection) ? stopped(s) : recordChoice(s, drawn, selection, extra);
    },
  };
}

/** No sample passed the visible tests: the most promising one is taken, to be repaired next. */
export function noneAgree(drawn: readonly Sample[], extra: Partial<Selection> = {}): Selection {
  const chosen = mostPromising(drawn);
  return {
    samples: drawn.map(sampleRecord),
    groups: [],
    chosenSize: 0,
    chosen,
    ...extra,
    why: noneAgreeWhy(drawn, chosen),
  };
}
