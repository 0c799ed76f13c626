// An interpreter's memory snapshot carries its heap's free chunks with whatever was last freed in
// them: a few MB of stale bytes that every returning visit reads, hands over and writes into a new
// interpreter's memory, page by page. Zeroed before the snapshot is taken, the pages inside them
// are left out of the copy this browser keeps (it keeps only the pages that are not all zeros)
// and are never touched in the interpreter that restores it.
//
// The heap is walked chunk by chunk as Emscripten's allocator (dlmalloc) lays it out, from the
// heap's base to its break. The walk is trusted only where it agrees exactly with the allocator's
// own count (mallinfo: free chunks and free bytes); anything else, and nothing is written.

/** A chunk's size word sits 4 bytes into it; its low bits are flags. */
const HEAD = 4;
/** Set in a chunk's size word when the chunk is in use. */
const IN_USE = 2;
/** Set in a chunk's size word when the chunk before it is in use. */
const PREVIOUS_IN_USE = 1;
/**
 * A free chunk's first 32 bytes are the allocator's: its size, its neighbours in the free lists,
 * and for a large chunk its place in the tree of free chunks. The rest is unused until allocated.
 */
const BOOKKEEPING = 32;

/** The allocator's own count of its free memory. */
export interface FreeCount {
  /** Free chunks, the top chunk included (mallinfo's ordblks). */
  chunks: number;
  /** Bytes in them, the top's end marker included (mallinfo's fordblks). */
  bytes: number;
}

/**
 * The free chunks between `base` and `brk` as [address, size], or undefined where the walk does
 * not tile the heap exactly or does not agree with `count`.
 */
export function freeChunks(
  heap: Uint32Array,
  base: number,
  brk: number,
  count: FreeCount,
): [number, number][] | undefined {
  if (base % 8 !== 0 || brk > heap.length * 4 || base >= brk) return undefined;
  const free: [number, number][] = [];
  let freeBytes = 0;
  let at = base;
  while (at < brk) {
    const head = heap[(at + HEAD) / 4]!;
    const size = head & ~7;
    if (size < 16 || at + size > brk) return undefined;
    const next = at + size;
    if (!(head & IN_USE)) {
      freeBytes += size;
      // A chunk the allocator counts as free: the chunk after it says so too.
      if (next < brk && !(heap[(next + HEAD) / 4]! & PREVIOUS_IN_USE)) free.push([at, size]);
    }
    at = next;
  }
  if (at !== brk || free.length !== count.chunks || freeBytes !== count.bytes) return undefined;
  return free;
}

/** What an Emscripten module with dlmalloc exports that the walk needs. */
export interface HeapModule {
  HEAPU32?: unknown;
  ___heap_base?: unknown;
  _sbrk?: unknown;
  _mallinfo?: unknown;
  _emscripten_stack_get_current?: unknown;
  __emscripten_stack_alloc?: unknown;
  __emscripten_stack_restore?: unknown;
}

type Fn = (...args: number[]) => number;
const isFn = (f: unknown): f is Fn => typeof f === 'function';

/** The heap's break (where allocation stops), or undefined where the module does not tell it. */
export function heapBreak(module: Pick<HeapModule, '_sbrk'>): number | undefined {
  const brk: unknown = isFn(module._sbrk) ? module._sbrk(0) : undefined;
  return typeof brk === 'number' ? brk : undefined;
}

/** Zeros the unused bytes of the heap's free chunks; returns how many, 0 where the heap could not be read. */
export function zeroFreeHeap(module: HeapModule): number {
  const { HEAPU32: heap, ___heap_base: base, _mallinfo: mallinfo } = module;
  const { _emscripten_stack_get_current: stackNow, __emscripten_stack_alloc: alloc } = module;
  const restore = module.__emscripten_stack_restore;
  if (!(heap instanceof Uint32Array) || typeof base !== 'number') return 0;
  const brk = heapBreak(module);
  if (brk === undefined || !isFn(mallinfo) || !isFn(stackNow) || !isFn(alloc) || !isFn(restore)) return 0;
  // mallinfo returns its struct through memory: taken from the stack, the heap stays as it is.
  const sp = stackNow();
  let count: FreeCount;
  try {
    const at = alloc(48);
    mallinfo(at);
    count = { chunks: heap[at / 4 + 1]!, bytes: heap[at / 4 + 8]! };
  } finally {
    restore(sp);
  }
  const chunks = freeChunks(heap, base, brk, count);
  if (!chunks) return 0;
  const bytes = new Uint8Array(heap.buffer);
  let zeroed = 0;
  for (const [at, size] of chunks) {
    if (size <= BOOKKEEPING) continue;
    bytes.fill(0, at + BOOKKEEPING, at + size);
    zeroed += size - BOOKKEEPING;
  }
  return zeroed;
}
