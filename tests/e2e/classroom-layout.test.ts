// The classroom as a student and a teacher meet it, at a desktop and a phone size, light and
// dark: styled like the loop page, nothing sideways or clipped, the statement's Markdown drawn,
// the current exercise marked, a share link that offers only its pack, links copied.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodePackLink } from '../../src/classroom/link.ts';
import { parsePack } from '../../src/classroom/validate.ts';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser } from './support/browser.ts';
import { LONG, startSample } from './support/classroom.ts';
import { clipped, SCHEMES, sidewaysScroll, SIZES } from './support/layout.ts';

const pack = parsePack(readFileSync(resolve(import.meta.dirname, '../../data/packs/intro-python.json'), 'utf8'), 'x');
const shared = sharedBrowser();

async function open(size: (typeof SIZES)[number], scheme: (typeof SCHEMES)[number], path: string): Promise<Page> {
  const context = await shared.browser.newContext({
    viewport: { width: size.width, height: size.height },
    colorScheme: scheme,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto(shared.server.url + path);
  return page;
}

const style = (page: Page, sel: string, prop: string): Promise<string> =>
  page
    .locator(sel)
    .first()
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);

describe('the classroom page', () => {
  for (const size of SIZES)
    for (const scheme of SCHEMES)
      it(`student view at ${size.name} size, ${scheme}: styled, nothing clipped, Markdown drawn`, async () => {
        const page = await open(size, scheme, '?classroom');
        await startSample(page, pack.title, 'Count the vowels');
        expect(await sidewaysScroll(page)).toBe(0);
        expect(await clipped(page)).toEqual([]);
        // The statement's fence is a code block, its backticks are gone.
        expect(await page.locator('.classroom-statement pre code').textContent()).toBe("count_vowels('Banana') == 3");
        expect(await page.locator('.classroom-statement').textContent()).not.toContain('`');
        // Panels as on the loop page; the page's own background, not the browser's white.
        expect(await style(page, '.classroom-nav', 'border-radius')).toBe('8px');
        const bg = await style(page, 'html', 'background-color');
        expect(bg).toBe(scheme === 'dark' ? 'rgb(22, 24, 29)' : 'rgb(246, 247, 249)');
        // The exercise open is marked apart from the others.
        const current = page.locator('.classroom-exercises button[aria-current="true"]');
        expect(await current.textContent()).toBe('Count the vowels');
        const other = page.locator('.classroom-exercises button:not([aria-current])').first();
        expect(await current.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
          await other.evaluate((el) => getComputedStyle(el).backgroundColor),
        );
        // The editor takes the width of its panel, not a sliver.
        const widths = await page.evaluate(() => [
          document.querySelector('.classroom-editor')!.getBoundingClientRect().width,
          document.documentElement.clientWidth,
        ]);
        expect(widths[0]!).toBeGreaterThan(Math.min(600, widths[1]! * 0.8));
        await page.getByRole('link', { name: 'Back to the loop' }).click();
        await page.waitForSelector('#app[data-history="ready"]', { state: 'attached', timeout: LONG });
        await page.context().close();
      });

  for (const size of SIZES)
    it(`teacher view at ${size.name} size: labels above full-width fields, nothing clipped`, async () => {
      const page = await open(size, 'light', '?teacher');
      await page.getByRole('button', { name: 'Open the sample pack' }).click();
      await page.getByRole('button', { name: 'Edit as teacher' }).click();
      await page.getByRole('heading', { name: 'Teacher: write and check a pack' }).waitFor({ timeout: LONG });
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await clipped(page)).toEqual([]);
      for (const id of ['ex-statement', 'ex-solution', 'ex-tests']) {
        const [label, field] = await page.evaluate(
          (x) => [
            document.querySelector(`label[for="${x}"]`)!.getBoundingClientRect().toJSON() as DOMRect,
            document.getElementById(x)!.getBoundingClientRect().toJSON() as DOMRect,
          ],
          id,
        );
        expect(label.bottom).toBeLessThanOrEqual(field.top + 1);
        expect(field.width).toBeGreaterThan(size.width > 1000 ? 700 : 300);
      }
      expect(await style(page, '#ex-solution', 'font-family')).toMatch(/mono/i);
      await expectAccessible(page, `teacher view at ${size.name} size`);
      // A student link is made, shown and copied with the button beside it.
      await page.getByRole('button', { name: 'Make a student link' }).click();
      await page.locator('.teacher-status', { hasText: 'Student link' }).waitFor({ timeout: LONG });
      const link = await page.locator('#teacher-link').inputValue();
      expect(link).toMatch(/#pack/);
      await page.getByRole('button', { name: 'Copy the link' }).click();
      await page.locator('.teacher-status', { hasText: 'Link copied.' }).waitFor({ timeout: LONG });
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await page.context().close();
    });

  it('opens a student share link with only its pack: no other pack to open, no editing', async () => {
    const link = await encodePackLink(pack, { solutions: false });
    if (!link.ok) throw new Error(link.message);
    const page = await open(SIZES[1], 'dark', link.fragment);
    await page.getByRole('button', { name: 'Start' }).waitFor({ timeout: LONG });
    expect(await page.getByRole('button', { name: 'Open the sample pack' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit as teacher' }).count()).toBe(0);
    expect(await page.getByText('open a pack file').count()).toBe(0);
    expect(await sidewaysScroll(page)).toBe(0);
    await page.context().close();
  });

  it('is reached from the loop page header', async () => {
    const page = await open(SIZES[1], 'light', '');
    await page.getByRole('link', { name: 'Classroom' }).click();
    await page.getByRole('button', { name: 'Open the sample pack' }).waitFor({ timeout: LONG });
    await page.context().close();
  });

  it('says when saved progress cannot be read back, and the exercise still runs', async () => {
    const page = await open(SIZES[0], 'light', '?classroom');
    // The browser's store fails on reading (a damaged profile does this).
    await page.addInitScript(() => {
      IDBIndex.prototype.getAll = () => {
        throw new DOMException('the disk could not be read', 'UnknownError');
      };
    });
    await page.reload();
    await startSample(page, pack.title, 'Count the vowels');
    await page
      .locator('.classroom-summary', { hasText: 'Your saved progress could not be read' })
      .waitFor({ timeout: LONG });
    expect(await page.locator('.classroom-summary').textContent()).toContain('the disk could not be read');
    await page.getByRole('button', { name: 'Run tests' }).click();
    await page.locator('.classroom-summary', { hasText: 'visible tests passed' }).waitFor({ timeout: LONG });
    await page.context().close();
  });
});
