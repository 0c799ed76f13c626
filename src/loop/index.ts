// The loop's public API.
export { runLoop } from './engine.ts';
export type { LoopHooks, LoopOptions, LoopOutcome, LoopSettings, LoopStart } from './types.ts';
export { extractCode, type ExtractedCode, type Extraction, type NoCode, type NoCodeReason } from './extract.ts';
export { candidateFromCode, candidateFromReply, entryPointOf, harnessPrefix, type Candidate } from './assemble.ts';
export { buildFeedback, FULL_DETAIL, noCodeFeedback, type FeedbackContext, type FeedbackDetail } from './feedback.ts';
export { describeRun, summarizeAttempt } from './summary.ts';
export { firstMessages, SYSTEM_PROMPT } from './prompt.ts';
export {
  buildConversation,
  DEFAULT_CONTEXT_BUDGET_TOKENS,
  fitConversation,
  LEVELS,
  requestTokens,
  shrink,
  type Conversation,
  type ConversationInput,
} from './budget.ts';
export { budgetStop, DEFAULT_MAX_ITERATIONS, failureSignature, StuckWatch, type StopVerdict } from './stop.ts';
export { toModelError } from './model-call.ts';
export { estimateTokens, normalizeCode } from './text.ts';
