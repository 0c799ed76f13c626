// Reading a file or a response whole, as text, with a limit. A few kilobytes of gzip can unpack to
// gigabytes, and a server can send an endless body: read whole, either holds the page's memory
// and main thread for seconds and ends in "Failed to fetch". Here what is read and what is
// unpacked are counted as they come, and reading stops at the limit with the file's name and the
// limit said. Gzip (known by its magic bytes, whatever the name or the server says) is fed to the
// decompressor a little at a time, and the main thread is given back between steps, so the page
// stays responsive while a large file is read.
import { InputError } from './problems.ts';

const MB = 1024 * 1024;
/** Compressed bytes fed at once: gzip unpacks at most about 1,000 to 1, so a step makes ≤ 4 MB. */
const STEP = 4 * 1024;
/** Work done between two returns to the event loop. */
const SLICE_MS = 20;

/** What the page reads of a data file (a benchmark's problems or rows, students' results). */
export const PAGE_FILE_LIMIT = 64 * MB;

export const megabytes = (bytes: number): string => `${Math.round(bytes / MB)} MB`;

function tooLarge(name: string, limit: number, unpacked: boolean): InputError {
  return new InputError(
    name,
    undefined,
    `larger than the limit of ${megabytes(limit)}${unpacked ? ' once unpacked' : ''}`,
  );
}

/** Lets the event loop run (input, drawing) when the current slice of work has gone on long enough. */
function breather(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((ok) => setTimeout(ok, 0));
    since = performance.now();
  };
}

/** The stream's bytes in order, refusing more than `limit` of them. */
async function* counted(body: ReadableStream<Uint8Array>, name: string, limit: number): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.length;
      if (size > limit) throw tooLarge(name, limit, false);
      yield value;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

async function* gunzipped(
  chunks: AsyncGenerator<Uint8Array>,
  name: string,
  limit: number,
  breathe: () => Promise<void>,
): AsyncGenerator<Uint8Array> {
  const unzip = new DecompressionStream('gzip');
  const writer = unzip.writable.getWriter();
  const reader = unzip.readable.getReader();
  const feed = (async () => {
    for await (const chunk of chunks) {
      for (let at = 0; at < chunk.length; at += STEP) {
        await writer.write(chunk.subarray(at, at + STEP) as Uint8Array<ArrayBuffer>);
        await breathe();
      }
    }
    await writer.close();
  })();
  let failure: unknown;
  // Reading too much ends the feed by cancelling; the reader then says what went wrong.
  feed.catch((err: unknown) => {
    failure = err;
    reader.cancel().catch(() => undefined);
  });
  let size = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (err) {
        throw new InputError(name, undefined, `not a readable gzip file (${(err as Error).message})`);
      }
      if (failure instanceof InputError) throw failure;
      if (next.done) return;
      size += next.value.length;
      if (size > limit) throw tooLarge(name, limit, true);
      yield next.value;
    }
  } finally {
    reader.cancel().catch(() => undefined);
    // Not awaited: a network read still pending would hold it; the source is cancelled when it returns.
    void chunks.return(undefined);
  }
}

/**
 * The text of a byte stream, gzip or not, refusing past `limit` bytes read or unpacked.
 * `name` is the file or address the errors name. A byte order mark is dropped.
 */
export async function readCappedText(
  body: ReadableStream<Uint8Array> | null,
  name: string,
  limit: number,
): Promise<string> {
  if (!body) return '';
  const breathe = breather();
  const raw = counted(body, name, limit);
  // The first two bytes say whether it is gzip, whatever sizes the chunks come in.
  const head: Uint8Array[] = [];
  let headSize = 0;
  while (headSize < 2) {
    const next = await raw.next();
    if (next.done) break;
    head.push(next.value);
    headSize += next.value.length;
  }
  if (headSize === 0) return '';
  async function* whole(): AsyncGenerator<Uint8Array> {
    yield* head;
    yield* raw;
  }
  const magic = [...head.slice(0, 2).flatMap((c) => [...c.subarray(0, 2)])];
  const gzip = magic[0] === 0x1f && magic[1] === 0x8b;
  const chunks = gzip ? gunzipped(whole(), name, limit, breathe) : whole();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for await (const chunk of chunks) {
    parts.push(decoder.decode(chunk, { stream: true }));
    await breathe();
  }
  parts.push(decoder.decode());
  return parts.join('');
}
