// A tiny llama-architecture GGUF that llama.cpp really loads: byte-level BPE vocabulary (one token
// per byte, so prompt token counts can be worked out by hand), ChatML template, and weights built
// so that each token's successor is fixed. After "assistant\n" the model writes REPLY (a Python
// block with a bug), then " ." for ever: replies are the same every time and never end by
// themselves, so the loop gets a feedback turn and Stop has something to stop.
import { seeded } from '../../src/shared/seeded.ts';
import { writeGguf, type KvValue, type TensorSpec } from './gguf-writer.ts';

const REPLY_PIECES = ['```python\n', 'def add(a, b):\n', '    return a - b\n', '```\n', 'Still', ' thinking'];
const LOOP_PIECE = ' .';
export const REPLY_START = REPLY_PIECES.join('');
const SPECIALS = ['<|endoftext|>', '<|im_start|>', '<|im_end|>'];
export const CHATML =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

export interface TinyOptions {
  embd?: number;
  layers?: number;
  ff?: number;
  heads?: number;
  contextLength?: number;
  architecture?: string;
  seed?: number;
}

/** GPT-2's byte-to-character table: printable bytes stand for themselves, others move past 255. */
function byteChars(): string[] {
  const keep = (b: number): boolean => (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
  const out: string[] = [];
  let next = 256;
  for (let b = 0; b < 256; b++) out.push(String.fromCodePoint(keep(b) ? b : next++));
  return out;
}

const BYTE_CHARS = byteChars();
const encodePiece = (s: string): string =>
  Array.from(new TextEncoder().encode(s), (b) => BYTE_CHARS[b] as string).join('');

export function tinyVocab(): { tokens: string[]; types: number[] } {
  const tokens = [...SPECIALS, ...BYTE_CHARS, ...[...REPLY_PIECES, LOOP_PIECE].map(encodePiece), '~~'];
  const types = tokens.map((_, i) => (i < SPECIALS.length ? 3 : 1));
  return { tokens, types };
}

/** Tokens a ChatML prompt takes with this vocabulary: specials count one each, other text one per byte. */
export function chatPromptTokens(messages: { role: string; content: string }[]): number {
  const bytes = (s: string): number => new TextEncoder().encode(s).byteLength;
  let n = 1 + bytes('assistant\n');
  for (const m of messages) n += 2 + bytes(`${m.role}\n${m.content}`) + bytes('\n');
  return n;
}

export function tinyModel(opts: TinyOptions = {}): Uint8Array {
  const embd = opts.embd ?? 64;
  const layers = opts.layers ?? 2;
  const ff = opts.ff ?? 128;
  const heads = opts.heads ?? 4;
  const arch = opts.architecture ?? 'llama';
  const draw = seeded(opts.seed ?? 7);
  const rand = (): number => draw() - 0.5;
  const { tokens, types } = tinyVocab();
  const nVocab = tokens.length;
  const noise = (n: number, scale: number): Float32Array => Float32Array.from({ length: n }, () => rand() * scale);
  const ones = (n: number): Float32Array => new Float32Array(n).fill(1);

  // The chain: "\n" -> first piece -> ... -> last piece -> " ." -> " .".
  const id = (piece: string): number => tokens.indexOf(encodePiece(piece));
  const chain = [id('\n'), ...REPLY_PIECES.map(id), id(LOOP_PIECE)];
  const next = new Map<number, number>();
  chain.forEach((t, i) => next.set(t, chain[Math.min(i + 1, chain.length - 1)] as number));

  const tokEmbd = noise(nVocab * embd, 0.04);
  const output = noise(nVocab * embd, 0.02);
  chain.forEach((t, dim) => {
    tokEmbd.fill(0, t * embd, (t + 1) * embd);
    tokEmbd[t * embd + dim] = 1;
    output[(next.get(t) as number) * embd + dim] = 10;
  });

  const tensors: TensorSpec[] = [
    { name: 'token_embd.weight', dims: [embd, nVocab], data: tokEmbd },
    { name: 'output_norm.weight', dims: [embd], data: ones(embd) },
    { name: 'output.weight', dims: [embd, nVocab], data: output },
  ];
  for (let l = 0; l < layers; l++) {
    const w = (name: string, dims: number[], scale = 0.02): TensorSpec => ({
      name: `blk.${l}.${name}.weight`,
      dims,
      data: noise(
        dims.reduce((a, b) => a * b, 1),
        scale,
      ),
    });
    tensors.push(
      { name: `blk.${l}.attn_norm.weight`, dims: [embd], data: ones(embd) },
      w('attn_q', [embd, embd]),
      w('attn_k', [embd, embd]),
      w('attn_v', [embd, embd]),
      w('attn_output', [embd, embd]),
      { name: `blk.${l}.ffn_norm.weight`, dims: [embd], data: ones(embd) },
      w('ffn_gate', [embd, ff]),
      w('ffn_up', [embd, ff]),
      w('ffn_down', [ff, embd]),
    );
  }
  const kv: [string, KvValue][] = [
    ['general.architecture', { type: 'string', value: arch }],
    ['general.name', { type: 'string', value: 'Fixpoint tiny test model' }],
    [`${arch}.context_length`, { type: 'u32', value: opts.contextLength ?? 8192 }],
    [`${arch}.embedding_length`, { type: 'u32', value: embd }],
    [`${arch}.block_count`, { type: 'u32', value: layers }],
    [`${arch}.feed_forward_length`, { type: 'u32', value: ff }],
    [`${arch}.attention.head_count`, { type: 'u32', value: heads }],
    [`${arch}.attention.head_count_kv`, { type: 'u32', value: heads }],
    [`${arch}.attention.layer_norm_rms_epsilon`, { type: 'f32', value: 1e-5 }],
    [`${arch}.rope.dimension_count`, { type: 'u32', value: embd / heads }],
    [`${arch}.vocab_size`, { type: 'u32', value: nVocab }],
    ['tokenizer.ggml.model', { type: 'string', value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: 'string', value: 'default' }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: tokens }],
    ['tokenizer.ggml.token_type', { type: 'i32s', value: types }],
    ['tokenizer.ggml.merges', { type: 'strings', value: ['~ ~'] }],
    ['tokenizer.ggml.bos_token_id', { type: 'u32', value: 0 }],
    ['tokenizer.ggml.eos_token_id', { type: 'u32', value: 2 }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: false }],
    ['tokenizer.chat_template', { type: 'string', value: CHATML }],
  ];
  return writeGguf(kv, tensors);
}
