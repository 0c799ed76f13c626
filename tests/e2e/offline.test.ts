// A static host that cannot send headers, then no network at all: the service worker makes the
// page cross-origin isolated and keeps everything Python needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChrome } from '../../cli/browser.ts';
import { serveDist, type StaticServer } from '../../cli/server.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pyJob } from './support/browser.ts';

describe('static hosting and offline use', () => {
  let server: StaticServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    server = await serveDist({ isolated: false });
    browser = await launchChrome();
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('becomes cross-origin isolated on a host that sends no isolation headers', async () => {
    await page.goto(server.url);
    // The first visit reloads itself once the service worker controls it.
    await page.waitForFunction(
      () => self.crossOriginIsolated && navigator.serviceWorker.controller !== null,
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForSelector('#app[data-python="ready"]', { state: 'attached', timeout: 90_000 });
    expect(await page.evaluate(() => document.querySelector('#app')?.getAttribute('data-isolated'))).toBe('true');
  });

  it('loads and runs Python with the network gone', async () => {
    await context.setOffline(true);
    await server.close();
    await page.reload();
    await page.waitForSelector('#app[data-python="ready"]', { state: 'attached', timeout: 90_000 });
    const r = await page.evaluate(
      (job) => window.fixpoint.run(job),
      pyJob('import statistics\nprint(statistics.median([3, 1, 2]))'),
    );
    expect(r.status).toBe('passed');
    expect(r.stdout).toBe('2\n');
  });
});
