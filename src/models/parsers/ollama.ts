// Ollama's native /api/chat stream: one JSON object per line, the last with done:true and counts.
import type { StreamEvent } from '../../shared/model.ts';
import { parseJson } from '../error-payload.ts';
import { ChunkDecoder, emit, emptyState, isObject, normaliseFinish, num } from '../stream-state.ts';
import type { StreamParser, StreamState } from '../stream-state.ts';

export function createOllamaParser(): StreamParser {
  const state: StreamState = emptyState();
  const decoder = new ChunkDecoder();
  let out: StreamEvent[] = [];
  let buffer = '';
  let sawLine = false;

  function line(raw: string): void {
    const text = raw.trim();
    if (text === '' || state.done || state.error || state.malformed) return;
    if (!sawLine && text.startsWith('<')) {
      state.malformed = 'a web page instead of a stream';
      return;
    }
    sawLine = true;
    const json = parseJson(text);
    if (!isObject(json)) {
      state.malformed = `an unreadable line: ${text.slice(0, 80)}`;
      return;
    }
    if (typeof json.error === 'string') {
      state.error = { message: json.error };
      return;
    }
    if (isObject(json.message)) {
      emit(state, out, 'reasoning', json.message.thinking);
      emit(state, out, 'text', json.message.content);
    }
    if (json.done === true) {
      state.done = true;
      state.finishReason = normaliseFinish(typeof json.done_reason === 'string' ? json.done_reason : 'stop');
      // prompt_eval_count is left out when the whole prompt came from Ollama's cache.
      state.inputTokens = num(json.prompt_eval_count);
      state.outputTokens = num(json.eval_count);
    }
  }

  function drain(): void {
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      line(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
    }
  }

  return {
    state,
    push(chunk) {
      out = [];
      buffer += decoder.decode(chunk);
      drain();
      return out;
    },
    end() {
      out = [];
      buffer += decoder.flush();
      drain();
      line(buffer);
      buffer = '';
      return out;
    },
  };
}
