// Student mode in the built page: open the bundled sample (shown before anything runs), run
// the visible tests with hidden ones as counts, unlock a hint by failing, reset to the starter,
// and find the work again after a reload. A share link opens the same preview.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packHash } from '../../src/classroom/canonical.ts';
import { encodePackLink } from '../../src/classroom/link.ts';
import { parsePack } from '../../src/classroom/validate.ts';
import { openPage, type PageContext } from './support/browser.ts';

const LONG = 90_000;
const pack = parsePack(readFileSync(resolve(import.meta.dirname, '../../data/packs/intro-python.json'), 'utf8'), 'x');
const WRONG = 'def count_vowels(text):\n    return 0\n';
const RIGHT = "def count_vowels(text):\n    return sum(c in 'aeiouAEIOU' for c in text)\n";

describe('classroom student mode', () => {
  let ctx: PageContext;
  let hash: string;
  beforeAll(async () => {
    hash = await packHash(pack);
    ctx = await openPage({ isolated: true, path: '?classroom' });
  });
  afterAll(() => ctx?.close());

  const editor = () => ctx.page.locator('.classroom-editor .cm-content');
  const summary = () => ctx.page.locator('.classroom-summary');

  async function openSample(page = ctx.page): Promise<void> {
    await page.getByRole('button', { name: 'Open the sample pack' }).click();
    await page.getByRole('heading', { name: pack.title }).waitFor({ timeout: LONG });
    expect(await page.getByText(`pack ${hash}`).count()).toBe(1);
    expect(await page.getByText('Nothing runs until you start.').count()).toBe(1);
    expect(await page.locator('#exercise-title').count()).toBe(0);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.locator('#exercise-title', { hasText: 'Count the vowels' }).waitFor({ timeout: LONG });
  }

  it('shows the pack first, then the first exercise with its hidden tests as a count', async () => {
    await openSample();
    expect(await ctx.page.locator('.classroom-hidden').textContent()).toBe('2 more checks, not shown.');
    expect(await ctx.page.locator('.classroom-hints').textContent()).toMatch(/hint .*after 1 more failed run/);
  });

  it('runs the tests: visible results by name, hidden ones as counts, and a hint after a failure', async () => {
    const { page } = ctx;
    await editor().fill(WRONG);
    await page.getByRole('button', { name: 'Run tests' }).click();
    await page.waitForFunction(
      () => /visible tests passed/.test(document.querySelector('.classroom-summary')?.textContent ?? ''),
      null,
      {
        timeout: LONG,
      },
    );
    expect(await summary().textContent()).toBe('0 of 2 visible tests passed, 2 of 2 more checks passed.');
    expect(await page.locator('.classroom-summary').getAttribute('aria-live')).toBe('polite');
    const rows = await page.locator('.classroom-results li').allTextContents();
    expect(rows[0]).toBe("a word: failed — failed: assert count_vowels('banana') == 3 (expected 3, got 0)");
    expect(await page.locator('.classroom-results').textContent()).not.toContain('rhythm');
    expect(await page.locator('.classroom-hidden').textContent()).toBe('2 more checks, not shown: 2 of 2 passed.');
    expect(await page.locator('.classroom-hints').textContent()).toContain(pack.exercises[0]!.hints[0]!.text);
  });

  it('resets to the starter', async () => {
    await ctx.page.getByRole('button', { name: 'Reset to starter' }).click();
    expect(await editor().textContent()).toBe(pack.exercises[0]!.starter.replace(/\n/g, ''));
  });

  it('passes with a correct answer, and the work is still there after a reload', async () => {
    const { page } = ctx;
    await editor().fill(RIGHT);
    await page.getByRole('button', { name: 'Run tests' }).click();
    await page.waitForFunction(
      () => /All passed/.test(document.querySelector('.classroom-summary')?.textContent ?? ''),
      null,
      {
        timeout: LONG,
      },
    );
    expect(await summary().textContent()).toMatch(/^All passed\b.*\b2 of 2 visible tests\b.*\b2 of 2 more checks\b/);
    await page.reload();
    await openSample();
    expect(await editor().textContent()).toContain("sum(c in 'aeiouAEIOU' for c in text)");
    expect(await page.getByRole('button', { name: 'Count the vowels ✓' }).count()).toBe(1);
  });

  it('says when saved progress cannot be read, and writes nothing over it', async () => {
    // A second tab on the same profile whose store fails on reading (a damaged profile does this).
    const broken = await ctx.page.context().newPage();
    await broken.addInitScript(() => {
      IDBIndex.prototype.getAll = () => {
        throw new DOMException('the disk could not be read', 'UnknownError');
      };
    });
    await broken.goto(`${ctx.server.url}?classroom`);
    await openSample(broken);
    const said = broken.locator('.classroom-summary', { hasText: 'Your saved progress could not be read' });
    await said.waitFor({ timeout: LONG });
    expect(await said.textContent()).toContain('the disk could not be read');
    expect(await said.textContent()).toContain('not saved over it');
    expect(await broken.locator('.classroom-editor .cm-content').textContent()).not.toContain('aeiou');
    // The exercise still runs; what is typed here does not replace the saved answer.
    await broken.locator('.classroom-editor .cm-content').fill(WRONG);
    await broken.getByRole('button', { name: 'Run tests' }).click();
    await broken.locator('.classroom-summary', { hasText: 'visible tests passed' }).waitFor({ timeout: LONG });
    const { page } = ctx;
    await page.reload();
    await openSample();
    expect(await editor().textContent()).toContain("sum(c in 'aeiouAEIOU' for c in text)");
    await broken.close();
  });

  it('opens a student share link to the same preview, without solutions and without running anything', async () => {
    const { page } = ctx;
    const link = await encodePackLink(pack, { solutions: false });
    if (!link.ok) throw new Error(link.message);
    await page.goto(`${ctx.server.url}${link.fragment}`);
    await page.getByRole('heading', { name: pack.title }).waitFor({ timeout: LONG });
    expect(await page.getByText(`pack ${hash}`).count()).toBe(1);
    expect(await page.locator('#exercise-title').count()).toBe(0);
  });
});
