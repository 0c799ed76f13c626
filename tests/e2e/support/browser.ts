// Shared set-up for end-to-end tests: the BUILT page, served with or without cross-origin
// isolation, in real Chromium.
import type { Browser, Page } from 'playwright-core';
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChrome } from '../../../cli/browser.ts';
import { serveDist, type StaticServer } from '../../../cli/server.ts';
import type { RunJob, RunResult } from '../../../src/shared/run.ts';

export interface PageContext {
  browser: Browser;
  server: StaticServer;
  page: Page;
  close(): Promise<void>;
}

let fileBrowser: Promise<Browser> | undefined;

/**
 * The browser this test file's pages open in: launched at the first call, closed after the file's
 * last test (by the e2e setup file). Each page gets a context of its own, i.e. a fresh profile.
 */
function browserOfFile(): Promise<Browser> {
  fileBrowser ??= launchChrome();
  return fileBrowser.then((b) => (b.isConnected() ? b : ((fileBrowser = undefined), browserOfFile())));
}

/** For the e2e setup file: closes the file's browser after its last test. */
export async function closeFileBrowser(): Promise<void> {
  const b = fileBrowser;
  fileBrowser = undefined;
  await (await b?.catch(() => undefined))?.close();
}

export async function openPage(opts: { isolated: boolean; path?: string }): Promise<PageContext> {
  const t0 = performance.now();
  const [server, browser] = await Promise.all([serveDist({ isolated: opts.isolated }), browserOfFile()]);
  const t1 = performance.now();
  // Without isolation the page stands for a browser or host where the service worker cannot add
  // the isolation headers either.
  const context = await browser.newContext(opts.isolated ? {} : { serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(server.url + (opts.path ?? ''));
  noteTiming({ openPage: opts, browserMs: t1 - t0, pageMs: performance.now() - t1 });
  return {
    browser,
    server,
    page,
    close: async () => {
      await context.close();
      await server.close();
    },
  };
}

/**
 * The built page's server and the file's browser, shared by a file's tests (each test makes its
 * own contexts, i.e. profiles): started before the first test; the server closed after the last.
 */
export function sharedBrowser(options: Parameters<typeof serveDist>[0] = {}): {
  readonly server: StaticServer;
  readonly browser: Browser;
} {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([serveDist(options), browserOfFile()]);
  });
  afterAll(async () => {
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

/** FIXPOINT_E2E_TIMINGS=FILE: where a file's set-up time goes, a JSON line each (see support/cli.ts). */
export function noteTiming(what: Record<string, unknown>): void {
  const to = process.env.FIXPOINT_E2E_TIMINGS;
  if (to) appendFileSync(to, `${JSON.stringify({ file: expect.getState().testPath, ...what })}\n`);
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
