// Time to interactive: from navigation to the moment the task panel is usable (the page's
// `fixpoint:interactive` mark), on a new browser profile and on a returning visit.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { openProfilePage } from '../cli/browser.ts';
import { ensureBuilt } from '../cli/page.ts';
import { serveDist } from '../cli/server.ts';

async function interactiveMs(page: Page): Promise<number> {
  await page.waitForFunction(() => performance.getEntriesByName('fixpoint:interactive').length > 0);
  return page.evaluate(() => performance.getEntriesByName('fixpoint:interactive')[0]!.startTime);
}

export async function measureFirstPaint(
  log: (s: string) => void,
): Promise<{ newProfileMs: number; returningMs: number }> {
  await ensureBuilt(log);
  const server = await serveDist({ root: resolve(import.meta.dirname, '../dist'), isolated: true });
  const profile = mkdtempSync(join(tmpdir(), 'fixpoint-bench-paint-'));
  try {
    let b = await openProfilePage(profile);
    await b.page.goto(server.url);
    const newProfileMs = await interactiveMs(b.page);
    // Let the first visit finish what it does in the background (service worker, lazy chunks).
    await b.page.waitForSelector('.cm-editor');
    await new Promise((r) => setTimeout(r, 3000));
    await b.close();
    b = await openProfilePage(profile);
    await b.page.goto(server.url);
    const returningMs = await interactiveMs(b.page);
    await b.close();
    return { newProfileMs, returningMs };
  } finally {
    await server.close();
  }
}
