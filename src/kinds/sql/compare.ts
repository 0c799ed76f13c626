// Whether a candidate query's rows answer the question as the gold query's do, by the rule of
// BIRD's evaluator or of Spider's test-suite evaluator. Values compare as Python compares them
// there: 1 equals 1.0, text never equals a number, NULL equals NULL.
import type { SqlValue } from '../../shared/sql.ts';

export type CompareRule = 'bird' | 'spider';

/** A value as a key: equal keys for the values Python's `==` (and hash) calls equal. */
export function valueKey(v: SqlValue): string {
  if (v === null) return 'null';
  if (typeof v === 'number') return `n:${Object.is(v, -0) ? 0 : v}`;
  if (typeof v === 'string') return `s:${v}`;
  if ('int' in v) return `n:${v.int}`;
  return `b:${v.blob}`;
}

const rowKey = (row: SqlValue[]): string => JSON.stringify(row.map(valueKey));

/**
 * BIRD (`evaluation.py`): `set(predicted) == set(gold)`: order, duplicates and column names do
 * not count; column order does.
 */
function birdEqual(gold: SqlValue[][], candidate: SqlValue[][]): boolean {
  const g = new Set(gold.map(rowKey));
  const c = new Set(candidate.map(rowKey));
  return g.size === c.size && [...g].every((k) => c.has(k));
}

/**
 * Spider's test-suite evaluator (`exec_eval.py`, `result_eq`): the same bag of rows under some
 * order of the candidate's columns; when the gold query has ORDER BY, the rows in the same order.
 */
function spiderEqual(gold: SqlValue[][], candidate: SqlValue[][], orderMatters: boolean): boolean {
  if (gold.length === 0 && candidate.length === 0) return true;
  if (gold.length !== candidate.length) return false;
  const n = gold[0]!.length;
  if (candidate[0]!.length !== n) return false;
  const g = gold.map((r) => r.map(valueKey));
  const c = candidate.map((r) => r.map(valueKey));
  // Which candidate column may stand for each gold column: every value it holds is in that gold column.
  const goldColumns = Array.from({ length: n }, (_, i) => new Set(g.map((r) => r[i]!)));
  const options = goldColumns.map((set) =>
    Array.from({ length: n }, (_, j) => j).filter((j) => c.every((r) => set.has(r[j]!))),
  );
  const goldRows = g.map((r) => JSON.stringify(r));
  const perm: number[] = [];
  const used = new Set<number>();
  const tryPerm = (col: number): boolean => {
    if (col === n) {
      const permuted = c.map((r) => JSON.stringify(perm.map((j) => r[j]!)));
      return orderMatters ? permuted.every((k, i) => k === goldRows[i]) : sameBag(goldRows, permuted);
    }
    for (const j of options[col]!) {
      if (used.has(j)) continue;
      used.add(j);
      perm.push(j);
      if (tryPerm(col + 1)) return true;
      perm.pop();
      used.delete(j);
    }
    return false;
  };
  return tryPerm(0);
}

function sameBag(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const counts = new Map<string, number>();
  for (const k of a) counts.set(k, (counts.get(k) ?? 0) + 1);
  for (const k of b) {
    const left = (counts.get(k) ?? 0) - 1;
    if (left < 0) return false;
    counts.set(k, left);
  }
  return true;
}

/** Spider's own test: the text of the gold query, lowercased, contains "order by". */
const goldOrders = (goldSql: string): boolean => goldSql.toLowerCase().includes('order by');

export function rowsMatch(rule: CompareRule, goldSql: string, gold: SqlValue[][], candidate: SqlValue[][]): boolean {
  return rule === 'bird' ? birdEqual(gold, candidate) : spiderEqual(gold, candidate, goldOrders(goldSql));
}
