// A returning visit: the service worker answers this build's files from its cache without the
// network, while the page itself still comes from the network, so a new build is seen at once
// and its files are not mixed with the old build's.
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChrome } from '../../cli/browser.ts';
import { serveDist, type StaticServer } from '../../cli/server.ts';
import { linkedFolder } from '../../bench/linked-folder.ts';
import { pyJob } from './support/browser.ts';

const DIST = resolve('dist');
let root: string;
let server: StaticServer;
let browser: Browser;
let context: BrowserContext;
const asked: string[] = [];

beforeAll(async () => {
  // The built page, its index a copy that a test rewrites as a new build would.
  root = linkedFolder(
    'returning',
    Object.fromEntries(
      readdirSync(DIST)
        .filter((f) => f !== 'index.html')
        .map((f) => [f, join(DIST, f)]),
    ),
  );
  copyFileSync(join(DIST, 'index.html'), join(root, 'index.html'));
  server = await serveDist({ root, isolated: true, onRequest: (p) => asked.push(p) });
  browser = await launchChrome();
  context = await browser.newContext();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Loads the page (a reload when it is open), runs Python once, and says what reached the server. */
async function visit(page: Page): Promise<{ asked: string[]; stdout: string }> {
  asked.length = 0;
  // The page as people open it: the service worker is the page's, not the command line's.
  await page.goto(server.url);
  const r = await page.evaluate((job) => window.fixpoint.run(job, 0), pyJob('print(sum(range(4)))'));
  return { asked: [...asked], stdout: r.stdout };
}

const filesOf = (paths: string[]): string[] =>
  paths.filter((p) => p.startsWith('/assets/') || p.startsWith('/pyodide/'));

describe('a returning visit', () => {
  it("takes this build's files from the service worker's cache, not the network", async () => {
    const page = await context.newPage();
    const first = await visit(page);
    expect(first.stdout).toBe('6\n');
    expect(filesOf(first.asked)).toContain('/pyodide/pyodide.asm.wasm');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.evaluate(() => window.fixpoint.cached());
    const again = await visit(page);
    expect(again.stdout).toBe('6\n');
    // The page itself is asked for, so a new build would be seen; nothing else is.
    expect(again.asked).toContain('/');
    expect(filesOf(again.asked)).toEqual([]);
    await page.close();
  });

  it("takes a new build's files from the network, not the old build's cache", async () => {
    const index = join(root, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('</body>', '<!-- a new build --></body>'));
    const page = await context.newPage();
    const v = await visit(page);
    expect(v.stdout).toBe('6\n');
    // Asked of the network again, where the worker answered the old build's page from its cache.
    // (Pyodide's large files come from the page's own store, kept under their content's digest.)
    expect(filesOf(v.asked)).toContain('/pyodide/pyodide-lock.json');
    await page.close();
  });
});
