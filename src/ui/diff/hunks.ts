// Unchanged stretches far from any change fold into one row, so a two-line fix in a long
// candidate reads like a patch rather than a page of identical code.
import type { DiffLine } from './line-diff.ts';

export type DiffRow = { type: 'line'; line: DiffLine } | { type: 'gap'; lines: DiffLine[] };

/** Keeps `context` unchanged lines around each change; a fold hides at least `minFold` lines. */
export function foldUnchanged(lines: DiffLine[], context = 3, minFold = 4): DiffRow[] {
  const near = new Uint8Array(lines.length);
  lines.forEach((l, i) => {
    if (l.kind === 'same') return;
    near.fill(1, Math.max(0, i - context), Math.min(lines.length, i + context + 1));
  });
  const rows: DiffRow[] = [];
  let i = 0;
  while (i < lines.length) {
    let j = i;
    while (j < lines.length && !near[j]) j++;
    if (j - i >= minFold) {
      rows.push({ type: 'gap', lines: lines.slice(i, j) });
    } else {
      for (let k = i; k < j; k++) rows.push({ type: 'line', line: lines[k]! });
    }
    if (j < lines.length) rows.push({ type: 'line', line: lines[j]! });
    i = j + 1;
  }
  return rows;
}

export function diffStats(lines: DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.kind === 'add') added++;
    else if (l.kind === 'del') removed++;
  }
  return { added, removed };
}
