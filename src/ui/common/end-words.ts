// How a session's end is worded, in one table: the verdict line's headline (timeline and page),
// the history list's label, and the reply's closing status.
import type { EndReason, Session } from '../../shared/session.ts';
import type { Tone } from './verdict.ts';

interface EndWording {
  /** The verdict line: "stopped: iteration cap (5) reached". */
  headline(s: Session, message: string | undefined): string;
  tone: Tone;
  /** False when the headline already carries the loop's own sentence. */
  detail: boolean;
  /** The history list: "iteration cap". */
  label: string;
  /** The reply's status once the loop ends: "The session ended: iteration cap reached." */
  ended: string;
}

const fixed =
  (words: string): EndWording['headline'] =>
  () =>
    words;

export const END_WORDS: Record<EndReason, EndWording> = {
  passed: { headline: fixed('passed'), tone: 'passed', detail: true, label: 'passed', ended: 'passed' },
  'iteration-cap': {
    headline: (s) => `stopped: iteration cap (${s.settings.maxIterations}) reached`,
    tone: 'failed',
    detail: true,
    label: 'iteration cap',
    ended: 'iteration cap reached',
  },
  'token-budget': {
    headline: (s) =>
      `stopped: token budget${s.settings.tokenBudget ? ` (${s.settings.tokenBudget.toLocaleString('en-US')})` : ''} used up`,
    tone: 'failed',
    detail: true,
    label: 'token budget spent',
    ended: 'token budget used up',
  },
  'time-budget': {
    headline: (s) =>
      `stopped: time budget${s.settings.timeBudgetSec ? ` (${s.settings.timeBudgetSec} s)` : ''} used up`,
    tone: 'failed',
    detail: true,
    label: 'time budget spent',
    ended: 'time budget used up',
  },
  stuck: {
    // The loop's sentence already starts with "Stuck:"; keep one.
    headline: (_s, m) => `stuck: ${m?.replace(/^stuck:\s*/i, '') ?? 'the same failure three times'}`,
    tone: 'failed',
    detail: false,
    label: 'stuck',
    ended: 'stuck',
  },
  stopped: {
    headline: fixed('stopped by you'),
    tone: 'cancelled',
    detail: true,
    label: 'stopped',
    ended: 'stopped by you',
  },
  'endpoint-failed': {
    headline: (_s, m) => `endpoint failed: ${m ?? 'no usable reply'}`,
    tone: 'error',
    detail: false,
    label: 'endpoint failed',
    ended: 'the endpoint failed, the reason is shown with the attempts',
  },
  interrupted: {
    headline: fixed('interrupted'),
    tone: 'cancelled',
    detail: true,
    label: 'interrupted',
    ended: 'interrupted',
  },
  'flagged-pass': {
    headline: fixed('stopped: the pass was flagged for test gaming'),
    tone: 'failed',
    detail: true,
    label: 'flagged pass',
    ended: 'iteration cap reached with a flagged pass',
  },
  'final-answer': {
    headline: fixed('answered'),
    tone: 'passed',
    detail: true,
    label: 'answered',
    ended: 'final answer given',
  },
  answered: {
    headline: fixed('answered'),
    tone: 'passed',
    detail: true,
    label: 'answered',
    ended: 'answered without code',
  },
  'sandbox-failed': {
    headline: (_s, m) => `the sandbox failed: ${m ?? 'no reason given'}`,
    tone: 'error',
    detail: false,
    label: 'sandbox failed',
    ended: 'the sandbox failed',
  },
};
