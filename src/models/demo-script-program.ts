// What the demo model says for the bundled contest programs: a first program with a real bug
// (an off-by-one the sample tests show), then the repair once the wrong answer came back.
import type { DemoScript } from './demo-script.ts';

function reply(fence: 'python' | 'javascript', before: string, code: string, after: string): string {
  return `${before}\n\n\`\`\`${fence}\n${code.trim()}\n\`\`\`\n\n${after}`;
}

const longestRun = (start: string): string => `
n = int(input())
values = list(map(int, input().split()))
best, best_value = 0, None
run = ${start}
for i in range(1, n):
    if values[i] == values[i - 1]:
        run += 1
    else:
        run = 1
    if run > best:
        best, best_value = run, values[i]
if best_value is None:
    best, best_value = 1, values[0]
print(best)
print(best_value)
`;

const rangeSums = (sum: string): string => `
const lines = require('fs').readFileSync(0, 'utf8').trim().split('\\n');
const [n, q] = lines[0].split(' ').map(Number);
const values = lines[1].split(' ').map(Number);
const prefix = [0];
for (let i = 0; i < n; i++) prefix.push(prefix[i] + values[i]);
const out = [];
for (let k = 0; k < q; k++) {
  const [l, r] = lines[2 + k].split(' ').map(Number);
  out.push(${sum});
}
console.log(out.join('\\n'));
`;

export const PROGRAM_DEMO_SCRIPTS: readonly DemoScript[] = [
  {
    taskId: 'example-program-longest-run',
    first: reply(
      'python',
      'I read N and the values, then walk them once, counting the current run and keeping the longest.',
      longestRun('0'),
      'One pass, O(N).',
    ),
    repaired: reply(
      'python',
      'The second test printed 7 where 4 was expected: the count started at 0, so a run at the very start was counted one short and a later run of the same length took its place. A run starts at 1.',
      longestRun('1'),
      'Still one pass.',
    ),
  },
  {
    taskId: 'example-program-range-sums',
    first: reply(
      'javascript',
      'Prefix sums answer each query in O(1): the sum from L to R is prefix[R] minus the prefix before L.',
      rangeSums('prefix[r] - prefix[l]'),
      'O(N + Q) in all.',
    ),
    repaired: reply(
      'javascript',
      'The first query came out without its first value: with 1-based L, the prefix before L is prefix[L - 1], not prefix[L].',
      rangeSums('prefix[r] - prefix[l - 1]'),
      'O(N + Q) in all.',
    ),
  },
];
