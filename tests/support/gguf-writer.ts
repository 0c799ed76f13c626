// Writes GGUF files for tests: metadata of the types a model needs, and F32 tensors.
export type KvValue =
  | { type: 'u32'; value: number }
  | { type: 'i32'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: string[] }
  | { type: 'i32s'; value: number[] };

export interface TensorSpec {
  name: string;
  /** ggml order: the first dimension varies fastest. */
  dims: number[];
  data: Float32Array;
}

const ALIGN = 32;
const TYPE_ID = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;

class Out {
  private chunks: Uint8Array[] = [];
  length = 0;
  private push(b: Uint8Array): void {
    this.chunks.push(b);
    this.length += b.byteLength;
  }
  u32(n: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, n, true);
    this.push(b);
  }
  i32(n: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, n, true);
    this.push(b);
  }
  f32(n: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, n, true);
    this.push(b);
  }
  u64(n: number): void {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(n), true);
    this.push(b);
  }
  u8(n: number): void {
    this.push(Uint8Array.of(n));
  }
  str(s: string): void {
    const b = new TextEncoder().encode(s);
    this.u64(b.byteLength);
    this.push(b);
  }
  bytes(b: Uint8Array): void {
    this.push(b);
  }
  pad(): void {
    const n = (ALIGN - (this.length % ALIGN)) % ALIGN;
    if (n > 0) this.push(new Uint8Array(n));
  }
  done(): Uint8Array {
    const all = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      all.set(c, at);
      at += c.byteLength;
    }
    return all;
  }
}

function writeValue(o: Out, v: KvValue): void {
  switch (v.type) {
    case 'u32':
      o.u32(TYPE_ID.u32);
      return o.u32(v.value);
    case 'i32':
      o.u32(TYPE_ID.i32);
      return o.i32(v.value);
    case 'f32':
      o.u32(TYPE_ID.f32);
      return o.f32(v.value);
    case 'bool':
      o.u32(TYPE_ID.bool);
      return o.u8(v.value ? 1 : 0);
    case 'string':
      o.u32(TYPE_ID.string);
      return o.str(v.value);
    case 'strings':
      o.u32(TYPE_ID.array);
      o.u32(TYPE_ID.string);
      o.u64(v.value.length);
      for (const s of v.value) o.str(s);
      return;
    case 'i32s':
      o.u32(TYPE_ID.array);
      o.u32(TYPE_ID.i32);
      o.u64(v.value.length);
      for (const n of v.value) o.i32(n);
      return;
  }
}

export function writeGguf(metadata: [string, KvValue][], tensors: TensorSpec[]): Uint8Array {
  const o = new Out();
  o.bytes(new TextEncoder().encode('GGUF'));
  o.u32(3);
  o.u64(tensors.length);
  o.u64(metadata.length);
  for (const [key, value] of metadata) {
    o.str(key);
    writeValue(o, value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const t of tensors) {
    o.str(t.name);
    o.u32(t.dims.length);
    for (const d of t.dims) o.u64(d);
    o.u32(0); // F32
    o.u64(offset);
    offsets.push(offset);
    offset += Math.ceil(t.data.byteLength / ALIGN) * ALIGN;
  }
  o.pad();
  for (const t of tensors) {
    o.bytes(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    o.pad();
  }
  return o.done();
}
