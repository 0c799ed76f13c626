// Ollama's native API: /api/chat (NDJSON) and /api/tags.
import type { ChatMessage, ChatRequest, EndpointConfig, ModelClient } from '../shared/model.ts';
import { createOllamaParser } from './parsers/ollama.ts';
import { getJson, streamChat } from './chat.ts';
import { clientBase, requireUrl, stripSuffix } from './client-base.ts';
import type { ClientOptions } from './client-base.ts';
import { withImageFallback } from './vision.ts';

function ollamaHeaders(key: string | undefined, json: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  if (json) h['content-type'] = 'application/json';
  // Only set when Ollama sits behind a proxy that checks one.
  if (key !== undefined) h.authorization = `Bearer ${key}`;
  return h;
}

/** Ollama takes a message's pictures as plain base64 strings beside its text. */
function ollamaMessage(m: ChatMessage): Record<string, unknown> {
  if (!m.images?.length) return { role: m.role, content: m.content };
  return { role: m.role, content: m.content, images: m.images.map((i) => i.base64) };
}

function ollamaBody(config: EndpointConfig, req: ChatRequest): Record<string, unknown> {
  const messages = req.messages.map(ollamaMessage);
  if (req.system) messages.unshift({ role: 'system', content: req.system });
  const body: Record<string, unknown> = { model: config.model, messages, stream: true };
  const options: Record<string, number> = {};
  if (req.temperature !== undefined) options.temperature = req.temperature;
  if (req.maxTokens !== undefined) options.num_predict = req.maxTokens;
  if (Object.keys(options).length > 0) body.options = options;
  return body;
}

export function createOllamaClient(config: EndpointConfig, opts: ClientOptions = {}): ModelClient {
  const b = clientBase(config, opts);
  // People paste the OpenAI-compatible address (…/v1) or the API root (…/api).
  const root = stripSuffix(b.base, ['/v1', '/api']);
  return {
    config: b.publicConfig,
    async chat(req, chatOpts = {}) {
      requireUrl(b);
      return withImageFallback(config, req, (sent) => {
        const http = {
          method: 'POST' as const,
          headers: ollamaHeaders(b.key, true),
          body: JSON.stringify(ollamaBody(config, sent)),
        };
        return streamChat(b.transport, `${root}/api/chat`, http, createOllamaParser, sent, chatOpts);
      });
    },
    async listModels(signal) {
      requireUrl(b);
      const json = (await getJson(b.transport, `${root}/api/tags`, ollamaHeaders(b.key, false), signal)) as {
        models?: { name?: unknown; model?: unknown }[];
      };
      const names = (json.models ?? []).map((m) => m.name ?? m.model).filter((n): n is string => typeof n === 'string');
      return names.sort();
    },
  };
}
