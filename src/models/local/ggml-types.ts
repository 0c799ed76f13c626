// The tensor types a GGUF file may hold: how many values share a block, and how many bytes a
// block takes. Sizes follow ggml's block structs, so a tensor's byte size can be computed from
// its shape without loading it.

export interface GgmlType {
  name: string;
  blockSize: number;
  typeSize: number;
}

const TYPES: Record<number, GgmlType> = {};

function def(id: number, name: string, blockSize: number, typeSize: number): void {
  TYPES[id] = { name, blockSize, typeSize };
}

def(0, 'F32', 1, 4);
def(1, 'F16', 1, 2);
def(2, 'Q4_0', 32, 18);
def(3, 'Q4_1', 32, 20);
def(6, 'Q5_0', 32, 22);
def(7, 'Q5_1', 32, 24);
def(8, 'Q8_0', 32, 34);
def(9, 'Q8_1', 32, 36);
def(10, 'Q2_K', 256, 84);
def(11, 'Q3_K', 256, 110);
def(12, 'Q4_K', 256, 144);
def(13, 'Q5_K', 256, 176);
def(14, 'Q6_K', 256, 210);
def(15, 'Q8_K', 256, 292);
def(16, 'IQ2_XXS', 256, 66);
def(17, 'IQ2_XS', 256, 74);
def(18, 'IQ3_XXS', 256, 98);
def(19, 'IQ1_S', 256, 50);
def(20, 'IQ4_NL', 32, 18);
def(21, 'IQ3_S', 256, 110);
def(22, 'IQ2_S', 256, 82);
def(23, 'IQ4_XS', 256, 136);
def(24, 'I8', 1, 1);
def(25, 'I16', 1, 2);
def(26, 'I32', 1, 4);
def(27, 'I64', 1, 8);
def(28, 'F64', 1, 8);
def(29, 'IQ1_M', 256, 56);
def(30, 'BF16', 1, 2);
def(34, 'TQ1_0', 256, 54);
def(35, 'TQ2_0', 256, 66);
def(39, 'MXFP4', 32, 17);

export function ggmlType(id: number): GgmlType | undefined {
  return TYPES[id];
}

/** Bytes a tensor of this type and shape takes; undefined for a type this table does not know. */
export function tensorBytes(typeId: number, dims: readonly number[]): number | undefined {
  const t = TYPES[typeId];
  if (!t) return undefined;
  const elements = dims.reduce((a, b) => a * b, 1);
  return Math.ceil(elements / t.blockSize) * t.typeSize;
}
