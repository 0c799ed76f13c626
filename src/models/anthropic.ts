// Anthropic Messages API, called straight from the page.
import type { ChatRequest, EndpointConfig, ModelClient } from '../shared/model.ts';
import { createAnthropicParser } from './parsers/anthropic.ts';
import { getJson, streamChat } from './chat.ts';
import { clientBase, requireKey, requireUrl, stripSuffix } from './client-base.ts';
import type { ClientOptions } from './client-base.ts';

/** Anthropic requires a limit; generous enough for a whole program and its explanation. */
const ANTHROPIC_DEFAULT_MAX_TOKENS = 8192;

function anthropicHeaders(key: string | undefined, json: boolean): Record<string, string> {
  const h: Record<string, string> = {
    'anthropic-version': '2023-06-01',
    // Without it the API refuses requests that carry an Origin header.
    'anthropic-dangerous-direct-browser-access': 'true',
  };
  if (json) h['content-type'] = 'application/json';
  if (key !== undefined) h['x-api-key'] = key;
  return h;
}

function anthropicBody(config: EndpointConfig, req: ChatRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: config.model,
    max_tokens: req.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    messages: req.messages,
    stream: true,
  };
  if (req.system) body.system = req.system;
  if (req.temperature !== undefined) body.temperature = req.temperature;
  return body;
}

export function createAnthropicClient(config: EndpointConfig, opts: ClientOptions = {}): ModelClient {
  const b = clientBase(config, opts);
  const root = stripSuffix(b.base, ['/v1']);
  return {
    config: b.publicConfig,
    async chat(req, chatOpts = {}) {
      requireUrl(b);
      requireKey(b);
      const http = {
        method: 'POST' as const,
        headers: anthropicHeaders(b.key, true),
        body: JSON.stringify(anthropicBody(config, req)),
      };
      return streamChat(b.transport, `${root}/v1/messages`, http, createAnthropicParser, req, chatOpts);
    },
    async listModels(signal) {
      requireUrl(b);
      requireKey(b);
      const json = (await getJson(
        b.transport,
        `${root}/v1/models?limit=1000`,
        anthropicHeaders(b.key, false),
        signal,
      )) as {
        data?: { id?: unknown }[];
      };
      // Newest first, as the API lists them: the likeliest choice stays on top.
      return (json.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
    },
  };
}
