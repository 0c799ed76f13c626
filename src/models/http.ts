// One HTTP exchange with an endpoint: fetch, map every failure to a ModelError, read bodies
// with cancellation. Retrying is the caller's choice (see run.ts).
import { httpError } from './describe.ts';
import type { ErrorContext } from './describe.ts';
import { cancelledError, isAbortError } from './errors.ts';
import { networkError } from './network-error.ts';
import { parseRetryAfter } from './retry.ts';
import type { RetryPolicy } from './retry.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface Transport {
  fetch: FetchLike;
  retry: RetryPolicy;
  ctx: ErrorContext;
  /** Only used to scrub messages; headers are built by each client. */
  apiKey: string | undefined;
  /** Give up on a request after this long without a byte from the server (idle.ts). */
  idleTimeoutMs?: number;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

const ERROR_BODY_CAP = 64 * 1024;

/** Reads at most `cap` characters; an error body may be a huge page and we only quote a line. */
export async function readText(res: Response, signal: AbortSignal | undefined, cap = Infinity): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length >= cap) {
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
    return text + decoder.decode();
  } catch (e) {
    if (signal?.aborted || isAbortError(e)) throw cancelledError();
    // A body cut off mid-way still tells us the status; keep what arrived.
    return text;
  }
}

export async function send(t: Transport, url: string, req: HttpRequest, signal?: AbortSignal): Promise<Response> {
  if (signal?.aborted) throw cancelledError();
  let res: Response;
  try {
    const init: RequestInit = {
      method: req.method,
      headers: req.headers,
      // A redirect would carry the key to wherever it points; stop and say so instead.
      redirect: 'manual',
      credentials: 'omit',
    };
    if (req.body !== undefined) init.body = req.body;
    if (signal) init.signal = signal;
    res = await t.fetch(url, init);
  } catch (e) {
    if (signal?.aborted || isAbortError(e)) throw cancelledError();
    throw networkError(t.ctx);
  }
  if (res.ok) return res;
  // In a browser a manual redirect arrives as an opaque response with status 0.
  const status = res.type === 'opaqueredirect' ? 302 : res.status;
  const body = await readText(res, signal, ERROR_BODY_CAP);
  const retryAfter = parseRetryAfter(res.headers);
  throw httpError(status, body, res.headers.get('content-type') ?? '', t.ctx, retryAfter);
}
