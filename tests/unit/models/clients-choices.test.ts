// Several replies to one request (OpenAI's `n`) over real HTTP: the choices a stream interleaves
// by index come back apart, a server that refuses `n` gives a bad-request error, and only the
// presets where `n` may work ask for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelClient } from '../../../src/models/create-client.ts';
import type { StreamEvent } from '../../../src/shared/model.ts';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';

const ask = { messages: [{ role: 'user' as const, content: 'hi' }] };

describe('an OpenAI-compatible endpoint asked for several replies', () => {
  let many: ModelServer;
  let refuses: ModelServer;
  let ignores: ModelServer;
  beforeAll(async () => {
    [many, refuses, ignores] = await Promise.all([
      startModelServer({ format: 'openai', n: 8 }),
      startModelServer({ format: 'openai', n: 'reject' }),
      startModelServer({ format: 'openai' }),
    ]);
  });
  afterAll(() => Promise.all([many, refuses, ignores].map((s) => s.close())));
  const client = (s: ModelServer) => createModelClient({ provider: 'openai', baseUrl: s.baseUrl, model: 'test-model' });

  it('reads each choice of an interleaved stream apart, in index order; only the first is streamed as events', async () => {
    many.reply('first reply here', 'second one', 'third and last reply');
    const events: StreamEvent[] = [];
    const res = await client(many).chat({ ...ask, n: 3 }, { onEvent: (e) => events.push(e) });
    expect(res.choices).toEqual([
      { text: 'first reply here', finishReason: 'stop' },
      { text: 'second one', finishReason: 'stop' },
      { text: 'third and last reply', finishReason: 'stop' },
    ]);
    expect(res.text).toBe('first reply here');
    expect(events.map((e) => e.text).join('')).toBe('first reply here');
    // One request: the prompt counted once, the output of all three.
    expect(res.usage.outputTokens).toBe(3 + 2 + 4);
    expect(many.chatRequests()).toHaveLength(1);
    expect(many.chatRequests()[0]!.body).toMatchObject({ n: 3, stream: true });
  });

  it('a plain request does not send n, and its result has no choices', async () => {
    many.reset();
    many.reply('only one');
    const res = await client(many).chat(ask);
    expect(res.choices).toBeUndefined();
    expect(many.chatRequests()[0]!.body).not.toHaveProperty('n');
  });

  it('a server that ignores n gives one choice', async () => {
    ignores.reply('just me', 'never sent');
    const res = await client(ignores).chat({ ...ask, n: 2 });
    expect(res.choices).toEqual([{ text: 'just me', finishReason: 'stop' }]);
  });

  it('a server that refuses n fails the call as a bad request, with its message', async () => {
    await expect(client(refuses).chat({ ...ask, n: 2 })).rejects.toMatchObject({
      info: { kind: 'bad-request', message: expect.stringMatching(/'n'/) as unknown },
    });
  });

  it('asks for several replies only where the provider may give them', () => {
    const may = (preset: string, provider: 'openai' | 'anthropic' = 'openai') =>
      createModelClient({ provider, preset, baseUrl: 'https://example.invalid/v1', model: 'm' }).multipleChoices;
    expect(may('openai')).toBe(true);
    expect(may('custom')).toBe(true);
    expect(may('vllm')).toBe(true);
    expect(may('groq')).toBe(false);
    expect(may('llamacpp')).toBe(false);
    expect(may('anthropic', 'anthropic')).toBeFalsy();
  });
});
