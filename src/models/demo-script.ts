// What the demo model says for each bundled example: a plausible first attempt with a real
// bug, then the repair it gives once it has seen the failure.
export interface DemoScript {
  /** Example task id (src/shared/examples.ts). */
  taskId: string;
  first: string;
  repaired: string;
}

function reply(before: string, code: string, after: string): string {
  return `${before}\n\n\`\`\`python\n${code.trim()}\n\`\`\`\n\n${after}`;
}

export const DEMO_SCRIPTS: readonly DemoScript[] = [
  {
    taskId: 'example-running-median',
    first: reply(
      'I will keep the numbers seen so far in a sorted list, inserting each new one with `bisect.insort`, and read the median from the middle after every step.',
      `
import bisect


def running_median(nums):
    window = []
    medians = []
    for x in nums:
        bisect.insort(window, x)
        n = len(window)
        if n % 2 == 1:
            medians.append(window[n // 2])
        else:
            medians.append((window[n // 2 - 1] + window[n // 2]) // 2)
    return medians
`,
      'Each insertion is O(n), which is fine for lists of this size.',
    ),
    repaired: reply(
      'The failing test shows 1 where 1.5 was expected: for an even count I averaged the two middle values with integer division (`//`), which drops the .5. True division fixes it.',
      `
import bisect


def running_median(nums):
    window = []
    medians = []
    for x in nums:
        bisect.insort(window, x)
        n = len(window)
        if n % 2 == 1:
            medians.append(window[n // 2])
        else:
            medians.append((window[n // 2 - 1] + window[n // 2]) / 2)
    return medians
`,
      'Odd counts still return the middle element itself, so whole numbers stay as they were.',
    ),
  },
  {
    taskId: 'example-roman-numerals',
    first: reply(
      'A greedy conversion works: walk a table of values from largest to smallest and append each symbol as many times as it fits.',
      `
def to_roman(n):
    table = [
        (1000, 'M'), (900, 'CM'), (500, 'D'), (100, 'C'),
        (90, 'XC'), (50, 'L'), (10, 'X'),
        (9, 'IX'), (5, 'V'), (4, 'IV'), (1, 'I'),
    ]
    out = []
    for value, symbol in table:
        while n >= value:
            out.append(symbol)
            n -= value
    return ''.join(out)
`,
      'Because the subtractive pairs are in the table, no special cases are needed.',
    ),
    repaired: reply(
      "The test for 444 got 'CCCCXXXXIV' instead of 'CDXLIV': my table was missing two of the subtractive pairs, 400 (CD) and 40 (XL), so those were spelled out with repeated symbols. Adding them fixes it.",
      `
def to_roman(n):
    table = [
        (1000, 'M'), (900, 'CM'), (500, 'D'), (400, 'CD'), (100, 'C'),
        (90, 'XC'), (50, 'L'), (40, 'XL'), (10, 'X'),
        (9, 'IX'), (5, 'V'), (4, 'IV'), (1, 'I'),
    ]
    out = []
    for value, symbol in table:
        while n >= value:
            out.append(symbol)
            n -= value
    return ''.join(out)
`,
      'The table now has all thirteen symbols, largest first.',
    ),
  },
  {
    taskId: 'example-balanced-brackets',
    first: reply(
      'A stack does it: push every opening bracket, and for every closing bracket check that it matches the most recent opening one.',
      `
def is_balanced(s):
    pairs = {')': '(', ']': '[', '}': '{'}
    stack = []
    for ch in s:
        if ch in '([{':
            stack.append(ch)
        elif ch in pairs:
            if not stack or stack.pop() != pairs[ch]:
                return False
    return True
`,
      'Characters that are not brackets are skipped.',
    ),
    repaired: reply(
      "The test `is_balanced('((')` failed: I returned True at the end without checking for brackets that were opened and never closed. The string is balanced only if the stack is empty at the end.",
      `
def is_balanced(s):
    pairs = {')': '(', ']': '[', '}': '{'}
    stack = []
    for ch in s:
        if ch in '([{':
            stack.append(ch)
        elif ch in pairs:
            if not stack or stack.pop() != pairs[ch]:
                return False
    return not stack
`,
      'Mismatched and unopened closing brackets were already handled inside the loop.',
    ),
  },
  {
    taskId: 'example-word-frequency',
    first: reply(
      '`collections.Counter` already knows how to find the most common items, so this is short:',
      `
from collections import Counter


def top_words(text, n):
    counts = Counter(text.lower().split())
    return counts.most_common(n)
`,
      'Lower-casing first makes the count case-insensitive.',
    ),
    repaired: reply(
      "Two problems showed up. Splitting on whitespace kept punctuation attached, so 'cat.' was counted as a word, and `most_common` breaks ties by first appearance rather than alphabetically. I now extract words with a regular expression and sort by (-count, word) myself.",
      `
import re
from collections import Counter


def top_words(text, n):
    words = re.findall(r"[a-z']+", text.lower())
    counts = Counter(words)
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:n]
`,
      'Empty text gives no words, so the result is an empty list.',
    ),
  },
  {
    taskId: 'example-merge-intervals',
    first: reply(
      'Sort the intervals by start, then sweep once: extend the last merged interval when the next one overlaps it, otherwise start a new one.',
      `
def merge_intervals(intervals):
    merged = []
    for start, end in sorted(intervals):
        if merged and start < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged
`,
      'Sorting first is what makes a single pass enough.',
    ),
    repaired: reply(
      'The test with [1, 4] and [4, 5] failed: I compared with `<`, so intervals that only touch were kept apart. The task says touching intervals overlap, so the comparison must be `<=`.',
      `
def merge_intervals(intervals):
    merged = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged
`,
      "New lists are appended, so the caller's intervals are not modified.",
    ),
  },
];
