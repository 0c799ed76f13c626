// Line diff by Myers' O(ND) algorithm in its linear-space form (divide at the middle snake), so
// two 2,000-line candidates that share nothing still diff in a few milliseconds and O(N) memory.

type DiffKind = 'same' | 'add' | 'del';

export interface DiffLine {
  kind: DiffKind;
  text: string;
  /** 1-based line in the old text (same and del lines). */
  oldLine?: number;
  /** 1-based line in the new text (same and add lines). */
  newLine?: number;
}

/** Splits on \n (a trailing newline does not make an extra empty line; \r\n counts as \n). */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Every line of both texts in order: deletions before additions within a change. */
export function lineDiff(a: string, b: string): DiffLine[] {
  const oldLines = splitLines(a);
  const newLines = splitLines(b);
  // Lines become integers so the inner loops compare numbers, not strings.
  const ids = new Map<string, number>();
  const idOf = (s: string): number => {
    let id = ids.get(s);
    if (id === undefined) ids.set(s, (id = ids.size));
    return id;
  };
  const x = Int32Array.from(oldLines, idOf);
  const y = Int32Array.from(newLines, idOf);
  const removed = new Uint8Array(x.length);
  const added = new Uint8Array(y.length);
  new Differ(x, y, removed, added).run(0, x.length, 0, y.length);

  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && removed[i]) {
      out.push({ kind: 'del', text: oldLines[i] ?? '', oldLine: i + 1 });
      i++;
    } else if (j < y.length && added[j]) {
      out.push({ kind: 'add', text: newLines[j] ?? '', newLine: j + 1 });
      j++;
    } else {
      out.push({ kind: 'same', text: newLines[j] ?? '', oldLine: i + 1, newLine: j + 1 });
      i++;
      j++;
    }
  }
  return out;
}

/** A point on a shortest edit path, relative to the subproblem's origin. */
interface Split {
  x: number;
  y: number;
}

class Differ {
  private readonly vf: Int32Array;
  private readonly vb: Int32Array;
  private readonly off: number;

  constructor(
    private readonly a: Int32Array,
    private readonly b: Int32Array,
    private readonly removed: Uint8Array,
    private readonly added: Uint8Array,
  ) {
    // Subproblems are never larger than the whole, so one pair of arrays serves every level.
    this.off = Math.ceil((a.length + b.length) / 2) + 1;
    this.vf = new Int32Array(2 * this.off + 2);
    this.vb = new Int32Array(2 * this.off + 2);
  }

  run(aLo: number, aHi: number, bLo: number, bHi: number): void {
    const { a, b } = this;
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) {
      aLo++;
      bLo++;
    }
    while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) {
      aHi--;
      bHi--;
    }
    if (aLo === aHi) {
      this.added.fill(1, bLo, bHi);
      return;
    }
    if (bLo === bHi) {
      this.removed.fill(1, aLo, aHi);
      return;
    }
    // After trimming both ends, both sides are non-empty and the edit distance D is at least 2;
    // the split sits on a shortest path with about D/2 edits on each side, so both halves are
    // strictly smaller and the recursion is about log2(D) deep.
    const s = this.bisect(aLo, aHi, bLo, bHi);
    this.run(aLo, aLo + s.x, bLo, bLo + s.y);
    this.run(aLo + s.x, aHi, bLo + s.y, bHi);
  }

  /**
   * Walks furthest-reaching paths from both corners until they overlap. Follows the bisection of
   * diff-match-patch, whose diagonal windows stop paths that run off the grid from producing a
   * false overlap.
   */
  private bisect(aLo: number, aHi: number, bLo: number, bHi: number): Split {
    const { a, b, vf, vb, off } = this;
    const n = aHi - aLo;
    const m = bHi - bLo;
    const delta = n - m;
    const front = (delta & 1) !== 0;
    const max = Math.ceil((n + m) / 2);
    // vf[off + k]: furthest x on forward diagonal k = x - y; vb likewise counted from the end.
    // -1 marks a diagonal not reached yet.
    // Only this window is reset; indices outside it may hold values from a larger subproblem.
    const lo = off - max - 1;
    const hi = off + max + 1;
    vf.fill(-1, lo, hi + 1);
    vb.fill(-1, lo, hi + 1);
    vf[off + 1] = 0;
    vb[off + 1] = 0;
    let fStart = 0;
    let fEnd = 0;
    let bStart = 0;
    let bEnd = 0;
    for (let d = 0; d < max; d++) {
      for (let k = -d + fStart; k <= d - fEnd; k += 2) {
        const i = off + k;
        let x = k === -d || (k !== d && vf[i - 1]! < vf[i + 1]!) ? vf[i + 1]! : vf[i - 1]! + 1;
        let y = x - k;
        while (x < n && y < m && a[aLo + x] === b[bLo + y]) {
          x++;
          y++;
        }
        vf[i] = x;
        if (x > n) fEnd += 2;
        else if (y > m) fStart += 2;
        else if (front) {
          const j = off + delta - k;
          if (j >= lo && j <= hi && vb[j] !== -1 && x >= n - vb[j]!) return { x, y };
        }
      }
      for (let c = -d + bStart; c <= d - bEnd; c += 2) {
        const i = off + c;
        let u = c === -d || (c !== d && vb[i - 1]! < vb[i + 1]!) ? vb[i + 1]! : vb[i - 1]! + 1;
        let v = u - c;
        while (u < n && v < m && a[aHi - 1 - u] === b[bHi - 1 - v]) {
          u++;
          v++;
        }
        vb[i] = u;
        if (u > n) bEnd += 2;
        else if (v > m) bStart += 2;
        else if (!front) {
          const j = off + delta - c;
          if (j >= lo && j <= hi && vf[j] !== -1) {
            const x = vf[j]!;
            if (x >= n - u) return { x, y: x - (delta - c) };
          }
        }
      }
    }
    // Only reached when nothing is shared at all: delete everything, then add everything.
    return { x: n, y: 0 };
  }
}
