// What each timeline cell and the closing line say, as plain data, so the wording is tested
// without a DOM.
import type { Attempt, Session } from '../../shared/session.ts';
import { formatDuration, formatTokenPair, formatTokens } from '../common/format.ts';
import type { Tone } from '../common/verdict.ts';
import { attemptVerdict, testsPassed } from '../common/verdict.ts';

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
  // withDetail false: the headline already carries the loop's message.
  const end = (headline: string, tone: Tone, withDetail = true): EndSummary => ({
    headline,
    detail: withDetail ? message : undefined,
    tone,
    resumable: false,
  });
  switch (reason) {
    case 'passed':
      return end('passed', 'passed');
    case 'iteration-cap':
      return end(`stopped: iteration cap (${s.settings.maxIterations}) reached`, 'failed');
    case 'token-budget':
      return end(
        `stopped: token budget${s.settings.tokenBudget ? ` (${s.settings.tokenBudget.toLocaleString('en-US')})` : ''} used up`,
        'failed',
      );
    case 'time-budget':
      return end(
        `stopped: time budget${s.settings.timeBudgetSec ? ` (${s.settings.timeBudgetSec} s)` : ''} used up`,
        'failed',
      );
    case 'stuck':
      // The loop's sentence already starts with "Stuck:"; keep one.
      return end(`stuck: ${message?.replace(/^stuck:\s*/i, '') ?? 'the same failure three times'}`, 'failed', false);
    case 'stopped':
      return end('stopped by you', 'cancelled');
    case 'endpoint-failed':
      return end(`endpoint failed: ${message ?? 'no usable reply'}`, 'error', false);
    case 'flagged-pass':
      return end('stopped: the pass was flagged for test gaming', 'failed');
    case 'final-answer':
    case 'answered':
      return end('answered', 'passed');
    case 'sandbox-failed':
      return end(`the sandbox failed: ${message ?? 'no reason given'}`, 'error', false);
    case 'interrupted':
      return { headline: 'interrupted', detail: message, tone: 'cancelled', resumable: true };
    case undefined:
      return end('finished', 'pending');
  }
}
