// What a GGUF header says about the model inside, and whether this page can run it.
import type { GgufHeader, GgufValue } from './gguf.ts';

/** Text-generating architectures the bundled llama.cpp build loads (names as GGUF spells them). */
const ARCHITECTURES = new Set([
  'llama',
  'llama4',
  'mistral3',
  'qwen',
  'qwen2',
  'qwen2moe',
  'qwen3',
  'qwen3moe',
  'phi2',
  'phi3',
  'phimoe',
  'gemma',
  'gemma2',
  'gemma3',
  'gemma3n',
  'starcoder',
  'starcoder2',
  'gpt2',
  'gptneox',
  'gptj',
  'falcon',
  'falcon-h1',
  'mpt',
  'bloom',
  'refact',
  'stablelm',
  'deepseek',
  'deepseek2',
  'granite',
  'granitemoe',
  'olmo',
  'olmo2',
  'olmoe',
  'command-r',
  'cohere2',
  'internlm2',
  'minicpm',
  'minicpm3',
  'exaone',
  'exaone4',
  'smollm3',
  'codeshell',
  'chatglm',
  'glm4',
  'glm4moe',
  'nemotron',
  'orion',
  'baichuan',
  'xverse',
  'plamo',
  'arctic',
  'dbrx',
  'jais',
  'bitnet',
  'openelm',
  'gpt-oss',
  'ernie4_5',
  'hunyuan-dense',
  'lfm2',
  'seed_oss',
]);

export interface ModelFacts {
  architecture: string;
  name?: string;
  contextLength?: number;
  embeddingLength: number;
  blockCount: number;
  headCount: number;
  headCountKv: number;
  keyLength: number;
  valueLength: number;
  feedForwardLength?: number;
  vocabSize?: number;
  chatTemplate?: string;
  /** Bytes of all tensors: what the weights take in memory. */
  weightsBytes: number;
  /** Most common tensor type, as a hint of the quantisation (e.g. Q4_K). */
  mainType?: string;
}

function scalar(v: GgufValue | undefined): number | undefined {
  if (typeof v === 'number') return v;
  // Some models give one value per layer; memory is bounded by the largest.
  if (typeof v === 'object' && v.items) {
    const nums = v.items.filter((x): x is number => typeof x === 'number');
    return nums.length > 0 ? Math.max(...nums) : undefined;
  }
  return undefined;
}

function text(v: GgufValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function mainType(h: GgufHeader): string | undefined {
  const bytesByType = new Map<string, number>();
  for (const t of h.tensors) bytesByType.set(t.typeName, (bytesByType.get(t.typeName) ?? 0) + t.bytes);
  return [...bytesByType.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Reads the hyper-parameters; a file without an architecture is refused. */
export function modelFacts(h: GgufHeader): ModelFacts {
  const architecture = text(h.metadata.get('general.architecture'));
  if (architecture === undefined) throw new Error('it does not name its architecture (general.architecture)');
  const get = (key: string): number | undefined => scalar(h.metadata.get(`${architecture}.${key}`));
  const embeddingLength = get('embedding_length') ?? 0;
  const headCount = get('attention.head_count') ?? 0;
  const headDim = headCount > 0 ? embeddingLength / headCount : 0;
  const facts: ModelFacts = {
    architecture,
    embeddingLength,
    blockCount: get('block_count') ?? 0,
    headCount,
    headCountKv: get('attention.head_count_kv') ?? headCount,
    keyLength: get('attention.key_length') ?? headDim,
    valueLength: get('attention.value_length') ?? headDim,
    weightsBytes: h.tensors.reduce((sum, t) => sum + t.bytes, 0),
  };
  const name = text(h.metadata.get('general.name'));
  if (name !== undefined) facts.name = name;
  const ctx = get('context_length');
  if (ctx !== undefined) facts.contextLength = ctx;
  const ff = get('feed_forward_length');
  if (ff !== undefined) facts.feedForwardLength = ff;
  const tokens = h.metadata.get('tokenizer.ggml.tokens');
  if (typeof tokens === 'object') facts.vocabSize = tokens.length;
  const template = text(h.metadata.get('tokenizer.chat_template'));
  if (template !== undefined) facts.chatTemplate = template;
  const main = mainType(h);
  if (main !== undefined) facts.mainType = main;
  return facts;
}

/** A sentence saying why this page cannot run the file, or undefined when it can. */
export function unsupportedReason(facts: ModelFacts): string | undefined {
  if (!ARCHITECTURES.has(facts.architecture)) {
    return `its architecture "${facts.architecture}" is not a text-generation model this page's llama.cpp can run`;
  }
  if (facts.blockCount <= 0 || facts.embeddingLength <= 0 || facts.headCount <= 0) {
    return `its header lacks the ${facts.architecture} sizes (block count, embedding length, head count)`;
  }
  return undefined;
}

/** A cut-off download keeps a whole header but loses the end of the weights. */
export function truncationReason(h: GgufHeader, fileSize: number): string | undefined {
  if (h.dataEnd <= fileSize) return undefined;
  const missing = h.dataEnd - fileSize;
  return `the file is incomplete: its weights need ${h.dataEnd} bytes but it has ${fileSize} (${missing} missing), probably a download that stopped early`;
}
