// Reads a GGUF file's header (metadata and tensor table) without loading the weights, so the
// page can say what a file is, and whether it is whole, before handing it to llama.cpp.
import { ggmlType, tensorBytes } from './ggml-types.ts';

const MAGIC = 0x46554747; // "GGUF" read as a little-endian uint32
const DEFAULT_ALIGNMENT = 32;
/** Arrays longer than this (vocabularies, merges) are kept as their length only. */
const KEEP_ITEMS = 1024;

type GgufScalar = number | string | boolean;
interface GgufArray {
  itemType: number;
  length: number;
  /** The items, when the array is short enough to be worth keeping. */
  items?: GgufScalar[];
}
export type GgufValue = GgufScalar | GgufArray;

interface TensorInfo {
  name: string;
  dims: number[];
  type: number;
  typeName: string;
  /** From the start of the tensor data section. */
  offset: number;
  bytes: number;
}

export interface GgufHeader {
  version: number;
  tensorCount: number;
  metadata: Map<string, GgufValue>;
  tensors: TensorInfo[];
  /** Where the tensor data section starts in the file. */
  dataOffset: number;
  /** Where the last tensor ends: a file shorter than this is cut off. */
  dataEnd: number;
}

export type GgufProblem = 'not-gguf' | 'version' | 'corrupt' | 'truncated';

export class GgufError extends Error {
  readonly problem: GgufProblem;
  constructor(problem: GgufProblem, message: string) {
    super(message);
    this.name = 'GgufError';
    this.problem = problem;
  }
}

/** The prefix read so far ended before the header did; the caller reads more and tries again. */
class NeedMore extends Error {}

class Cursor {
  pos = 0;
  private readonly view: DataView;
  private readonly decoder = new TextDecoder('utf-8');
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(n: number): void {
    if (this.pos + n > this.bytes.byteLength) throw new NeedMore();
  }
  u8(): number {
    this.need(1);
    return this.view.getUint8(this.pos++);
  }
  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }
  u64(): number {
    this.need(8);
    const v = this.view.getBigUint64(this.pos, true);
    this.pos += 8;
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new GgufError('corrupt', 'a size in the header is impossibly large');
    return Number(v);
  }
  scalar(type: number): GgufScalar {
    const at = (n: number): number => {
      this.need(n);
      const p = this.pos;
      this.pos += n;
      return p;
    };
    switch (type) {
      case 0:
        return this.view.getUint8(at(1));
      case 1:
        return this.view.getInt8(at(1));
      case 2:
        return this.view.getUint16(at(2), true);
      case 3:
        return this.view.getInt16(at(2), true);
      case 4:
        return this.view.getUint32(at(4), true);
      case 5:
        return this.view.getInt32(at(4), true);
      case 6:
        return this.view.getFloat32(at(4), true);
      case 7:
        return this.view.getUint8(at(1)) !== 0;
      case 8:
        return this.string();
      case 10:
        return Number(this.view.getBigUint64(at(8), true));
      case 11:
        return Number(this.view.getBigInt64(at(8), true));
      case 12:
        return this.view.getFloat64(at(8), true);
      default:
        throw new GgufError('corrupt', `the header holds a value of unknown type ${type}`);
    }
  }
  string(): string {
    const n = this.u64();
    if (n > 1 << 28) throw new GgufError('corrupt', 'a text in the header claims to be longer than 256 MiB');
    this.need(n);
    const s = this.decoder.decode(this.bytes.subarray(this.pos, this.pos + n));
    this.pos += n;
    return s;
  }
}

function readValue(c: Cursor, type: number): GgufValue {
  if (type !== 9) return c.scalar(type);
  const itemType = c.u32();
  const length = c.u64();
  if (itemType === 9) throw new GgufError('corrupt', 'the header holds an array of arrays');
  const items: GgufScalar[] = [];
  for (let i = 0; i < length; i++) {
    const v = c.scalar(itemType);
    if (length <= KEEP_ITEMS) items.push(v);
  }
  return length <= KEEP_ITEMS ? { itemType, length, items } : { itemType, length };
}

function parse(bytes: Uint8Array): GgufHeader {
  const c = new Cursor(bytes);
  if (bytes.byteLength >= 4 && new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true) !== MAGIC) {
    throw new GgufError('not-gguf', 'it does not start with the GGUF signature');
  }
  c.u32();
  const version = c.u32();
  if (version < 2 || version > 3) {
    throw new GgufError('version', `it is GGUF version ${version}; this page reads versions 2 and 3`);
  }
  const tensorCount = c.u64();
  const kvCount = c.u64();
  if (tensorCount > 1_000_000 || kvCount > 1_000_000) {
    throw new GgufError('corrupt', 'its header claims an impossible number of entries');
  }
  const metadata = new Map<string, GgufValue>();
  for (let i = 0; i < kvCount; i++) {
    const key = c.string();
    metadata.set(key, readValue(c, c.u32()));
  }
  const tensors: TensorInfo[] = [];
  for (let i = 0; i < tensorCount; i++) {
    const name = c.string();
    const nDims = c.u32();
    if (nDims > 8) throw new GgufError('corrupt', `tensor "${name}" claims ${nDims} dimensions`);
    const dims: number[] = [];
    for (let d = 0; d < nDims; d++) dims.push(c.u64());
    const type = c.u32();
    const offset = c.u64();
    const bytes = tensorBytes(type, dims);
    if (bytes === undefined) throw new GgufError('corrupt', `tensor "${name}" has unknown type ${type}`);
    tensors.push({ name, dims, type, typeName: ggmlType(type)?.name ?? String(type), offset, bytes });
  }
  const align = metadata.get('general.alignment');
  const alignment = typeof align === 'number' && align > 0 ? align : DEFAULT_ALIGNMENT;
  const dataOffset = Math.ceil(c.pos / alignment) * alignment;
  const dataEnd = tensors.reduce((end, t) => Math.max(end, dataOffset + t.offset + t.bytes), dataOffset);
  return { version, tensorCount, metadata, tensors, dataOffset, dataEnd };
}

/** Parses a header from bytes that may be only the start of the file (`fileSize` says how long it is). */
export function parseGgufPrefix(bytes: Uint8Array, fileSize: number): GgufHeader | 'need-more' {
  try {
    return parse(bytes);
  } catch (e) {
    if (!(e instanceof NeedMore)) throw e;
    if (bytes.byteLength >= fileSize) {
      throw new GgufError(
        bytes.byteLength < 4 ? 'not-gguf' : 'truncated',
        bytes.byteLength < 4 ? 'it is too short to be a model' : 'the file ends inside its own header',
      );
    }
    return 'need-more';
  }
}

/** Reads as little of the file as the header needs: the first MiBs, more only for large vocabularies. */
export async function readGgufHeader(file: Blob): Promise<GgufHeader> {
  let length = Math.min(file.size, 4 << 20);
  for (;;) {
    const bytes = new Uint8Array(await file.slice(0, length).arrayBuffer());
    const out = parseGgufPrefix(bytes, file.size);
    if (out !== 'need-more') return out;
    length = Math.min(file.size, length * 2);
  }
}
