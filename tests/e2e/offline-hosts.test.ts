// Offline after one visit on the hosts people serve the page from: the server `npm start` runs
// (vite preview, which answers with Vary: Origin and sends .gz files as Content-Encoding: gzip)
// and a static host that sends Vary: Origin and Vary: Accept-Encoding. The page asks for its module
// script and stylesheet with an Origin header the service worker's own fetches lack.
import type { Browser, Page } from 'playwright-core';
import { preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChrome } from '../../cli/browser.ts';
import { serveDist, type StaticServer } from '../../cli/server.ts';
import { appReady, attempts, pickExample, runLoop, text } from './support/app.ts';

/** `npm start`'s server on the built page, on any free port. */
async function vitePreview(): Promise<StaticServer> {
  const server = await preview({ preview: { port: 0 }, logLevel: 'silent' });
  return { url: server.resolvedUrls!.local[0]!, close: () => server.close() };
}

const HOSTS = [
  { name: 'vite preview', start: vitePreview },
  {
    name: 'a host that sends Vary',
    start: () => serveDist({ isolated: true, headers: { Vary: ['Origin', 'Accept-Encoding'] } }),
  },
];

const LONG = { timeout: 90_000 };

/** What the page keeps itself: Python's large files and its memory snapshot. */
const kept = (page: Page): Promise<Record<string, number>> =>
  page.evaluate(async () => {
    const count = async (name: string): Promise<number> => (await (await caches.open(name)).keys()).length;
    return { files: await count('fixpoint-python-files'), snapshots: await count('fixpoint-python-snapshot') };
  });

let browser: Browser;
beforeAll(async () => {
  browser = await launchChrome();
});
afterAll(() => browser?.close());

describe.each(HOSTS)('offline after one visit, served by $name', ({ start }) => {
  it('reloads with the server gone: Python starts from what the browser kept and the demo loop passes', async () => {
    const server = await start();
    let stopped: Promise<void> | undefined;
    const stop = (): Promise<void> => (stopped ??= server.close());
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await page.waitForSelector('#app[data-python="ready"]', { state: 'attached', ...LONG });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, LONG);
      await page.evaluate(() => window.fixpoint.cached());
      expect(await kept(page)).toEqual({ files: 4, snapshots: 1 });

      await stop();
      await page.reload();
      await page.waitForSelector('#app[data-python="ready"]', { state: 'attached', ...LONG });
      // Restored from this browser's own copy: neither the built snapshot nor Python's files asked for.
      const start = await page.evaluate(() => ({
        restored: 'snapshot restored' in window.fixpoint.startupMoments(),
        asked: performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
      }));
      expect(start.restored).toBe(true);
      expect(start.asked).not.toContain('/pyodide/python-snapshot.gz');
      expect(start.asked).not.toContain('/pyodide/pyodide.asm.wasm');

      await appReady(page);
      await pickExample(page, 'example-running-median');
      await runLoop(page);
      expect(await attempts(page)).toEqual([
        { index: 0, verdict: 'failed', tone: 'failed' },
        { index: 1, verdict: 'passed', tone: 'passed' },
      ]);
      expect(await text(page, 'session-end')).toMatch(/^passed/);
    } finally {
      await context.close();
      await stop();
    }
  });
});
