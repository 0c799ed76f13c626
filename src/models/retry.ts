// Retries for rate limits and overload: bounded in tries and in total waiting time.
import { sleep } from '../shared/timers.ts';
import { cancelledError, isRetryable, ModelError } from './errors.ts';

export interface RetryPolicy {
  maxTries: number;
  /** Total time spent waiting between tries, across all of them. */
  maxTotalWaitMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Injected so tests do not wait; must reject when the signal aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  /** Told about each wait, so a view can say "retrying in 3 s". */
  onRetry?: (info: { attempt: number; delayMs: number; error: ModelError }) => void;
}

/** A wait that rejects with the clients' own cancelled error. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return sleep(ms, signal, cancelledError);
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxTries: 4,
  maxTotalWaitMs: 20_000,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
  sleep: abortableSleep,
  random: Math.random,
};

/** Retry-After as seconds or an HTTP date; OpenAI also sends retry-after-ms. */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential, with jitter so many tabs hitting one limit do not retry in step. */
export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + policy.random() * (ceiling / 2));
}

function gaveUp(e: ModelError, tries: number, note: string): ModelError {
  const tried = tries > 1 ? ` Tried ${tries} times.` : '';
  const out = new ModelError({ ...e.info, message: `${e.info.message}${tried}${note}` }, e.retryAfterMs);
  if (e.partialText !== undefined) out.partialText = e.partialText;
  return out;
}

/** shouldRetry lets a caller refuse a retry, e.g. once part of a reply has been shown. */
export async function withRetry<T>(
  attempt: (n: number) => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
  shouldRetry: (e: ModelError) => boolean = () => true,
): Promise<T> {
  let waited = 0;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (e) {
      if (!isRetryable(e) || !shouldRetry(e)) throw e;
      if (n >= policy.maxTries) throw gaveUp(e, n, '');
      const delay = e.retryAfterMs ?? backoffDelay(n, policy);
      if (waited + delay > policy.maxTotalWaitMs) {
        const asked =
          e.retryAfterMs !== undefined ? ` The server asked to wait ${Math.ceil(e.retryAfterMs / 1000)} s.` : '';
        throw gaveUp(e, n, asked);
      }
      policy.onRetry?.({ attempt: n, delayMs: delay, error: e });
      await policy.sleep(delay, signal);
      waited += delay;
    }
  }
}
