import { describe, expect, it } from 'vitest';
import { diffStats, foldUnchanged } from '../../../src/ui/diff/hunks.ts';
import type { DiffLine } from '../../../src/ui/diff/line-diff.ts';
import { lineDiff, splitLines } from '../../../src/ui/diff/line-diff.ts';
import { seeded } from '../../../src/shared/seeded.ts';

/** Length of a longest common subsequence, by the textbook table: the reference for optimality. */
function lcsLength(a: string[], b: string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = a.length - 1; i >= 0; i--) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = b.length - 1; j >= 0; j--) row[j] = a[i] === b[j] ? prev[j + 1]! + 1 : Math.max(prev[j]!, row[j + 1]!);
    prev = row;
  }
  return prev[0]!;
}

const oldSide = (d: DiffLine[]) => d.filter((l) => l.kind !== 'add').map((l) => l.text);
const newSide = (d: DiffLine[]) => d.filter((l) => l.kind !== 'del').map((l) => l.text);

describe('splitLines', () => {
  it('drops the empty line after a trailing newline and reads CRLF as LF', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\r\nb')).toEqual(['a', 'b']);
    expect(splitLines('\n')).toEqual(['']);
  });
});

describe('lineDiff', () => {
  it('marks a changed line as removed then added, with both line numbers', () => {
    const d = lineDiff('def f(x):\n    return x\n', 'def f(x):\n    return x + 1\n');
    expect(d).toEqual([
      { kind: 'same', text: 'def f(x):', oldLine: 1, newLine: 1 },
      { kind: 'del', text: '    return x', oldLine: 2 },
      { kind: 'add', text: '    return x + 1', newLine: 2 },
    ]);
  });

  it('handles empty sides', () => {
    expect(lineDiff('', '')).toEqual([]);
    expect(lineDiff('', 'a\nb').map((l) => l.kind)).toEqual(['add', 'add']);
    expect(lineDiff('a\nb', '').map((l) => l.kind)).toEqual(['del', 'del']);
  });

  it('reports identical texts as all same', () => {
    const d = lineDiff('a\nb\nc', 'a\nb\nc');
    expect(d.every((l) => l.kind === 'same')).toBe(true);
    expect(diffStats(d)).toEqual({ added: 0, removed: 0 });
  });

  it('is a minimal edit script on random inputs (checked against an LCS table)', () => {
    const rnd = seeded(7);
    for (let t = 0; t < 3000; t++) {
      const alphabet = 1 + Math.floor(rnd() * 5);
      const make = () =>
        Array.from({ length: Math.floor(rnd() * 14) }, () => String.fromCharCode(97 + Math.floor(rnd() * alphabet)));
      const a = make();
      const b = make();
      const d = lineDiff(a.join('\n'), b.join('\n'));
      expect(oldSide(d)).toEqual(a);
      expect(newSide(d)).toEqual(b);
      expect(d.filter((l) => l.kind === 'same')).toHaveLength(lcsLength(a, b));
    }
  });

  it('numbers lines on both sides consecutively', () => {
    const d = lineDiff('a\nb\nc\nd\ne', 'x\nb\nc\ny\ne\nz');
    expect(d.filter((l) => l.oldLine !== undefined).map((l) => l.oldLine)).toEqual([1, 2, 3, 4, 5]);
    expect(d.filter((l) => l.newLine !== undefined).map((l) => l.newLine)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('diffs 2,000-line inputs quickly, including two that share nothing', () => {
    const a = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join('\n');
    const scattered = Array.from({ length: 2000 }, (_, i) => (i % 7 === 0 ? `changed ${i}` : `line ${i}`)).join('\n');
    const disjoint = Array.from({ length: 2000 }, (_, i) => `other ${i}`).join('\n');
    const start = performance.now();
    const d1 = lineDiff(a, scattered);
    const d2 = lineDiff(a, disjoint);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(diffStats(d1)).toEqual({ added: 286, removed: 286 });
    expect(diffStats(d2)).toEqual({ added: 2000, removed: 2000 });
  });
});

describe('foldUnchanged', () => {
  it('keeps context around changes and folds the rest', () => {
    const a = Array.from({ length: 20 }, (_, i) => `l${i}`);
    const b = [...a];
    b[10] = 'changed';
    const rows = foldUnchanged(lineDiff(a.join('\n'), b.join('\n')), 2);
    expect(rows.map((r) => (r.type === 'gap' ? `gap${r.lines.length}` : r.line.kind))).toEqual([
      'gap8',
      'same',
      'same',
      'del',
      'add',
      'same',
      'same',
      'gap7',
    ]);
  });

  it('does not fold a stretch shorter than the minimum', () => {
    const rows = foldUnchanged(lineDiff('a\nb\nc\nd\ne\nf', 'a\nb\nc\nd\ne\nX'), 2);
    expect(rows.every((r) => r.type === 'line')).toBe(true);
  });
});
