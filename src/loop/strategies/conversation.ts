// The request every strategy starts from: the task, the history so far, and what the strategy adds.
import { DEFAULT_CONTEXT_BUDGET_TOKENS, fitConversation, type Conversation } from '../budget.ts';
import type { AskMode } from '../prompt.ts';
import type { LoopState } from '../state.ts';

export function conversationFor(s: LoopState, mode?: AskMode): Conversation {
  const { task, settings } = s.opts;
  const input = {
    task,
    history: s.attempts,
    tactic: s.tactic,
    showTests: settings.showTests ?? true,
    mode,
    pictures: settings.screenshots !== false && !s.picturesRefused,
    provider: s.opts.model.config.provider,
  };
  return fitConversation(input, settings.contextBudgetTokens ?? DEFAULT_CONTEXT_BUDGET_TOKENS);
}
