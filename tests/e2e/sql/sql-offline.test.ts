// SQLite and Postgres with the network gone: the service worker keeps their workers and wasm with
// the app's files, so a page that never ran a query before going offline still runs one. SQLite's
// two workers that Fixpoint never starts are not in the build, nor in the precache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChrome } from '../../../cli/browser.ts';
import { serveDist, type StaticServer } from '../../../cli/server.ts';
import { sql1, sqlIn } from '../support/sql.ts';

describe('SQL offline', () => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    server = await serveDist({ isolated: false, port: 4191 });
    browser = await launchChrome();
    page = await (await browser.newContext()).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('runs queries offline, SQLite and Postgres never fetched while online', async () => {
    await page.goto(server.url);
    // The first visit reloads itself once the service worker controls it (and isolates it).
    await page.waitForFunction(
      () => self.crossOriginIsolated && navigator.serviceWorker.controller !== null,
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForSelector('#app[data-history]', { state: 'attached' });
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(fetched.filter((n) => n.includes('sqlite3') || n.includes('pglite'))).toEqual([]);
    const precache = await (await fetch(`${server.url}sw.js`)).text();
    expect(precache).toMatch(/sqlite3-[\w-]+\.wasm/);
    expect(precache).toMatch(/pglite-[\w-]+\.wasm/);
    expect(precache).not.toMatch(/sqlite3-worker1|sqlite3-opfs-async-proxy/);
    await page.context().setOffline(true);
    await server.close();
    await page.reload();
    await page.waitForFunction(() => typeof window.fixpoint?.sql === 'function');
    expect(await sql1(page, 'SELECT count(*) FROM books')).toMatchObject({ kind: 'rows', rows: [[3]] });
    const [[answer]] = (await sqlIn(page, [
      {
        engine: 'postgres',
        db: 'tests/fixtures/sql/pg/databases/shop.sql',
        queries: ['SELECT count(*) FROM customers'],
      },
    ])) as [[unknown]];
    expect(answer).toMatchObject({ kind: 'rows', rows: [[5]] });
  });
});
