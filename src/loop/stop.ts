// Stop rules. Each ends the session with an EndReason and a sentence a user can read.
import type { ModelErrorInfo } from '../shared/model.ts';
import type { Attempt, EndReason } from '../shared/session.ts';
import { toCodeLine } from './assemble.ts';
import { failingTests } from './summary.ts';
import { generatedSourceOf } from '../shared/generated-tests.ts';
import { normalizeCode } from './text.ts';
import { plural } from '../shared/format.ts';

export const DEFAULT_MAX_ITERATIONS = 5;
/** Equal failures in a row that count as stuck. */
const STUCK_REPEATS = 3;

export interface StopVerdict {
  reason: EndReason;
  message: string;
}

export interface BudgetState {
  /** Model attempts made in this run. */
  iterations: number;
  maxIterations: number;
  tokensUsed: number;
  tokenBudget?: number;
  elapsedMs: number;
  timeBudgetSec?: number;
}

const seconds = (ms: number): string => (ms < 10_000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000)));

/** The cap, token and time rules, checked before each model call. */
export function budgetStop(s: BudgetState): StopVerdict | undefined {
  if (s.iterations >= s.maxIterations) {
    return {
      reason: 'iteration-cap',
      message: `Stopped after ${plural(s.iterations, 'attempt')}: the iteration cap is ${s.maxIterations}.`,
    };
  }
  if (s.tokenBudget !== undefined && s.tokensUsed >= s.tokenBudget) {
    return {
      reason: 'token-budget',
      message: `Used ${plural(s.tokensUsed, 'token')}, the token budget is ${s.tokenBudget.toLocaleString('en-US')}.`,
    };
  }
  if (s.timeBudgetSec !== undefined && s.elapsedMs >= s.timeBudgetSec * 1000)
    return timeVerdict(s.elapsedMs, s.timeBudgetSec);
  return undefined;
}

export function timeVerdict(elapsedMs: number, timeBudgetSec: number): StopVerdict {
  return { reason: 'time-budget', message: `Ran for ${seconds(elapsedMs)} s, the time budget is ${timeBudgetSec} s.` };
}

/** Stops before a call that would by itself go over the token budget. */
export function nextCallStop(tokensUsed: number, nextRequest: number, tokenBudget?: number): StopVerdict | undefined {
  if (tokenBudget === undefined || tokensUsed + nextRequest <= tokenBudget) return undefined;
  return {
    reason: 'token-budget',
    message: `The next request (about ${plural(nextRequest, 'token')}) would go over the token budget of ${tokenBudget.toLocaleString('en-US')}; ${plural(tokensUsed, 'token')} used so far.`,
  };
}

/**
 * `generated`: the task's accepted generated tests. Every strategy judges a pass on the same
 * tests, the task's own and its accepted generated ones (docs/page.md), and says so the same way.
 */
export function passedVerdict(a: Attempt, generated?: readonly string[]): StopVerdict {
  const total = (a.result?.tests.length ?? 0) + (a.hidden?.total ?? 0);
  const ofThem = generatedCount(a, generated, true);
  const tests =
    total > 0
      ? `all ${plural(total, 'test')}${ofThem > 0 ? `, ${ofThem} of them generated` : ''}`
      : a.result?.web
        ? 'its checks'
        : 'the program';
  const who = a.source === 'user' ? 'the edited code' : `attempt ${a.index + 1}`;
  return { reason: 'passed', message: `Passed: ${who} passes ${tests}.` };
}

/** How many of the attempt's tests that passed (or failed) are accepted generated ones. */
function generatedCount(a: Attempt, generated: readonly string[] | undefined, passed: boolean): number {
  if (!generated?.length || !a.result) return 0;
  return a.result.tests.filter((t) => t.passed === passed && generatedSourceOf(t, generated) !== undefined).length;
}

/** Said after an unsolved end when generated tests still fail: the rule, and what the user can do. */
export function generatedStillFailing(a: Attempt | undefined, generated?: readonly string[]): string {
  const n = a ? generatedCount(a, generated, false) : 0;
  if (n === 0) return '';
  const which =
    n === 1
      ? 'One of the tests still failing is a generated one'
      : `${n} of the tests still failing are generated ones`;
  return ` ${which}: accepted generated tests count like the task's own, but a model wrote them and they may be wrong. Check ${n === 1 ? 'it' : 'them'} against the description, then edit or drop ${n === 1 ? 'it' : 'them'} under the task's tests.`;
}

export const STOPPED: StopVerdict = { reason: 'stopped', message: 'Stopped by the user.' };

export function endpointVerdict(e: ModelErrorInfo): StopVerdict {
  return { reason: 'endpoint-failed', message: e.hint ? `${e.message} ${e.hint}` : e.message };
}

/** Same status, same failing tests, same exception at the same line: the same failure. */
function failureSignature(a: Attempt, lineOffset: number): string {
  if (!a.result || a.candidate === undefined) return 'no-code';
  const r = a.result;
  const line = toCodeLine(r.exception?.line, lineOffset, a.candidate) ?? '';
  return [
    r.status,
    failingTests(r).sort().join(','),
    `${r.exception?.type ?? ''}@${line}`,
    a.hidden?.failed ?? '',
  ].join('|');
}

export type StuckVerdict = { stuck: false } | { stuck: true; why: string };

/** Watches for a loop that repeats itself: the same code again, or the same failure three times. */
export class StuckWatch {
  private readonly seen = new Map<string, number>();
  private lastSignature = '';
  private streak = 0;

  constructor(private readonly lineOffset: number) {}

  observe(a: Attempt): StuckVerdict {
    const sig = failureSignature(a, this.lineOffset);
    this.streak = sig === this.lastSignature ? this.streak + 1 : 1;
    this.lastSignature = sig;
    let repeatOf: number | undefined;
    if (a.candidate !== undefined) {
      const key = normalizeCode(a.candidate);
      repeatOf = this.seen.get(key);
      if (repeatOf === undefined) this.seen.set(key, a.index);
    }
    if (repeatOf !== undefined)
      return { stuck: true, why: `attempt ${a.index + 1} repeated the code of attempt ${repeatOf + 1}` };
    if (this.streak >= STUCK_REPEATS) return { stuck: true, why: `the same failure ${this.streak} times in a row` };
    return { stuck: false };
  }
}

export function stuckVerdict(why: string): StopVerdict {
  return { reason: 'stuck', message: `Stuck: ${why}, even after asking for a different approach.` };
}
