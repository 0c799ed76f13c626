// Joins the parts of a sharded run back into one file in input order. Each row knows its place
// (the `shard` column, cli/batch.ts), so this needs no input file: a place held twice is refused,
// a place held by none is reported, and the merged rows are the unsharded run's rows.
import { InputError } from '../src/shared/problems.ts';

export interface Part {
  file: string;
  text: string;
}

interface Placed {
  row: Record<string, unknown>;
  at: string;
}

export interface Merged {
  /** The rows in input order, without their shard column. */
  rows: Record<string, unknown>[];
  /** Rows in all, as the runs' input had them. */
  of: number;
  /** Parts the input was split into. */
  n: number;
  /** Input positions (0-based) no part has a row for. */
  missing: number[];
  /** The parts (K of K/N) with no row among the files. */
  partsWithoutRows: number[];
  /** Files whose last line was cut off mid-write: its row counts as missing. */
  cutOff: string[];
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export function mergeParts(parts: readonly Part[]): Merged {
  const placed = new Map<number, Placed>();
  const overlaps: string[] = [];
  const cutOff: string[] = [];
  const partsSeen = new Set<number>();
  let shape: { n: number; of: number; at: string } | undefined;
  for (const { file, text } of parts) {
    const lines = text.split('\n');
    lines.forEach((raw, i) => {
      if (!raw.trim()) return;
      const at = `${file}:${i + 1}`;
      let row: Record<string, unknown>;
      try {
        row = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // An interrupted run may leave its last line half written; any other bad line is an error.
        if (lines.slice(i + 1).every((l) => !l.trim())) return void cutOff.push(file);
        throw new InputError(file, i + 1, 'not valid JSON');
      }
      if (row?.summary === true) return;
      const s = (row?.shard ?? {}) as Record<string, unknown>;
      if (!isCount(s.k) || !isCount(s.n) || !isCount(s.index) || !isCount(s.of) || s.index >= s.of || s.k >= s.n)
        throw new InputError(file, i + 1, 'no "shard" column: merge joins the --out files of runs made with --shard');
      shape ??= { n: s.n, of: s.of, at };
      if (s.n !== shape.n || s.of !== shape.of)
        throw new InputError(
          file,
          i + 1,
          `a part of ${s.n} of an input of ${s.of} rows, where ${shape.at} is a part of ${shape.n} of ${shape.of}: not parts of one run`,
        );
      partsSeen.add(s.k);
      const before = placed.get(s.index);
      if (before) overlaps.push(`input row ${s.index} (${JSON.stringify(row.task_id)}) is both ${before.at} and ${at}`);
      else {
        const rest = { ...row };
        delete rest.shard;
        placed.set(s.index, { row: rest, at });
      }
    });
  }
  if (overlaps.length) {
    const more = overlaps.length > 10 ? `\n  and ${overlaps.length - 10} more` : '';
    throw new InputError(
      'merge',
      undefined,
      `the parts overlap (the same part given twice, or parts of two runs?):\n  ${overlaps.slice(0, 10).join('\n  ')}${more}`,
    );
  }
  const of = shape?.of ?? 0;
  const rows: Record<string, unknown>[] = [];
  const missing: number[] = [];
  for (let i = 0; i < of; i++) {
    const p = placed.get(i);
    if (p) rows.push(p.row);
    else missing.push(i);
  }
  const n = shape?.n ?? 0;
  const partsWithoutRows = Array.from({ length: n }, (_, k) => k).filter((k) => !partsSeen.has(k));
  return { rows, of, n, missing, partsWithoutRows, cutOff };
}
