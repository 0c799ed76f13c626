// The loop page against local servers that speak each provider's wire format exactly (CORS
// preflight included): the buggy first reply fails, the repair passes, the reply streams in
// while it is written, and the endpoint's own token counts are shown.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type Format, type ModelServer } from '../servers/model-server.ts';
import type { PageContext } from './support/browser.ts';
import {
  attempts,
  configure,
  openApp,
  pickExample,
  text,
  waitBusy,
  waitForText,
  type EndpointForm,
} from './support/app.ts';
import { BUGGY, EXAMPLE, FIXED } from './support/replies.ts';

const KEY = 'sk-ant-api03-e2e-test-key-0123456789';

const CASES: { format: Format; form: (s: ModelServer) => EndpointForm; apiKey?: string }[] = [
  { format: 'openai', form: (s) => ({ preset: 'custom', baseUrl: s.baseUrl, model: 'test-model' }) },
  {
    format: 'anthropic',
    apiKey: KEY,
    form: (s) => ({ preset: 'anthropic', baseUrl: s.baseUrl, model: 'test-model', apiKey: KEY, keyPlace: 'session' }),
  },
  { format: 'ollama', form: (s) => ({ preset: 'ollama', baseUrl: s.baseUrl, model: 'test-model' }) },
];

describe('the loop page against real wire formats', () => {
  let ctx: PageContext;
  let server: ModelServer | undefined;
  beforeAll(async () => {
    ctx = await openApp({ isolated: true });
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(() => ctx?.close());

  it.each(CASES)(
    '$format: a buggy reply, then its repair: two attempts, streamed, with usage',
    async ({ format, form, apiKey }) => {
      const { page } = ctx;
      server = await startModelServer({ format, apiKey, chunkDelayMs: 15 });
      server.reply(
        { text: BUGGY, usage: { input: 111, output: 22 } },
        { text: FIXED, usage: { input: 333, output: 44 } },
      );
      await configure(page, form(server));
      expect(await text(page, 'endpoint')).toContain('test-model');
      await pickExample(page, EXAMPLE);
      await page.getByTestId('run-loop').click();

      // Part of the reply is on the page while the first attempt is still in flight.
      await page.waitForFunction(
        () =>
          /def running_median/.test(document.querySelector('[data-testid="reply"]')?.textContent ?? '') &&
          document.querySelector('[data-testid="attempt-pending"]') !== null,
        undefined,
        { timeout: 60_000, polling: 20 },
      );
      await waitBusy(page, false);

      expect(await attempts(page)).toEqual([
        { index: 0, verdict: 'failed', tone: 'failed' },
        { index: 1, verdict: 'passed', tone: 'passed' },
      ]);
      expect(await text(page, 'session-end')).toMatch(/^passed/);
      // The endpoint's counts, not estimates.
      expect(await text(page, 'usage')).toBe('Tokens this session: 444 in / 66 out');
      expect(await page.locator('[data-testid="attempt"][data-index="0"]').innerText()).toContain('111 / 22');

      const chats = server.chatRequests();
      expect(chats).toHaveLength(2);
      // The repair request carries the failure the first run showed.
      expect(JSON.stringify(chats[1]?.body)).toMatch(/expected/i);
      expect(server.requests.filter((r) => r.method === 'OPTIONS').length).toBeGreaterThan(0);
      if (format === 'anthropic') expect(chats[0]?.headers['x-api-key']).toBe(KEY);
      else expect(chats[0]?.headers.authorization).toBeUndefined();
      await waitForText(page, 'terminal', /passed — 4\/4 tests/);
    },
  );
});
