// Each client against a local server speaking its wire format, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelClient } from '../../../src/models/create-client.ts';
import type { StreamEvent } from '../../../src/shared/model.ts';
import { startModelServer } from '../../servers/model-server.ts';
import type { Format, ModelServer } from '../../servers/model-server.ts';

const FORMATS: Format[] = ['openai', 'anthropic', 'ollama'];

describe.each(FORMATS)('%s client over HTTP', (format) => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format, comments: true, apiKey: 'sk-test-key-0123456789abcdef' });
  });
  afterAll(() => server.close());

  const client = () =>
    createModelClient({
      provider: format,
      baseUrl: server.baseUrl,
      model: 'test-model',
      apiKey: 'sk-test-key-0123456789abcdef',
    });

  it('streams the reply, with reasoning apart and usage from the stream', async () => {
    server.reply({
      text: 'Here:\n```python\nprint("héllo")\n```\n',
      reasoning: 'think first',
      usage: { input: 42, output: 17 },
    });
    const events: StreamEvent[] = [];
    const res = await client().chat(
      { system: 'be brief', messages: [{ role: 'user', content: 'hi' }] },
      { onEvent: (e) => events.push(e) },
    );
    expect(res.text).toBe('Here:\n```python\nprint("héllo")\n```\n');
    expect(res.reasoning).toBe('think first');
    expect(res.finishReason).toBe('stop');
    expect(res.usage).toEqual({ inputTokens: 42, outputTokens: 17 });
    expect(
      events
        .filter((e) => e.type === 'text')
        .map((e) => e.text)
        .join(''),
    ).toBe(res.text);
    expect(events.length).toBeGreaterThan(3);
  });

  it('plays a queue of replies in order: first buggy, then fixed', async () => {
    server.reply('first (buggy)', 'second (fixed)');
    const c = client();
    const a = await c.chat({ messages: [{ role: 'user', content: 'task' }] });
    const b = await c.chat({
      messages: [
        { role: 'user', content: 'task' },
        { role: 'assistant', content: a.text },
        { role: 'user', content: 'failed' },
      ],
    });
    expect([a.text, b.text]).toEqual(['first (buggy)', 'second (fixed)']);
    expect(server.pending()).toBe(0);
  });

  it('reports a cut-off reply as length', async () => {
    server.reply({ text: 'cut', finishReason: 'length' });
    expect((await client().chat({ messages: [{ role: 'user', content: 'x' }] })).finishReason).toBe('length');
  });

  it("lists the endpoint's models", async () => {
    expect(await client().listModels()).toEqual(['test-model', 'test-model-large']);
  });

  it('sends the system prompt and messages the way the provider expects', async () => {
    server.reset();
    await client().chat({
      system: 'SYS',
      messages: [{ role: 'user', content: 'U1' }],
      temperature: 0.2,
      maxTokens: 300,
    });
    const body = server.chatRequests()[0]?.body as Record<string, unknown>;
    if (format === 'anthropic') {
      expect(body).toEqual({
        model: 'test-model',
        max_tokens: 300,
        messages: [{ role: 'user', content: 'U1' }],
        stream: true,
        system: 'SYS',
        temperature: 0.2,
      });
    } else if (format === 'ollama') {
      expect(body).toEqual({
        model: 'test-model',
        messages: [
          { role: 'system', content: 'SYS' },
          { role: 'user', content: 'U1' },
        ],
        stream: true,
        options: { temperature: 0.2, num_predict: 300 },
      });
    } else {
      expect(body).toEqual({
        model: 'test-model',
        messages: [
          { role: 'system', content: 'SYS' },
          { role: 'user', content: 'U1' },
        ],
        stream: true,
        stream_options: { include_usage: true },
        temperature: 0.2,
        max_tokens: 300,
      });
    }
  });
});

describe('usage when the endpoint gives none', () => {
  it('estimates, and says so', async () => {
    const server = await startModelServer({ format: 'openai' });
    try {
      server.reply('x'.repeat(40));
      // Mistral's preset does not ask for the usage chunk, so this server sends none.
      const c = createModelClient({
        provider: 'openai',
        preset: 'mistral',
        baseUrl: server.baseUrl,
        model: 'm',
        apiKey: 'k-123456',
      });
      const res = await c.chat({ system: 's'.repeat(8), messages: [{ role: 'user', content: 'u'.repeat(12) }] });
      expect(res.usage).toEqual({ inputTokens: 5, outputTokens: 10, estimated: true });
      expect((server.chatRequests()[0]?.body as Record<string, unknown>).stream_options).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

describe('OpenAI preset specifics', () => {
  it('uses max_completion_tokens for OpenAI itself', async () => {
    const server = await startModelServer({ format: 'openai' });
    try {
      const c = createModelClient({
        provider: 'openai',
        preset: 'openai',
        baseUrl: server.baseUrl,
        model: 'm',
        apiKey: 'k-123456',
      });
      await c.chat({ messages: [{ role: 'user', content: 'u' }], maxTokens: 99 });
      const body = server.chatRequests()[0]?.body as Record<string, unknown>;
      expect(body.max_completion_tokens).toBe(99);
      expect(body.max_tokens).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('strips the models/ prefix Gemini puts on model ids', async () => {
    const server = await startModelServer({
      format: 'openai',
      models: ['models/gemini-2.5-flash', 'models/gemini-2.5-pro'],
    });
    try {
      const c = createModelClient({ provider: 'openai', baseUrl: server.baseUrl, model: 'm', apiKey: 'k-123456' });
      expect(await c.listModels()).toEqual(['gemini-2.5-flash', 'gemini-2.5-pro']);
    } finally {
      await server.close();
    }
  });

  it('accepts base URLs typed with the suffix the client adds itself', async () => {
    const a = await startModelServer({ format: 'anthropic' });
    const o = await startModelServer({ format: 'ollama' });
    try {
      await createModelClient({ provider: 'anthropic', baseUrl: `${a.url}/v1/`, model: 'm', apiKey: 'k-123456' }).chat({
        messages: [{ role: 'user', content: 'x' }],
      });
      await createModelClient({ provider: 'ollama', baseUrl: `${o.url}/v1`, model: 'm' }).chat({
        messages: [{ role: 'user', content: 'x' }],
      });
      expect(a.chatRequests()).toHaveLength(1);
      expect(o.chatRequests()).toHaveLength(1);
    } finally {
      await a.close();
      await o.close();
    }
  });
});
