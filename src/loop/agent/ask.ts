// One model call of an agent run: streamed, stoppable, retried once on a passing fault, and sent
// again shorter when the endpoint says the conversation is too long.
import type { ChatRequest, ModelClient, Usage } from '../../shared/model.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { sleep } from '../../shared/timers.ts';

const TRANSIENT = new Set(['server', 'network', 'bad-response']);
const RETRY_DELAY_MS = 500;

export interface AskOptions {
  model: ModelClient;
  request: ChatRequest;
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  shorter: () => ChatRequest | undefined;
  onDelta: (text: string) => void;
  onReset: () => void;
  onStatus: (text: string) => void;
}

export type Asked =
  | { ok: true; text: string; usage: Usage; calls: number }
  | { ok: false; cancelled: boolean; error: string; calls: number };

interface ErrorInfo {
  kind?: string;
  message?: string;
}

function infoOf(e: unknown): ErrorInfo {
  const info = (e as { info?: unknown } | null)?.info;
  const o = (typeof info === 'object' && info !== null ? info : e) as ErrorInfo | null;
  if (typeof o?.kind === 'string') return { kind: o.kind, message: typeof o.message === 'string' ? o.message : '' };
  if ((e as { name?: unknown } | null)?.name === 'AbortError') return { kind: 'cancelled' };
  return { message: errorMessage(e) };
}

export async function askModel(o: AskOptions): Promise<Asked> {
  let request = o.request;
  let calls = 0;
  let retried = false;
  for (;;) {
    calls++;
    let streamed = false;
    try {
      const result = await o.model.chat(
        { ...request, temperature: o.temperature, maxTokens: o.maxTokens },
        {
          signal: o.signal,
          onEvent: (e) => {
            if (e.type !== 'text' || o.signal?.aborted) return;
            streamed = true;
            o.onDelta(e.text);
          },
        },
      );
      return { ok: true, text: result.text, usage: result.usage, calls };
    } catch (err) {
      const info = infoOf(err);
      if (o.signal?.aborted || info.kind === 'cancelled')
        return { ok: false, cancelled: true, error: 'Stopped by the user.', calls };
      let next: ChatRequest | undefined;
      if (info.kind === 'context-length' && (next = o.shorter())) {
        request = next;
        o.onStatus('The conversation is too long for the model; sending it again shorter.');
      } else if (!retried && (info.kind === undefined || TRANSIENT.has(info.kind))) {
        retried = true;
        o.onStatus(`${info.message ?? 'The model call failed.'} Trying again.`);
        try {
          await sleep(RETRY_DELAY_MS, o.signal);
        } catch {
          return { ok: false, cancelled: true, error: 'Stopped by the user.', calls };
        }
      } else {
        return { ok: false, cancelled: false, error: info.message || 'The model call failed.', calls };
      }
      if (streamed) o.onReset();
    }
  }
}
