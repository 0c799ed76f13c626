// One-line accounts of earlier attempts: enough for a model to avoid repeating them, small enough
// that a long session still fits the context window.
import type { RunResult } from '../shared/run.ts';
import type { Attempt } from '../shared/session.ts';
import { toCodeLine } from './assemble.ts';
import { mapLineRefs } from './code-lines.ts';
import { plural } from '../shared/format.ts';

export function failingTests(r: RunResult): string[] {
  return r.tests.filter((t) => !t.passed).map((t) => t.name);
}

/** The exception as "Type at line N", with N a line of the model's code. */
function exceptionWhere(r: RunResult, lineOffset: number, code: string): string | undefined {
  if (!r.exception) return undefined;
  const line = toCodeLine(r.exception.line, lineOffset, code);
  return line === undefined ? r.exception.type : `${r.exception.type} at line ${line}`;
}

function crashKind(r: RunResult): string {
  const said = `${r.exception?.message ?? ''} ${r.result}`;
  if (/memory/i.test(said)) return 'crashed (out of memory)';
  if (/recursion|stack/i.test(said)) return 'crashed (recursion too deep)';
  return 'crashed';
}

/** What a run showed, in a few words. */
export function describeRun(r: RunResult, lineOffset: number, code: string): string {
  const where = exceptionWhere(r, lineOffset, code);
  if (r.exception?.syntax) return where ?? 'syntax error';
  switch (r.status) {
    case 'passed':
      return r.tests.length > 0 ? `passed ${r.tests.length}/${r.tests.length} tests` : 'ran without errors';
    case 'timed out':
      return r.runningTest ? `timed out in ${r.runningTest}` : 'timed out';
    case 'crashed':
      return crashKind(r);
    case 'cancelled':
      return 'cancelled';
    case 'failed':
    case 'error': {
      const failing = failingTests(r);
      const parts: string[] = [];
      if (failing.length > 0) {
        const names = failing.slice(0, 3).join(', ') + (failing.length > 3 ? ', …' : '');
        parts.push(`failed ${failing.length}/${plural(r.tests.length, 'test')} (${names})`);
      }
      if (where) parts.push(where);
      return parts.length > 0 ? parts.join(', ') : mapLineRefs(r.result, lineOffset, code);
    }
  }
}

export function summarizeAttempt(a: Attempt, lineOffset: number): string {
  const who = a.source === 'user' ? ' (code edited by the user)' : '';
  const head = `attempt ${a.index + 1}${who}: `;
  if (!a.result || a.candidate === undefined) return `${head}no code in the reply`;
  let text = head + describeRun(a.result, lineOffset, a.candidate);
  if (a.hidden && a.hidden.failed > 0) text += `; ${plural(a.hidden.failed, 'hidden test')} failed`;
  return text;
}
