// A run's trace as feedback: what the code did in its first failing test, step by step with the
// values of its variables, in lines of the code the model wrote and within a character budget.
import type { RunTrace, TraceStep } from '../shared/run.ts';
import { lineAt } from './text.ts';
import { clip, plural } from '../shared/format.ts';

const SOURCE_CHARS = 60;

interface TraceContext {
  code: string;
  /** Lines that ran before `code` (a HumanEval prompt). */
  lineOffset: number;
}

function where(step: TraceStep, ctx: TraceContext): string {
  const n = step.line - ctx.lineOffset;
  if (n < 1) return `line ${step.line} of the task's prompt`;
  const src = lineAt(ctx.code, n)?.trim();
  if (!src) return `line ${n}`;
  return `line ${n} \`${clip(src, SOURCE_CHARS)}\``;
}

const values = (pairs: [string, string][]): string => pairs.map(([k, v]) => `${k}=${v}`).join(', ');

function stepText(step: TraceStep, ctx: TraceContext): string {
  const at = where(step, ctx);
  switch (step.event) {
    case 'call':
      return `call ${step.function}(${values(step.locals)})`;
    case 'return':
      return `${at}: ${step.function} returns ${step.value ?? 'None'}`;
    case 'exception':
      return `${at}: raises ${step.value ?? 'an exception'}`;
    case 'line': {
      const state = step.locals.length > 0 ? `: ${values(step.locals)}` : '';
      if (step.hits === undefined) return `${at}${state}`;
      const last = step.last ? `; the last time: ${values(step.last)}` : '';
      return `${at}, ran ${plural(step.hits, 'more time')}${state ? `; the first of them${state}` : ''}${last}`;
    }
  }
}

/** The trace as text of at most about `maxChars`; empty when the budget leaves no room. */
export function traceText(trace: RunTrace, ctx: TraceContext, maxChars: number): string {
  if (maxChars <= 0 || trace.steps.length === 0) return '';
  const head = `What your code did in the first failing test (${trace.test}), step by step, with the values of its variables as each line began:`;
  const lines: string[] = [];
  let used = head.length;
  let left = trace.omitted;
  for (const [i, step] of trace.steps.entries()) {
    const line = `  ${stepText(step, ctx)}`;
    if (used + line.length > maxChars && lines.length > 0) {
      left += trace.steps.length - i;
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  if (left > 0) lines.push(`  [… ${plural(left, 'more step')} not shown]`);
  if (trace.stopped) lines.push(`  [tracing stopped early: ${trace.stopped}]`);
  return [head, ...lines].join('\n');
}
