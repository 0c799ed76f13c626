// Shared set-up for end-to-end tests: the BUILT page, served with or without cross-origin
// isolation, in real Chromium.
import type { Browser, Page } from 'playwright-core';
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
