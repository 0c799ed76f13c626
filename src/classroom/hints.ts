// Hints unlock as a student fails runs; the view shows the unlocked ones and when the next comes.
import type { PackExercise, PackHint } from './types.ts';

export interface HintState {
  unlocked: PackHint[];
  /** Failed runs still needed before the next hint, or undefined when none is left. */
  nextAfter?: number;
}

export function hintState(ex: PackExercise, failures: number): HintState {
  const sorted = [...ex.hints].sort((a, b) => a.afterFailures - b.afterFailures);
  const unlocked = sorted.filter((h) => h.afterFailures <= failures);
  const next = sorted.find((h) => h.afterFailures > failures);
  return { unlocked, nextAfter: next ? next.afterFailures - failures : undefined };
}

/** Requests left for the assistant on this exercise (`off` has none). */
export function assistantRequestsLeft(ex: PackExercise, used: number): number {
  if (ex.assistant.mode === 'off') return 0;
  return Math.max(0, ex.assistant.maxRequests - used);
}
