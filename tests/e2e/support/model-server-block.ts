// What most command-line tests start from: a local OpenAI-wire endpoint for the describe block,
// its scripted replies and recorded requests cleared before each test, closed after the block.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';

/** Call in a describe block; read `server` inside its tests and hooks. */
export function modelServerPerBlock(): { readonly server: ModelServer } {
  let server: ModelServer | undefined;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai' });
  });
  afterAll(() => server?.close());
  beforeEach(() => server?.reset());
  return {
    get server() {
      if (!server) throw new Error('The endpoint is started in beforeAll: read it in a test.');
      return server;
    },
  };
}
