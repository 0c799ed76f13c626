// The shared shape of a call: send, read, retry while nothing has been shown, normalise errors.
import type { ChatRequest, ChatResult, StreamEvent } from '../shared/model.ts';
import { streamError } from './describe.ts';
import type { ModelError } from './errors.ts';
import { isModelError, scrubError } from './errors.ts';
import { readText, send } from './http.ts';
import type { HttpRequest, Transport } from './http.ts';
import { parseJson } from './error-payload.ts';
import { DEFAULT_IDLE_TIMEOUT_MS, idleError, watchIdle } from './idle.ts';
import { droppedError, malformedError } from './network-error.ts';
import { readInto, type ReadOutcome } from './read-stream.ts';
import { withRetry } from './retry.ts';
import type { StreamParser } from './stream-state.ts';
import { usageFrom } from './usage.ts';

export interface ChatOpts {
  signal?: AbortSignal;
  onEvent?: (e: StreamEvent) => void;
}

function clean(e: unknown, t: Transport): unknown {
  return isModelError(e) ? scrubError(e, t.apiKey) : e;
}

function withPartial(e: ModelError, text: string): ModelError {
  if (text !== '') e.partialText = text;
  return e;
}

export async function streamChat(
  t: Transport,
  url: string,
  req: HttpRequest,
  makeParser: () => StreamParser,
  chat: ChatRequest,
  opts: ChatOpts = {},
): Promise<ChatResult> {
  const { signal, onEvent } = opts;
  let shown = false;
  const relay = (e: StreamEvent): void => {
    shown = true;
    onEvent?.(e);
  };
  const idleMs = t.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const attempt = async (): Promise<ChatResult> => {
    const idle = watchIdle(idleMs, signal);
    const parser = makeParser();
    let outcome: ReadOutcome;
    try {
      const res = await send(t, url, req, idle.signal);
      outcome = await readInto(res, parser, idle.signal, relay, idle.touch);
    } catch (e) {
      throw idle.fired() ? withPartial(idleError(t.ctx, idleMs), parser.state.text) : e;
    } finally {
      idle.stop();
    }
    const s = parser.state;
    if (s.error) throw withPartial(streamError(s.error, t.ctx), s.text);
    if (s.malformed) throw withPartial(malformedError(t.ctx, s.malformed), s.text);
    if (!s.done && s.finishReason === undefined) {
      const why = outcome === 'dropped' ? 'the connection was cut' : 'the stream stopped without its end marker';
      throw withPartial(droppedError(t.ctx, why), s.text);
    }
    const finishReason = s.finishReason ?? 'stop';
    const others = [...(s.others ?? [])]
      .sort(([a], [b]) => a - b)
      .map(([, c]) => ({ text: c.text, finishReason: c.finishReason ?? 'stop' }));
    const result: ChatResult = {
      text: s.text,
      finishReason,
      usage: usageFrom(s, chat, s.text + s.reasoning + others.map((c) => c.text).join(''), t.ctx.preset.provider),
    };
    if (s.reasoning !== '') result.reasoning = s.reasoning;
    if ((chat.n ?? 1) > 1) result.choices = [{ text: s.text, finishReason }, ...others];
    return result;
  };
  try {
    // Once text has reached the caller a retry would show it twice, so only early failures retry.
    return await withRetry(attempt, t.retry, signal, () => !shown);
  } catch (e) {
    throw clean(e, t);
  }
}

export async function getJson(
  t: Transport,
  url: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<unknown> {
  const idleMs = t.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const attempt = async (): Promise<unknown> => {
    const idle = watchIdle(idleMs, signal);
    let text: string;
    try {
      const res = await send(t, url, { method: 'GET', headers }, idle.signal);
      text = await readText(res, idle.signal);
    } catch (e) {
      throw idle.fired() ? idleError(t.ctx, idleMs) : e;
    } finally {
      idle.stop();
    }
    const json = parseJson(text);
    if (json === undefined) {
      throw malformedError(
        t.ctx,
        text.trim().startsWith('<') ? 'a web page instead of JSON' : 'a body that is not JSON',
      );
    }
    return json;
  };
  try {
    return await withRetry(attempt, t.retry, signal);
  } catch (e) {
    throw clean(e, t);
  }
}
