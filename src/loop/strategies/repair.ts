// Plain repair, the loop's first strategy: each step sends the task, the latest attempt with its
// feedback and one-line summaries of earlier ones, and runs what comes back.
import { attemptCycle, beforeCall, requestFits } from '../cycle.ts';
import type { LoopState } from '../state.ts';
import type { Strategy } from '../strategy.ts';
import { conversationFor } from './conversation.ts';

export const repair: Strategy = {
  async step(s: LoopState) {
    const limit = beforeCall(s);
    if (limit) return limit;
    const conversation = conversationFor(s);
    return requestFits(s, conversation) ?? attemptCycle(s, conversation);
  },
};
