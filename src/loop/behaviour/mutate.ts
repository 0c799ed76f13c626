// Type-aware mutation of test inputs, as EvalPlus does: each new input is an earlier one with a
// value changed in a way that fits its type (numbers nudged, strings and lists edited, containers
// mutated inside). Seeded, so the same tests give the same inputs every time.
import { seeded } from '../../shared/seeded.ts';
import { toPython, type Value } from './literals.ts';

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

/** Longest string or container a mutation may make: inputs stay small so every run is quick. */
const MAX_LEN = 40;

// Signs are kept: a negative count is usually outside the task, and samples that differ only on
// inputs the task does not allow would split a group of correct ones.
function mutateNumber(r: Rand, v: number, isInt: boolean): number {
  const spread = Math.max(5, Math.min(Math.abs(v), 1000));
  const options = isInt
    ? [v + 1, v - 1, 0, v * 2, int(r, -spread, spread)]
    : [v + 0.5, v - 0.5, v * 1.5, v / 2, Math.round(v), (r() - 0.5) * 2 * spread];
  const out = pick(r, options);
  const signed = v >= 0 ? Math.abs(out) : out;
  return isInt ? Math.round(signed) : signed;
}

function mutateString(r: Rand, s: string): string {
  if (s.length === 0) return s;
  const i = int(r, 0, s.length - 1);
  const c = s[i]!;
  const options = [
    s.slice(0, i) + s.slice(i + 1),
    s.slice(0, i) + c + s.slice(i),
    s.slice(0, i) + pick(r, [...s]) + s.slice(i + 1),
    s.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + s.slice(i + 1),
    [...s].reverse().join(''),
    s + s.slice(0, int(r, 1, s.length)),
  ];
  return pick(r, options).slice(0, MAX_LEN);
}

function mutateItems(r: Rand, items: Value[]): Value[] {
  if (items.length === 0) return items;
  const i = int(r, 0, items.length - 1);
  const options: (() => Value[])[] = [
    () => items.map((x, j) => (j === i ? mutate(x, r) : x)),
    () => items.filter((_, j) => j !== i),
    () => [...items.slice(0, i + 1), items[i]!, ...items.slice(i + 1)],
    () => [...items, mutate(items[i]!, r)],
    () => {
      const j = int(r, 0, items.length - 1);
      const out = [...items];
      [out[i], out[j]] = [out[j]!, out[i]!];
      return out;
    },
  ];
  return pick(r, options)().slice(0, MAX_LEN);
}

function unique(items: Value[]): Value[] {
  const seen = new Set<string>();
  return items.filter((x) => !seen.has(toPython(x)) && (seen.add(toPython(x)), true));
}

/** One mutation of `x`, of the same type (containers may change length). */
export function mutate(x: Value, r: Rand): Value {
  switch (x.t) {
    case 'int':
    case 'float':
      return { t: x.t, v: mutateNumber(r, x.v, x.t === 'int') };
    case 'str':
      return { t: 'str', v: mutateString(r, x.v) };
    case 'bool':
      return { t: 'bool', v: !x.v };
    case 'none':
      return x;
    case 'list':
    case 'tuple':
      return { t: x.t, items: mutateItems(r, x.items) };
    case 'set':
      return { t: 'set', items: unique(mutateItems(r, x.items)) };
    case 'dict': {
      if (x.entries.length === 0) return x;
      const i = int(r, 0, x.entries.length - 1);
      const drop = r() < 0.3;
      const entries = drop
        ? x.entries.filter((_, j) => j !== i)
        : x.entries.map(([k, v], j): [Value, Value] => [k, j === i ? mutate(v, r) : v]);
      return { t: 'dict', entries };
    }
  }
}

/** An argument list with one or more of its arguments mutated. */
function mutateArgs(args: Value[], r: Rand): Value[] {
  if (args.length === 0) return args;
  const first = int(r, 0, args.length - 1);
  return args.map((a, i) => (i === first || r() < 0.3 ? mutate(a, r) : a));
}

const keyOf = (args: Value[]): string => args.map(toPython).join(', ');

/**
 * Up to `count` distinct argument lists: the seeds first, then mutants of seeds and of earlier
 * mutants (so changes can pile up, as EvalPlus's corpus grows). A mutant `keep` refuses is dropped.
 */
export function deriveInputs(
  seeds: Value[][],
  count: number,
  seed = 1,
  keep: (args: Value[]) => boolean = () => true,
): Value[][] {
  const r = seeded(seed);
  const pool: Value[][] = [];
  const seen = new Set<string>();
  const add = (args: Value[]): void => {
    const k = keyOf(args);
    if (pool.length >= count || seen.has(k)) return;
    seen.add(k);
    pool.push(args);
  };
  seeds.forEach(add);
  if (pool.length === 0) return pool;
  for (let tries = 0; pool.length < count && tries < count * 20; tries++) {
    const args = mutateArgs(pick(r, pool), r);
    if (keep(args)) add(args);
  }
  return pool;
}
