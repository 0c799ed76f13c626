// The in-page model on the same interface as every endpoint: streamed text, Stop through the
// AbortSignal, exact token counts from llama.cpp's own tokenizer, errors in the shared shape.
import type { ChatCompletionChunk, ChatCompletionMessage } from '@wllama/wllama/esm/types/oai-compat.js';
import type { ChatRequest, ChatResult, EndpointConfig, ModelClient, Usage } from '../../shared/model.ts';
import { cancelledError, isAbortError, isModelError, ModelError } from '../errors.ts';
import { normaliseFinish } from '../stream-state.ts';
import { publicConfig } from '../client-base.ts';
import { loadedModel } from './engine.ts';
import { listModels } from './model-store.ts';
import { loadPrefs } from './prefs.ts';
import { errorMessage } from '../../shared/error-message.ts';

const LOCAL_BASE_URL = 'local:';

function messagesOf(req: ChatRequest): ChatCompletionMessage[] {
  const out: ChatCompletionMessage[] = [];
  if (req.system) out.push({ role: 'system', content: req.system });
  for (const m of req.messages) out.push({ role: m.role, content: m.content });
  return out;
}

/** Counts from the last chunk: the server's usage when present, else its timings (same tokenizer). */
function usageOf(last: ChatCompletionChunk | undefined): Usage | undefined {
  if (last?.usage) return { inputTokens: last.usage.prompt_tokens, outputTokens: last.usage.completion_tokens };
  const t = last?.timings;
  if (t) return { inputTokens: t.prompt_n + t.cache_n, outputTokens: t.predicted_n };
  return undefined;
}

function failure(e: unknown, partial: string): ModelError {
  const err = isModelError(e)
    ? e
    : (e as { type?: string }).type === 'kv_cache_full'
      ? new ModelError({
          kind: 'context-length',
          message: "The conversation is longer than the in-page model's context.",
          hint: 'The loop can shorten the conversation and try again; or choose a longer context in the settings.',
        })
      : new ModelError({
          kind: 'server',
          message: `The in-page model failed: ${errorMessage(e)}`,
          hint: 'Reload the page to restart it; if it happens again, try a smaller context or another model file.',
        });
  if (partial !== '') err.partialText = partial;
  return err;
}

export function createLocalClient(config: Partial<EndpointConfig> = {}): ModelClient {
  const cfg: EndpointConfig = publicConfig({
    provider: 'local',
    baseUrl: LOCAL_BASE_URL,
    model: '',
    preset: 'local',
    ...config,
  });
  return {
    config: cfg,
    async chat(req, opts = {}): Promise<ChatResult> {
      const { signal, onEvent } = opts;
      if (signal?.aborted) throw cancelledError();
      let text = '';
      try {
        const model = await loadedModel(cfg.model);
        if (signal?.aborted) throw cancelledError();
        const prefs = loadPrefs();
        const stream = await model.wllama.createChatCompletion({
          messages: messagesOf(req),
          max_tokens: req.maxTokens ?? prefs.maxReplyTokens,
          stream: true,
          ...(req.temperature === undefined ? {} : { temperature: req.temperature }),
          ...(signal ? { abortSignal: signal } : {}),
        });
        let last: ChatCompletionChunk | undefined;
        let finish: string | undefined;
        for await (const chunk of stream) {
          last = chunk;
          const choice = chunk.choices[0];
          const piece = choice?.delta.content;
          if (piece) {
            text += piece;
            onEvent?.({ type: 'text', text: piece });
          }
          if (choice?.finish_reason) finish = choice.finish_reason;
        }
        if (signal?.aborted) throw cancelledError();
        const usage = usageOf(last) ?? { inputTokens: 0, outputTokens: 0, estimated: true };
        return { text, finishReason: normaliseFinish(finish ?? 'stop'), usage };
      } catch (e) {
        if (signal?.aborted || isAbortError(e)) {
          const c = cancelledError();
          if (text !== '') c.partialText = text;
          throw c;
        }
        throw failure(e, text);
      }
    },
    async listModels() {
      return (await listModels()).filter((m) => m.complete).map((m) => m.id);
    },
  };
}
