// Every error kind, from a real HTTP exchange with a server that answers like the provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelClient } from '../../../src/models/create-client.ts';
import type { ModelError } from '../../../src/models/errors.ts';
import type { ModelErrorKind, StreamEvent } from '../../../src/shared/model.ts';
import { startModelServer } from '../../servers/model-server.ts';
import type { Behaviour, Format, ModelServer } from '../../servers/model-server.ts';

const FORMATS: Format[] = ['openai', 'anthropic', 'ollama'];
const KEY = 'sk-test-secret-0123456789abcdefgh';

function make(format: Format, baseUrl: string, waits: number[] = []) {
  return createModelClient(
    { provider: format, baseUrl, model: 'test-model', apiKey: KEY },
    { retry: { sleep: async (ms) => void waits.push(ms), random: () => 0.5 } },
  );
}

async function failure(p: Promise<unknown>): Promise<ModelError> {
  try {
    await p;
  } catch (e) {
    return e as ModelError;
  }
  throw new Error('expected a failure');
}

const ask = { messages: [{ role: 'user' as const, content: 'hi' }] };

const EXPECTED: [Behaviour, ModelErrorKind][] = [
  ['auth', 'auth'],
  ['not-found', 'not-found'],
  ['rate-limit', 'rate-limit'],
  ['overloaded', 'overloaded'],
  ['unavailable', 'overloaded'],
  ['quota', 'quota'],
  ['html', 'bad-response'],
  ['empty', 'bad-response'],
  ['context-length', 'context-length'],
  ['error-mid-stream', 'server'],
  ['drop', 'server'],
  ['end-early', 'server'],
];

describe.each(FORMATS)('%s errors', (format) => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format });
  });
  afterAll(() => server.close());

  it.each(EXPECTED)('%s -> %s, with a message and a hint, never the key', async (behaviour, kind) => {
    const e = await failure(make(format, server.baseUrlFor(behaviour)).chat(ask));
    const expected = format === 'anthropic' && behaviour === 'error-mid-stream' ? 'overloaded' : kind;
    expect(e.name).toBe('ModelError');
    expect(e.kind).toBe(expected);
    expect(e.message.length).toBeGreaterThan(20);
    expect(e.hint).toBeTruthy();
    expect(JSON.stringify(e.info) + e.message).not.toContain(KEY);
  });

  it('keeps the text that streamed before a mid-stream error', async () => {
    server.script({ behaviour: 'error-mid-stream', reply: 'one two three four', afterPieces: 2 });
    const events: StreamEvent[] = [];
    const e = await failure(make(format, server.baseUrl).chat(ask, { onEvent: (ev) => events.push(ev) }));
    expect(e.partialText).toBe('one two ');
    expect(events.map((x) => x.text).join('')).toBe('one two ');
    expect(server.pending()).toBe(0);
  });

  it('retries a 429, honouring Retry-After, then succeeds', async () => {
    server.reset();
    const waits: number[] = [];
    server.script({ behaviour: 'rate-limit', retryAfter: '2' }, { reply: 'after the wait' });
    const res = await make(format, server.baseUrl, waits).chat(ask);
    expect(res.text).toBe('after the wait');
    expect(waits).toEqual([2000]);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('retries overload with backoff when no Retry-After is given', async () => {
    server.reset();
    const waits: number[] = [];
    server.script('overloaded', 'overloaded', { reply: 'finally' });
    const res = await make(format, server.baseUrl, waits).chat(ask);
    expect(res.text).toBe('finally');
    expect(waits).toEqual([750, 1500]);
  });

  it('gives up after four tries', async () => {
    server.reset();
    const waits: number[] = [];
    const e = await failure(make(format, server.baseUrlFor('rate-limit'), waits).chat(ask));
    expect(e.kind).toBe('rate-limit');
    expect(server.chatRequests()).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });

  it('never retries a spend limit', async () => {
    server.reset();
    server.script({ behaviour: 'quota', retryAfter: '1' }, { reply: 'must not be reached' });
    const e = await failure(make(format, server.baseUrl).chat(ask));
    expect(e.kind).toBe('quota');
    expect(server.chatRequests()).toHaveLength(1);
    server.reset();
  });

  it('retries an error that arrives before any text, but not one after text was shown', async () => {
    server.reset();
    const waits: number[] = [];
    server.script({ behaviour: 'error-mid-stream', afterPieces: 0 }, { reply: 'ok now' });
    const first = make(format, server.baseUrl, waits).chat(ask);
    if (format === 'anthropic') {
      // Anthropic's mid-stream error is overloaded_error: retryable while nothing was shown.
      expect((await first).text).toBe('ok now');
    } else {
      expect((await failure(first)).kind).toBe('server');
    }
    server.reset();
  });

  it('reports a stream that ends without its end marker', async () => {
    server.script({ behaviour: 'end-early', reply: 'a b c d', afterPieces: 2 });
    const e = await failure(make(format, server.baseUrl).chat(ask));
    expect(e.kind).toBe('server');
    expect(e.message).toMatch(/without its end marker/);
    expect(e.partialText).toBe('a b ');
  });

  it('maps listModels failures the same way', async () => {
    expect((await failure(make(format, server.baseUrlFor('auth')).listModels())).kind).toBe('auth');
    expect((await failure(make(format, server.baseUrlFor('html')).listModels())).kind).toBe('bad-response');
  });
});

describe("context overflow in each server's own shape", () => {
  it.each(['context-length', 'context-length-llamacpp', 'context-length-vllm'] as const)('%s', async (behaviour) => {
    const server = await startModelServer({ format: 'openai' });
    try {
      const e = await failure(make('openai', server.baseUrlFor(behaviour)).chat(ask));
      expect(e.kind).toBe('context-length');
      expect(e.status).toBe(400);
    } finally {
      await server.close();
    }
  });
});

describe('unreachable endpoints', () => {
  it("turns a refused connection into a network error with the provider's fix", async () => {
    const server = await startModelServer({ format: 'ollama' });
    const url = server.url;
    await server.close();
    const c = createModelClient(
      { provider: 'ollama', baseUrl: url, model: 'm' },
      { pageOrigin: 'https://class.example.edu' },
    );
    const e = await failure(c.chat(ask));
    expect(e.kind).toBe('network');
    expect(e.message).toContain(url);
    expect(e.hint).toContain('OLLAMA_ORIGINS=https://class.example.edu');
  });

  it('refuses a hosted preset without a key before sending anything', async () => {
    let called = false;
    const c = createModelClient(
      { provider: 'openai', preset: 'groq', baseUrl: 'https://api.groq.com/openai/v1', model: 'm' },
      {
        fetch: async () => {
          called = true;
          return new Response('');
        },
      },
    );
    const e = await failure(c.chat(ask));
    expect(e.kind).toBe('auth');
    expect(e.hint).toContain('console.groq.com');
    expect(called).toBe(false);
  });

  it('refuses a base URL that is not a web address', async () => {
    const e = await failure(createModelClient({ provider: 'openai', baseUrl: 'localhost:1234', model: 'm' }).chat(ask));
    expect(e.kind).toBe('bad-request');
    expect(e.message).toMatch(/not a web address/);
  });
});
