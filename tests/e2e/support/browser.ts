// Shared set-up for end-to-end tests: the BUILT page, served with or without cross-origin
// isolation, in real Chromium.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChrome } from '../../../cli/browser.ts';
import { serveDist, type StaticServer } from '../../../cli/server.ts';
import type { RunJob, RunResult } from '../../../src/shared/run.ts';

export interface PageContext {
  browser: Browser;
  server: StaticServer;
  page: Page;
  close(): Promise<void>;
}

export async function openPage(opts: { isolated: boolean; path?: string }): Promise<PageContext> {
  const server = await serveDist({ isolated: opts.isolated });
  const browser = await launchChrome();
  // Without isolation the page stands for a browser or host where the service worker cannot add
  // the isolation headers either.
  const context = await browser.newContext(opts.isolated ? {} : { serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(server.url + (opts.path ?? ''));
  return {
    browser,
    server,
    page,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * The built page's server and a browser, shared by a file's tests (each test makes its own
 * contexts, i.e. profiles): started before the first test, closed after the last.
 */
export function sharedBrowser(options: Parameters<typeof serveDist>[0] = {}): {
  readonly server: StaticServer;
  readonly browser: Browser;
} {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await serveDist(options);
    browser = await launchChrome();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      return setUp(server);
    },
    get browser() {
      return setUp(browser);
    },
  };
}

/** What a helper set up in beforeAll, read from a test; read any sooner, it says so. */
export function setUp<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('this is set up in beforeAll: read it in a test');
  return value;
}

export const MODES = [
  { name: 'isolated', isolated: true },
  { name: 'not isolated', isolated: false },
] as const;

export function pyJob(code: string, extra: Partial<RunJob> = {}): RunJob {
  return {
    language: 'python',
    code,
    tests: { kind: 'none' },
    limits: { timeoutSec: 3, outputCap: 64 * 1024 },
    ...extra,
  };
}

export function runIn(page: Page, job: RunJob, slot = 0): Promise<RunResult> {
  return page.evaluate(([j, s]) => window.fixpoint.run(j, s), [job, slot] as const);
}
