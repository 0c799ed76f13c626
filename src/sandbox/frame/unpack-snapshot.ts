// The snapshot built with the app comes gzip-compressed (a quarter of its size to download), and
// Pyodide needs its bytes. The frame unpacks it on its own thread while the first worker starts
// and imports Pyodide, so neither waits for the other; the unpacked copy then serves the spares
// and, stored by the page without its pages of zeros, later visits, which need not unpack anything.
import { SPARSE_HEADER_BYTES, sparseLength, toSparse } from '../../shared/sparse-snapshot.ts';

export interface Unpacked {
  /** The snapshot as stored (whole, or the browser's sparse copy): workers restore from either. */
  bytes: Blob;
  /** The memory it restores: how many bytes the worker sizes Python's memory to. */
  length: number;
  /**
   * Whether it is the one built with the app (compressed, or unpacked by the server in transit),
   * not this browser's own copy: the page keeps its copy for later visits.
   */
  built: boolean;
  /** The bytes, already read (for the first worker). */
  read?: ArrayBuffer;
}

/**
 * The memory this browser's own copy restores, from its first bytes alone: the worker sizes
 * Python's memory and starts Pyodide's module while the rest is still read.
 */
export async function readLength(blob: Blob): Promise<number> {
  const head = new Uint8Array(await blob.slice(0, SPARSE_HEADER_BYTES).arrayBuffer());
  return sparseLength(head) ?? blob.size;
}

/** This browser's own copy, read whole at once, while Python's files still arrive. */
export async function readAhead(blob: Blob): Promise<Unpacked> {
  const read = await blob.arrayBuffer();
  return {
    bytes: blob,
    length: sparseLength(new Uint8Array(read, 0, Math.min(read.byteLength, SPARSE_HEADER_BYTES))) ?? read.byteLength,
    built: false,
    read,
  };
}

/**
 * The snapshot built with the app, gzip-compressed unless a server already unpacked it in transit
 * (one that labels .gz files as encoded); its first bytes say which.
 */
export async function unpackSnapshot(blob: Blob): Promise<Unpacked> {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  if (head[0] !== 0x1f || head[1] !== 0x8b) return { bytes: blob, length: blob.size, built: true };
  const bytes = await new Response(blob.stream().pipeThrough(new DecompressionStream('gzip'))).blob();
  return { bytes, length: bytes.size, built: true };
}

/** The copy the page keeps for later visits: the whole snapshot without its pages of zeros. */
export async function copyToKeep(snapshot: Blob): Promise<Blob> {
  return new Blob([toSparse(new Uint8Array(await snapshot.arrayBuffer()))]);
}
