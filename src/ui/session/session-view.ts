// One session on the page: its attempts in the timeline, the selected attempt's candidate in the
// editor, its feedback, reply and run in their panels, a diff between two attempts, and what the
// session has used. The same view serves a live run and a session opened from the history.
import { flagsInCodeLines, passFlags } from '../../loop/gaming/verdict.ts';
import { addUsage, costOf, formatCost, type Prices } from '../../models/usage.ts';
import { lineOffsetOf, toCodeLine } from '../../loop/assemble.ts';
import { runDiagnostics } from '../editor/run-diagnostics.ts';
import type { Usage } from '../../shared/model.ts';
import type { Attempt, Session } from '../../shared/session.ts';
import { h, setText } from '../common/dom.ts';
import { formatTokens } from '../common/format.ts';
import { startRun, writeRunResult } from '../common/run-output.ts';
import { attemptVerdict, verdictLine } from '../common/verdict.ts';
import { mountDiff } from '../diff/lazy-diff.ts';
import type { Editor } from '../editor/editor.ts';
import type { Layout } from '../layout/layout.ts';
import type { ReplyView } from '../reply/reply-view.ts';
import { mountStrategyDetails } from '../strategies/lazy-details.ts';
import { mountOutputCompare } from '../kinds/program/output-compare.ts';
import { viewsOf } from '../kinds/registry.ts';
import type { Terminal } from '../terminal/terminal.ts';
import type { RunResults } from '../results/run-results.ts';
import { mountTimeline } from '../timeline/timeline.ts';

export interface SessionViewParts {
  layout: Layout;
  editor: Editor;
  reply: ReplyView;
  terminal: Terminal;
  results: RunResults;
  /** Prices of the endpoint in use, for showing cost. */
  prices(): Prices;
  onResume(): void;
  /** Shows a web page task's attempt (its picture, console and live preview). */
  page?: { show(attempt: Attempt | undefined, task: Session['task'] | undefined): void };
}

export interface SessionView {
  readonly session: Session | undefined;
  readonly attempts: readonly Attempt[];
  /** Shows a session with its attempts (none: an empty page) and selects the last attempt. */
  load(session: Session | undefined, attempts: readonly Attempt[]): void;
  /** An attempt of the running session just finished; its reply and output are already shown. */
  add(attempt: Attempt): void;
  setPending(index: number | undefined, text?: string): void;
  /** The session as stored; its end (if any) is shown under the timeline. */
  setSession(session: Session | undefined): void;
}

const label = (a: Attempt): string => `Attempt ${a.index + 1}`;

export function mountSessionView(p: SessionViewParts): SessionView {
  let session: Session | undefined;
  let attempts: Attempt[] = [];
  const find = (index: number): Attempt | undefined => attempts.find((a) => a.index === index);

  const timeline = mountTimeline(p.layout.slots.timeline, {
    onSelect: (index) => show(index),
    onCompare: (a, b) => compare(a, b),
    onResume: () => p.onResume(),
  });
  const usage = h('p', { class: 'session-usage', 'data-testid': 'usage' });
  p.layout.slots.timeline.append(usage);
  const diff = mountDiff(p.layout.slots.diff);
  const details = mountStrategyDetails(p.layout.slots.strategy, p.layout.slots.trace);
  const outputs = mountOutputCompare(p.layout.slots.outputs);

  function showUsage(): void {
    if (attempts.length === 0) return setText(usage, '');
    const total = attempts.reduce<Usage>((sum, a) => addUsage(sum, a.usage), { inputTokens: 0, outputTokens: 0 });
    const cost = costOf(total, p.prices());
    setText(
      usage,
      `Tokens this session: ${formatTokens(total)}${total.estimated ? ' (estimated)' : ''}${cost === undefined ? '' : ` · ${formatCost(cost)}`}`,
    );
  }

  /** Candidate, error line, feedback and verdict: what both a live and a picked attempt show. */
  function present(a: Attempt): void {
    if (a.candidate !== undefined) p.editor.setValue(a.candidate);
    const line =
      session && a.candidate !== undefined
        ? toCodeLine(a.result?.exception?.line, lineOffsetOf(session.task), a.candidate)
        : undefined;
    p.editor.markErrorLine(line);
    const offset = session ? lineOffsetOf(session.task) : 0;
    p.editor.markErrors(a.candidate === undefined ? [] : runDiagnostics(a.result, offset, a.candidate));
    p.editor.markFlagLines(
      flagsInCodeLines(passFlags(a.result), offset, a.candidate ?? '').flatMap((f) => (f.line ? [f.line] : [])),
    );
    p.layout.setFeedback(a.feedback);
    details.show(a, { code: a.candidate ?? '', lineOffset: session ? lineOffsetOf(session.task) : 0 });
    outputs.show(a.result, session !== undefined && viewsOf(session.task).attemptOutput === 'compare');
    const v = attemptVerdict(a);
    const flagged = v.tone === 'flagged' ? `, ${v.label.replace(/^passed, /, '')}` : '';
    const detail = a.result
      ? verdictLine(a.result) + flagged
      : v.label === 'no code'
        ? 'the reply had no code'
        : v.label;
    p.layout.setVerdict(`${label(a)}: ${detail}`, v.tone);
    p.page?.show(a, session?.task);
  }

  function show(index: number): void {
    const a = find(index);
    if (!a) return;
    present(a);
    // Picking an attempt without code must not leave another attempt's code looking like its own.
    if (a.candidate === undefined) p.editor.setValue('');
    p.reply.show(a.reply);
    p.reply.setStatus(
      a.source === 'user' ? `${label(a)} ran code edited by hand.` : `${label(a)}: the model's reply.`,
      'idle',
    );
    startRun(p, label(a));
    if (a.result) {
      if (a.result.stdout) p.terminal.write(a.result.stdout, 'stdout');
      if (a.result.stderr) p.terminal.write(a.result.stderr, 'stderr');
      writeRunResult(p, a.result);
    } else {
      p.terminal.write('Nothing ran: the reply had no code.\n', 'info');
      p.results.empty(`${label(a)}: nothing ran, the reply had no code.`);
    }
  }

  function compare(x: number, y: number): void {
    const a = find(x);
    const b = find(y);
    if (a && b) diff.show({ label: label(a), text: a.candidate }, { label: label(b), text: b.candidate });
  }

  /** The latest change is the one worth seeing first: the attempt before against this one. */
  function diffLatest(): void {
    const [a, b] = attempts.slice(-2);
    if (a && b) compare(a.index, b.index);
    else diff.clear();
  }

  return {
    get session() {
      return session;
    },
    get attempts() {
      return attempts;
    },
    load(s, list) {
      session = s;
      attempts = [...list].sort((x, y) => x.index - y.index);
      timeline.setPending(undefined);
      timeline.setAttempts(attempts);
      timeline.setSession(s);
      const last = attempts.at(-1);
      timeline.select(last?.index);
      if (last) show(last.index);
      else {
        p.layout.setFeedback(undefined);
        p.page?.show(undefined, undefined);
        details.show(undefined, { code: '', lineOffset: 0 });
        outputs.show(undefined, false);
        p.reply.clear();
        p.results.empty();
      }
      diffLatest();
      showUsage();
    },
    add(a) {
      attempts = [...attempts.filter((x) => x.index !== a.index), a].sort((x, y) => x.index - y.index);
      timeline.putAttempt(a);
      timeline.setPending(undefined);
      timeline.select(a.index);
      present(a);
      // Sampling strategies stream several replies, or none: the chosen attempt's own reply is
      // shown, so the panel is not left empty (or on another sample) until a row is clicked.
      if (a.source === 'model' && a.reply && p.reply.text() !== a.reply) {
        p.reply.show(a.reply);
        p.reply.setStatus(`${label(a)}: the model's reply.`, 'idle');
      }
      if (a.result) writeRunResult(p, a.result);
      else p.results.empty(`${label(a)}: nothing ran, the reply had no code.`);
      diffLatest();
      showUsage();
    },
    setPending: (index, text) => timeline.setPending(index, text),
    setSession(s) {
      session = s;
      timeline.setSession(s);
    },
  };
}
