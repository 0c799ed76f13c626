// What each timeline cell and the closing line say, as plain data, so the wording is tested
// without a DOM.
import type { Attempt, Session } from '../../shared/session.ts';
import { formatDuration, formatTokenPair, formatTokens } from '../common/format.ts';
import type { Tone } from '../common/verdict.ts';
import { attemptVerdict, testsPassed } from '../common/verdict.ts';
import { END_WORDS } from '../common/end-words.ts';

export interface AttemptSummary {
  /** 1-based, as people count. */
  number: number;
  source: string;
  verdict: string;
  tone: Tone;
  /** "3/5", with hidden tests as "· hidden 4/5"; "—" when nothing was counted. */
  tests: string;
  /** "≈1.2k / 340" (in / out). */
  tokens: string;
  /** The same in words, for a tooltip: "≈1.2k in / ≈340 out (estimated)". */
  tokensLong: string;
  modelTime: string;
  runTime: string;
}

export function summarizeAttempt(a: Attempt): AttemptSummary {
  const v = attemptVerdict(a);
  const visible = testsPassed(a.result);
  const hidden = a.hidden ? `hidden ${a.hidden.total - a.hidden.failed}/${a.hidden.total}` : '';
  const byModel = a.source === 'model';
  const usedTokens = a.usage.inputTokens + a.usage.outputTokens > 0;
  return {
    number: a.index + 1,
    source: byModel ? (a.tactic ? 'model, new approach' : 'model') : 'edited by hand',
    verdict: v.label,
    tone: v.tone,
    tests: [visible, hidden].filter(Boolean).join(' · ') || '—',
    tokens: usedTokens ? formatTokenPair(a.usage) : '—',
    tokensLong: usedTokens ? `${formatTokens(a.usage)}${a.usage.estimated ? ' (estimated)' : ''}` : 'no model call',
    modelTime: byModel ? formatDuration(a.modelMs) : '—',
    runTime: a.result ? formatDuration(a.runMs) : '—',
  };
}

export interface EndSummary {
  /** "passed", "stopped: iteration cap (5) reached", "stuck: …". */
  headline: string;
  /** The loop's own sentence, when the headline does not already carry it. */
  detail?: string;
  tone: Tone;
  /** Interrupted sessions can be picked up where they stopped. */
  resumable: boolean;
}

export function summarizeEnd(s: Session): EndSummary | undefined {
  if (s.status === 'running') return undefined;
  const message = s.endMessage?.trim() || undefined;
  const reason = s.endReason ?? (s.status === 'interrupted' ? 'interrupted' : undefined);
  if (reason === undefined) return { headline: 'finished', detail: message, tone: 'pending', resumable: false };
  const w = END_WORDS[reason];
  return {
    headline: w.headline(s, message),
    detail: w.detail ? message : undefined,
    tone: w.tone,
    // Interrupted sessions can be picked up where they stopped.
    resumable: reason === 'interrupted',
  };
}
