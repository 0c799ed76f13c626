// What most page tests start from: a local OpenAI-wire endpoint, and the app opened and
// configured against it before the block's tests; both are closed after them.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startModelServer, type ModelServer, type ModelServerOptions } from '../../servers/model-server.ts';
import { configure, openApp } from './app.ts';
import { setUp, type PageContext } from './browser.ts';

export interface PageWithModel {
  readonly page: Page;
  readonly server: ModelServer;
}

export interface PageWithModelOptions {
  /** Picks each reply from the request (parallel requests arrive in any order). */
  respond?: ModelServerOptions['respond'];
  /** False leaves the page on the demo model it opens with, for tests that configure it themselves. */
  configure?: boolean;
  /** Tall enough that no panel scrolls: axe skips the contrast of text scrolled out of view. */
  tall?: boolean;
}

/** Call in a describe block; read `page` and `server` inside its tests and hooks. */
export function pageWithModel(options: PageWithModelOptions = {}): PageWithModel {
  let ctx: PageContext | undefined;
  let server: ModelServer | undefined;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai', respond: options.respond });
    ctx = await openApp({ isolated: true });
    if (options.tall) await ctx.page.setViewportSize({ width: 1280, height: 2200 });
    if (options.configure !== false)
      await configure(ctx.page, { preset: 'custom', baseUrl: server.baseUrl, model: 'test-model' });
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });
  return {
    get page() {
      return setUp(ctx).page;
    },
    get server() {
      return setUp(server);
    },
  };
}
