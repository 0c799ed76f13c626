// What the side-by-side view says about the sessions of a strategy comparison, as plain data so
// the wording and the figures are tested without a DOM: one summary per side, a sentence that
// says which did better, and the past comparisons found among the stored sessions.
import { STRATEGIES } from '../../loop/strategies/registry.ts';
import { DEFAULT_SAMPLES, usesSamples, type StrategySettings } from '../../shared/strategy.ts';
import type { Session } from '../../shared/session.ts';
import { plural } from '../../shared/format.ts';
import { statusLabel } from '../history/format.ts';

const SIDE_LETTERS = ['A', 'B'] as const;

export interface SideRun {
  /** 0 for A, 1 for B. */
  side: number;
  strategy: StrategySettings;
  /** The side's session as it ended or as stored; absent when it has not run. */
  session?: Session;
  /** Attempts the session holds. */
  attempts?: number;
  /** Running at the moment. */
  running?: boolean;
}

export interface SideSummary {
  /** "A", "B". */
  letter: string;
  /** "Best of N, 3 samples, traced". */
  strategy: string;
  result: 'passed' | 'not passed' | 'running' | 'not run';
  attempts?: number;
  modelCalls?: number;
  samples?: number;
  tokensIn?: number;
  tokensOut?: number;
  /** The token counts are the client's estimates, not the endpoint's. */
  estimated: boolean;
  elapsedMs?: number;
  /** How the session ended, in the history's words. */
  end: string;
  sessionId?: string;
}

export const letterOf = (side: number): string => SIDE_LETTERS[side] ?? String(side + 1);

export function strategyLabel(s: StrategySettings): string {
  const parts = [STRATEGIES[s.name]?.label ?? s.name];
  if (usesSamples(s.name)) parts.push(plural(s.samples ?? DEFAULT_SAMPLES, 'sample'));
  if (s.trace) parts.push('traced');
  return parts.join(', ');
}

export function summarize(run: SideRun): SideSummary {
  const { session } = run;
  const base = { letter: letterOf(run.side), strategy: strategyLabel(run.strategy), estimated: false };
  if (run.running) return { ...base, result: 'running', end: 'running', sessionId: session?.id };
  if (!session) return { ...base, result: 'not run', end: 'not run' };
  const f = session.figures;
  return {
    ...base,
    result: session.endReason === 'passed' ? 'passed' : 'not passed',
    attempts: run.attempts,
    modelCalls: f?.modelCalls,
    samples: f?.samples,
    tokensIn: f?.usage.inputTokens,
    tokensOut: f?.usage.outputTokens,
    estimated: f?.usage.estimated === true,
    elapsedMs: f?.elapsedMs,
    end: statusLabel(session),
    sessionId: session.id,
  };
}

const named = (s: SideSummary): string => `${s.letter} (${s.strategy})`;

/** One sentence on how the sides compare, once every side has finished; '' before. */
export function verdict(sides: readonly SideSummary[]): string {
  if (sides.length < 2 || sides.some((s) => s.result === 'running')) return '';
  const skipped = sides.filter((s) => s.result === 'not run');
  if (skipped.length) return `${skipped.map(named).join(' and ')} did not run: the comparison was stopped.`;
  const passed = sides.filter((s) => s.result === 'passed');
  if (passed.length === 0) return 'Neither passed.';
  if (passed.length < sides.length) return `Only ${passed.map(named).join(' and ')} passed.`;
  const calls = sides.map((s) => s.modelCalls ?? NaN);
  if (calls.some(Number.isNaN)) return 'Both passed.';
  const fewest = Math.min(...calls);
  const cheaper = sides.filter((s) => s.modelCalls === fewest);
  if (cheaper.length === sides.length) return `Both passed, with ${plural(fewest, 'model call')} each.`;
  return `Both passed; ${named(cheaper[0]!)} used fewer model calls (${calls.join(' against ')}).`;
}

export interface PastComparison {
  id: string;
  /** The task's title. */
  title: string;
  createdAt: number;
  /** Every side, A first; one that never ran (or, when its partner knows it, was deleted) has no session. */
  sides: SideRun[];
}

/** The comparisons among the stored sessions, newest first. */
export function pastComparisons(sessions: readonly Session[]): PastComparison[] {
  const byId = new Map<string, PastComparison>();
  for (const session of sessions) {
    const tag = session.compare;
    if (!tag) continue;
    const entry = byId.get(tag.id) ?? {
      id: tag.id,
      title: session.task.title,
      createdAt: session.createdAt,
      sides: [],
    };
    entry.createdAt = Math.min(entry.createdAt, session.createdAt);
    // A side that never ran (Stop came first) is known only from its partner's plan.
    tag.plan?.forEach((strategy, side) => {
      if (!sessions.some((s) => s.compare?.id === tag.id && s.compare.side === side)) {
        if (!entry.sides.some((s) => s.side === side)) entry.sides.push({ side, strategy });
      }
    });
    const strategy = session.settings.strategy ?? { name: 'repair' };
    entry.sides.push({ side: tag.side, strategy, session, running: session.status === 'running' });
    byId.set(tag.id, entry);
  }
  const list = [...byId.values()];
  for (const c of list) c.sides.sort((a, b) => a.side - b.side);
  return list.sort((a, b) => b.createdAt - a.createdAt);
}

/** "Running median: Repair against Best of N, 3 samples". */
export function comparisonLabel(c: Pick<PastComparison, 'title' | 'sides'>): string {
  return `${c.title}: ${c.sides.map((s) => strategyLabel(s.strategy)).join(' against ')}`;
}
