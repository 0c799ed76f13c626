// How much memory a model and its context need, and how much this page may use: llama.cpp
// allocates everything up front, so a model that does not fit is refused before loading.
import { formatBytes } from '../../shared/format.ts';
import type { ModelFacts } from './model-facts.ts';

export const GiB = 1024 ** 3;
/** The multi-threaded build's WebAssembly memory cannot grow past 4 GiB. */
const WASM_LIMIT_BYTES = 4 * GiB;
/** Tokens per batch: llama.cpp reserves working memory for one batch of this size. */
const UBATCH = 512;
/** Runtime, tokenizer tables, the chat-template engine, slack. */
const FIXED_OVERHEAD = 48 * 1024 ** 2;

export interface MemoryEstimate {
  weights: number;
  kvCache: number;
  compute: number;
  total: number;
  contextTokens: number;
}

export function estimateMemory(f: ModelFacts, contextTokens: number): MemoryEstimate {
  // K and V, f16, for every layer and every position.
  const kvCache = 2 * contextTokens * f.blockCount * f.headCountKv * ((f.keyLength + f.valueLength) / 2) * 2;
  const vocab = f.vocabSize ?? 32_000;
  const ff = f.feedForwardLength ?? 4 * f.embeddingLength;
  const attention = f.headCount * Math.min(contextTokens, 4096) * UBATCH * 4;
  const activations = UBATCH * (vocab + 4 * f.embeddingLength + 2 * ff) * 4;
  const compute = attention + activations + FIXED_OVERHEAD;
  return { weights: f.weightsBytes, kvCache, compute, total: f.weightsBytes + kvCache + compute, contextTokens };
}

export interface MemoryBudget {
  bytes: number;
  /** What sets the bound, in words. */
  why: string;
}

/**
 * The smallest of: WebAssembly's limit, three quarters of what the device reports
 * (navigator.deviceMemory, in GiB, rounded down by the browser), and the user's own bound.
 */
export function memoryBudget(env: {
  deviceMemoryGiB?: number | undefined;
  userLimitBytes?: number | undefined;
}): MemoryBudget {
  let best: MemoryBudget = { bytes: WASM_LIMIT_BYTES, why: 'WebAssembly memory in a page is limited to 4 GiB' };
  if (env.deviceMemoryGiB !== undefined && env.deviceMemoryGiB > 0) {
    const device = env.deviceMemoryGiB * GiB * 0.75;
    if (device < best.bytes) {
      best = {
        bytes: device,
        why: `this device reports ${env.deviceMemoryGiB} GiB of memory, and the page keeps a quarter free`,
      };
    }
  }
  if (env.userLimitBytes !== undefined && env.userLimitBytes > 0 && env.userLimitBytes < best.bytes) {
    best = { bytes: env.userLimitBytes, why: 'the memory limit set in the settings' };
  }
  return best;
}

/** A refusal a user can act on, or undefined when the model fits. */
export function memoryProblem(e: MemoryEstimate, budget: MemoryBudget): string | undefined {
  if (e.total <= budget.bytes) return undefined;
  return (
    `This model needs about ${formatBytes(e.total)} (weights ${formatBytes(e.weights)}, ` +
    `a ${e.contextTokens}-token context ${formatBytes(e.kvCache)}, working memory ${formatBytes(e.compute)}), ` +
    `but the page may use at most ${formatBytes(budget.bytes)}: ${budget.why}. ` +
    'Pick a smaller model (a 0.5B to 1.5B model in Q4_K_M), or a shorter context.'
  );
}
