// What an agent run is made of once it has run, and what it says while it runs: the loop
// (src/loop/agent/) produces these, the page shows and stores them, the command line writes them.
import type { AgentFile, AgentLanguage, Observation } from './agent.ts';
import type { ChatImage, Usage } from './model.ts';

/**
 * How a run ended. 'final-answer': the code called final_answer / finalAnswer. 'answered': a reply
 * had no code, its text is the answer. The rest are the repair loop's words for the same ends.
 */
export type AgentEndReason =
  | 'final-answer'
  | 'answered'
  | 'iteration-cap'
  | 'token-budget'
  | 'time-budget'
  | 'stuck'
  | 'stopped'
  | 'endpoint-failed'
  | 'sandbox-failed';

export interface AgentGoal {
  goal: string;
  language: AgentLanguage;
  files: AgentFile[];
}

export interface AgentLimits {
  /** Actions run at most (the command line's --max-iterations). */
  maxActions: number;
  /** Input and output tokens, all model calls together. */
  tokenBudget?: number;
  /** Wall-clock time for the whole run. */
  timeBudgetMs?: number;
  /** Each action's time limit. */
  actionTimeoutMs: number;
  /** Characters of an action's output kept. */
  outputCap: number;
  /** The size the conversation is kept within (estimated tokens). */
  contextTokens?: number;
}

/** One model reply and, when it held code, the action it ran and what that showed. */
export interface AgentStep {
  /** 1-based. */
  index: number;
  reply: string;
  code?: string;
  observation?: Observation;
  /** The observation as the model read it, and the pictures sent with it. */
  feedback?: string;
  images?: ChatImage[];
  usage?: Usage;
}

export interface AgentRunResult {
  endReason: AgentEndReason;
  /** The final answer, as text; absent when the run ended at a cap, stuck or on an error. */
  answer?: string;
  steps: AgentStep[];
  actions: number;
  modelCalls: number;
  usage: Usage;
  /** What went wrong, for 'endpoint-failed' and 'sandbox-failed'. */
  error?: string;
  ms: number;
}

/** What the loop tells a view while it runs (see src/loop/agent/run-agent.ts). */
export type AgentEvent =
  | { type: 'step-started'; step: number }
  /** A piece of the reply as it streams. */
  | { type: 'model-text'; step: number; text: string }
  /** The text streamed for this step belongs to a call that failed and is tried again: clear it. */
  | { type: 'model-reset'; step: number }
  /** The whole reply, and the code it will run (absent when it has none). */
  | { type: 'reply'; step: number; text: string; code?: string }
  | { type: 'observation'; step: number; observation: Observation; feedback: string; images: ChatImage[] }
  /** Something the user should read that is not the model's (a retry, a cut). */
  | { type: 'status'; text: string }
  | { type: 'final-answer'; answer?: string; endReason: AgentEndReason };
