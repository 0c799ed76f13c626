// Domain records: a session of the loop on a task, and its attempts, as the store keeps them.
import type { Observation } from './agent.ts';
import type { CompareTag, RunFigures } from './comparison.ts';
import type { ChatMessage, Usage } from './model.ts';
import type { RunResult, RunStatus } from './run.ts';
import type { Selection } from './selection.ts';
import type { SqlAttemptAnswers } from './sql.ts';
import type { StrategySettings } from './strategy.ts';
import type { Task } from './task.ts';

export type EndReason =
  | 'passed'
  | 'iteration-cap'
  | 'token-budget'
  | 'time-budget'
  | 'stuck'
  | 'stopped'
  | 'endpoint-failed'
  | 'interrupted'
  /** The iteration cap was reached and the best attempt passed its tests but was flagged for gaming them. */
  | 'flagged-pass'
  /** Agent sessions: the code called final_answer, or a reply had no code (its text is the answer). */
  | 'final-answer'
  | 'answered'
  | 'sandbox-failed';

interface SessionSettings {
  provider: string;
  baseUrl: string;
  model: string;
  maxIterations: number;
  tokenBudget?: number;
  timeBudgetSec?: number;
  temperature?: number;
  /** The strategy the session ran with; absent for sessions from before strategies (plain repair). */
  strategy?: StrategySettings;
}

export interface Session {
  id: string;
  title: string;
  task: Task;
  settings: SessionSettings;
  createdAt: number;
  updatedAt: number;
  status: 'running' | 'done' | 'interrupted';
  endReason?: EndReason;
  endMessage?: string;
  /** Set when the session was run as one side of a strategy comparison. */
  compare?: CompareTag;
  /** What the loop's runs of this session used, recorded as each run ends. */
  figures?: RunFigures;
  /** An agent session's final answer, when it reached one. */
  answer?: string;
}

/** How hidden tests went: counts only, so nothing about them reaches feedback or a student's view. */
export interface HiddenVerdict {
  total: number;
  failed: number;
  status: RunStatus;
}

export interface Attempt {
  sessionId: string;
  index: number;
  messages: ChatMessage[];
  reply: string;
  /** The code that was run (for HumanEval tasks, the completion run after the prompt); undefined when the reply had none. */
  candidate?: string;
  /** 'model' or 'user' (edited by hand before continuing). */
  source: 'model' | 'user';
  result?: RunResult;
  feedback?: string;
  usage: Usage;
  modelMs: number;
  runMs: number;
  createdAt: number;
  /** Visible and hidden tests all passed (result.status alone ignores hidden tests). */
  passed?: boolean;
  /** Set when the task has hidden tests and a candidate ran. */
  hidden?: HiddenVerdict;
  /** 'body': the candidate was a function body, run appended to the task's prompt. */
  shape?: 'whole' | 'body';
  /** The prompt of this attempt asked for a different approach, because the loop looked stuck. */
  tactic?: boolean;
  /** reflexion: the model's diagnosis of the previous failure, written before this attempt and shown to it. */
  reflection?: string;
  /** best-of-n and codet: the samples this attempt was chosen from, and why. */
  selection?: Selection;
  /** An agent session's action: what running `candidate` showed. */
  observation?: Observation;
  /** A SQL session's attempt: the gold query's and the candidate's rows (capped). */
  sql?: SqlAttemptAnswers;
}
