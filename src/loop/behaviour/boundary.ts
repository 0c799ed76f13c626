// Inputs at the edges a property-based tester reaches first, made from each seed call by type:
// empty and single-element containers and strings, duplicates, reversed and sorted orders, zero,
// one, minus one, and counts equal to and past a container's length. Mutation (mutate.ts) wanders
// near the seeds and rarely lands on these; wrong code fails there most often.
import { lengthOf, type Allowed } from './contract.ts';
import { toPython, type Value } from './literals.ts';

type Items = Extract<Value, { items: Value[] }>;

const sortable = (xs: Value[]): boolean =>
  xs.every((x) => x.t === 'int' || x.t === 'float') || xs.every((x) => x.t === 'str');
const order = (a: Value, b: Value): number => ('v' in a && 'v' in b ? (a.v < b.v ? -1 : a.v > b.v ? 1 : 0) : 0);

function numbers(x: Extract<Value, { t: 'int' | 'float' }>, ok: Allowed): Value[] {
  const near = [0, 1, -1, ok.min, ok.min + 1].filter((v) => Number.isFinite(v) && v >= ok.min && v <= ok.max);
  return near.map((v) => ({ t: x.t, v }));
}

function items(x: Items, ok: Allowed): Value[] {
  const first = x.items[0];
  const out: Value[] = ok.empty ? [{ ...x, items: [] }] : [];
  if (first === undefined) return out;
  const variants = [
    [first],
    ...(x.t === 'set' ? [] : [[first, first], [first, ...x.items], [...x.items].reverse()]),
    ...(sortable(x.items) ? [[...x.items].sort(order)] : []),
  ];
  return [...out, ...variants.map((v) => ({ ...x, items: v }))];
}

function strings(s: string, ok: Allowed): Value[] {
  const chars = [...s];
  const first = chars[0];
  const out = ok.empty ? [''] : [];
  if (first !== undefined) out.push(first, first + first, chars.reverse().join(''), [...s].sort().join(''));
  return out.map((v) => ({ t: 'str', v }));
}

/** Values at the edges of `x`'s type, within what the task allows there. */
function edgesOf(x: Value, ok: Allowed): Value[] {
  switch (x.t) {
    case 'int':
    case 'float':
      return numbers(x, ok);
    case 'str':
      return strings(x.v, ok);
    case 'bool':
      return [{ t: 'bool', v: !x.v }];
    case 'none':
      return [];
    case 'list':
    case 'tuple':
    case 'set':
      return items(x, ok);
    case 'dict':
      return [
        ...(ok.empty ? [{ t: 'dict' as const, entries: [] }] : []),
        { t: 'dict', entries: x.entries.slice(0, 1) },
      ];
  }
}

/** Counts equal to and one past each container argument's length, where the task allows them. */
function lengthCounts(seed: Value[], allowed: readonly Allowed[]): Value[][] {
  const out: Value[][] = [];
  seed.forEach((c, i) => {
    const ok = allowed[i];
    if (c.t !== 'int' || !ok) return;
    seed.forEach((box, j) => {
      const n = lengthOf(box);
      if (n === undefined || n === 0) return;
      const bound = ok.upToLength?.of === j ? ok.upToLength : undefined;
      const counts = [n, n + 1].filter(
        (v) => v >= ok.min && v <= ok.max && (!bound || v < n || (v === n && !bound.strict)),
      );
      for (const v of counts) out.push(seed.map((a, k) => (k === i ? { t: 'int', v } : a)));
    });
  });
  return out;
}

/** Each seed call at its edges: every argument at its smallest first, then one argument at a time, then counts. */
export function boundaryInputs(seeds: readonly Value[][], allowed: readonly Allowed[]): Value[][] {
  const seen = new Set(seeds.map((s) => s.map(toPython).join(', ')));
  const out: Value[][] = [];
  const add = (args: Value[]): void => {
    const k = args.map(toPython).join(', ');
    if (seen.has(k)) return;
    seen.add(k);
    out.push(args);
  };
  for (const seed of seeds) {
    const edges = seed.map((a, i) => (allowed[i] ? edgesOf(a, allowed[i]) : []));
    add(seed.map((a, i) => (a.t === 'bool' ? a : (edges[i]![0] ?? a))));
    edges.forEach((vs, i) => vs.forEach((v) => add(seed.map((a, k) => (k === i ? v : a)))));
    lengthCounts(seed, allowed).forEach(add);
  }
  return out;
}
