// One place that turns a run's status into the word and colour the page shows, so the timeline,
// the verdict line and the terminal never disagree.
import type { RunResult, RunStatus } from '../../shared/run.ts';
import type { Attempt } from '../../shared/session.ts';

/** CSS class suffix: .tone-passed, .tone-timed-out, ... */
export type Tone = 'passed' | 'failed' | 'error' | 'timed-out' | 'crashed' | 'cancelled' | 'pending' | 'flagged';

export function toneOf(status: RunStatus): Tone {
  return status === 'timed out' ? 'timed-out' : status;
}

export interface Verdict {
  label: string;
  tone: Tone;
}

/** What an attempt came to. Hidden tests can fail a run whose visible tests all pass. */
export function attemptVerdict(a: Attempt): Verdict {
  if (a.candidate === undefined) return { label: 'no code', tone: 'error' };
  if (!a.result) return { label: 'not run', tone: 'pending' };
  if (a.result.status === 'passed' && a.result.flags?.length)
    return { label: `passed, flagged: ${[...new Set(a.result.flags.map((f) => f.kind))].join(', ')}`, tone: 'flagged' };
  if (a.result.status === 'passed' && a.passed === false) return { label: 'failed hidden tests', tone: 'failed' };
  return { label: a.result.status, tone: toneOf(a.result.status) };
}

/** "3/5", or "" when the run reported no individual tests. */
export function testsPassed(r: RunResult | undefined): string {
  if (!r || r.tests.length === 0) return '';
  return `${r.tests.filter((t) => t.passed).length}/${r.tests.length}`;
}

/** How many tests passed, in words for a screen reader: ", 4 of 4 tests"; "" when none were counted. */
function testsInWords(r: RunResult | undefined): string {
  if (!r || r.tests.length === 0) return '';
  return `, ${r.tests.filter((t) => t.passed).length} of ${r.tests.length} tests`;
}

/** What the page announces when an attempt finishes: "Attempt 2 passed, 4 of 4 tests". */
export function attemptAnnouncement(a: Attempt): string {
  const v = attemptVerdict(a);
  if (v.label === 'no code') return `Attempt ${a.index + 1}: the reply had no code`;
  return `Attempt ${a.index + 1} ${v.label}${testsInWords(a.result)}`;
}

/** The same for a run without the model: "Run once failed, 2 of 4 tests". */
export function runAnnouncement(r: RunResult): string {
  return `Run once ${r.status}${testsInWords(r)}`;
}

/** One line for the verdict region: "failed — 3/5 tests (120 ms)". */
export function verdictLine(r: RunResult): string {
  const tests = testsPassed(r);
  return `${r.status}${tests ? ` — ${tests} tests` : ''} (${Math.round(r.durationMs)} ms)`;
}
