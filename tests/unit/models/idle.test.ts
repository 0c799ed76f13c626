// A server that accepts a request and then goes quiet: the client gives up after the idle
// timeout with a message that says so, and a slow stream that keeps sending is never cut.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelClient } from '../../../src/models/create-client.ts';
import type { ModelError } from '../../../src/models/errors.ts';
import { startModelServer } from '../../servers/model-server.ts';
import type { Format, ModelServer } from '../../servers/model-server.ts';

const FORMATS: Format[] = ['openai', 'anthropic', 'ollama'];
const ask = { messages: [{ role: 'user' as const, content: 'hi' }] };

describe.each(FORMATS)('%s idle timeout', (format) => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format });
  });
  afterAll(() => server.close());

  const client = (idleTimeoutMs: number) =>
    createModelClient(
      { provider: format, baseUrl: server.baseUrl, model: 'test-model', apiKey: 'k-0123456789' },
      { idleTimeoutMs },
    );

  it.each(['hang', 'hang-after-headers'] as const)(
    '%s: gives up with a clear message and closes the connection',
    async (behaviour) => {
      server.reset();
      server.script(behaviour);
      const e = (await client(200)
        .chat(ask)
        .catch((x: unknown) => x)) as ModelError;
      expect(e.kind).toBe('server');
      expect(e.message).toBe(`${server.url} sent nothing for 0.2 s, so the request was given up.`);
      expect(e.hint).toMatch(/try again/);
      const log = server.chatRequests()[0]!;
      await log.finished;
      expect(log.closedEarly).toBe(true);
    },
  );

  it('a slow stream that keeps sending outlives the timeout many times over', async () => {
    server.reset();
    server.script({ behaviour: 'slow', slowMs: 20 });
    let ticks = 0;
    const ac = new AbortController();
    const pending = client(150).chat(ask, {
      signal: ac.signal,
      onEvent: () => {
        if (++ticks === 40) ac.abort();
      },
    });
    expect(((await pending.catch((x: unknown) => x)) as ModelError).kind).toBe('cancelled');
    expect(ticks).toBe(40);
  });

  it('a model listing that never answers gives up too', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const quiet = createModelClient(
        { provider: format, baseUrl: url, model: 'test-model', apiKey: 'k-0123456789' },
        { idleTimeoutMs: 200 },
      );
      const e = (await quiet.listModels().catch((x: unknown) => x)) as ModelError;
      expect(e.message).toBe(`${url} sent nothing for 0.2 s, so the request was given up.`);
    } finally {
      silent.closeAllConnections();
      await new Promise((ok) => silent.close(ok));
    }
  });
});
