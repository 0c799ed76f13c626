// How a candidate's result differs from the expected one, in a few bounded lines: the columns,
// then rows missing and rows extra (a few of each), or that only order or repetition differ.
import type { SqlValue } from '../../shared/sql.ts';
import { valueKey } from './compare.ts';
import { clip, plural } from '../../shared/format.ts';

export interface Table {
  columns: string[];
  rows: SqlValue[][];
}

const SHOWN_ROWS = 3;
const VALUE_CHARS = 60;

function formatValue(v: SqlValue): string {
  if (v === null) return 'NULL';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') {
    const cut = clip(v, VALUE_CHARS);
    return `'${cut.replaceAll("'", "''")}'`;
  }
  if ('int' in v) return v.int;
  return `x'${clip(v.blob, VALUE_CHARS)}'`;
}

export const formatRow = (row: SqlValue[]): string => `(${row.map(formatValue).join(', ')})`;

function columnsText(columns: string[]): string {
  const shown = columns.slice(0, 8).join(', ');
  return `${plural(columns.length, 'column')} (${shown}${columns.length > 8 ? ', …' : ''})`;
}

/** The rows of `a` with no equal row in `b`, each once, in `a`'s order. */
function without(a: SqlValue[][], b: SqlValue[][]): SqlValue[][] {
  const keys = new Set(b.map((r) => JSON.stringify(r.map(valueKey))));
  const seen = new Set<string>();
  return a.filter((r) => {
    const k = JSON.stringify(r.map(valueKey));
    if (keys.has(k) || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function some(label: string, rows: SqlValue[][]): string {
  const shown = rows.slice(0, SHOWN_ROWS).map(formatRow).join(', ');
  return `${plural(rows.length, 'row')} ${label}: ${shown}${rows.length > SHOWN_ROWS ? ', …' : ''}`;
}

/** One line (for `result`) saying what differs; the caller knows they do differ. */
export function describeDifference(expected: Table, got: Table): string {
  const parts: string[] = [];
  const width = (t: Table): number => t.columns.length || t.rows[0]?.length || 0;
  if (width(expected) !== width(got))
    parts.push(`expected ${columnsText(expected.columns)}, got ${columnsText(got.columns)}`);
  parts.push(`expected ${plural(expected.rows.length, 'row')}, got ${got.rows.length}`);
  const missing = without(expected.rows, got.rows);
  const extra = without(got.rows, expected.rows);
  if (missing.length) parts.push(some('missing', missing));
  if (extra.length) parts.push(some('extra', extra));
  if (!missing.length && !extra.length)
    parts.push(
      expected.rows.length === got.rows.length
        ? 'the same rows in another order (the expected result is ordered)'
        : 'the same rows, repeated a different number of times',
    );
  return parts.join('; ');
}
