// What most page tests start from: a local OpenAI-wire endpoint, and the app opened and
// configured against it before the block's tests; both are closed after them.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';
import { configure, openApp } from './app.ts';
import type { PageContext } from './browser.ts';

export interface PageWithModel {
  readonly page: Page;
  readonly server: ModelServer;
}

/** Call in a describe block; read `page` and `server` inside its tests and hooks. */
export function pageWithModel(): PageWithModel {
  let ctx: PageContext | undefined;
  let server: ModelServer | undefined;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai' });
    ctx = await openApp({ isolated: true });
    await configure(ctx.page, { preset: 'custom', baseUrl: server.baseUrl, model: 'test-model' });
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The page and its endpoint are set up in beforeAll: read them in a test.');
    return value;
  };
  return {
    get page() {
      return ready(ctx).page;
    },
    get server() {
      return ready(server);
    },
  };
}
