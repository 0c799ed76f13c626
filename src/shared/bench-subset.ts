// Which tasks of a dataset a benchmark runs: all, the first N, a range of positions, or a random
// sample drawn with a seed, so the same seed picks the same tasks on every machine.
import { seeded } from './seeded.ts';

export type SubsetSpec =
  | { kind: 'all' }
  | { kind: 'first'; n: number }
  /** Positions from..to, 1-based and inclusive, as a person counts rows. */
  | { kind: 'range'; from: number; to: number }
  | { kind: 'random'; n: number; seed: number };

/** The picked items in the dataset's order; throws a sentence when the spec cannot apply. */
export function selectSubset<T>(items: readonly T[], spec: SubsetSpec): T[] {
  const whole = (n: number, what: string): void => {
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`${what} must be a whole number of at least 1`);
  };
  switch (spec.kind) {
    case 'all':
      return [...items];
    case 'first':
      whole(spec.n, 'The number of tasks');
      return items.slice(0, spec.n);
    case 'range': {
      whole(spec.from, 'The first task');
      whole(spec.to, 'The last task');
      if (spec.from > spec.to) throw new RangeError(`The range ${spec.from}–${spec.to} is empty`);
      if (spec.from > items.length) throw new RangeError(`The dataset has only ${items.length} tasks`);
      return items.slice(spec.from - 1, spec.to);
    }
    case 'random': {
      whole(spec.n, 'The sample size');
      const random = seeded(spec.seed);
      const order = items.map((_, i) => i);
      const n = Math.min(spec.n, items.length);
      // A partial Fisher–Yates shuffle: the first n positions are a uniform sample.
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(random() * (order.length - i));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      return order
        .slice(0, n)
        .sort((a, b) => a - b)
        .map((i) => items[i]!);
    }
  }
}

/** A few words for the run's title: "first 20", "tasks 5–9", "20 at random (seed 1)". */
export function describeSubset(spec: SubsetSpec): string {
  switch (spec.kind) {
    case 'all':
      return 'all tasks';
    case 'first':
      return `first ${spec.n}`;
    case 'range':
      return `tasks ${spec.from}–${spec.to}`;
    case 'random':
      return `${spec.n} at random (seed ${spec.seed})`;
  }
}
