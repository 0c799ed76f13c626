// The copy of Python's memory a browser keeps between visits leaves out its pages of zeros and
// must give back exactly the memory it was made from, or say it cannot.
import { describe, expect, it } from 'vitest';
import { seeded } from '../../../src/shared/seeded.ts';
import { fillFromSparse, sparseLength, toSparse } from '../../../src/shared/sparse-snapshot.ts';

/** Memory like an interpreter's: runs of data between long stretches of zeros, ending mid-page. */
function memory(length: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(length);
  const draw = seeded(seed);
  for (let at = 0; at < length;) {
    const x = Math.floor(draw() * 2 ** 32);
    for (let i = at; i < Math.min(length, at + 3000); i++) bytes[i] = (i * 31 + x) & 0xff || 1;
    at += 9000 + (x % 20000);
  }
  bytes[length - 1] = 9;
  return bytes;
}

const restore = (sparse: Uint8Array, length = sparseLength(sparse)!): Uint8Array => {
  const into = new Uint8Array(length);
  fillFromSparse(sparse, into);
  return into;
};

describe('the sparse copy of a snapshot', () => {
  it('gives back the same bytes, and is smaller when much of the memory is zeros', () => {
    const bytes = memory(1_000_003);
    const sparse = toSparse(bytes);
    expect(sparseLength(sparse)).toBe(bytes.length);
    expect(sparse.length).toBeLessThan(bytes.length * 0.7);
    expect(Buffer.from(restore(sparse)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('keeps a lone byte in a page of zeros, and memory that is all zeros', () => {
    const bytes = new Uint8Array(50_000);
    bytes[20_000] = 1;
    expect([...restore(toSparse(bytes))].findIndex((b) => b !== 0)).toBe(20_000);
    const zeros = new Uint8Array(12_345);
    expect(restore(toSparse(zeros))).toEqual(zeros);
  });

  it('is not taken for a whole snapshot, nor a whole one for it', () => {
    const whole = memory(40_000);
    expect(sparseLength(whole)).toBeUndefined();
    expect(sparseLength(new Uint8Array(4))).toBeUndefined();
    expect(() => fillFromSparse(whole, new Uint8Array(whole.length))).toThrow(/not for this memory/);
  });

  it('refuses a copy cut short or written for memory of another size', () => {
    const sparse = toSparse(memory(100_000));
    expect(() => restore(sparse.subarray(0, sparse.length - 100))).toThrow(/damaged/);
    expect(() => restore(sparse.subarray(0, 20))).toThrow(/cut short/);
    expect(() => restore(sparse, 100_001)).toThrow(/not for this memory/);
  });
});
