// Settings through the page: a bad base URL is refused in words and nothing is saved; the
// endpoint survives a reload; the API key goes where the user chose and never into the history.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../servers/model-server.ts';
import type { PageContext } from './support/browser.ts';
import {
  appReady,
  configure,
  fillSettings,
  openApp,
  openHistory,
  pickExample,
  readDatabase,
  runLoop,
  text,
} from './support/app.ts';
import { EXAMPLE, FIXED } from './support/replies.ts';

const KEY = 'sk-e2e-never-stored-0123456789abcdef';

describe('settings', () => {
  let ctx: PageContext;
  let server: ModelServer;
  beforeAll(async () => {
    ctx = await openApp({ isolated: true });
    server = await startModelServer({ format: 'openai', apiKey: KEY });
  });
  afterAll(async () => {
    await server?.close();
    await ctx?.close();
  });

  const stored = (): Promise<string | null> => ctx.page.evaluate(() => localStorage.getItem('fixpoint.endpoint'));

  it('a base URL that is not a URL: a clear message next to the field, and nothing is saved', async () => {
    const { page } = ctx;
    expect(await text(page, 'endpoint')).toMatch(/Demo model/);
    const status = await fillSettings(page, { preset: 'custom', baseUrl: 'localhost 8080/v1', model: 'test-model' });
    expect(status).toMatch(/^Nothing was saved: .*\bfields\b/);
    const dialog = page.getByTestId('settings-dialog');
    expect(await dialog.locator('input[name="baseUrl"]').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.locator('.fp-settings-error:not([hidden])').allInnerTexts()).toEqual([
      '"localhost 8080/v1" is not a web address. Enter the base URL starting with http:// or https://.',
    ]);
    await page.getByTestId('settings-dialog-close').click();
    expect(await text(page, 'endpoint')).toMatch(/Demo model/);
    expect(await stored()).toBeNull();
  });

  it('a refused save says why; once Load models gets the list, that old message is gone', async () => {
    const { page } = ctx;
    const status = await fillSettings(page, { preset: 'custom', baseUrl: 'not an address', model: '' });
    expect(status).toMatch(/^Nothing was saved: .*\bfields\b/);
    const dialog = page.getByTestId('settings-dialog');
    await dialog.locator('input[name="baseUrl"]').fill(server.baseUrl);
    await dialog.locator('input[name="apiKey"]').fill(KEY);
    await dialog.getByRole('button', { name: 'Load models' }).click();
    await dialog.getByText('2 models available').waitFor();
    expect(await dialog.locator('.fp-settings-status').textContent()).toBe('');
    expect(await dialog.locator('.fp-settings-error:not([hidden])').count()).toBe(0);
    await page.getByTestId('settings-dialog-close').click();
    expect(await stored()).toBeNull();
  });

  it('the endpoint is remembered across a reload; a key kept for the session is not', async () => {
    const { page } = ctx;
    await configure(page, {
      preset: 'custom',
      baseUrl: server.baseUrl,
      model: 'test-model',
      apiKey: KEY,
      keyPlace: 'session',
    });
    expect(await stored()).not.toContain(KEY);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(KEY);
    await page.reload();
    await appReady(page);
    expect(await text(page, 'endpoint')).toBe(
      `Other OpenAI-compatible endpoint · test-model · ${new URL(server.url).host}`,
    );
    await page.getByTestId('open-settings').click();
    expect(await page.getByTestId('settings-dialog').locator('input[name="baseUrl"]').inputValue()).toBe(
      server.baseUrl,
    );
    await page.getByTestId('settings-dialog-close').click();
  });

  it('the key never reaches IndexedDB: not in the stored session, not in the exported history', async () => {
    const { page } = ctx;
    // Saved in this browser this time, so it is really in the page's storage while the loop runs.
    await configure(page, {
      preset: 'custom',
      baseUrl: server.baseUrl,
      model: 'test-model',
      apiKey: KEY,
      keyPlace: 'local',
    });
    expect(await page.evaluate(() => localStorage.getItem('fixpoint.apiKeys'))).toContain(KEY);
    server.reply(FIXED);
    await pickExample(page, EXAMPLE);
    await runLoop(page);
    expect(await text(page, 'session-end')).toMatch(/^passed/);
    expect(server.chatRequests().at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

    const database = await readDatabase(page);
    expect(database).toContain('Running median');
    expect(database).not.toContain(KEY);

    await openHistory(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.fp-history-export').click()]);
    const exported = readFileSync(await download.path(), 'utf8');
    expect(JSON.parse(exported)).toMatchObject({ sessions: [{ session: { title: 'Running median' } }] });
    expect(exported).not.toContain(KEY);
    expect(exported).toContain(server.baseUrl);
  });
});
