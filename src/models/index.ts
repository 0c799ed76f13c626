// The one entry point the rest of the app uses to get a client for a configured endpoint.
import type { EndpointConfig, ModelClient } from '../shared/model.ts';
import { createAnthropicClient } from './anthropic.ts';
import { createDemoClient } from './demo.ts';
import { createLocalClient } from './local/local-client.ts';
import type { DemoOptions } from './demo.ts';
import { createOllamaClient } from './ollama.ts';
import { createOpenAIClient } from './openai.ts';
import type { ClientOptions } from './transport.ts';

export interface FactoryOptions extends ClientOptions {
  demo?: DemoOptions;
}

export function createModelClient(config: EndpointConfig, opts: FactoryOptions = {}): ModelClient {
  switch (config.provider) {
    case 'openai':
      return createOpenAIClient(config, opts);
    case 'anthropic':
      return createAnthropicClient(config, opts);
    case 'ollama':
      return createOllamaClient(config, opts);
    case 'demo':
      return createDemoClient(config, opts.demo);
    case 'local':
      return createLocalClient(config);
  }
}

export { ModelError, isModelError } from './errors.ts';
export { PRESETS, getPreset, presetFor } from './presets.ts';
export type { Preset, PresetId } from './presets.ts';
export { createKeyStore, describeKeyPlace, withKey, keyOrigin } from './keys.ts';
export type { KeyPlace, KeyStore } from './keys.ts';
export { costOf, formatCost, formatUsage, estimateTokens, addUsage } from './usage.ts';
export { publicConfig } from './transport.ts';
export type { ClientOptions } from './transport.ts';
export type { RetryPolicy } from './retry.ts';
export { DEMO_LABEL, DEMO_MODEL, demoReply } from './demo.ts';
