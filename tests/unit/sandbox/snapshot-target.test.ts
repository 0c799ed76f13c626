// A restored interpreter's snapshot is written straight into its memory: the memory must end up
// holding exactly the snapshot past its header, whatever the module wrote there while it started,
// and Pyodide must be left the header alone.
import { describe, expect, it } from 'vitest';
import { SnapshotTarget, untouchedByStart, type SnapshotPages } from '../../../src/sandbox/frame/snapshot-target.ts';
import { forEachSparsePage, toSparse } from '../../../src/shared/sparse-snapshot.ts';

const HEADER = 4096 + 64; // longer than a page, as a snapshot with many JavaScript references has

/** A snapshot as Pyodide lays it out: a header whose second word is its length, then the memory. */
function snapshot(memoryLength: number): Uint8Array {
  const bytes = new Uint8Array(HEADER + memoryLength);
  new DataView(bytes.buffer).setUint32(0, 0x706f6400, true);
  new DataView(bytes.buffer).setUint32(4, HEADER, true);
  for (let i = 8; i < HEADER; i++) bytes[i] = (i * 7) & 0xff;
  for (let at = HEADER + 100; at < bytes.length; at += 20_000) bytes.fill(0x5a, at, Math.min(bytes.length, at + 3000));
  bytes[bytes.length - 1] = 3;
  return bytes;
}

const whole =
  (bytes: Uint8Array): SnapshotPages =>
  (write) =>
    write(0, bytes);
const sparse = (bytes: Uint8Array): SnapshotPages => {
  const copy = toSparse(bytes);
  return (write) => forEachSparsePage(copy, bytes.length, write);
};

describe('writing a snapshot into the memory', () => {
  for (const [kind, pages] of [
    ['whole', whole],
    ['sparse', sparse],
  ] as const) {
    it(`leaves the memory equal to the snapshot past its header (${kind} copy), over what was there`, () => {
      const bytes = snapshot(300_001);
      const memory = new Uint8Array(bytes.length + 65536).fill(0xee); // the module wrote everywhere
      const target = new SnapshotTarget(bytes.length);
      const header = target.intoMemory(memory, pages(bytes));
      expect([...header]).toEqual([...new Int8Array(bytes.buffer, 0, HEADER)]);
      expect(Buffer.from(memory.subarray(0, bytes.length - HEADER)).equals(Buffer.from(bytes.subarray(HEADER)))).toBe(
        true,
      );
    });
  }

  it('writes no zeros where the module has not written, and everything else as before', () => {
    const bytes = snapshot(300_001);
    const body = bytes.subarray(HEADER);
    const memory = new Uint8Array(bytes.length).fill(0xee);
    // Two stretches the module is said not to have written: one all zeros in the snapshot, one
    // holding some of its bytes; the first must keep what it had, the second get the bytes.
    const quiet = [HEADER + 3200, HEADER + 19_000] as const;
    memory.fill(0, quiet[0] - HEADER, quiet[1] - HEADER);
    memory.fill(0xee, 40_000, 60_000);
    const header = new SnapshotTarget(bytes.length).intoMemory(memory, sparse(bytes), [
      [quiet[0] - HEADER, quiet[1] - HEADER],
      [40_000, 60_000],
    ]);
    expect(header.length).toBe(HEADER);
    // The copy keeps whole pages of the snapshot; only a page of zeros is left out, and so unwritten.
    const zeroPage = (at: number): boolean =>
      bytes.subarray(at - (at % 4096), at - (at % 4096) + 4096).every((b) => !b);
    let leftAsItWas = 0;
    for (let i = 0; i < body.length; i++) {
      const unwritten = i >= 40_000 && i < 60_000 && zeroPage(HEADER + i);
      if (unwritten) leftAsItWas++;
      if (memory[i] !== (unwritten ? 0xee : body[i])) throw new Error(`byte ${i}: ${memory[i]}`);
    }
    expect(leftAsItWas).toBeGreaterThan(4096);
  });

  it('reads from a started module where its stack and heap lie, and trusts nothing odd', () => {
    const module = { ___stack_low: 4_000_000, ___stack_high: 14_000_000, _sbrk: (n: number) => 14_500_000 + n };
    expect(untouchedByStart(module, 31_000_000)).toEqual([
      [4_000_000, 14_000_000 - (1 << 20)],
      [14_500_000, 31_000_000],
    ]);
    expect(untouchedByStart({ ...module, _sbrk: () => 32_000_000 }, 31_000_000)).toEqual([]);
    expect(untouchedByStart({ ...module, _sbrk: () => 'x' }, 31_000_000)).toEqual([]);
    expect(untouchedByStart({ ___stack_low: 1, ___stack_high: 2 }, 31_000_000)).toEqual([]);
  });

  it('can instead fill the buffer handed to Pyodide, which copies it itself', () => {
    const bytes = snapshot(50_000);
    const target = new SnapshotTarget(bytes.length);
    target.intoHanded(sparse(bytes));
    expect(Buffer.from(target.handed.buffer).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses a snapshot that does not fit, or whose header is not one Pyodide writes', () => {
    const bytes = snapshot(50_000);
    expect(() => new SnapshotTarget(bytes.length).intoMemory(new Uint8Array(1000), whole(bytes))).toThrow(/fit/);
    expect(() => new SnapshotTarget(bytes.length - 10).intoMemory(new Uint8Array(bytes.length), whole(bytes))).toThrow(
      /longer/,
    );
    const odd = bytes.slice();
    new DataView(odd.buffer).setUint32(4, 13, true);
    expect(() => new SnapshotTarget(odd.length).intoMemory(new Uint8Array(odd.length), whole(odd))).toThrow(/header/);
    expect(() => new SnapshotTarget(10).intoMemory(new Uint8Array(10), () => undefined)).toThrow(/empty/);
  });
});
