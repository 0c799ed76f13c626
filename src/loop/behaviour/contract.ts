// What a task allows of each argument, as far as its visible tests and its words say. Inputs the
// task does not allow are not generated: correct samples may answer those differently (a negative
// count, an empty list the docstring rules out), and a difference there would split their group.
import { parameterNames, statedBounds } from './bounds.ts';
import type { Value } from './literals.ts';

export interface Allowed {
  /** Smallest and largest number allowed when the argument is a number. */
  min: number;
  max: number;
  /** An empty string or container. */
  empty: boolean;
  /** The argument is a count no larger than another argument's length (`strict`: smaller). */
  upToLength?: { of: number; strict: boolean };
}

// Phrases that state a contract; a word alone ("return the positive numbers") does not.
const POSITIVE =
  /\b(?:a|an|are|be|is|of|all)\s+(?:strictly\s+)?positive\s+(?:[a-z-]+\s+){0,2}?(?:integer|int|number|count|value)s?\b|\bnatural\s+numbers?\b/i;
const NON_EMPTY =
  /\bnon-?\s?empty\b|\bnot\s+(?:be\s+)?empty\b|\bat\s+least\s+one\s+(?:element|item|character|value|number)\b/i;

/** The length of a string or container; undefined for other values. */
export const lengthOf = (x: Value): number | undefined =>
  x.t === 'str' ? [...x.v].length : 'items' in x ? x.items.length : x.t === 'dict' ? x.entries.length : undefined;
const isEmpty = (x: Value): boolean => lengthOf(x) === 0;

/**
 * Per argument position, what generated inputs may hold there. Stated bounds ("1 <= n <= 100")
 * count first, never narrower than what a test passes. Otherwise numbers go down to zero (to one
 * when the task speaks of positive numbers) and below zero only where a test passes a negative
 * one: a negative count is rarely in a task and never a safe guess. Strings and containers may
 * be empty unless the task says otherwise and no test passes an empty one.
 */
export function allowedByTask(
  text: string,
  entry: string,
  seeds: readonly Value[][],
  width = Math.max(0, ...seeds.map((s) => s.length)),
): Allowed[] {
  const bounds = statedBounds(text, parameterNames(text, entry));
  const positive = POSITIVE.test(text);
  const nonEmpty = NON_EMPTY.test(text);
  return Array.from({ length: width }, (_, i) => {
    const at = seeds.flatMap((s) => (s[i] ? [s[i]] : []));
    const numbers = at.flatMap((x) => (x.t === 'int' || x.t === 'float' ? [x.v] : []));
    const low = Math.min(Infinity, ...numbers);
    const high = Math.max(-Infinity, ...numbers);
    const guessed = low < 0 ? -Infinity : positive && low > 0 ? 1 : 0;
    const allowed: Allowed = {
      min: Math.min(bounds.min.get(i) ?? guessed, low),
      max: Math.max(bounds.max.get(i) ?? Infinity, high),
      empty: at.some(isEmpty) || !(nonEmpty || bounds.nonEmpty.has(i)),
    };
    const up = bounds.upToLength.get(i);
    if (up) allowed.upToLength = up;
    return allowed;
  });
}

/** Whether `args` stay within what the task allows (mutants that do not are dropped). */
export function fits(args: readonly Value[], allowed: readonly Allowed[]): boolean {
  return args.every((a, i) => {
    const ok = allowed[i];
    if (!ok) return true;
    if (a.t === 'int' || a.t === 'float') {
      const up = ok.upToLength;
      const box = up && args[up.of];
      const n = box && lengthOf(box);
      const cap = n === undefined || !up ? Infinity : up.strict ? n - 1 : n;
      return a.v >= ok.min && a.v <= Math.min(ok.max, cap);
    }
    return ok.empty || lengthOf(a) !== 0;
  });
}
