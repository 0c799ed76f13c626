// A static host that cannot send headers, then no network at all: the service worker makes the
// page cross-origin isolated and keeps the app's files, the page keeps Python's large files (one
// copy, not one in each store), and the worker keeps the in-page model's engine once a model is
// stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChrome } from '../../cli/browser.ts';
import { serveDist, type StaticServer } from '../../cli/server.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pyJob } from './support/browser.ts';
import { tinyModel } from '../support/tiny-model.ts';
import { appReady } from './support/app.ts';
import { localSettings, localStatus, rows, setPref, testConnection } from './support/local-model.ts';

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

  it("keeps Python's large files once, in the page's store, and the app's files in the worker's", async () => {
    await page.evaluate(() => window.fixpoint.cached());
    const stored = await page.evaluate(async () => {
      const names = async (cache: string): Promise<string[]> =>
        (await (await caches.open(cache)).keys()).map((r) => new URL(r.url).pathname.split('/').pop()!);
      const result: Record<string, string[]> = {};
      for (const key of await caches.keys())
        result[key.startsWith('fixpoint-app-') ? 'worker' : key] = await names(key);
      return result;
    });
    const large = ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip'];
    expect([...stored['fixpoint-python-files']!].sort()).toEqual([...large].sort());
    expect(stored.worker).toContain('pyodide-lock.json');
    expect(stored.worker!.some((name) => /^index-.+\.js$/.test(name))).toBe(true);
    for (const name of large) expect(stored.worker).not.toContain(name);
  });

  it('stores a model picked from disk', async () => {
    const dialog = await localSettings(page);
    await dialog
      .locator('input[name="ggufFile"]')
      .setInputFiles({ name: 'tiny.gguf', mimeType: 'application/octet-stream', buffer: Buffer.from(tinyModel()) });
    expect(await localStatus(dialog, /Stored|cannot/)).toMatch(/Stored tiny\.gguf/);
    // Nothing has loaded the engine yet: only storing the model brought it in.
    const cached = (): Promise<boolean> =>
      page.evaluate(async () => !!(await caches.match(new URL('wllama/wllama.wasm', document.baseURI).href)));
    await expect.poll(cached, { timeout: 30_000 }).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
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

  it('the stored model answers with the network gone', async () => {
    await appReady(page);
    const dialog = await localSettings(page);
    await expect.poll(() => rows(dialog)).toEqual([expect.stringMatching(/tiny\.gguf/)]);
    await dialog.locator('input[name="localModel"][value="tiny"]').check();
    await setPref(dialog, 'threads', '1');
    const report = await testConnection(dialog);
    expect(report.headline).toMatch(/^Connected in/);
  });
});
