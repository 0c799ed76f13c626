// A finished run, written to the terminal after its streamed output: each test's outcome, the
// exception, and the verdict, coloured by kind. What the run wrote itself (what a test got, an
// assertion's message, a traceback) is quoted apart from the page's lines, so it cannot pose as one.
import type { RunResult } from '../../shared/run.ts';
import type { Terminal } from '../terminal/terminal.ts';
import { verdictLine } from './verdict.ts';

/** One line for one-line values; a program's several lines of output each under its own heading. */
function detail(expected: string | undefined, actual: string | undefined, message: string | undefined): string {
  if (expected === undefined && actual === undefined) return ` ${message ?? 'failed'}`;
  const e = expected ?? '?';
  const a = actual ?? '?';
  if (!e.includes('\n') && !a.includes('\n')) return ` expected ${e}, got ${a}`;
  const block = (v: string): string => v.replace(/\n$/, '').replace(/^/gm, '    ');
  return `\n  expected:\n${block(e)}\n  got:\n${block(a)}`;
}

export function writeRunResult(term: Terminal, r: RunResult): void {
  if (r.truncated) term.write('\n[output cut at the output cap]\n', 'info');
  if (r.tests.length) term.write('\n');
  for (const t of r.tests) {
    if (t.passed) {
      term.write(`✓ ${t.name}\n`, 'ok');
      continue;
    }
    term.write(`✗ ${t.name}:`, 'fail');
    term.write(`${detail(t.expected, t.actual, t.message)}\n`, 'quote');
  }
  if (r.exception) {
    const ex = r.exception;
    term.write(`\n${ex.traceback || `${ex.type}: ${ex.message}`}\n`, 'quote');
  }
  if (r.status === 'timed out' && r.runningTest) term.write(`time limit hit while running ${r.runningTest}\n`, 'info');
  term.write(`\n[${verdictLine(r)}]\n`, r.status === 'passed' ? 'ok' : 'fail');
}
