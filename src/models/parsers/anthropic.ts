// Anthropic Messages stream: named SSE events, text and thinking in separate content blocks.
import type { StreamEvent } from '../../shared/model.ts';
import { errorFields, parseJson } from '../error-payload.ts';
import { emit, emptyState, isObject, normaliseFinish, num } from '../stream-state.ts';
import type { StreamParser, StreamState } from '../stream-state.ts';
import { createSseBody, sseStreamParser } from './sse-body.ts';

/** Cached prompt tokens are still prompt tokens: count them in. */
function inputOf(usage: Record<string, unknown>): number | undefined {
  const base = num(usage.input_tokens);
  if (base === undefined) return undefined;
  return base + (num(usage.cache_creation_input_tokens) ?? 0) + (num(usage.cache_read_input_tokens) ?? 0);
}

export function createAnthropicParser(): StreamParser {
  const state: StreamState = emptyState();
  const out: StreamEvent[] = [];

  function malformed(what: string): void {
    state.malformed ??= what;
  }

  function usage(u: unknown): void {
    if (!isObject(u)) return;
    state.inputTokens = inputOf(u) ?? state.inputTokens;
    state.outputTokens = num(u.output_tokens) ?? state.outputTokens;
  }

  function block(b: unknown): void {
    if (!isObject(b)) return;
    if (b.type === 'text' || b.type === 'text_delta') emit(state, out, 'text', b.text);
    else if (b.type === 'thinking' || b.type === 'thinking_delta') emit(state, out, 'reasoning', b.thinking);
    // tool_use, input_json_delta, signature_delta and redacted thinking carry no answer text.
  }

  function handle(type: string, json: Record<string, unknown>): void {
    switch (type) {
      case 'message_start':
        if (isObject(json.message)) usage(json.message.usage);
        break;
      case 'content_block_start':
        block(json.content_block);
        break;
      case 'content_block_delta':
        block(json.delta);
        break;
      case 'message_delta':
        if (isObject(json.delta) && typeof json.delta.stop_reason === 'string') {
          state.finishReason = normaliseFinish(json.delta.stop_reason);
        }
        usage(json.usage);
        break;
      case 'message_stop':
        state.done = true;
        break;
      case 'error':
        state.error ??= errorFields(json) ?? { message: 'unknown error' };
        break;
      default:
        // ping, content_block_stop, and event types added later.
        break;
    }
  }

  const body = createSseBody({
    onEvent(e) {
      if (state.done || state.error) return;
      const json = parseJson(e.data);
      if (!isObject(json)) return malformed(`an unreadable event: ${e.data.slice(0, 80)}`);
      const type = typeof json.type === 'string' ? json.type : (e.event ?? '');
      handle(type, json);
    },
    onJson(value) {
      if (!isObject(value)) return malformed('a JSON body that is not a reply');
      if (value.type === 'error' || value.error !== undefined) {
        state.error ??= errorFields(value) ?? { message: 'unknown error' };
        return;
      }
      if (value.type !== 'message' || !Array.isArray(value.content))
        return malformed('a JSON body that is not a message');
      for (const b of value.content as unknown[]) block(b);
      if (typeof value.stop_reason === 'string') state.finishReason = normaliseFinish(value.stop_reason);
      usage(value.usage);
      state.done = true;
    },
    onMalformed: malformed,
  });

  return sseStreamParser(state, out, body);
}
