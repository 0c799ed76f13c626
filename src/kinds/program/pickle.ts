// The one thing LiveCodeBench pickles: a str. Its pickle is a handful of opcodes, read here
// without any pickle machinery; anything else is refused, since a pickle can name code to run.

const PROTO = 0x80;
const FRAME = 0x95;
const SHORT_BINUNICODE = 0x8c;
const BINUNICODE = 0x58; // 'X'
const BINUNICODE8 = 0x8d;
const MEMOIZE = 0x94;
const STOP = 0x2e; // '.'

export class PickleError extends Error {}

function readLength(bytes: Uint8Array, at: number, size: number): number {
  if (at + size > bytes.length) throw new PickleError('the pickle ends inside a length');
  let n = 0;
  for (let k = size - 1; k >= 0; k--) n = n * 256 + bytes[at + k]!;
  if (!Number.isSafeInteger(n)) throw new PickleError('a length in the pickle is too large');
  return n;
}

/** The str a pickle holds (protocol 1 to 5); throws a PickleError for any other pickle. */
export function unpickleString(bytes: Uint8Array): string {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let at = 0;
  let value: string | undefined;
  while (at < bytes.length) {
    const op = bytes[at++]!;
    switch (op) {
      case PROTO:
        at += 1;
        break;
      case FRAME:
        at += 8;
        break;
      case MEMOIZE:
        break;
      case SHORT_BINUNICODE:
      case BINUNICODE:
      case BINUNICODE8: {
        if (value !== undefined) throw new PickleError('the pickle holds more than one string');
        const size = op === SHORT_BINUNICODE ? 1 : op === BINUNICODE ? 4 : 8;
        const n = readLength(bytes, at, size);
        at += size;
        if (at + n > bytes.length) throw new PickleError('the pickle ends inside its string');
        try {
          value = decoder.decode(bytes.subarray(at, at + n));
        } catch {
          throw new PickleError('the string in the pickle is not UTF-8');
        }
        at += n;
        break;
      }
      case STOP:
        if (value === undefined) throw new PickleError('the pickle holds no string');
        return value;
      default:
        throw new PickleError(
          `the pickle holds opcode 0x${op.toString(16).padStart(2, '0')} at byte ${at - 1}: only a pickled str is read`,
        );
    }
  }
  throw new PickleError('the pickle has no STOP');
}

/** What one row's compressed tests may unpack to: as much as a whole file the command line reads. */
const MAX_UNPACKED_BYTES = 256 * 2 ** 20;

async function inflate(bytes: Uint8Array, cap: number): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel();
      throw new PickleError(`the compressed tests unpack to more than ${cap / 2 ** 20} MiB`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) throw new PickleError('not base64');
  const raw = atob(clean);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** LiveCodeBench's compressed test cases: base64(zlib(pickle(str))), back to the str. */
export async function unpackCompressed(text: string, cap = MAX_UNPACKED_BYTES): Promise<string> {
  const packed = fromBase64(text);
  let bytes: Uint8Array;
  try {
    bytes = await inflate(packed, cap);
  } catch (err) {
    if (err instanceof PickleError) throw err;
    throw new PickleError(`not zlib data (${(err as Error).message})`);
  }
  return unpickleString(bytes);
}
