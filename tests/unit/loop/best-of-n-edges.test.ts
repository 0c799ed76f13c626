// best-of-n through the whole loop on tasks whose wrong samples fail only at the edges (issue 31):
// an empty list, a count past the list's length. Samples run in native CPython.
import { describe, expect, it } from 'vitest';
import { runLoop } from '../../../src/loop/engine.ts';
import type { Task } from '../../../src/shared/task.ts';
import { FakeModel, LIMITS } from './fakes.ts';
import { hasPython, NativePython } from './native-python.ts';

const task = (prompt: string, asserts: string[], entryPoint = 'rotate_right'): Task => ({
  kind: 'function',
  id: 'edges',
  title: entryPoint,
  prompt,
  language: 'python',
  entryPoint,
  tests: { kind: 'mbpp', setup: '', asserts },
  limits: LIMITS,
});

async function select(t: Task, bodies: string[]) {
  const replies = bodies.map((b) => `\`\`\`python\n${b}\n\`\`\``);
  const out = await runLoop({
    task: t,
    model: new FakeModel(replies),
    runtime: new NativePython(),
    settings: { maxIterations: 1, retryDelayMs: 0, strategy: { name: 'best-of-n', samples: bodies.length } },
    hooks: { onAttempt: () => {} },
  });
  return out.attempts[0]!.selection!;
}

const ROTATE = 'Write a function rotate_right(xs, k) that rotates the list xs to the right by k places.';
const VISIBLE = ['assert rotate_right([10, 20, 30, 40], 1) == [40, 10, 20, 30]'];

describe.skipIf(!hasPython)('best-of-n tells wrong samples apart at the edges', () => {
  it('list rotation: the sample wrong past the length and the one dividing by zero on [] stand apart', async () => {
    const sel = await select(task(ROTATE, VISIBLE), [
      // Wrong when k > len(xs): slicing past the length does not wrap.
      'def rotate_right(xs, k):\n    return xs[-k:] + xs[:-k]',
      // Wrong on an empty list: k % 0.
      'def rotate_right(xs, k):\n    k %= len(xs)\n    return xs[-k:] + xs[:-k]',
      'def rotate_right(xs, k):\n    if not xs:\n        return []\n    k %= len(xs)\n    return xs[len(xs) - k:] + xs[:len(xs) - k]',
      'from collections import deque\ndef rotate_right(xs, k):\n    d = deque(xs)\n    d.rotate(k)\n    return list(d)',
      'def rotate_right(xs, k):\n    n = len(xs)\n    return [xs[(i - k) % n] for i in range(n)]',
    ]);
    expect(sel.samples.map((x) => x.ok)).toEqual([true, true, true, true, true]);
    expect(sel.groups).toEqual([3, 1, 1]);
    expect(sel.samples.map((x) => x.group)).toEqual([1, 2, 0, 0, 0]);
    expect(sel.chosen).toBe(2);
  });
});

describe.skipIf(!hasPython)('best-of-n keeps correct samples together outside the task', () => {
  it('inputs every correct sample rejects, each its own way, split nothing', async () => {
    const mean = task('Write a function mean(xs) that returns the mean of a list of numbers.', [
      'assert mean([1, 2, 3, 6]) == 3.0',
    ]);
    mean.entryPoint = 'mean';
    const sel = await select(mean, [
      'def mean(xs):\n    return sum(xs) / len(xs)', // ZeroDivisionError on []
      'import statistics\ndef mean(xs):\n    return statistics.fmean(xs)', // StatisticsError on []
      'def mean(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total / len(xs)',
      'def mean(xs):\n    return sum(xs) // len(xs) * 1.0', // wrong: floors
    ]);
    expect(sel.groups).toEqual([3, 1]);
    expect(sel.samples.map((x) => x.group)).toEqual([0, 0, 0, 1]);
    expect(sel.why).toMatch(/3 of them behave alike on \d+ inputs \(\d+ that most of them reject left out\)/);
  });

  it('counts the task bounds by the length, and negative counts no test passes, are not tried', async () => {
    const samples = [
      'def rotate_right(xs, k):\n    return xs[-k:] + xs[:-k] if k else xs[:]', // differs past len(xs), and below 0
      'def rotate_right(xs, k):\n    if not xs:\n        return []\n    k %= len(xs)\n    return xs[len(xs) - k:] + xs[:len(xs) - k]',
      'def rotate_right(xs, k):\n    if k > len(xs) or k < 0:\n        raise ValueError(k)\n    return xs[len(xs) - k:] + xs[:len(xs) - k]',
    ];
    expect((await select(task(`${ROTATE}\n    0 <= k <= len(xs)\n`, VISIBLE), samples)).groups).toEqual([3]);
    // Where the task states no bound, a count past the length is tried, and these three differ there.
    expect((await select(task(ROTATE, VISIBLE), samples)).groups).toEqual([1, 1, 1]);
  });
});
