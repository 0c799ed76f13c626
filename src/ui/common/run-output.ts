// A finished run, written to the terminal after its streamed output: each test's outcome, the
// exception, and the verdict, coloured by kind. What the run wrote itself (what a test got, an
// assertion's message, a traceback) is quoted apart from the page's lines, so it cannot pose as one.
import type { RunResult } from '../../shared/run.ts';
import type { Terminal } from '../terminal/terminal.ts';
import { verdictLine } from './verdict.ts';

export function writeRunResult(term: Terminal, r: RunResult): void {
  if (r.truncated) term.write('\n[output cut at the output cap]\n', 'info');
  if (r.tests.length) term.write('\n');
  for (const t of r.tests) {
    if (t.passed) {
      term.write(`✓ ${t.name}\n`, 'ok');
      continue;
    }
    const detail =
      t.expected !== undefined || t.actual !== undefined
        ? `expected ${t.expected ?? '?'}, got ${t.actual ?? '?'}`
        : (t.message ?? 'failed');
    term.write(`✗ ${t.name}:`, 'fail');
    term.write(` ${detail}\n`, 'quote');
  }
  if (r.exception) {
    const ex = r.exception;
    term.write(`\n${ex.traceback || `${ex.type}: ${ex.message}`}\n`, 'quote');
  }
  if (r.status === 'timed out' && r.runningTest) term.write(`time limit hit while running ${r.runningTest}\n`, 'info');
  term.write(`\n[${verdictLine(r)}]\n`, r.status === 'passed' ? 'ok' : 'fail');
}
