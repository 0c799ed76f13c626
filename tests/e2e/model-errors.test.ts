// Endpoint failures as a user meets them through the page: each is said in words, with what to
// do about it, and the loop ends or goes on as the failure allows.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../servers/model-server.ts';
import type { PageContext } from './support/browser.ts';
import { attempts, configure, openApp, pickExample, text, waitBusy, waitForText } from './support/app.ts';
import { EXAMPLE, FIXED } from './support/replies.ts';

const RIGHT_KEY = 'sk-right-e2e-0123456789abcdef';
const WRONG_KEY = 'sk-wrong-e2e-0123456789abcdef';

describe('model endpoint errors through the page', () => {
  let ctx: PageContext;
  let server: ModelServer | undefined;
  beforeAll(async () => {
    ctx = await openApp({ isolated: true });
    await pickExample(ctx.page, EXAMPLE);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(() => ctx?.close());

  async function run(): Promise<string> {
    await ctx.page.getByTestId('run-loop').click();
    await waitBusy(ctx.page, false);
    return text(ctx.page, 'session-end');
  }

  it('a wrong key (401): says the key was refused and where to fix it, and never shows the key', async () => {
    server = await startModelServer({ format: 'openai', apiKey: RIGHT_KEY });
    await configure(ctx.page, {
      preset: 'custom',
      baseUrl: server.baseUrl,
      model: 'test-model',
      apiKey: WRONG_KEY,
      keyPlace: 'session',
    });
    const end = await run();
    expect(end).toMatch(/^endpoint failed: The endpoint refused the API key \(HTTP 401\)\./);
    expect(end).toMatch(/Check that the API key is correct, not revoked, and belongs to this endpoint\./);
    expect(server.chatRequests()[0]?.headers.authorization).toBe(`Bearer ${WRONG_KEY}`);
    expect(await ctx.page.locator('body').innerText()).not.toContain(WRONG_KEY);
    expect(await attempts(ctx.page)).toEqual([]);
  });

  it('429 with Retry-After, then success: waits as asked, says so, and the loop goes on', async () => {
    server = await startModelServer({ format: 'openai' });
    server.script({ behaviour: 'rate-limit', retryAfter: '1' });
    server.reply(FIXED);
    await configure(ctx.page, { preset: 'custom', baseUrl: server.baseUrl, model: 'test-model' });
    expect(await run()).toMatch(/^passed/);
    expect(await text(ctx.page, 'activity')).toMatch(
      /is rate limiting requests \(HTTP 429\).*Waiting 1 s before trying again/,
    );
    expect((await attempts(ctx.page)).map((r) => r.verdict)).toEqual(['passed']);
    expect(server.chatRequests().map((r) => r.behaviour)).toEqual(['rate-limit', 'reply']);
  });

  it("an origin the server refuses (CORS): says it could not reach it, why, and the provider's fix", async () => {
    server = await startModelServer({ format: 'ollama', allowedOrigins: ['http://allowed.example'] });
    await configure(ctx.page, { preset: 'ollama', baseUrl: server.baseUrl, model: 'test-model' });
    const pageOrigin = new URL(ctx.server.url).origin;
    const end = await run();
    expect(end).toContain(`Could not reach ${server.url}.`);
    expect(end).toContain(`the server's CORS settings do not allow calls from this page (${pageOrigin})`);
    expect(end).toContain(`OLLAMA_ORIGINS=${pageOrigin} ollama serve`);
    expect(server.chatRequests()).toHaveLength(0);
  });

  it('an error event mid-stream (OpenAI): the partial reply is retried once, then the reason is shown', async () => {
    server = await startModelServer({ format: 'openai' });
    server.script({ behaviour: 'error-mid-stream', reply: FIXED }, { behaviour: 'error-mid-stream', reply: FIXED });
    await configure(ctx.page, { preset: 'custom', baseUrl: server.baseUrl, model: 'test-model' });
    const end = await run();
    expect(end).toMatch(
      /^endpoint failed: The endpoint had an internal error while streaming the reply\. The server said: "The server had an error while processing your request\. Sorry about that!"/,
    );
    expect(end).toMatch(/try again, and if it persists check the server's own log/);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('an overload event mid-stream (Anthropic), then a good reply: retried, and the loop passes', async () => {
    const key = 'sk-ant-api03-e2e-0123456789abcdef';
    server = await startModelServer({ format: 'anthropic', apiKey: key });
    server.script({ behaviour: 'error-mid-stream', reply: FIXED });
    server.reply(FIXED);
    await configure(ctx.page, { preset: 'anthropic', baseUrl: server.baseUrl, model: 'test-model', apiKey: key });
    expect(await run()).toMatch(/^passed/);
    await waitForText(
      ctx.page,
      'activity',
      /Anthropic is overloaded while streaming the reply\. The server said: "Overloaded" Trying again\./,
    );
    expect(server.chatRequests()).toHaveLength(2);
  });
});
