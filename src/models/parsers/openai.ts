// OpenAI Chat Completions stream (and the many servers that copy it).
import type { StreamEvent } from '../../shared/model.ts';
import { errorFields, parseJson } from '../error-payload.ts';
import { emit, emptyState, isObject, normaliseFinish, num } from '../stream-state.ts';
import type { StreamParser, StreamState } from '../stream-state.ts';
import { createSseBody, sseStreamParser } from './sse-body.ts';

export function createOpenAIParser(): StreamParser {
  const state: StreamState = emptyState();
  const out: StreamEvent[] = [];

  function malformed(what: string): void {
    state.malformed ??= what;
  }

  function usageOf(json: Record<string, unknown>): Record<string, unknown> | undefined {
    if (isObject(json.usage)) return json.usage;
    // Groq has put usage under x_groq in its final chunk.
    if (isObject(json.x_groq) && isObject(json.x_groq.usage)) return json.x_groq.usage;
    return undefined;
  }

  function handle(json: Record<string, unknown>): void {
    if (json.error !== undefined || json.object === 'error') {
      state.error ??= errorFields(json) ?? { message: 'unknown error' };
      return;
    }
    const usage = usageOf(json);
    if (usage) {
      state.inputTokens = num(usage.prompt_tokens) ?? state.inputTokens;
      state.outputTokens = num(usage.completion_tokens) ?? state.outputTokens;
    }
    const choices = Array.isArray(json.choices) ? (json.choices as unknown[]) : [];
    for (const c of choices) {
      if (!isObject(c)) continue;
      if (c.index === undefined || c.index === 0) first(c);
      else if (typeof c.index === 'number') other(c.index, c);
    }
  }

  // A server that ignored stream:true sends `message` instead of `delta`.
  const deltaOf = (choice: Record<string, unknown>): Record<string, unknown> | undefined =>
    isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : undefined;

  /** The first reply is streamed as events; the others (a request with `n`) are only collected. */
  function first(choice: Record<string, unknown>): void {
    const delta = deltaOf(choice);
    if (delta) {
      emit(state, out, 'reasoning', delta.reasoning_content ?? delta.reasoning);
      emit(state, out, 'text', delta.content);
    }
    if (typeof choice.finish_reason === 'string') {
      state.finishReason = normaliseFinish(choice.finish_reason);
      if (choice.finish_reason === 'error') state.error ??= { message: 'the provider ended the reply with an error' };
    }
  }

  function other(index: number, choice: Record<string, unknown>): void {
    const others = (state.others ??= new Map());
    const got = others.get(index) ?? { text: '' };
    others.set(index, got);
    const content = deltaOf(choice)?.content;
    if (typeof content === 'string') got.text += content;
    if (typeof choice.finish_reason === 'string') got.finishReason = normaliseFinish(choice.finish_reason);
  }

  const body = createSseBody({
    onEvent(e) {
      if (state.done || state.error) return;
      if (e.data.trim() === '[DONE]') {
        state.done = true;
        return;
      }
      const json = parseJson(e.data);
      if (isObject(json)) handle(json);
      else malformed(`an unreadable chunk: ${e.data.slice(0, 80)}`);
    },
    onJson(value) {
      if (Array.isArray(value)) {
        // Gemini sends its errors as a one-element array.
        const f = errorFields(value);
        if (f) state.error ??= f;
        else malformed('a JSON array instead of a reply');
        return;
      }
      if (!isObject(value)) return malformed('a JSON body that is not a reply');
      handle(value);
      if (!state.error) state.done = state.finishReason !== undefined || state.text !== '';
    },
    onMalformed: malformed,
  });

  return sseStreamParser(state, out, body);
}
