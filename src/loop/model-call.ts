// One model call as the loop sees it: streamed, stoppable at once, shrunk and retried when the
// endpoint says the context is too long, retried once more on a passing network or server fault.
import type { ChatResult, ModelClient, ModelErrorInfo, ModelErrorKind } from '../shared/model.ts';
import { sleep } from '../shared/timers.ts';
import { shrink, type Conversation } from './budget.ts';
import { errorMessage } from '../shared/error-message.ts';

const KINDS: ReadonlySet<string> = new Set<ModelErrorKind>([
  'auth',
  'not-found',
  'context-length',
  'rate-limit',
  'quota',
  'overloaded',
  'network',
  'bad-response',
  'server',
  'bad-request',
  'cancelled',
]);

/**
 * Clients already wait out rate limits and overload; these are the faults a second try may
 * still fix (a dropped stream, a proxy hiccup).
 */
const TRANSIENT: ReadonlySet<ModelErrorKind> = new Set(['server', 'network', 'bad-response']);
/** Clients do not retry once text has been shown (it would show twice), so here they pass too. */
const PASSING: ReadonlySet<ModelErrorKind> = new Set(['overloaded', 'rate-limit']);

function asInfo(v: unknown): ModelErrorInfo | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.kind !== 'string' || !KINDS.has(o.kind) || typeof o.message !== 'string') return undefined;
  const info: ModelErrorInfo = { kind: o.kind as ModelErrorKind, message: o.message };
  if (typeof o.hint === 'string') info.hint = o.hint;
  if (typeof o.status === 'number') info.status = o.status;
  return info;
}

/** Reads the clients' error shape without importing it: the loop depends on shared types only. */
function toModelError(e: unknown): ModelErrorInfo {
  const info = asInfo((e as { info?: unknown } | null)?.info) ?? asInfo(e);
  if (info) return info;
  if ((e as { name?: unknown } | null)?.name === 'AbortError')
    return { kind: 'cancelled', message: 'The request was cancelled.' };
  const said = errorMessage(e);
  return { kind: 'server', message: `The model call failed: ${said}` };
}

const CANCELLED: ModelErrorInfo = { kind: 'cancelled', message: 'Stopped by the user.' };

/** Settles as soon as the signal aborts, even if the client does not listen to it. */
function abortable<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(CANCELLED);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => (signal.removeEventListener('abort', onAbort), resolve(v)),
      (e: unknown) => (signal.removeEventListener('abort', onAbort), reject(e)),
    );
  });
}

export interface ModelCallOptions {
  model: ModelClient;
  conversation: Conversation;
  temperature?: number;
  maxTokens?: number;
  /** Replies to ask for in this one request (OpenAI's `n`). */
  n?: number;
  signal?: AbortSignal;
  /** Shorter conversations tried after a context-length error. */
  maxShrinks: number;
  /** Further tries after a transient fault. */
  retries: number;
  retryDelayMs: number;
  onDelta?: (text: string) => void;
  /** Text streamed so far belongs to a call that failed and is being retried. */
  onReset?: () => void;
  onStatus?: (text: string) => void;
}

export type ModelCallOutcome =
  | { ok: true; result: ChatResult; conversation: Conversation }
  | { ok: false; error: ModelErrorInfo; conversation: Conversation };

export async function callModel(o: ModelCallOptions): Promise<ModelCallOutcome> {
  let conversation = o.conversation;
  let shrinks = 0;
  let retries = 0;
  for (;;) {
    const req = { ...conversation.request, temperature: o.temperature, maxTokens: o.maxTokens };
    if (o.n !== undefined && o.n > 1) Object.assign(req, { n: o.n });
    let streamed = false;
    try {
      const onEvent = (e: { type: string; text: string }): void => {
        if (e.type !== 'text' || o.signal?.aborted) return;
        streamed = true;
        o.onDelta?.(e.text);
      };
      const result = await abortable(o.model.chat(req, { signal: o.signal, onEvent }), o.signal);
      return { ok: true, result, conversation };
    } catch (raw) {
      const error = o.signal?.aborted ? CANCELLED : toModelError(raw);
      if (error.kind === 'cancelled') return { ok: false, error, conversation };
      let next: Conversation | undefined;
      if (error.kind === 'context-length' && shrinks < o.maxShrinks && (next = shrink(conversation))) {
        shrinks++;
        conversation = next;
        o.onStatus?.('The conversation is too long for the model; retrying with a shorter one.');
      } else if ((TRANSIENT.has(error.kind) || (streamed && PASSING.has(error.kind))) && retries < o.retries) {
        retries++;
        o.onStatus?.(`${error.message} Trying again.`);
        try {
          await sleep(o.retryDelayMs * retries, o.signal);
        } catch {
          return { ok: false, error: CANCELLED, conversation };
        }
      } else {
        return { ok: false, error, conversation };
      }
      if (streamed) o.onReset?.();
    }
  }
}
