// Files that are far larger than they look: a gzip bomb picked as a benchmark file, a history
// file past the import limit, and a #pack-url= address whose server never stops sending. Each is read up to the page's limit and
// no further, the message names the file and the limit, and the page stays responsive meanwhile.
import { deferred } from '../../../src/shared/deferred.ts';
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { configure, openApp, waitForText } from '../support/app.ts';
import { openPage, type PageContext } from '../support/browser.ts';
import { takeLongTasks, watchLongTasks } from '../support/long-tasks.ts';

const MB = 1024 * 1024;
const LONG_TASK_BOUND_MS = 200;

/** Sends spaces until the client goes away; says how much it sent. */
function endlessServer(): Promise<{ server: Server; url: string; sent: () => number; closed: Promise<void> }> {
  let sent = 0;
  const { promise: closed, resolve: close } = deferred();
  const chunk = Buffer.alloc(MB, 0x20);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.on('close', close);
    const pump = (): void => {
      while (!res.destroyed && sent < 4096 * MB) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      ok({ server, url: `http://127.0.0.1:${port}/pack.json`, sent: () => sent, closed });
    }),
  );
}

describe('files larger than the page reads', () => {
  const open: PageContext[] = [];
  afterAll(async () => {
    for (const ctx of open) await ctx.close();
  });

  it('a gzip bomb picked as a benchmark file is refused at the limit, and the page stays responsive', async () => {
    const ctx = await openApp({ isolated: true });
    open.push(ctx);
    const { page } = ctx;
    // A model that is not the demo one (the Benchmark view starts nothing with that); never called.
    await configure(page, { preset: 'custom', baseUrl: 'http://127.0.0.1:9/v1', model: 'unused' });
    await page.getByTestId('open-benchmark').click();
    await page.waitForSelector('[data-bench-ready="true"]', { timeout: 60_000 });
    // Only what the file brings: Python starting (in the same process here) is not this test's business.
    await page.waitForSelector('#app[data-python="ready"]', { state: 'attached', timeout: 90_000 });
    await page.getByTestId('bench-dataset').selectOption('file');
    await watchLongTasks(page);
    const picked = await page.evaluate(() => performance.now());
    // 1 GB of zeros would take seconds to build here; 100 MB is past the limit all the same.
    const bomb = gzipSync(Buffer.alloc(100 * MB));
    await page
      .getByTestId('bench-file')
      .setInputFiles({ name: 'bomb.jsonl.gz', mimeType: 'application/gzip', buffer: bomb });
    await page.getByTestId('bench-start').click();
    const notice = await waitForText(page, 'bench-notice', /bomb\.jsonl\.gz/);
    expect(notice).toContain('bomb.jsonl.gz: larger than the limit of 64 MB once unpacked');
    const long = (await takeLongTasks(page)).filter((t) => t.startTime >= picked && t.duration > LONG_TASK_BOUND_MS);
    expect(long).toEqual([]);
  });

  it('a history file past the import limit is not read past it, and nothing is imported', async () => {
    const ctx = await openApp({ isolated: true });
    open.push(ctx);
    const { page } = ctx;
    const big = join(mkdtempSync(join(tmpdir(), 'fixpoint-history-')), 'history.json');
    writeFileSync(big, '');
    truncateSync(big, 110 * MB); // sparse: nothing written
    await page.getByTestId('open-history').click();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.locator('[data-testid="history-dialog"] .fp-history-import').click(),
    ]);
    await chooser.setFiles(big);
    const message = page.locator('[data-testid="history-dialog"] .fp-history-message');
    await message.filter({ hasText: 'history.json' }).waitFor({ timeout: 60_000 });
    expect(await message.textContent()).toContain('history.json: larger than the limit of 100 MB');
    expect(await page.locator('[data-testid="history-dialog"] .fp-history-row').count()).toBe(0);
  });

  it('a #pack-url= whose server never stops sending is read up to the limit, then dropped', async () => {
    const endless = await endlessServer();
    try {
      const ctx = await openPage({ isolated: true, path: `#pack-url=${encodeURIComponent(endless.url)}` });
      open.push(ctx);
      const status = ctx.page.locator('.classroom-open-status');
      await status.filter({ hasText: 'cannot be opened' }).waitFor({ timeout: 60_000 });
      expect(await status.textContent()).toContain(`${endless.url}: larger than the limit of 16 MB`);
      await endless.closed;
      expect(endless.sent()).toBeLessThan(512 * MB);
    } finally {
      endless.server.closeAllConnections();
      endless.server.close();
    }
  });
});
