// The one entry point the rest of the app uses to get a client for a configured endpoint.
import type { EndpointConfig, ModelClient } from '../shared/model.ts';
import { createAnthropicClient } from './anthropic.ts';
import type { ClientOptions } from './client-base.ts';
import { createDemoClient } from './demo.ts';
import { createLocalClient } from './local/local-client.ts';
import type { DemoOptions } from './demo.ts';
import { createOllamaClient } from './ollama.ts';
import { createOpenAIClient } from './openai.ts';

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
