// Bundled contest programs (stdin to stdout) for the page's "Program" kind, one in Python and one
// in JavaScript, each with sample tests the model sees and a hidden one it does not. Text CC0.
import type { Task } from './task.ts';
import { limitsFor } from './run.ts';

function programExample(
  id: string,
  title: string,
  language: 'python' | 'javascript',
  prompt: string,
  visible: [string, string][],
  hidden: [string, string][],
): Task {
  return {
    kind: 'program',
    id: `example-${id}`,
    title,
    prompt,
    language,
    tests: { kind: 'program', inputs: visible.map(([i]) => i), outputs: visible.map(([, o]) => o) },
    hiddenTests: { kind: 'program', inputs: hidden.map(([i]) => i), outputs: hidden.map(([, o]) => o) },
    limits: limitsFor(2),
  };
}

export const PROGRAM_EXAMPLES: readonly Task[] = [
  programExample(
    'program-longest-run',
    'Longest run (program, Python)',
    'python',
    'Longest run. The first line of standard input holds N, the second N integers separated by spaces. Print the length of the longest run of equal adjacent values, then, on a second line, the value of the first such run.',
    [
      ['6\n1 1 2 2 2 3\n', '3\n2\n'],
      ['5\n4 4 7 7 1\n', '2\n4\n'],
    ],
    [['1\n9\n', '1\n9\n']],
  ),
  programExample(
    'program-range-sums',
    'Range sums (program, JavaScript)',
    'javascript',
    'Range sums. The first line of standard input holds N and Q, the second N integers, and each of the next Q lines two indices L and R (1-based, L ≤ R). For each query print the sum of the values from position L to position R inclusive, one per line.',
    [
      ['5 3\n1 2 3 4 5\n1 5\n2 3\n4 4\n', '15\n5\n4\n'],
      ['3 2\n-1 10 -2\n1 2\n1 3\n', '9\n7\n'],
    ],
    [['1 1\n42\n1 1\n', '42\n']],
  ),
];
