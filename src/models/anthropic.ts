// Anthropic Messages API, called straight from the page.
import type { ChatMessage, ChatRequest, EndpointConfig, ModelClient } from '../shared/model.ts';
import { createAnthropicParser } from './parsers/anthropic.ts';
import { getJson, streamChat } from './chat.ts';
import { clientBase, requireKey, requireUrl, stripSuffix } from './client-base.ts';
import type { ClientOptions } from './client-base.ts';
import { withImageFallback } from './vision.ts';

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

/** A message with pictures as content blocks: each picture (base64 source), then the text. */
function anthropicMessage(m: ChatMessage): Record<string, unknown> {
  if (!m.images?.length) return { role: m.role, content: m.content };
  const blocks: Record<string, unknown>[] = m.images.map((i) => ({
    type: 'image',
    source: { type: 'base64', media_type: i.mime, data: i.base64 },
  }));
  blocks.push({ type: 'text', text: m.content });
  return { role: m.role, content: blocks };
}

function anthropicBody(config: EndpointConfig, req: ChatRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: config.model,
    max_tokens: req.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    messages: req.messages.map(anthropicMessage),
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
      return withImageFallback(config, req, (sent) => {
        const http = {
          method: 'POST' as const,
          headers: anthropicHeaders(b.key, true),
          body: JSON.stringify(anthropicBody(config, sent)),
        };
        return streamChat(b.transport, `${root}/v1/messages`, http, createAnthropicParser, sent, chatOpts);
      });
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
