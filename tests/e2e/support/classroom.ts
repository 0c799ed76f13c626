// Driving the classroom views: point the page at a model endpoint, open the bundled sample or a
// pack from disk as a student's link would.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { encodePackLink } from '../../../src/classroom/link.ts';
import type { Pack } from '../../../src/classroom/types.ts';
import { parsePack } from '../../../src/classroom/validate.ts';

export const LONG = 90_000;

/** The endpoint the loop page's Settings would save; the classroom reads the same setting. */
export async function useEndpoint(page: Page, baseUrl: string): Promise<void> {
  await page.evaluate((url) => {
    const config = { provider: 'openai', preset: 'custom', baseUrl: url, model: 'test-model' };
    localStorage.setItem('fixpoint.endpoint', JSON.stringify({ config, keyPlace: 'session' }));
  }, baseUrl);
}

/** Opens the sample pack from the opener and starts it, landing on the exercise with this title. */
export async function startSample(page: Page, packTitle: string, firstTitle: string): Promise<void> {
  await page.getByRole('button', { name: 'Open the sample pack' }).click();
  await page.getByRole('heading', { name: packTitle }).waitFor({ timeout: LONG });
  await page.getByRole('button', { name: 'Start' }).click();
  await page.locator('#exercise-title', { hasText: firstTitle }).waitFor({ timeout: LONG });
}

/** A pack under data/packs/, read as `grade` reads it. */
export const bundledPack = (name: string): Pack =>
  parsePack(readFileSync(resolve(import.meta.dirname, '../../../data/packs', name), 'utf8'), name);

/** Opens a pack through a student's link (no solutions) and starts it, landing on this exercise. */
export async function openStudentLink(page: Page, baseUrl: string, pack: Pack, firstTitle: string): Promise<void> {
  const link = await encodePackLink(pack, { solutions: false });
  if (!link.ok) throw new Error(link.message);
  await page.goto(`${baseUrl}${link.fragment}`);
  await page.getByRole('button', { name: 'Start' }).click({ timeout: LONG });
  await page.locator('#exercise-title', { hasText: firstTitle }).waitFor({ timeout: LONG });
}

export async function waitForSelectorText(
  page: Page,
  selector: string,
  pattern: RegExp,
  timeout = LONG,
): Promise<string> {
  await page.waitForFunction(
    ([sel, source]) => new RegExp(source).test(document.querySelector(sel)?.textContent ?? ''),
    [selector, pattern.source] as const,
    { timeout, polling: 50 },
  );
  return (await page.locator(selector).textContent()) ?? '';
}
