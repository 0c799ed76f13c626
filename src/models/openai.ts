// OpenAI Chat Completions and the servers that copy it (OpenRouter, Groq, Gemini, Mistral,
// DeepSeek, LM Studio, llama.cpp, vLLM, Ollama's /v1).
import type { ChatMessage, ChatRequest, EndpointConfig, ModelClient } from '../shared/model.ts';
import { endpointChoices } from './choices.ts';
import { createOpenAIParser } from './parsers/openai.ts';
import { getJson, streamChat } from './chat.ts';
import { clientBase, requireKey, requireUrl } from './client-base.ts';
import type { ClientOptions } from './client-base.ts';
import { dataUrl, withImageFallback } from './vision.ts';

function openaiHeaders(key: string | undefined, json: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  if (json) h['content-type'] = 'application/json';
  if (key !== undefined) h.authorization = `Bearer ${key}`;
  return h;
}

/** A message with pictures as content parts: the text, then each picture as a data: URL. */
function openaiMessage(m: ChatMessage): Record<string, unknown> {
  if (!m.images?.length) return { role: m.role, content: m.content };
  const parts: Record<string, unknown>[] = [{ type: 'text', text: m.content }];
  for (const i of m.images) parts.push({ type: 'image_url', image_url: { url: dataUrl(i) } });
  return { role: m.role, content: parts };
}

function openaiBody(
  config: EndpointConfig,
  req: ChatRequest,
  streamUsage: boolean,
  maxField: string,
): Record<string, unknown> {
  const messages = req.messages.map(openaiMessage);
  if (req.system) messages.unshift({ role: 'system', content: req.system });
  const body: Record<string, unknown> = { model: config.model, messages, stream: true };
  if (streamUsage) body.stream_options = { include_usage: true };
  if (req.temperature !== undefined) body.temperature = req.temperature;
  if (req.maxTokens !== undefined) body[maxField] = req.maxTokens;
  if (req.n !== undefined && req.n > 1) body.n = req.n;
  return body;
}

export function createOpenAIClient(config: EndpointConfig, opts: ClientOptions = {}): ModelClient {
  const b = clientBase(config, opts);
  const choices = endpointChoices(b.publicConfig, b.preset.acceptsN);
  return {
    config: b.publicConfig,
    get multipleChoices() {
      return choices.multipleChoices;
    },
    refusesChoices: choices.refusesChoices,
    async chat(req, chatOpts = {}) {
      requireUrl(b);
      requireKey(b);
      return withImageFallback(config, req, (sent) => {
        const body = openaiBody(config, sent, b.preset.streamUsage, b.preset.maxTokensField);
        const http = { method: 'POST' as const, headers: openaiHeaders(b.key, true), body: JSON.stringify(body) };
        return streamChat(b.transport, `${b.base}/chat/completions`, http, createOpenAIParser, sent, chatOpts);
      });
    },
    async listModels(signal) {
      requireUrl(b);
      requireKey(b);
      const json = (await getJson(b.transport, `${b.base}/models`, openaiHeaders(b.key, false), signal)) as {
        data?: { id?: unknown }[];
      };
      const ids = (json.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
      // Gemini lists "models/gemini-…" but its chat endpoint is documented with the bare name.
      return [...new Set(ids.map((id) => id.replace(/^models\//, '')))].sort();
    },
  };
}
