// The test server itself: CORS the way a strict provider does it, and OpenRouter-style comments.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer } from '../../servers/model-server.ts';
import type { ModelServer } from '../../servers/model-server.ts';

function raw(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('test server CORS', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai', allowedOrigins: ['http://allowed.test'], comments: true });
  });
  afterAll(() => server.close());

  it('answers a preflight from an allowed origin with exactly the needed headers', async () => {
    const res = await raw(`${server.baseUrl}/chat/completions`, 'OPTIONS', {
      origin: 'http://allowed.test',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
      'access-control-request-private-network': 'true',
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://allowed.test');
    expect(res.headers['access-control-allow-headers']).toBe('authorization, content-type');
    expect(res.headers['access-control-allow-private-network']).toBe('true');
    expect(server.requests.at(-1)?.preflightHeaders).toEqual(['authorization', 'content-type']);
  });

  it('gives a refused origin no CORS headers at all', async () => {
    const pre = await raw(`${server.baseUrl}/chat/completions`, 'OPTIONS', {
      origin: 'http://refused.test',
      'access-control-request-method': 'POST',
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const res = await raw(`${server.baseUrl}/models`, 'GET', { origin: 'http://refused.test' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('exposes Retry-After to an allowed page', async () => {
    const res = await raw(
      `${server.baseUrlFor('rate-limit')}/chat/completions`,
      'POST',
      { origin: 'http://allowed.test', 'content-type': 'application/json' },
      '{"model":"m","messages":[]}',
    );
    expect(res.status).toBe(429);
    expect(res.headers['access-control-allow-origin']).toBe('http://allowed.test');
    expect(res.headers['access-control-expose-headers']).toBe('retry-after');
  });

  it('streams SSE with comment lines, data lines and [DONE]', async () => {
    const res = await raw(
      `${server.baseUrl}/chat/completions`,
      'POST',
      { 'content-type': 'application/json' },
      '{"model":"m","messages":[],"stream":true,"stream_options":{"include_usage":true}}',
    );
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.body.startsWith(': OPENROUTER PROCESSING\n\n')).toBe(true);
    expect(res.body).toContain('"choices":[],"usage":{"prompt_tokens"');
    expect(res.body.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('refuses Anthropic browser calls without the direct-access header, as the real API does', async () => {
    const a = await startModelServer({ format: 'anthropic' });
    try {
      const res = await raw(
        `${a.url}/v1/messages`,
        'POST',
        { origin: 'http://x.test', 'content-type': 'application/json' },
        '{"model":"m","messages":[]}',
      );
      expect(res.status).toBe(401);
      expect(res.body).toContain('anthropic-dangerous-direct-browser-access');
    } finally {
      await a.close();
    }
  });
});
