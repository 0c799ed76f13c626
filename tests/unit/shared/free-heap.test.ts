// Zeroing the heap's free chunks before a snapshot: the walk must find exactly the allocator's free
// chunks or touch nothing, and an interpreter restored from the smaller snapshot must run as before.
import { describe, expect, it } from 'vitest';
import { freeChunks, zeroFreeHeap, type HeapModule } from '../../../src/shared/free-heap.ts';

const IN_USE = 2;
const PREVIOUS_IN_USE = 1;

/** A heap laid out as dlmalloc does: [size, in use] chunks from `base`, ending in the top's 40-byte marker. */
function heap(base: number, chunks: [number, boolean][]): { heap: Uint32Array; brk: number } {
  const words = new Uint32Array((base + chunks.reduce((n, [s]) => n + s, 0) + 40 + 64) / 4).fill(0xabababab);
  let at = base;
  let previousInUse = true;
  for (const [size, used] of [...chunks, [40, false] as [number, boolean]]) {
    words[(at + 4) / 4] = size | (used ? IN_USE : 0) | (previousInUse ? PREVIOUS_IN_USE : 0);
    previousInUse = used;
    at += size;
  }
  return { heap: words, brk: at };
}

describe('the heap walk', () => {
  const base = 4096;
  const layout: [number, boolean][] = [
    [48, true],
    [4096 * 3, false],
    [24, true],
    [16, false],
    [64, true],
    [8192, false], // the top chunk
  ];
  const free = 4096 * 3 + 16 + 8192;

  it('finds the free chunks, the top among them, when the allocator counts the same', () => {
    const { heap: h, brk } = heap(base, layout);
    expect(freeChunks(h, base, brk, { chunks: 3, bytes: free + 40 })).toEqual([
      [base + 48, 4096 * 3],
      [base + 48 + 4096 * 3 + 24, 16],
      [base + 48 + 4096 * 3 + 24 + 16 + 64, 8192],
    ]);
  });

  it('trusts nothing that disagrees with the allocator or does not reach the break', () => {
    const { heap: h, brk } = heap(base, layout);
    expect(freeChunks(h, base, brk, { chunks: 2, bytes: free + 40 })).toBeUndefined();
    expect(freeChunks(h, base, brk, { chunks: 3, bytes: free })).toBeUndefined();
    expect(freeChunks(h, base, brk + 8, { chunks: 3, bytes: free + 40 })).toBeUndefined();
    expect(freeChunks(h, base + 8, brk, { chunks: 3, bytes: free + 40 })).toBeUndefined();
    const torn = h.slice();
    torn[(base + 48 + 4) / 4] = 3; // a chunk of no size
    expect(freeChunks(torn, base, brk, { chunks: 3, bytes: free + 40 })).toBeUndefined();
  });

  it('zeros only what lies past each free chunk’s bookkeeping, and nothing when the count disagrees', () => {
    const { heap: h, brk } = heap(base, layout);
    const at = h.length * 4 - 48;
    const module = (ordblks: number): HeapModule => ({
      HEAPU32: h,
      ___heap_base: base,
      _sbrk: () => brk,
      _emscripten_stack_get_current: () => at + 48,
      __emscripten_stack_alloc: () => at,
      __emscripten_stack_restore: () => 0,
      _mallinfo: (ptr: number) => {
        h[ptr / 4 + 1] = ordblks;
        h[ptr / 4 + 8] = free + 40;
        return 0;
      },
    });
    const before = h.slice();
    expect(zeroFreeHeap(module(4))).toBe(0);
    expect(h.subarray(0, brk / 4)).toEqual(before.subarray(0, brk / 4));
    expect(zeroFreeHeap(module(3))).toBe(4096 * 3 - 32 + (8192 - 32));
    const bytes = new Uint8Array(h.buffer);
    const big = base + 48;
    expect(bytes.subarray(big + 32, big + 4096 * 3).every((b) => b === 0)).toBe(true);
    expect(bytes[big + 8]).toBe(0xab); // the free lists' pointers stay
    expect(new Uint8Array(before.buffer)[base + 8]).toBe(bytes[base + 8]); // chunks in use stay
    expect(bytes.subarray(base + 48 + 4096 * 3 + 24, base + 48 + 4096 * 3 + 40).some((b) => b === 0xab)).toBe(true);
  });
});

describe('a snapshot taken after the free heap is zeroed', () => {
  const pagesWithData = (snapshot: Uint8Array): number => {
    const header = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
    let n = 0;
    for (let at = header; at < snapshot.length; at += 4096)
      if (snapshot.subarray(at, at + 4096).some((b) => b !== 0)) n++;
    return n;
  };

  it('has fewer pages of data, and restores an interpreter that runs as before', async () => {
    const { loadPyodide } = await import('pyodide');
    const maker = await loadPyodide({ _makeSnapshot: true });
    maker.runPython('import json, ast, traceback');
    const module = (maker as unknown as { _module: HeapModule })._module;
    const plain = maker.makeMemorySnapshot();
    expect(zeroFreeHeap(module)).toBeGreaterThan(1_000_000);
    const zeroed = maker.makeMemorySnapshot();
    expect(pagesWithData(zeroed)).toBeLessThan(pagesWithData(plain) - 200);
    const py = await loadPyodide({ _loadSnapshot: zeroed });
    const out = py.runPython(`
import json
d = {i: str(i) * 40 for i in range(100_000)}
json.dumps([len(json.dumps(d)), sum(map(len, d.values())), sorted(d)[-1]])`) as string;
    // Values: 40 times the digits of 0..99999. The dump adds keys, quotes, colons, commas, braces.
    expect(JSON.parse(out)).toEqual([19_555_600 + 488_890 + 100_000 * 6 + 99_999 * 2 + 2, 19_555_600, 99_999]);
  }, 120_000);
});
