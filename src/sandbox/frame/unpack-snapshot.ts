// The snapshot built with the app comes gzip-compressed (a quarter of its size to download), and
// Pyodide needs its bytes. The frame unpacks it on its own thread while the first worker starts
// and imports Pyodide, so neither waits for the other; the unpacked copy then serves the spares
// and, stored by the page, later visits, which need not unpack anything.

export interface Unpacked {
  bytes: Blob;
  /** Whether it came gzip-compressed (the one built with the app) rather than as stored bytes. */
  packed: boolean;
}

/**
 * built: the snapshot built with the app, gzip-compressed unless a server already unpacked it in
 * transit (one that labels .gz files as encoded); its first bytes say which. A stored copy is
 * never compressed, and is not read here at all.
 */
export async function unpackSnapshot(blob: Blob, built: boolean): Promise<Unpacked> {
  if (!built) return { bytes: blob, packed: false };
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  if (head[0] !== 0x1f || head[1] !== 0x8b) return { bytes: blob, packed: false };
  const bytes = await new Response(blob.stream().pipeThrough(new DecompressionStream('gzip'))).blob();
  return { bytes, packed: true };
}
