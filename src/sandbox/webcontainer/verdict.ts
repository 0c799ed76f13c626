// How a Node.js project's run ended, as a RunResult: per-test results from the reporter's
// output, the exit code, or the limit that stopped it. The page decides time-outs and cancels;
// the project's output only ever adds detail to a failure, never makes a run pass by itself.
import type { RunResult, RunStatus, TestResult } from '../../shared/run.ts';
import type { OutputCollector } from '../results.ts';
import { parseTestOutput, stripAnsi } from './reporters.ts';

export type Ending =
  { kind: 'exit'; code: number } | { kind: 'timed out' } | { kind: 'cancelled' } | { kind: 'crash'; message: string };

export interface EndingInfo {
  phase: 'install' | 'command';
  ending: Ending;
  command: string;
  out: OutputCollector;
  started: number;
}

const firstLine = (s: string | undefined): string => (s ?? '').split('\n').find((l) => l.trim()) ?? '';

export function projectResult(info: EndingInfo): RunResult {
  const { ending, out, phase, command } = info;
  const text = stripAnsi(out.text.stdout) + out.mark();
  const tests: TestResult[] = phase === 'command' ? parseTestOutput(out.text.stdout) : [];
  const failed = tests.filter((t) => !t.passed);
  const base = { tests, stdout: text, stderr: '', truncated: out.truncated, durationMs: Date.now() - info.started };
  const done = (status: RunStatus, result: string, type?: string, message?: string): RunResult => ({
    ...base,
    status,
    result,
    ...(type ? { exception: { type, message: message ?? '', traceback: '' } } : {}),
  });
  switch (ending.kind) {
    case 'timed out':
      return phase === 'install'
        ? done(
            'error',
            'failed: npm install did not finish in time',
            'InstallError',
            'npm install did not finish in time',
          )
        : done('timed out', 'timed out');
    case 'cancelled':
      return done('cancelled', 'failed: cancelled');
    case 'crash':
      return done('crashed', `failed: ${ending.message}`, 'WebContainerError', ending.message);
    case 'exit':
      break;
  }
  if (phase === 'install') {
    const message = `npm install exited with code ${ending.code}`;
    return done('error', `failed: ${message}`, 'InstallError', message);
  }
  if (failed.length > 0) {
    const f = failed[0]!;
    const why = firstLine(f.message);
    return done('failed', `failed: ${f.name}${why ? `: ${why}` : ''}`);
  }
  if (ending.code === 0) return done('passed', 'passed');
  const message = `\`${command}\` exited with code ${ending.code}`;
  return done('error', `failed: ${message}`, 'ExitCode', message);
}
