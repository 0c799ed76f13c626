import { describe, expect, it } from 'vitest';
import { estimateMemory, GiB, memoryBudget, memoryProblem } from '../../../../src/models/local/memory.ts';
import type { ModelFacts } from '../../../../src/models/local/model-facts.ts';

// Qwen2.5-Coder-1.5B-Instruct in Q4_K_M, as its header describes it.
const qwen15: ModelFacts = {
  architecture: 'qwen2',
  contextLength: 32768,
  embeddingLength: 1536,
  blockCount: 28,
  headCount: 12,
  headCountKv: 2,
  keyLength: 128,
  valueLength: 128,
  feedForwardLength: 8960,
  vocabSize: 151936,
  weightsBytes: 1.04 * GiB,
};

describe('memory estimate', () => {
  it('counts the KV cache of the chosen context: K and V, f16, per layer', () => {
    const e = estimateMemory(qwen15, 4096);
    expect(e.kvCache).toBe(2 * 4096 * 28 * 2 * 128 * 2);
    expect(e.weights).toBe(qwen15.weightsBytes);
    expect(e.total).toBe(e.weights + e.kvCache + e.compute);
  });

  it('grows with the context', () => {
    expect(estimateMemory(qwen15, 32768).total).toBeGreaterThan(estimateMemory(qwen15, 4096).total);
  });

  it('lets a 1.5B Q4 model with a 4096-token context fit a 4 GiB device', () => {
    expect(memoryProblem(estimateMemory(qwen15, 4096), memoryBudget({ deviceMemoryGiB: 4 }))).toBeUndefined();
  });

  it('refuses in words when the device is too small, saying what bounds it', () => {
    const problem = memoryProblem(estimateMemory(qwen15, 4096), memoryBudget({ deviceMemoryGiB: 1 }));
    expect(problem).toMatch(/needs about 1\.\d GiB/);
    expect(problem).toMatch(/reports 1 GiB/);
  });

  it('never allows more than WebAssembly can address', () => {
    const big = { ...qwen15, weightsBytes: 5 * GiB };
    expect(memoryBudget({ deviceMemoryGiB: 32 }).bytes).toBe(4 * GiB);
    expect(memoryProblem(estimateMemory(big, 2048), memoryBudget({ deviceMemoryGiB: 32 }))).toMatch(/4 GiB/);
  });

  it('takes the user bound when it is the smallest', () => {
    const b = memoryBudget({ deviceMemoryGiB: 8, userLimitBytes: 256 * 1024 ** 2 });
    expect(b.bytes).toBe(256 * 1024 ** 2);
    expect(memoryProblem(estimateMemory(qwen15, 4096), b)).toMatch(/memory limit set in the settings/);
  });
});
