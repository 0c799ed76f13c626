// Feedback for a contest program, as LiveCodeBench's self-repair scenario words it: wrong answer,
// time limit or runtime error, with the input, the program's output and the expected output,
// each cut to a bounded size and marked where cut; for a wrong answer, the first differing line.
import type { RunResult } from '../../shared/run.ts';

const MOST = 1500; // characters of each of input, output and expected shown

function cut(text: string): string {
  if (text.length <= MOST) return text.replace(/\s+$/, '');
  const head = text.slice(0, MOST).replace(/\s+$/, '');
  return `${head}\n… [cut here: ${text.length - MOST} more characters]`;
}

export function programFeedback(run: RunResult, timeoutSec: number): string {
  if (run.status === 'passed') return 'All tests passed.';
  const failing = run.tests.find((t) => !t.passed);
  const io = (withOutput: boolean): string[] => {
    if (!failing) return [];
    const lines = [`Input:\n${cut(failing.source ?? '')}`];
    if (withOutput) lines.push(`Generated Output:\n${cut(failing.actual ?? '')}`);
    lines.push(`Expected:\n${cut(failing.expected ?? '')}`);
    return lines;
  };
  if (run.status === 'timed out') {
    const which = run.runningTest ? ` on ${run.runningTest}` : '';
    return [
      `The above code is incorrect and got time limit exceeded${which} (${timeoutSec} s per test).`,
      ...io(false),
    ].join('\n');
  }
  if (run.result.startsWith('failed: Wrong Answer')) {
    const where = /^failed: Wrong Answer at line (\d+): /.exec(run.result);
    const first = where
      ? `The first difference is on output line ${Number(where[1]) + 1}: ${run.result.slice(where[0].length)}`
      : '';
    return ['The above code is incorrect and got a wrong answer.', ...io(true), first].filter(Boolean).join('\n');
  }
  if (run.result.startsWith('failed: Compile Error')) {
    return `The above code is incorrect and got the following compilation error.\n${run.result.slice('failed: Compile Error: '.length)}`;
  }
  const error = run.result.replace(/^failed: Runtime Error: /, '');
  return ['The above code is incorrect and got a runtime error.', ...io(false), error].join('\n');
}
