// Only the headers a provider needs go out (extra ones break CORS preflights), the key only
// goes to its own endpoint, and redirects never carry it elsewhere.
import { describe, expect, it } from 'vitest';
import { createModelClient } from '../../../src/models/create-client.ts';
import { createKeyStore, withKey } from '../../../src/models/keys.ts';
import type { ModelError } from '../../../src/models/errors.ts';
import type { EndpointConfig } from '../../../src/shared/model.ts';
import { startModelServer } from '../../servers/model-server.ts';

interface Seen {
  url: string;
  init: RequestInit;
}

function recorder(reply: () => Response = () => new Response('', { status: 500 })) {
  const seen: Seen[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    seen.push({ url, init });
    return reply();
  };
  return { seen, fetch };
}

const ask = { messages: [{ role: 'user' as const, content: 'hi' }] };
const headersOf = (s: Seen | undefined) => (s?.init.headers ?? {}) as Record<string, string>;

describe('header sets', () => {
  it.each([
    [
      'openai',
      'https://api.openai.com/v1',
      { 'content-type': 'application/json', authorization: 'Bearer K-123456' },
      { authorization: 'Bearer K-123456' },
    ],
    [
      'anthropic',
      'https://api.anthropic.com',
      {
        'content-type': 'application/json',
        'x-api-key': 'K-123456',
        'anthropic-version': '2023-06-01',
        'anthropic-dangerous-direct-browser-access': 'true',
      },
      {
        'x-api-key': 'K-123456',
        'anthropic-version': '2023-06-01',
        'anthropic-dangerous-direct-browser-access': 'true',
      },
    ],
    [
      'ollama',
      'http://localhost:11434',
      { 'content-type': 'application/json', authorization: 'Bearer K-123456' },
      { authorization: 'Bearer K-123456' },
    ],
  ] as const)('%s sends exactly the needed headers', async (provider, baseUrl, chatHeaders, listHeaders) => {
    const r = recorder();
    const c = createModelClient(
      { provider, baseUrl, model: 'm', apiKey: 'K-123456' },
      { fetch: r.fetch, retry: { maxTries: 1 } },
    );
    await c.chat(ask).catch(() => undefined);
    await c.listModels().catch(() => undefined);
    expect(headersOf(r.seen[0])).toEqual(chatHeaders);
    expect(headersOf(r.seen[1])).toEqual(listHeaders);
    expect(r.seen[0]?.init).toMatchObject({ method: 'POST', redirect: 'manual', credentials: 'omit' });
  });

  it('sends no Authorization to a local server without a key', async () => {
    const r = recorder();
    await createModelClient(
      { provider: 'openai', preset: 'lmstudio', baseUrl: 'http://localhost:1234/v1', model: 'm' },
      { fetch: r.fetch, retry: { maxTries: 1 } },
    )
      .chat(ask)
      .catch(() => undefined);
    expect(headersOf(r.seen[0])).toEqual({ 'content-type': 'application/json' });
  });

  it('reaches a strict server with nothing but its own headers and the fetch defaults', async () => {
    const server = await startModelServer({ format: 'anthropic' });
    try {
      await createModelClient({ provider: 'anthropic', baseUrl: server.url, model: 'm', apiKey: 'K-123456' }).chat(ask);
      const sent = Object.keys(server.chatRequests()[0]!.headers);
      // What Node's fetch adds on its own; a browser adds its own equivalents, all CORS-safe.
      const transport = [
        'host',
        'connection',
        'accept',
        'accept-language',
        'sec-fetch-mode',
        'user-agent',
        'accept-encoding',
        'content-length',
      ];
      expect(sent.filter((h) => !transport.includes(h)).sort()).toEqual([
        'anthropic-dangerous-direct-browser-access',
        'anthropic-version',
        'content-type',
        'x-api-key',
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('the key and where it goes', () => {
  it('is not exposed on the client config', () => {
    const c = createModelClient({
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      model: 'm',
      apiKey: 'sk-secret-abcdefghijklmnop',
    });
    expect(JSON.stringify(c.config)).not.toContain('sk-secret');
    expect(c.config.apiKey).toBeUndefined();
  });

  it('is only filled in for the origin it was saved for', async () => {
    const keys = createKeyStore({ storage: null });
    keys.set('https://api.openai.com/v1', 'sk-openai-key-123456', 'session');
    const other: EndpointConfig = {
      provider: 'openai',
      baseUrl: 'https://evil.example.com/v1',
      model: 'm',
      apiKey: 'sk-openai-key-123456',
    };
    const r = recorder();
    await createModelClient(withKey(other, keys), { fetch: r.fetch, retry: { maxTries: 1 } })
      .chat(ask)
      .catch(() => undefined);
    expect(JSON.stringify(r.seen)).not.toContain('sk-openai-key');
    const own = withKey({ ...other, baseUrl: 'https://api.openai.com/v1' }, keys);
    expect(own.apiKey).toBe('sk-openai-key-123456');
  });

  it('stops at a redirect instead of following it with the key', async () => {
    const r = recorder(
      () => new Response(null, { status: 307, headers: { location: 'https://elsewhere.example/v1/chat/completions' } }),
    );
    const e = (await createModelClient(
      { provider: 'openai', baseUrl: 'https://api.example.com/v1', model: 'm', apiKey: 'K-123456' },
      { fetch: r.fetch },
    )
      .chat(ask)
      .catch((x: unknown) => x)) as ModelError;
    expect(r.seen).toHaveLength(1);
    expect(r.seen[0]?.init.redirect).toBe('manual');
    expect(e.kind).toBe('bad-response');
    expect(e.message).toMatch(/redirect/);
  });

  it('is scrubbed when a server echoes it back', async () => {
    const key = 'plain-local-key-42';
    const r = recorder(
      () =>
        new Response(JSON.stringify({ error: { message: `key ${key} is not valid`, type: 'invalid_request_error' } }), {
          status: 401,
        }),
    );
    const e = (await createModelClient(
      { provider: 'openai', preset: 'vllm', baseUrl: 'http://localhost:8000/v1', model: 'm', apiKey: key },
      { fetch: r.fetch },
    )
      .chat(ask)
      .catch((x: unknown) => x)) as ModelError;
    expect(e.kind).toBe('auth');
    expect(`${e.message} ${e.hint} ${JSON.stringify(e)}`).not.toContain(key);
    expect(e.message).toContain('[key hidden]');
  });
});
