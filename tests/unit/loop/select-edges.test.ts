// Selection's inputs at the edges (issue 31): what a task allows, read from its words and visible
// tests; boundary inputs made from the seed calls within it; and grouping that a raise by every
// sample does not split.
import { describe, expect, it } from 'vitest';
import { boundaryInputs } from '../../../src/loop/behaviour/boundary.ts';
import { parameterNames, statedBounds } from '../../../src/loop/behaviour/bounds.ts';
import { callArguments } from '../../../src/loop/behaviour/calls.ts';
import { allowedByTask, fits, type Allowed } from '../../../src/loop/behaviour/contract.ts';
import { behaviourSignatures, groupBy } from '../../../src/loop/behaviour/group.ts';
import { toPython, type Value } from '../../../src/loop/behaviour/literals.ts';
import { INPUTS, selectionInputs, selectionTarget } from '../../../src/loop/strategies/inputs.ts';
import type { Task } from '../../../src/shared/task.ts';
import { LIMITS } from './fakes.ts';

const py = (args: Value[]): string => args.map(toPython).join(', ');
const seedsOf = (src: string, name = 'f'): Value[][] => callArguments(src, [name]);
const ANY: Allowed = { min: -Infinity, max: Infinity, empty: true };

describe('what a task allows', () => {
  it('reads parameter names from a Python def or a JavaScript function', () => {
    expect(parameterNames('def f(xs: List[int], k: int = 0, *rest) -> int:', 'f')).toEqual(['xs', 'k']);
    expect(parameterNames('const g = 1;\nfunction f<T>(arr: T[], n: number) {', 'f')).toEqual(['arr', 'n']);
    expect(parameterNames('def other(a):', 'f')).toEqual([]);
  });

  it('reads bounds stated in so many words', () => {
    const params = ['arr', 'k', 'n'];
    const b = statedBounds('1 <= len(arr) <= 100\n0 <= k <= len(arr)\nAssume n > 1. 1 <= n <= 10^3; i < j < k', params);
    expect([...b.min]).toEqual([
      [1, 0],
      [2, 2],
    ]);
    expect([...b.max]).toEqual([[2, 1000]]);
    expect([...b.nonEmpty]).toEqual([0]);
    expect([...b.upToLength]).toEqual([[1, { of: 0, strict: false }]]);
    expect([...statedBounds('k < arr.length', params).upToLength]).toEqual([[1, { of: 0, strict: true }]]);
  });

  it('allows negative numbers only where a test passes one, and zero unless the task says positive', () => {
    const seeds = seedsOf('assert f([1, 2], 3, -2) == 1');
    expect(allowedByTask('Return f.', 'f', seeds)).toEqual([
      { min: 0, max: Infinity, empty: true },
      { min: 0, max: Infinity, empty: true },
      { min: -Infinity, max: Infinity, empty: true },
    ]);
    expect(allowedByTask('Given a positive integer n.', 'f', seeds)[1]!.min).toBe(1);
    // A word alone is not a contract: "the positive numbers in the list" says nothing of n.
    expect(allowedByTask('Return the positive numbers in the list.', 'f', seeds)[1]!.min).toBe(0);
  });

  it('rules out empty values the task calls non-empty, unless a test passes one', () => {
    expect(allowedByTask('Given a non-empty list xs.', 'f', seedsOf('f([1], "a")')).map((a) => a.empty)).toEqual([
      false,
      false,
    ]);
    expect(allowedByTask('Given a non-empty list xs.', 'f', seedsOf('f([1], "")'))[1]!.empty).toBe(true);
  });

  it('takes stated bounds over guesses, never narrower than a test', () => {
    const text = 'def f(xs, k):\n    """0 <= k <= len(xs), and -5 <= m."""';
    const [xs, k] = allowedByTask(text, 'f', seedsOf('f([1, 2], 7)'));
    expect(xs).toEqual({ min: 0, max: Infinity, empty: true });
    expect(k).toEqual({ min: 0, max: Infinity, empty: true, upToLength: { of: 0, strict: false } });
    expect(allowedByTask('def f(n):\n    """Assume n > 1."""', 'f', seedsOf('f(0)'))[0]!.min).toBe(0);
  });

  it('a mutant fits when its numbers and lengths are within what is allowed', () => {
    const allowed: Allowed[] = [
      { min: 0, max: Infinity, empty: false },
      { min: 1, max: 9, empty: true, upToLength: { of: 0, strict: false } },
    ];
    const [ok, empty, big, past, zero] = seedsOf('f([1, 2], 2) f([], 1) f([1], 10) f([1, 2], 3) f([1, 2], 0)');
    expect([ok, empty, big, past, zero].map((a) => fits(a!, allowed))).toEqual([true, false, false, false, false]);
  });
});

describe('boundary inputs', () => {
  it('take a list and a count to their edges: empty, single, duplicates, orders, zero, one, the length and past it', () => {
    const seeds = seedsOf('f([3, 1, 2], 1)');
    const inputs = boundaryInputs(seeds, allowedByTask('', 'f', seeds)).map(py);
    expect(inputs).toEqual([
      '[], 0',
      '[], 1',
      '[3], 1',
      '[3, 3], 1',
      '[3, 3, 1, 2], 1',
      '[2, 1, 3], 1',
      '[1, 2, 3], 1',
      '[3, 1, 2], 0',
      '[3, 1, 2], 3',
      '[3, 1, 2], 4',
    ]);
  });

  it('strings, negatives where allowed, and nothing that repeats a seed', () => {
    const seeds = seedsOf('f("abca", -3)');
    const inputs = boundaryInputs(seeds, allowedByTask('', 'f', seeds)).map(py);
    expect(inputs).toEqual([
      '"", 0',
      '"", -3',
      '"a", -3',
      '"aa", -3',
      '"acba", -3',
      '"aabc", -3',
      '"abca", 0',
      '"abca", 1',
      '"abca", -1',
      '"abca", 4',
      '"abca", 5',
    ]);
  });

  it('keep other types within their kind: sets, dicts, tuples, floats, booleans', () => {
    const seeds = seedsOf('f({1, 2}, {"a": 1, "b": 2}, (5, 4), 2.5, True, None)');
    const inputs = boundaryInputs(seeds, [ANY, ANY, ANY, { ...ANY, min: 0 }, ANY, ANY]).map(py);
    expect(inputs[0]).toBe('set(), {}, (), 0.0, True, None');
    expect(inputs).toContain('{1}, {"a": 1, "b": 2}, (5, 4), 2.5, True, None');
    expect(inputs).toContain('{1, 2}, {"a": 1}, (5, 4), 2.5, True, None');
    expect(inputs).toContain('{1, 2}, {"a": 1, "b": 2}, (4, 5), 2.5, True, None');
    expect(inputs).toContain('{1, 2}, {"a": 1, "b": 2}, (5, 4), 2.5, False, None');
    expect(inputs.some((s) => s.includes('-1.0'))).toBe(false);
  });
});

const rotateTask = (written = ''): Task => ({
  kind: 'function',
  id: 'rotate',
  title: 'rotate',
  prompt: 'Write a function rotate_right(xs, k) that rotates xs right by k places.',
  language: 'python',
  entryPoint: 'rotate_right',
  tests: { kind: 'mbpp', setup: '', asserts: ['assert rotate_right([10, 20, 30, 40], 1) == [40, 10, 20, 30]'] },
  limits: LIMITS,
  ...(written ? { generatedTests: [written] } : {}),
});

describe('the inputs selection runs', () => {
  it('reach an empty list and counts at and past the length, the same every time', () => {
    const task = rotateTask();
    const inputs = selectionInputs(task, selectionTarget(task), []).map(py);
    expect(inputs).toHaveLength(INPUTS);
    expect(inputs[0]).toBe('[10, 20, 30, 40], 1');
    expect(inputs).toEqual(expect.arrayContaining(['[], 1', '[10, 20, 30, 40], 4', '[10, 20, 30, 40], 5']));
    expect(inputs.some((s) => /, -\d+$/.test(s))).toBe(false);
    expect(selectionInputs(task, selectionTarget(task), []).map(py)).toEqual(inputs);
  });

  it("include the model's own inputs within what the task allows, and the edges of those", () => {
    const task = rotateTask();
    const written = ['assert rotate_right([1, 2], 7) == [2, 1]', 'assert rotate_right([1, 2], -1) == [2, 1]'];
    const inputs = selectionInputs(task, selectionTarget(task), written).map(py);
    expect(inputs).toContain('[1, 2], 7');
    expect(inputs).toContain('[1, 2], 3');
    // No visible test passes a negative count: the model's is not the task's.
    expect(inputs).not.toContain('[1, 2], -1');
  });

  it('many seeds do not crowd out the edges', () => {
    const task = rotateTask();
    const written = Array.from({ length: 80 }, (_, i) => `assert rotate_right([${i}, 1, 2], 2) == [1, 2, ${i}]`);
    const inputs = selectionInputs(task, selectionTarget(task), written).map(py);
    expect(inputs).toHaveLength(INPUTS);
    expect(inputs).toContain('[], 1');
  });
});

describe('grouping by behaviour on edge inputs', () => {
  const groups = (outputs: (string[] | undefined)[]): number[][] => groupBy(behaviourSignatures(outputs).signatures);

  it('a raise by every sample splits nothing, whatever each raises', () => {
    const out = [
      ['1', '!ZeroDivisionError'],
      ['1', '!StatisticsError'],
      ['1', '?'],
    ];
    expect(groups(out)).toEqual([[0, 1, 2]]);
    expect(behaviourSignatures(out).ignored).toBe(1);
  });

  it('one sample raising where the others return stands apart', () => {
    expect(groups([['[]'], ['!ZeroDivisionError'], ['[]'], ['[]']])).toEqual([[0, 2, 3], [1]]);
  });

  it('an input most samples reject is left out, and samples not kept stay out', () => {
    const out = [['!IndexError', '2'], ['!ValueError', '2'], ['0', '2'], undefined];
    expect(groups(out)).toEqual([[0, 1, 2]]);
    expect(behaviourSignatures(out).signatures[3]).toBeUndefined();
  });
});
