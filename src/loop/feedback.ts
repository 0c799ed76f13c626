// Feedback text: what a run showed, in the terms a model needs to repair its code. Line numbers
// are those of the code as the model wrote it; hidden tests are only ever counted.
import type { ExceptionInfo, Language, RunResult, TestResult } from '../shared/run.ts';
import type { HiddenVerdict } from '../shared/session.ts';
import { generatedSourceOf } from '../shared/generated-tests.ts';
import { TYPE_CHECK_STEP } from '../shared/typescript-check.ts';
import { toCodeLine } from './assemble.ts';
import { resultInCodeLines } from './code-lines.ts';
import type { NoCodeReason } from './extract.ts';
import { fenceTag, languageName } from './language.ts';
import { headTail, lineAt } from './text.ts';
import { clip, plural } from '../shared/format.ts';
import { traceText } from './trace-text.ts';
import { flaggedFeedback, passFlags } from './gaming/verdict.ts';

/** How much of each part to include; the context budget lowers these when space runs out. */
export interface FeedbackDetail {
  maxFailures: number;
  valueChars: number;
  tracebackLines: number;
  /** Characters of program output kept from its start and its end; 0 and 0 leave output out. */
  outputHead: number;
  outputTail: number;
  /** Characters of the trace of the first failing test, when the run has one; 0 leaves it out. */
  traceChars: number;
}

export const FULL_DETAIL: FeedbackDetail = {
  maxFailures: 5,
  valueChars: 400,
  tracebackLines: 30,
  outputHead: 2000,
  outputTail: 1000,
  traceChars: 3000,
};

export interface FeedbackContext {
  /** The code as the model wrote it. */
  code: string;
  /** Lines that ran before `code` (a HumanEval prompt). */
  lineOffset: number;
  timeoutSec?: number;
  hidden?: HiddenVerdict;
  /** The reply was cut off inside the code block. */
  truncatedReply?: boolean;
  /** The task's generated tests (proposed by a model, accepted by the user), which may be wrong. */
  generated?: readonly string[];
  detail?: FeedbackDetail;
}

export function noCodeFeedback(reason: NoCodeReason, language: Language = 'python'): string {
  const ANSWER = `Reply with the complete solution in a single fenced \`\`\`${fenceTag(language)} block.`;
  switch (reason) {
    case 'cut-off-reasoning':
      return `Your reply ended while still reasoning, before any code. Keep the reasoning short. ${ANSWER}`;
    case 'not-python':
      return `Your reply had code blocks, but none held a ${languageName(language)} solution (only commands, output or another language). ${ANSWER}`;
    case 'empty':
      return `Your reply was empty. ${ANSWER}`;
    case 'prose':
      return `Your reply contained no code. ${ANSWER}`;
  }
}

function sourceLine(ctx: FeedbackContext, line: number | undefined): string {
  const text = line === undefined ? undefined : lineAt(ctx.code, line);
  return text === undefined || line === undefined ? '' : `\n  ${line} | ${text}`;
}

/** Keeps the header and the innermost frames: the bottom of a traceback says where it broke. */
function trimTraceback(tb: string, maxLines: number): string {
  const lines = tb.replace(/\s+$/, '').split('\n');
  const max = Math.max(2, maxLines);
  if (lines.length <= max) return lines.join('\n');
  const tail = lines.slice(lines.length - (max - 1));
  return [lines[0] ?? '', `  [… ${plural(lines.length - max, 'line')} omitted …]`, ...tail].join('\n');
}

/**
 * Whether the exception is a failed test's own failure, already shown with it (a JavaScript
 * assertion): then only where it was raised is added, not its message again.
 */
function shownWithTest(e: ExceptionInfo, r: RunResult): boolean {
  const said = `${e.type}: ${e.message}`;
  return r.tests.some((t) => !t.passed && (t.message === said || t.message === e.message));
}

/** The traceback without the message it starts with: the frames that say where. */
function framesOnly(e: ExceptionInfo): string {
  const head = `${e.type}: ${e.message}`;
  const tb = e.traceback.trimStart();
  return (tb.startsWith(head) ? tb.slice(head.length) : tb).replace(/^\s*\n/, '');
}

function exceptionText(e: ExceptionInfo, ctx: FeedbackContext, d: FeedbackDetail, shown = false): string {
  const line = toCodeLine(e.line, ctx.lineOffset, ctx.code);
  if (shown) {
    const frames = d.tracebackLines > 0 ? trimTraceback(framesOnly(e), d.tracebackLines) : '';
    if (line === undefined && frames.trim() === '') return '';
    const at = line === undefined ? '' : ` at line ${line}`;
    return `The first failure was raised${at}:${sourceLine(ctx, line)}${frames.trim() === '' ? '' : `\n${frames}`}`;
  }
  const message = e.message === '' ? '' : `: ${e.message}`;
  if (e.syntax) {
    const at = line === undefined ? '' : ` at line ${line}`;
    // Python's message ends with the place again, "(<candidate>, line 4)": said once is enough.
    const said = line === undefined ? message : message.replace(/ \([^()]*, line \d+\)$/, '');
    return `${e.type}${at}${said}${sourceLine(ctx, line)}\nThe code does not compile, so no test ran.`;
  }
  const at = line === undefined ? '' : ` at line ${line}`;
  let text = `${e.type}${at}${message}${sourceLine(ctx, line)}`;
  if (e.traceback.trim() !== '' && d.tracebackLines > 0) {
    const tb = trimTraceback(e.traceback, d.tracebackLines);
    text += tb.startsWith('Traceback') ? `\n${tb}` : `\nTraceback:\n${tb}`;
  }
  return text;
}

const GENERATED_MARK = ' (a generated test: it may itself be wrong)';

/** Said once under the failures when any of those shown is a generated test. */
export const GENERATED_NOTE =
  'Tests marked as generated were written by a model, not given with the task, and may themselves be wrong. Check each one against the task description: where the test is right, fix the code; where the description shows the test is wrong, keep the behaviour the description asks for.';

function testText(t: TestResult, n: number, d: FeedbackDetail, generated: boolean): string {
  const call = t.source !== undefined && t.source.trim() !== t.name ? `: ${t.source.trim()}` : '';
  let text = `${n}. ${t.name}${call}${generated ? GENERATED_MARK : ''}`;
  if (t.expected !== undefined) text += `\n   expected: ${clip(t.expected, d.valueChars, { count: true })}`;
  if (t.actual !== undefined) text += `\n   actual:   ${clip(t.actual, d.valueChars, { count: true })}`;
  // With the values shown, the message's first line says enough: the rest repeats them (node's diff).
  const compared = t.expected !== undefined || t.actual !== undefined;
  const message = compared ? t.message?.trim().split('\n')[0] : t.message?.trim();
  if (message !== undefined && message !== '') text += `\n   error: ${clip(message, d.valueChars, { count: true })}`;
  return text;
}

function failedTests(r: RunResult, d: FeedbackDetail, generated: readonly string[] | undefined): string {
  const failed = r.tests.filter((t) => !t.passed);
  const shown = failed.slice(0, Math.max(1, d.maxFailures));
  const marks = shown.map((t) => generatedSourceOf(t, generated) !== undefined);
  const lines = [
    `${failed.length} of ${plural(r.tests.length, 'test')} failed:`,
    ...shown.map((t, i) => testText(t, i + 1, d, marks[i]!)),
  ];
  if (failed.length > shown.length) lines.push(`… and ${failed.length - shown.length} more failed.`);
  if (marks.includes(true)) lines.push(GENERATED_NOTE);
  return lines.join('\n');
}

function crashText(r: RunResult): string {
  const said = `${r.exception?.type ?? ''} ${r.exception?.message ?? ''} ${r.result}`;
  if (r.exception?.type === 'OutOfMemory') return 'The program ran out of memory and was stopped. Use less memory.';
  if (/memory/i.test(said)) return 'The Python interpreter ran out of memory and was stopped. Use less memory.';
  if (/recursion|stack/i.test(said))
    return 'The Python interpreter crashed from too deep recursion. Use a loop instead, or recurse less deeply.';
  return `The Python interpreter crashed: ${r.exception?.message || r.result}.`;
}

function diagnosis(r: RunResult, ctx: FeedbackContext, d: FeedbackDetail): string {
  if (r.exception?.syntax) return exceptionText(r.exception, ctx, d);
  switch (r.status) {
    case 'passed':
      if (ctx.hidden && ctx.hidden.failed > 0) return `All ${plural(r.tests.length, 'visible test')} pass.`;
      if (r.tests.length > 0) return `All ${plural(r.tests.length, 'test')} pass.`;
      return r.web ? 'The page loaded and its checks pass.' : 'The program ran without errors.';
    case 'timed out': {
      const limit = ctx.timeoutSec === undefined ? '' : ` of ${ctx.timeoutSec} s`;
      if (r.runningTest === TYPE_CHECK_STEP)
        return `The type check hit the time limit${limit}. Simplify the types: deeply recursive or conditional types, or large unions, can keep the compiler busy for minutes.`;
      const running = r.runningTest ? `, while running ${r.runningTest}` : '';
      return `The run hit the time limit${limit}${running}. Look for an infinite loop, or make the algorithm faster.`;
    }
    case 'crashed':
      return crashText(r);
    case 'cancelled':
      return 'The run was cancelled before it finished.';
    case 'failed':
    case 'error': {
      const parts: string[] = [];
      if (r.tests.some((t) => !t.passed)) parts.push(failedTests(r, d, ctx.generated));
      if (r.exception) parts.push(exceptionText(r.exception, ctx, d, shownWithTest(r.exception, r)));
      if (parts.length === 0)
        parts.push(
          `${r.status === 'failed' ? 'The tests failed' : 'The program failed'}: ${r.result.replace(/^failed:\s*/, '')}`,
        );
      return parts.filter((p) => p !== '').join('\n\n');
    }
  }
}

function outputText(r: RunResult, d: FeedbackDetail): string {
  if (d.outputHead + d.outputTail === 0) return '';
  const parts: string[] = [];
  const streams: Array<['stdout' | 'stderr', string]> = [
    ['stdout', r.stdout],
    ['stderr', r.stderr],
  ];
  for (const [name, text] of streams) {
    if (text.trim() === '') continue;
    // The traceback is already shown above; do not spend the budget twice on it.
    if (name === 'stderr' && r.exception && text.includes('Traceback (most recent call last)')) continue;
    const cut = r.truncated ? ', cut at the output limit' : '';
    parts.push(
      `Output (${name}${cut}):\n\`\`\`text\n${headTail(text.replace(/\s+$/, ''), d.outputHead, d.outputTail)}\n\`\`\``,
    );
  }
  return parts.join('\n\n');
}

export function buildFeedback(run: RunResult, ctx: FeedbackContext): string {
  const d = ctx.detail ?? FULL_DETAIL;
  const result = resultInCodeLines(run, ctx.lineOffset, ctx.code);
  const parts = [diagnosis(result, ctx, d)];
  if (ctx.hidden && ctx.hidden.failed > 0) parts.push(`${plural(ctx.hidden.failed, 'hidden test')} failed.`);
  const flags = passFlags(run);
  if (flags.length > 0) parts.push(flaggedFeedback(flags, ctx.lineOffset, ctx.code));
  const clean = result.status === 'passed' && !(ctx.hidden && ctx.hidden.failed > 0);
  if (!clean && result.trace) parts.push(traceText(result.trace, ctx, d.traceChars));
  if (!clean) parts.push(outputText(result, d));
  if (ctx.truncatedReply)
    parts.push(
      'Your reply was cut off before the code block was closed, so the code is incomplete. Keep the reply shorter.',
    );
  return parts.filter((p) => p !== '').join('\n\n');
}
