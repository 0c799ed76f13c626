// Cancellation: the request is aborted, the server sees the connection close, nothing more is read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelClient } from '../../../src/models/create-client.ts';
import type { ModelError } from '../../../src/models/errors.ts';
import { startModelServer } from '../../servers/model-server.ts';
import type { Format, ModelServer } from '../../servers/model-server.ts';

const FORMATS: Format[] = ['openai', 'anthropic', 'ollama'];
const ask = { messages: [{ role: 'user' as const, content: 'hi' }] };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(FORMATS)('%s cancellation', (format) => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format });
  });
  afterAll(() => server.close());

  const client = () =>
    createModelClient({ provider: format, baseUrl: server.baseUrl, model: 'test-model', apiKey: 'k-0123456789' });

  it('aborts a slow stream mid-reply: rejects as cancelled, the server sees the close, no more events', async () => {
    server.reset();
    server.script({ behaviour: 'slow', slowMs: 15 });
    const ac = new AbortController();
    let events = 0;
    const pending = client().chat(ask, {
      signal: ac.signal,
      onEvent: () => {
        events += 1;
        if (events === 5) ac.abort();
      },
    });
    const e = (await pending.catch((x: unknown) => x)) as ModelError;
    expect(e.kind).toBe('cancelled');
    expect(events).toBe(5);
    const log = server.chatRequests()[0]!;
    await log.finished;
    expect(log.closedEarly).toBe(true);
    const sent = log.framesSent;
    await pause(100);
    expect(log.framesSent).toBe(sent);
    expect(events).toBe(5);
  });

  it('aborts a request the server never answers', async () => {
    server.reset();
    server.script('hang');
    const ac = new AbortController();
    const pending = client().chat(ask, { signal: ac.signal });
    await pause(50);
    ac.abort();
    expect(((await pending.catch((x: unknown) => x)) as ModelError).kind).toBe('cancelled');
    const log = server.chatRequests()[0]!;
    await log.finished;
    expect(log.closedEarly).toBe(true);
  });

  it('does not send anything when already aborted', async () => {
    server.reset();
    const ac = new AbortController();
    ac.abort();
    expect(
      (
        (await client()
          .chat(ask, { signal: ac.signal })
          .catch((x: unknown) => x)) as ModelError
      ).kind,
    ).toBe('cancelled');
    expect(server.chatRequests()).toHaveLength(0);
  });

  it('stops waiting between retries when aborted', async () => {
    server.reset();
    server.script({ behaviour: 'rate-limit', retryAfter: '5' }, { reply: 'never' });
    const ac = new AbortController();
    const pending = client().chat(ask, { signal: ac.signal });
    await pause(100);
    ac.abort();
    expect(((await pending.catch((x: unknown) => x)) as ModelError).kind).toBe('cancelled');
    expect(server.chatRequests()).toHaveLength(1);
    server.reset();
  });

  it('aborts a model listing', async () => {
    const ac = new AbortController();
    ac.abort();
    expect(
      (
        (await client()
          .listModels(ac.signal)
          .catch((x: unknown) => x)) as ModelError
      ).kind,
    ).toBe('cancelled');
  });
});
