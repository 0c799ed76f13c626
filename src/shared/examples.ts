// Bundled example tasks: what a fresh page offers, and what the offline demo model can solve.
import { DEFAULT_LIMITS, type Language } from './run.ts';
import type { FunctionTask, Task } from './task.ts';
import { WEB_EXAMPLES } from './examples-web.ts';
import { PROGRAM_EXAMPLES } from './program-examples.ts';

function example(id: string, title: string, entryPoint: string, prompt: string, tests: string[]): FunctionTask {
  return {
    kind: 'function',
    id: `example-${id}`,
    title,
    prompt,
    language: 'python',
    entryPoint,
    tests: { kind: 'user', source: `${tests.join('\n')}\n` },
    limits: { ...DEFAULT_LIMITS },
  };
}

export const EXAMPLES: readonly Task[] = [
  example(
    'running-median',
    'Running median',
    'running_median',
    'Write a Python function `running_median(nums)` that takes a list of numbers and returns a list of the same length whose i-th element is the median of `nums[:i + 1]`. When the count is even, the median is the mean of the two middle values.',
    [
      'assert running_median([]) == []',
      'assert running_median([5]) == [5]',
      'assert running_median([2, 1, 5, 7, 2, 0, 5]) == [2, 1.5, 2, 3.5, 2, 2, 2]',
      'assert running_median([1, 2, 3, 4]) == [1, 1.5, 2, 2.5]',
    ],
  ),
  example(
    'roman-numerals',
    'Roman numerals',
    'to_roman',
    'Write a Python function `to_roman(n)` that converts an integer from 1 to 3999 to a Roman numeral string, using the subtractive forms (IV, IX, XL, XC, CD, CM).',
    [
      "assert to_roman(1) == 'I'",
      "assert to_roman(4) == 'IV'",
      "assert to_roman(9) == 'IX'",
      "assert to_roman(58) == 'LVIII'",
      "assert to_roman(1994) == 'MCMXCIV'",
      "assert to_roman(444) == 'CDXLIV'",
      "assert to_roman(3999) == 'MMMCMXCIX'",
    ],
  ),
  example(
    'balanced-brackets',
    'Balanced brackets',
    'is_balanced',
    'Write a Python function `is_balanced(s)` that returns True when every (, [ and { in the string `s` is closed by the matching bracket in the right order, and False otherwise. Other characters are ignored.',
    [
      "assert is_balanced('') is True",
      "assert is_balanced('([]{})') is True",
      'assert is_balanced(\'f(a[1], {"k": 2})\') is True',
      "assert is_balanced('(]') is False",
      "assert is_balanced('())') is False",
      "assert is_balanced('((') is False",
    ],
  ),
  example(
    'word-frequency',
    'Word frequency',
    'top_words',
    'Write a Python function `top_words(text, n)` that returns the `n` most frequent words in `text` as a list of `(word, count)` tuples. Words are case-insensitive runs of letters and apostrophes (punctuation is not part of a word). Order by count, highest first; break ties alphabetically.',
    [
      "assert top_words('the cat and the hat', 1) == [('the', 2)]",
      "assert top_words('The cat. The hat! THE end?', 2) == [('the', 3), ('cat', 1)]",
      "assert top_words('b a c b a', 3) == [('a', 2), ('b', 2), ('c', 1)]",
      "assert top_words('', 3) == []",
    ],
  ),
  example(
    'merge-intervals',
    'Merge intervals',
    'merge_intervals',
    'Write a Python function `merge_intervals(intervals)` that takes a list of `[start, end]` pairs and returns a new list with overlapping intervals merged, sorted by start. Intervals that only touch, such as [1, 4] and [4, 5], count as overlapping.',
    [
      'assert merge_intervals([]) == []',
      'assert merge_intervals([[1, 3], [2, 6], [8, 10], [15, 18]]) == [[1, 6], [8, 10], [15, 18]]',
      'assert merge_intervals([[5, 7], [1, 2]]) == [[1, 2], [5, 7]]',
      'assert merge_intervals([[1, 10], [2, 3]]) == [[1, 10]]',
      'assert merge_intervals([[1, 4], [4, 5]]) == [[1, 5]]',
    ],
  ),
];

/** JavaScript and TypeScript tasks: tests are Node `assert` calls, run after the code. */
function scriptExample(
  language: Exclude<Language, 'python'>,
  id: string,
  title: string,
  entryPoint: string,
  prompt: string,
  asserts: string[],
): Task {
  const source = [`const assert = require('node:assert');`, ...asserts].join('\n');
  return { ...example(id, title, entryPoint, prompt, []), language, tests: { kind: 'user', source: `${source}\n` } };
}

export const JAVASCRIPT_EXAMPLES: readonly Task[] = [
  scriptExample(
    'javascript',
    'js-running-median',
    'Running median (JavaScript)',
    'runningMedian',
    'Write a JavaScript function `runningMedian(nums)` that takes an array of numbers and returns an array of the same length whose i-th element is the median of `nums.slice(0, i + 1)`. When the count is even, the median is the mean of the two middle values.',
    [
      'assert.deepStrictEqual(runningMedian([]), []);',
      'assert.deepStrictEqual(runningMedian([5]), [5]);',
      'assert.deepStrictEqual(runningMedian([2, 1, 5, 7, 2, 0, 5]), [2, 1.5, 2, 3.5, 2, 2, 2]);',
      'assert.deepStrictEqual(runningMedian([5, 15, 1, 3]), [5, 10, 5, 4]);',
    ],
  ),
  scriptExample(
    'javascript',
    'js-balanced-brackets',
    'Balanced brackets (JavaScript)',
    'isBalanced',
    'Write a JavaScript function `isBalanced(s)` that returns true when every (, [ and { in the string `s` is closed by the matching bracket in the right order, and false otherwise. Other characters are ignored.',
    [
      "assert.strictEqual(isBalanced(''), true);",
      "assert.strictEqual(isBalanced('([]{})'), true);",
      'assert.strictEqual(isBalanced(\'f(a[1], {"k": 2})\'), true);',
      "assert.strictEqual(isBalanced('(]'), false);",
      "assert.strictEqual(isBalanced('())'), false);",
      "assert.strictEqual(isBalanced('(('), false);",
    ],
  ),
];

export const TYPESCRIPT_EXAMPLES: readonly Task[] = [
  scriptExample(
    'typescript',
    'ts-merge-intervals',
    'Merge intervals (TypeScript)',
    'mergeIntervals',
    'Write a TypeScript function `mergeIntervals(intervals: [number, number][]): [number, number][]` that returns a new array with overlapping intervals merged, sorted by start. Intervals that only touch, such as [1, 4] and [4, 5], count as overlapping. The code is type-checked with strict on.',
    [
      'assert.deepStrictEqual(mergeIntervals([]), []);',
      'assert.deepStrictEqual(mergeIntervals([[1, 3], [2, 6], [8, 10], [15, 18]]), [[1, 6], [8, 10], [15, 18]]);',
      'assert.deepStrictEqual(mergeIntervals([[5, 7], [1, 2]]), [[1, 2], [5, 7]]);',
      'assert.deepStrictEqual(mergeIntervals([[1, 4], [4, 5]]), [[1, 5]]);',
    ],
  ),
  scriptExample(
    'typescript',
    'ts-roman-numerals',
    'Roman numerals (TypeScript)',
    'toRoman',
    'Write a TypeScript function `toRoman(n: number): string` that converts an integer from 1 to 3999 to a Roman numeral string, using the subtractive forms (IV, IX, XL, XC, CD, CM). The code is type-checked with strict on.',
    [
      "assert.strictEqual(toRoman(1), 'I');",
      "assert.strictEqual(toRoman(4), 'IV');",
      "assert.strictEqual(toRoman(58), 'LVIII');",
      "assert.strictEqual(toRoman(1994), 'MCMXCIV');",
      "assert.strictEqual(toRoman(444), 'CDXLIV');",
      "assert.strictEqual(toRoman(3999), 'MMMCMXCIX');",
    ],
  ),
];

/** Every bundled example, in the order the page offers them. */
export const ALL_EXAMPLES: readonly Task[] = [
  ...EXAMPLES,
  ...JAVASCRIPT_EXAMPLES,
  ...TYPESCRIPT_EXAMPLES,
  ...WEB_EXAMPLES,
  ...PROGRAM_EXAMPLES,
];

export function findExample(id: string): Task | undefined {
  return ALL_EXAMPLES.find((t) => t.id === id);
}
