// The copy of Python's memory snapshot a browser keeps between visits, without its pages of zeros.
// About two fifths of a booted interpreter's memory is zeros, and on a returning visit every byte
// kept is carried across processes, from storage to the sandbox, while Python starts beside it;
// a page of zeros costs nothing to restore, since the memory it is written into starts zeroed.
//
// Layout, little-endian: "FXS1", the full length, the page size, the number of pages kept, that
// many page numbers (rising), then those pages' bytes (the last page of memory may be short).

const MAGIC = 0x31535846; // "FXS1"
const PAGE = 4096;
const HEADER = 16;

/** Whether `head` (at least the first 16 bytes) starts a sparse copy; its full length if so. */
export function sparseLength(head: Uint8Array): number | undefined {
  if (head.length < HEADER) return undefined;
  const view = new DataView(head.buffer, head.byteOffset, HEADER);
  return view.getUint32(0, true) === MAGIC ? view.getUint32(4, true) : undefined;
}

export const SPARSE_HEADER_BYTES = HEADER;

export function toSparse(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const pages = Math.ceil(bytes.length / PAGE);
  const kept: number[] = [];
  for (let p = 0; p < pages; p++) {
    const end = Math.min(bytes.length, (p + 1) * PAGE);
    for (let i = p * PAGE; i < end; i++)
      if (bytes[i] !== 0) {
        kept.push(p);
        break;
      }
  }
  const dataStart = HEADER + kept.length * 4;
  const last = kept.at(-1);
  const lastLength = last === undefined ? 0 : Math.min(PAGE, bytes.length - last * PAGE);
  const out = new Uint8Array(dataStart + Math.max(0, kept.length - 1) * PAGE + lastLength);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, bytes.length, true);
  view.setUint32(8, PAGE, true);
  view.setUint32(12, kept.length, true);
  kept.forEach((p, k) => {
    view.setUint32(HEADER + k * 4, p, true);
    out.set(bytes.subarray(p * PAGE, Math.min(bytes.length, (p + 1) * PAGE)), dataStart + k * PAGE);
  });
  return out;
}

/** Writes a sparse copy's pages into `into` (zeroed, of the full length). Throws on a copy that does not fit. */
export function fillFromSparse(sparse: Uint8Array, into: Uint8Array): void {
  forEachSparsePage(sparse, into.length, (at, page) => into.set(page, at));
}

/**
 * Calls `write` with each kept page and where it goes, in rising order; the pages not kept are
 * zeros. Throws on a copy that is not for memory of `length` bytes, or is damaged.
 */
export function forEachSparsePage(
  sparse: Uint8Array,
  length: number,
  write: (at: number, page: Uint8Array) => void,
): void {
  if (sparseLength(sparse) !== length) throw new Error('the stored snapshot is not for this memory');
  const view = new DataView(sparse.buffer, sparse.byteOffset, sparse.byteLength);
  const page = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const dataStart = HEADER + count * 4;
  if (page === 0 || dataStart > sparse.length) throw new Error('the stored snapshot is cut short');
  let previous = -1;
  for (let k = 0; k < count; k++) {
    const p = view.getUint32(HEADER + k * 4, true);
    const size = Math.min(page, length - p * page);
    const from = dataStart + k * page;
    if (p <= previous || size <= 0 || from + size > sparse.length) throw new Error('the stored snapshot is damaged');
    write(p * page, sparse.subarray(from, from + size));
    previous = p;
  }
}
