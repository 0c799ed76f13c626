import { describe, expect, it } from 'vitest';
import { getPreset, guessPreset, PRESETS, presetFor } from '../../../src/models/presets.ts';
import { addUsage, costOf, estimateTokens, formatCost, formatUsage, usageFrom } from '../../../src/models/usage.ts';

describe('presets', () => {
  it('covers every provider the issue names, with base URLs as providers write them', () => {
    const ids = PRESETS.map((p) => p.id);
    expect(ids).toEqual([
      'openai',
      'anthropic',
      'openrouter',
      'groq',
      'gemini',
      'mistral',
      'deepseek',
      'ollama',
      'lmstudio',
      'llamacpp',
      'vllm',
      'custom',
      'demo',
      'local',
    ]);
    expect(getPreset('gemini')?.baseUrl).toBe('https://generativelanguage.googleapis.com/v1beta/openai');
    expect(getPreset('anthropic')?.baseUrl).toBe('https://api.anthropic.com');
    expect(getPreset('ollama')?.baseUrl).toBe('http://localhost:11434');
    for (const p of PRESETS) {
      if (p.provider === 'openai' && p.baseUrl !== '' && p.id !== 'gemini') expect(p.baseUrl).toMatch(/\/v1$/);
      expect(typeof p.needsKey === 'boolean' || p.needsKey === 'optional').toBe(true);
      if (p.id !== 'demo') expect(p.corsHint.length).toBeGreaterThan(20);
      if (p.needsKey === true) expect(p.keyUrl).toMatch(/^https:\/\//);
    }
  });

  it('guesses the preset of a config saved without one', () => {
    expect(guessPreset('openai', 'http://localhost:1234/v1/').id).toBe('lmstudio');
    expect(guessPreset('openai', 'http://127.0.0.1:8080/v1').id).toBe('llamacpp');
    expect(guessPreset('openai', 'https://api.groq.com/openai/v1').id).toBe('groq');
    expect(guessPreset('openai', 'https://llm.example.org/v1').id).toBe('custom');
    expect(presetFor({ preset: 'anthropic', provider: 'openai', baseUrl: 'https://x.example/v1' }).id).toBe('custom');
  });
});

describe('usage and cost', () => {
  it('prefers reported counts and marks estimates', () => {
    const req = { system: 'abcd', messages: [{ role: 'user' as const, content: 'efgh' }] };
    expect(usageFrom({ inputTokens: 3, outputTokens: 4 }, req, 'xx')).toEqual({ inputTokens: 3, outputTokens: 4 });
    expect(usageFrom({}, req, 'x'.repeat(9))).toEqual({ inputTokens: 2, outputTokens: 3, estimated: true });
    expect(usageFrom({ outputTokens: 5 }, req, '')).toEqual({ inputTokens: 2, outputTokens: 5, estimated: true });
    expect(estimateTokens('')).toBe(0);
  });

  it('computes cost from prices per million tokens, and none without prices', () => {
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 500_000 }, { priceInPerM: 3, priceOutPerM: 15 })).toBeCloseTo(
      10.5,
    );
    expect(costOf({ inputTokens: 10, outputTokens: 10 }, {})).toBeUndefined();
    expect(formatCost(10.5)).toBe('$10.50');
    expect(formatCost(0.0042)).toBe('$0.0042');
    expect(formatCost(0.00001)).toBe('< $0.0001');
    expect(formatUsage({ inputTokens: 10, outputTokens: 2, estimated: true })).toBe('~10 in, ~2 out (estimated)');
    expect(addUsage({ inputTokens: 1, outputTokens: 2 }, { inputTokens: 3, outputTokens: 4, estimated: true })).toEqual(
      { inputTokens: 4, outputTokens: 6, estimated: true },
    );
  });
});
