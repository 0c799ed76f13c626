// A run's trace as rows for the feedback pane: each step with the line of the candidate it ran,
// that line's code, what happened and the values of the variables; loops folded as the trace
// folded them. Plain data, so the wording is tested without a DOM.
import { lineAt } from '../../loop/text.ts';
import type { RunTrace, TraceStep } from '../../shared/run.ts';

export interface TraceRow {
  /** 1-based step number. */
  step: number;
  /** "4", or "prompt 3" for a line of the task's prompt that ran before the candidate. */
  line: string;
  /** The line's code, trimmed; '' when it is not in the candidate. */
  code: string;
  /** "call running_median", "line", "returns", "raises". */
  event: string;
  /** "total=5, x=3"; a return's or exception's value. */
  values: string;
  /** A folded loop: "ran 4 more times; the last time: total=14, x=3". */
  folded?: string;
}

export interface TraceContext {
  /** The candidate as the attempt stored it. */
  code: string;
  /** Lines that ran before the candidate (a HumanEval prompt). */
  lineOffset: number;
}

const pairs = (p: [string, string][]): string => p.map(([k, v]) => `${k}=${v}`).join(', ');
const times = (n: number): string => (n === 1 ? '1 more time' : `${n} more times`);

function event(s: TraceStep): string {
  switch (s.event) {
    case 'call':
      return `call ${s.function}`;
    case 'return':
      return `${s.function} returns`;
    case 'exception':
      return 'raises';
    case 'line':
      return 'line';
  }
}

function values(s: TraceStep): string {
  if (s.event === 'return') return s.value ?? 'None';
  if (s.event === 'exception') return s.value ?? 'an exception';
  return pairs(s.locals);
}

export function traceRows(trace: RunTrace, ctx: TraceContext): TraceRow[] {
  return trace.steps.map((s, i) => {
    const n = s.line - ctx.lineOffset;
    const folded =
      s.hits === undefined ? undefined : `ran ${times(s.hits)}${s.last ? `; the last time: ${pairs(s.last)}` : ''}`;
    return {
      step: i + 1,
      line: n < 1 ? `prompt ${s.line}` : String(n),
      code: n < 1 ? '' : (lineAt(ctx.code, n)?.trim() ?? ''),
      event: event(s),
      values: values(s),
      ...(folded ? { folded } : {}),
    };
  });
}

/** What the trace leaves out, in words: steps cut for size and tracing that stopped early. */
export function traceNotes(trace: RunTrace): string[] {
  const notes: string[] = [];
  if (trace.omitted > 0)
    notes.push(
      `${trace.omitted === 1 ? '1 more step was' : `${trace.omitted} more steps were`} left out to keep the trace short.`,
    );
  if (trace.stopped) notes.push(`Tracing stopped early: ${trace.stopped}.`);
  return notes;
}
