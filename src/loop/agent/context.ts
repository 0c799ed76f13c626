// The conversation an agent run sends: the goal first, then each reply and its observation. It is
// kept within the context budget the repair loop keeps (budget.ts): older observations are
// shortened first, then older replies, and the latest observation always goes whole.
import type { ChatMessage, ChatRequest } from '../../shared/model.ts';
import type { AgentStep } from '../../shared/agent-run.ts';
import { DEFAULT_CONTEXT_BUDGET_TOKENS, requestTokens } from '../budget.ts';
import { clip } from '../../shared/format.ts';
import { shortObservation } from './observation.ts';

interface Level {
  /** Characters kept of each observation before the latest. */
  observationChars: number;
  /** Characters kept of each reply before the latest. */
  replyChars: number;
}

const LEVELS: readonly Level[] = [
  { observationChars: Infinity, replyChars: Infinity },
  { observationChars: 2000, replyChars: 4000 },
  { observationChars: 600, replyChars: 2000 },
  { observationChars: 200, replyChars: 1000 },
  { observationChars: 0, replyChars: 400 },
];

export interface AgentContextInput {
  system: string;
  first: string;
  /** Steps that ran an action, oldest first; each has its feedback. */
  steps: readonly AgentStep[];
  /** A note added after the latest observation (actions left). */
  note?: string;
  budgetTokens?: number;
}

function agentRequest(input: AgentContextInput, level: number): ChatRequest {
  const l = LEVELS[Math.min(level, LEVELS.length - 1)]!;
  const messages: ChatMessage[] = [{ role: 'user', content: input.first }];
  input.steps.forEach((s, i) => {
    const latest = i === input.steps.length - 1;
    messages.push({ role: 'assistant', content: latest ? s.reply : clip(s.reply, l.replyChars, { count: true }) });
    const feedback = s.feedback ?? '';
    const text = latest ? feedback : shortObservation(feedback, l.observationChars);
    const content = latest && input.note ? `${text}\n\n${input.note}` : text;
    const message: ChatMessage = { role: 'user', content };
    // Pictures travel once, with the observation that showed them.
    if (latest && s.images && s.images.length > 0) message.images = s.images;
    messages.push(message);
  });
  return { system: input.system, messages };
}

export const AGENT_LEVELS = LEVELS.length;

/** The most detailed request within the budget, or the shortest one when none fits; and its level. */
export function fitRequest(input: AgentContextInput, fromLevel = 0): { request: ChatRequest; level: number } {
  const budget = input.budgetTokens ?? DEFAULT_CONTEXT_BUDGET_TOKENS;
  for (let level = fromLevel; level < LEVELS.length; level++) {
    const request = agentRequest(input, level);
    if (requestTokens(request) <= budget || level === LEVELS.length - 1) return { request, level };
  }
  return { request: agentRequest(input, LEVELS.length - 1), level: LEVELS.length - 1 };
}
