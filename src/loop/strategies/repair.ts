// Plain repair, the loop's first strategy: each step sends the task, the latest attempt with its
// feedback and one-line summaries of earlier ones, and runs what comes back.
import { DEFAULT_CONTEXT_BUDGET_TOKENS, fitConversation } from '../budget.ts';
import { attemptCycle, beforeCall, requestFits } from '../cycle.ts';
import type { LoopState, Strategy } from '../state.ts';

export const repair: Strategy = {
  async step(s: LoopState) {
    const limit = beforeCall(s);
    if (limit) return limit;
    const { task, settings } = s.opts;
    const input = { task, history: s.attempts, tactic: s.tactic, showTests: settings.showTests ?? true };
    const conversation = fitConversation(input, settings.contextBudgetTokens ?? DEFAULT_CONTEXT_BUDGET_TOKENS);
    return requestFits(s, conversation) ?? attemptCycle(s, conversation);
  },
};
