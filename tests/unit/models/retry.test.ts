import { describe, expect, it } from 'vitest';
import { ModelError } from '../../../src/models/errors.ts';
import { abortableSleep, backoffDelay, DEFAULT_RETRY, parseRetryAfter, withRetry } from '../../../src/models/retry.ts';
import type { RetryPolicy } from '../../../src/models/retry.ts';

function policy(extra: Partial<RetryPolicy> = {}): { p: RetryPolicy; waits: number[] } {
  const waits: number[] = [];
  const p: RetryPolicy = { ...DEFAULT_RETRY, random: () => 0.5, sleep: async (ms) => void waits.push(ms), ...extra };
  return { p, waits };
}

const rateLimited = (retryAfterMs?: number): ModelError =>
  new ModelError({ kind: 'rate-limit', message: 'slow down', status: 429 }, retryAfterMs);

describe('Retry-After', () => {
  it('reads seconds, an HTTP date and retry-after-ms', () => {
    const now = Date.parse('Wed, 21 Oct 2025 07:28:00 GMT');
    expect(parseRetryAfter(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(parseRetryAfter(new Headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Wed, 21 Oct 2025 07:28:05 GMT' }), now)).toBe(5000);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Wed, 21 Oct 2025 07:27:00 GMT' }), now)).toBe(0);
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(new Headers(), now)).toBeUndefined();
  });
});

describe('withRetry', () => {
  it('honours Retry-After, then succeeds', async () => {
    const { p, waits } = policy();
    let calls = 0;
    const out = await withRetry(async () => (++calls < 3 ? Promise.reject(rateLimited(1200)) : 'ok'), p);
    expect(out).toBe('ok');
    expect(waits).toEqual([1200, 1200]);
  });

  it('backs off exponentially with jitter, within bounds', () => {
    const lo = policy({ random: () => 0 }).p;
    const hi = policy({ random: () => 0.999999 }).p;
    for (let n = 1; n <= 8; n++) {
      const ceiling = Math.min(lo.maxDelayMs, lo.baseDelayMs * 2 ** (n - 1));
      expect(backoffDelay(n, lo)).toBe(ceiling / 2);
      expect(backoffDelay(n, hi)).toBeLessThanOrEqual(ceiling);
    }
  });

  it('stops after maxTries and says how many', async () => {
    const { p, waits } = policy();
    let calls = 0;
    const err = await withRetry(async () => {
      calls++;
      throw new ModelError({ kind: 'overloaded', message: 'busy.', status: 529 });
    }, p).catch((e: unknown) => e as ModelError);
    expect(calls).toBe(4);
    expect(waits).toHaveLength(3);
    expect(err.kind).toBe('overloaded');
    expect(err.message).toMatch(/Tried 4 times/);
  });

  it('never waits more than the total budget', async () => {
    const { p, waits } = policy({ maxTotalWaitMs: 5000, maxTries: 10 });
    await withRetry(async () => Promise.reject(rateLimited(2000)), p).catch(() => undefined);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5000);
  });

  it('gives up at once when Retry-After exceeds the budget, saying so', async () => {
    const { p, waits } = policy();
    const err = await withRetry(async () => Promise.reject(rateLimited(60_000)), p).catch(
      (e: unknown) => e as ModelError,
    );
    expect(waits).toEqual([]);
    expect(err.message).toMatch(/asked to wait 60 s/);
  });

  it('never retries a spent budget or any other kind', async () => {
    for (const kind of ['quota', 'auth', 'context-length', 'bad-response', 'network'] as const) {
      const { p, waits } = policy();
      let calls = 0;
      await withRetry(async () => {
        calls++;
        throw new ModelError({ kind, message: kind });
      }, p).catch(() => undefined);
      expect(calls).toBe(1);
      expect(waits).toEqual([]);
    }
  });

  it('lets the caller refuse a retry', async () => {
    const { p } = policy();
    let calls = 0;
    await withRetry(
      async () => {
        calls++;
        throw rateLimited();
      },
      p,
      undefined,
      () => false,
    ).catch(() => undefined);
    expect(calls).toBe(1);
  });

  it('stops waiting when aborted', async () => {
    const ac = new AbortController();
    const p: RetryPolicy = { ...DEFAULT_RETRY };
    const pending = withRetry(
      async () => Promise.reject(rateLimited(10_000)),
      { ...p, maxTotalWaitMs: 60_000 },
      ac.signal,
    );
    setTimeout(() => ac.abort(), 20);
    const err = (await pending.catch((e: unknown) => e)) as ModelError;
    expect(err.kind).toBe('cancelled');
  });

  it('abortableSleep rejects at once on an aborted signal', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(abortableSleep(1000, ac.signal)).rejects.toMatchObject({ kind: 'cancelled' });
  });
});
