// What the demo model says for the JavaScript and TypeScript examples: a first attempt with a
// real bug (for TypeScript, one the type checker catches), then the repair.
import type { DemoScript } from './demo-script.ts';

function reply(fence: 'javascript' | 'typescript', before: string, code: string, after: string): string {
  return `${before}\n\n\`\`\`${fence}\n${code.trim()}\n\`\`\`\n\n${after}`;
}

const median = (sort: string): string => `
function runningMedian(nums) {
  const window = [];
  const medians = [];
  for (const x of nums) {
    window.push(x);
    ${sort}
    const n = window.length;
    const mid = Math.floor(n / 2);
    medians.push(n % 2 === 1 ? window[mid] : (window[mid - 1] + window[mid]) / 2);
  }
  return medians;
}
`;

const brackets = (end: string): string => `
function isBalanced(s) {
  const pairs = { ')': '(', ']': '[', '}': '{' };
  const stack = [];
  for (const ch of s) {
    if ('([{'.includes(ch)) {
      stack.push(ch);
    } else if (ch in pairs) {
      if (stack.pop() !== pairs[ch]) return false;
    }
  }
  return ${end};
}
`;

const intervals = (condition: string): string => `
function mergeIntervals(intervals: [number, number][]): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (${condition}) {
      last[1] = Math.max(last[1], end);
    } else {
      merged.push([start, end]);
    }
  }
  return merged;
}
`;

const roman = (table: string): string => `
function toRoman(n: number): string {
  const table: [number, string][] = [
    ${table}
  ];
  let out = '';
  for (const [value, symbol] of table) {
    while (n >= value) {
      out += symbol;
      n -= value;
    }
  }
  return out;
}
`;

export const SCRIPT_DEMO_SCRIPTS: readonly DemoScript[] = [
  {
    taskId: 'example-js-running-median',
    first: reply(
      'javascript',
      'I keep the numbers seen so far in an array, sort it after each new one, and read the median from the middle.',
      median('window.sort();'),
      'Sorting each time is O(n log n) per step, fine for arrays of this size.',
    ),
    repaired: reply(
      'javascript',
      'The test with [5, 15, 1, 3] got 15 where 5 was expected: `Array.prototype.sort` without a comparator compares numbers as strings, so 15 sorted before 5. A numeric comparator fixes it.',
      median('window.sort((a, b) => a - b);'),
      'Even counts still average the two middle values.',
    ),
  },
  {
    taskId: 'example-js-balanced-brackets',
    first: reply(
      'javascript',
      'A stack does it: push every opening bracket, and for every closing bracket check that it matches the most recent opening one.',
      brackets('true'),
      'Characters that are not brackets are skipped.',
    ),
    repaired: reply(
      'javascript',
      "The test `isBalanced('((')` failed: I returned true without checking for brackets that were opened and never closed. The string is balanced only if the stack is empty at the end.",
      brackets('stack.length === 0'),
      'A closing bracket with nothing open pops undefined, which matches nothing, so it was already handled.',
    ),
  },
  {
    taskId: 'example-ts-merge-intervals',
    first: reply(
      'typescript',
      'Sort by start, then sweep once: extend the last merged interval when the next one overlaps it, otherwise start a new one.',
      intervals('start <= last[1]'),
      'Copying before sorting leaves the caller’s array alone.',
    ),
    repaired: reply(
      'typescript',
      'The type checker is right: `merged.at(-1)` is undefined for the first interval, so `last[1]` would throw on every input. I check that there is a last interval before comparing.',
      intervals('last !== undefined && start <= last[1]'),
      'Touching intervals merge because the comparison is `<=`.',
    ),
  },
  {
    taskId: 'example-ts-roman-numerals',
    first: reply(
      'typescript',
      'A greedy conversion works: walk a table of values from largest to smallest and append each symbol as many times as it fits.',
      roman(
        "[1000, 'M'], [900, 'CM'], [500, 'D'], [100, 'C'],\n    [90, 'XC'], [50, 'L'], [10, 'X'],\n    [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],",
      ),
      'Because the subtractive pairs are in the table, no special cases are needed.',
    ),
    repaired: reply(
      'typescript',
      "The test for 444 got 'CCCCXXXXIV' instead of 'CDXLIV': the table was missing 400 (CD) and 40 (XL). Adding them fixes it.",
      roman(
        "[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'],\n    [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'],\n    [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],",
      ),
      'The table now has all thirteen symbols, largest first.',
    ),
  },
];
