// The loop's public contract: what a caller passes in and what it gets back.
import type { ModelClient, ModelErrorInfo, Usage } from '../shared/model.ts';
import type { OutputStream } from '../shared/run.ts';
import type { Runtime } from '../shared/runtime.ts';
import type { StrategyName, StrategySettings } from '../shared/strategy.ts';
import type { Task } from '../shared/task.ts';
import type { Attempt, EndReason } from '../shared/session.ts';

export interface LoopSettings {
  /** Model attempts in this run (an edited-code run is not one); default 5. */
  maxIterations: number;
  /** Input plus output tokens of this run's model calls. */
  tokenBudget?: number;
  /** Wall-clock seconds for this run, checked between steps. */
  timeBudgetSec?: number;
  temperature?: number;
  /** Largest request sent, by estimate (characters / 4); default 8000. */
  contextBudgetTokens?: number;
  /** Longest reply asked of the endpoint. */
  maxTokens?: number;
  /** Show the visible tests in the first message; default true. */
  showTests?: boolean;
  /** Shorter conversations tried after the endpoint says the context is too long; default 3. */
  maxShrinks?: number;
  /** Further tries after a network or server fault; default 1. */
  modelRetries?: number;
  retryDelayMs?: number;
  /** How the loop uses execution; default plain repair. */
  strategy?: StrategySettings;
  /**
   * Web pages: take the picture of each rendered page and send it with the feedback, as an image
   * part of the message (only the latest picture is sent); default true.
   */
  screenshots?: boolean;
}

export interface LoopHooks {
  onModelDelta?(text: string): void;
  /** The text streamed so far was from a call that failed and is being retried: clear it. */
  onModelReset?(): void;
  onAttemptStart?(index: number): void;
  /** Awaited before the loop goes on, so the attempt can be saved first. */
  onAttempt(attempt: Attempt): void | Promise<void>;
  onRunOutput?(stream: OutputStream, text: string): void;
  onStatus?(text: string): void;
  /** Something the person should know about the whole run, said once (an endpoint refusing pictures). */
  onNotice?(text: string): void;
}

interface LoopStart {
  /** Finished attempts of the session so far, oldest first. */
  attempts: Attempt[];
  /** Code the user edited by hand: it runs first, as an attempt with source 'user'. */
  editedCode?: string;
}

export interface LoopOptions {
  task: Task;
  model: ModelClient;
  runtime: Runtime;
  settings: LoopSettings;
  signal?: AbortSignal;
  startFrom?: LoopStart;
  hooks: LoopHooks;
  /** Copied into each attempt. */
  sessionId?: string;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
}

export interface LoopOutcome {
  passed: boolean;
  endReason: EndReason;
  endMessage: string;
  /** Every finished attempt of the session, earlier ones included. */
  attempts: Attempt[];
  /** The passing candidate, else the last one that ran (for HumanEval, the completion). */
  finalCandidate?: string;
  /** Sum over this run's model calls. */
  usage: Usage;
  modelMs: number;
  runMs: number;
  elapsedMs: number;
  /** Requests sent to the model, reflections and every sample included. */
  modelCalls: number;
  /** Candidates the model was asked for. */
  samples: number;
  strategy: StrategyName;
  /** Set when the endpoint failed for good. */
  error?: ModelErrorInfo;
  /** What the run said once to the person (see LoopHooks.onNotice), in order. */
  notices?: string[];
}
