// Where a restored interpreter's snapshot is written. Pyodide sizes the memory by the snapshot it
// is handed and, once its module has started, copies all of the snapshot past its header into
// that memory. Memory is slow to touch the first time, page by page (on a 2-core machine 90 ms
// for 31 MB), and that copy touched two buffers of that size: the one handed over, then the
// memory. So the snapshot is written once, straight into the memory, after the module has started
// and just before Pyodide would copy: the pages kept in this browser's copy, and zeros between
// them. Pyodide is then given the header alone. Zeros are not written where the module has not
// written since the memory was made (fresh memory is zeros): most of the snapshot's zeros lie there,
// and those pages then stay untouched, so the interpreter holds less memory too.

import { heapBreak, type HeapModule } from '../../shared/free-heap.ts';

/** Pyodide's snapshot starts with a header of this many bytes at least; its second word is the header's length. */
const MIN_HEADER = 48;

/** A stretch of memory, [from, to) in bytes. */
export type Span = readonly [from: number, to: number];

/** Calls `write` with each stretch of the snapshot that is not all zeros, in rising order, the first at 0. */
export type SnapshotPages = (write: (at: number, bytes: Uint8Array) => void) => void;

export class SnapshotTarget {
  /** Handed to Pyodide as the snapshot: its length sizes the memory. */
  readonly handed: Int8Array;

  constructor(readonly length: number) {
    this.handed = new Int8Array(length);
  }

  /**
   * Writes the snapshot straight into `memory` (the interpreter's, its module started), and
   * returns its header: Pyodide, given that, has nothing left to copy. `untouched`: stretches the
   * module has not written, in rising order, which are zeros already.
   */
  intoMemory(memory: Uint8Array, pages: SnapshotPages, untouched: readonly Span[] = []): Int8Array {
    const zero = (from: number, to: number): void => {
      for (const [a, b] of untouched) {
        if (b <= from || a >= to) continue;
        if (a > from) memory.fill(0, from, a);
        from = Math.max(from, b);
      }
      if (to > from) memory.fill(0, from, to);
    };
    let header: Int8Array | undefined;
    // How far into the memory the snapshot has been written.
    let written = 0;
    pages((at, bytes) => {
      if (at + bytes.length > this.length) throw new Error('the snapshot is longer than it said');
      header ??= new Int8Array(this.headerLength(at, bytes));
      const split = Math.max(0, Math.min(bytes.length, header.length - at));
      if (split > 0) header.set(new Int8Array(bytes.buffer, bytes.byteOffset, split), at);
      if (split === bytes.length) return;
      const into = at + split - header.length;
      if (into < written || into + bytes.length - split > memory.length)
        throw new Error('the snapshot does not fit the memory');
      zero(written, into);
      memory.set(bytes.subarray(split), into);
      written = into + bytes.length - split;
    });
    if (!header) throw new Error('the snapshot was empty');
    zero(written, this.length - header.length);
    return header;
  }

  /** Writes the snapshot into the buffer handed to Pyodide, which copies it into the memory itself. */
  intoHanded(pages: SnapshotPages): void {
    const whole = new Uint8Array(this.handed.buffer);
    pages((at, bytes) => {
      if (at + bytes.length > this.length) throw new Error('the snapshot is longer than it said');
      whole.set(bytes, at);
    });
  }

  private headerLength(at: number, bytes: Uint8Array): number {
    if (at !== 0 || bytes.length < 8) throw new Error('the snapshot does not start with its header');
    const header = new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true);
    if (header < MIN_HEADER || header % 4 !== 0 || header > this.length)
      throw new Error('the snapshot has a header this Pyodide does not read');
    return header;
  }
}

/** What an Emscripten module tells of where its stack and its heap lie. */
export interface ModuleLayout extends Pick<HeapModule, '_sbrk'> {
  ___stack_low?: unknown;
  ___stack_high?: unknown;
}

/**
 * How much of the stack's top a starting module may have used, and left behind. Below it the
 * stack has never been written; and were it deeper, what lies below the stack pointer is never
 * read before it is written.
 */
const STACK_USED_AT_START = 1 << 20;

/**
 * The stretches of a just-started module's memory that it has not written: the stack below its
 * top, and everything past the heap's break (nothing has been allocated there). None where the
 * module does not tell its layout.
 */
export function untouchedByStart(module: ModuleLayout, memoryLength: number): Span[] {
  const { ___stack_low: low, ___stack_high: high } = module;
  if (typeof low !== 'number' || typeof high !== 'number') return [];
  const brk = heapBreak(module);
  if (brk === undefined || brk < high || brk > memoryLength || low > high) return [];
  return [
    [low, Math.max(low, high - STACK_USED_AT_START)],
    [brk, memoryLength],
  ];
}
