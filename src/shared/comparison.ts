// What a session run as one side of a strategy comparison keeps: which comparison it belongs to,
// and the run's own figures (calls, samples, tokens, time), which its attempts alone cannot give
// back exactly (failed calls, reflections and dropped samples leave no attempt of their own).
import type { Usage } from './model.ts';
import type { StrategySettings } from './strategy.ts';

export interface CompareTag {
  /** Shared by the sessions of one comparison. */
  id: string;
  /** 0 for strategy A, 1 for strategy B. */
  side: number;
  /** Every side's strategy, A first, so a side that never ran (Stop) is still known. */
  plan?: StrategySettings[];
}

export interface RunFigures {
  /** Requests sent to the model, reflections and every sample included. */
  modelCalls: number;
  /** Candidates the model was asked for. */
  samples: number;
  elapsedMs: number;
  usage: Usage;
}

/** Figures of two runs of one session (a comparison's session continued later) taken together. */
export function addFigures(a: RunFigures | undefined, b: RunFigures): RunFigures {
  if (!a) return b;
  const usage: Usage = {
    inputTokens: a.usage.inputTokens + b.usage.inputTokens,
    outputTokens: a.usage.outputTokens + b.usage.outputTokens,
  };
  if (a.usage.estimated || b.usage.estimated) usage.estimated = true;
  return {
    modelCalls: a.modelCalls + b.modelCalls,
    samples: a.samples + b.samples,
    elapsedMs: a.elapsedMs + b.elapsedMs,
    usage,
  };
}
